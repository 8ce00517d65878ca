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
        guard FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72) == 0,
            face.pointee.units_per_EM > 0
        else {
            FT_Done_Face(face)
            throw RasterError.fontNotScalable(path: location.path)
        }
        self.face = face
        self.library = library
        self.location = location
        unitsPerEm = Double(face.pointee.units_per_EM)
        ascender = Double(face.pointee.ascender)
        descender = -Double(face.pointee.descender) // −32768 is a legal FT_Short
        hasKerning = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
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
            for y in 0..<height {
                let row = pitch >= 0 ? buffer + y * pitch : buffer + (height - 1 - y) * -pitch
                for x in 0..<width { coverage[y * width + x] = row[x] }
            }
        }
        return GlyphBitmap(
            width: width, height: height, left: Int(slot.pointee.bitmap_left),
            top: Int(slot.pointee.bitmap_top), coverage: coverage)
    }
}
