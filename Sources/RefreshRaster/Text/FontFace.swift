import CFreeType
import CHarfBuzz
import Glibc
import RefreshImage
import RefreshModel

/// A rasterised glyph: coverage plus its offset from the pen position, in pixels.
struct GlyphBitmap {
    var width: Int
    var height: Int
    /// Pixels from the pen's x to the bitmap's left edge.
    var left: Int
    /// Pixels from the baseline up to the bitmap's top edge.
    var top: Int
    var coverage: [UInt8]
    /// The glyph's own colours (a colour emoji), premultiplied, the size of the coverage;
    /// nil for a glyph drawn in the label's colour.
    var colors: RGBAImage? = nil
}

/// One FreeType face at the label size. Metrics are read unscaled (font units) so text
/// widths in points do not depend on the render scale; glyphs are rendered unhinted, as
/// Core Text draws them.
final class FontFace {
    let location: FontLocation
    private let face: FT_Face
    private let library: FreeTypeLibrary
    /// Font units per em.
    let unitsPerEm: Double
    /// Typographic ascender and descender (positive, font units).
    let ascender: Double, descender: Double
    let hasKerning: Bool
    /// A colour bitmap face (Noto Color Emoji's CBDT strikes): glyphs come as BGRA bitmaps at
    /// the strike's size and are resampled by this factor to the label's size; nil for an
    /// outline face.
    private let strikeScale: Double?

    init(library: FreeTypeLibrary, location: FontLocation, pixelSize: Double) throws {
        // FreeType would wait forever on a FIFO: fonts are regular files.
        var info = stat()
        guard stat(location.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw RasterError.fontUnreadable(path: location.path)
        }
        var face: FT_Face?
        guard FT_New_Face(library.handle, location.path, FT_Long(location.index), &face) == 0, let face else {
            // A file that opens but holds no font is bad data, not a missing input.
            throw access(location.path, R_OK) == 0
                ? RasterError.fontMalformed(path: location.path) : RasterError.fontUnreadable(path: location.path)
        }
        let strike = Self.colorStrike(of: face, pixelSize: pixelSize)
        let sized =
            if let strike { FT_Select_Size(face, strike.index) == 0 } else {
                FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72) == 0
            }
        guard sized, strike != nil || face.pointee.units_per_EM > 0, let metrics = face.pointee.size?.pointee.metrics else {
            FT_Done_Face(face)
            throw RasterError.fontNotScalable(path: location.path)
        }
        strikeScale = strike.map { pixelSize / $0.ppem }
        self.face = face
        self.library = library
        self.location = location
        if let strike {
            // A bitmap face has no units of its own: its metrics are the strike's pixels.
            unitsPerEm = strike.ppem
            ascender = Double(metrics.ascender) / 64
            descender = -Double(metrics.descender) / 64
        } else {
            unitsPerEm = Double(face.pointee.units_per_EM)
            ascender = Double(face.pointee.ascender)
            descender = -Double(face.pointee.descender) // −32768 is a legal FT_Short
        }
        hasKerning = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
    }

    /// For a face of colour bitmaps only (no outlines): the strike to draw from — the smallest
    /// at least `pixelSize` pixels, else the largest — and its size in pixels.
    private static func colorStrike(of face: FT_Face, pixelSize: Double) -> (index: Int32, ppem: Double)? {
        let flags = face.pointee.face_flags
        guard flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0, flags & FT_Long(FT_FACE_FLAG_COLOR) != 0,
            let sizes = face.pointee.available_sizes, face.pointee.num_fixed_sizes > 0
        else { return nil }
        let strikes = (0..<Int(face.pointee.num_fixed_sizes)).map { (index: Int32($0), ppem: Double(sizes[$0].y_ppem) / 64) }
            .filter { $0.ppem > 0 }
        return strikes.filter { $0.ppem >= pixelSize }.min { $0.ppem < $1.ppem } ?? strikes.max { $0.ppem < $1.ppem }
    }

    deinit {
        FT_Done_Face(face)
        if let shaper { hb_font_destroy(shaper) }
    }

    /// HarfBuzz's view of the same face, in font units; made on first use.
    private var shaper: OpaquePointer?
    private var shaperFailed = false

    /// A shaped glyph: its index and advance and offset in font units.
    struct ShapedGlyph {
        var index: UInt32
        var advance: Double
        var offset: Double
    }

    /// `scalars` shaped by HarfBuzz with the face's OpenType features (GPOS kerning included),
    /// left to right; nil when HarfBuzz cannot read the file.
    func shape(_ scalars: [Unicode.Scalar]) -> [ShapedGlyph]? {
        guard let font = hbFont() else { return nil }
        guard let buffer = hb_buffer_create() else { return nil }
        defer { hb_buffer_destroy(buffer) }
        let codes = scalars.map(\.value)
        codes.withUnsafeBufferPointer { hb_buffer_add_utf32(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count)) }
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        return (0..<Int(count)).map { i in
            ShapedGlyph(index: infos[i].codepoint, advance: Double(positions[i].x_advance), offset: Double(positions[i].x_offset))
        }
    }

    private func hbFont() -> OpaquePointer? {
        if let shaper { return shaper }
        guard !shaperFailed else { return nil }
        guard let blob = hb_blob_create_from_file_or_fail(location.path) else { shaperFailed = true; return nil }
        defer { hb_blob_destroy(blob) }
        guard let hbFace = hb_face_create(blob, UInt32(location.index)) else { shaperFailed = true; return nil }
        defer { hb_face_destroy(hbFace) }
        let font = hb_font_create(hbFace)
        let units = Int32(unitsPerEm)
        hb_font_set_scale(font, units, units)
        shaper = font
        return font
    }

    /// The glyph index for `scalar`, 0 when the face lacks it.
    func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    /// The glyph's advance width in font units.
    func advanceUnits(_ glyph: UInt32) -> Double {
        var advance: FT_Fixed = 0
        if strikeScale != nil {
            // The strike's advance in 16.16 pixels, its "units".
            guard FT_Get_Advance(face, glyph, FT_Int32(FT_LOAD_COLOR), &advance) == 0 else { return 0 }
            return Double(advance) / 65536
        }
        guard FT_Get_Advance(face, glyph, FT_Int32(FT_LOAD_NO_SCALE), &advance) == 0 else { return 0 }
        return Double(advance)
    }

    /// The kerning between two glyphs in font units (0 without a kern table).
    func kerningUnits(_ left: UInt32, _ right: UInt32) -> Double {
        guard hasKerning else { return 0 }
        var delta = FT_Vector()
        guard FT_Get_Kerning(face, left, right, FT_KERNING_UNSCALED.rawValue, &delta) == 0 else { return 0 }
        return Double(delta.x)
    }

    /// The glyph rendered anti-aliased with its origin moved right by `offset` pixels (0–1).
    func render(_ glyph: UInt32, offset: Double) -> GlyphBitmap? {
        if let strikeScale { return renderColor(glyph, scale: strikeScale) }
        guard FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
            let slot = face.pointee.glyph
        else { return nil }
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE && offset != 0 {
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos((offset * 64).rounded()), 0)
        }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        var coverage = [UInt8](repeating: 0, count: width * height)
        if width > 0, height > 0, let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
            let pitch = Int(bitmap.pitch)
            // A row at a time (a byte at a time is slow in a debug build).
            coverage.withUnsafeMutableBufferPointer { out in
                guard let base = out.baseAddress else { return }
                for y in 0..<height {
                    let row = pitch >= 0 ? buffer + y * pitch : buffer + (height - 1 - y) * -pitch
                    (base + y * width).update(from: row, count: width)
                }
            }
        }
        return GlyphBitmap(
            width: width, height: height, left: Int(slot.pointee.bitmap_left),
            top: Int(slot.pointee.bitmap_top), coverage: coverage)
    }

    /// A colour glyph: FreeType's BGRA bitmap (premultiplied) at the strike's size, resampled
    /// to the label's with the image filter; its coverage is its alpha.
    private func renderColor(_ glyph: UInt32, scale: Double) -> GlyphBitmap? {
        guard FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_COLOR)) == 0, let slot = face.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        guard width > 0, height > 0, let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) else {
            return nil
        }
        let pitch = Int(bitmap.pitch)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = pitch >= 0 ? buffer + y * pitch : buffer + (height - 1 - y) * -pitch
            for x in 0..<width {
                let o = (y * width + x) * 4
                rgba[o] = row[x * 4 + 2]
                rgba[o + 1] = row[x * 4 + 1]
                rgba[o + 2] = row[x * 4]
                rgba[o + 3] = row[x * 4 + 3]
            }
        }
        let targetWidth = max(1, Int((Double(width) * scale).rounded()))
        let targetHeight = max(1, Int((Double(height) * scale).rounded()))
        guard let strike = try? RGBAImage(width: width, height: height, premultipliedPixels: rgba),
            let colors = try? Resampler.resize(strike, width: targetWidth, height: targetHeight)
        else { return nil }
        let coverage = stride(from: 3, to: colors.pixels.count, by: 4).map { colors.pixels[$0] }
        return GlyphBitmap(
            width: targetWidth, height: targetHeight, left: Int((Double(slot.pointee.bitmap_left) * scale).rounded()),
            top: Int((Double(slot.pointee.bitmap_top) * scale).rounded()), coverage: coverage, colors: colors)
    }
}

/// Fonts checked before drawing (docs/robustness.md).
package enum FontCheck {
    /// Opens the face at `location` as a label draws with it, and lets it go: a file that is
    /// no font, or none FreeType can scale, is refused before any frame is drawn.
    /// - Parameter location: a font file and the face's index in it.
    /// - Throws: ``RasterError`` naming the file.
    package static func opens(_ location: FontLocation) throws {
        _ = try FontFace(library: FreeTypeLibrary(), location: location, pixelSize: 17)
    }
}
