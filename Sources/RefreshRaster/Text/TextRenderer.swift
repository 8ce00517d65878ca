import RefreshImage
import RefreshModel

/// Measures and draws MJRefresh's labels: 14-pt bold text, centred in its label frame the
/// way UILabel centres a single line, tail-truncated with "…" when too wide.
///
/// One renderer holds FreeType faces and a glyph cache, so it belongs to one thread.
final class TextRenderer {
    /// MJRefresh's label font size in points (docs/model.md).
    static let labelPointSize = 14.0
    /// The font size in points this renderer draws.
    let pointSize: Double
    /// True for the bold label face (MJRefresh, SVPullToRefresh's title), false for the
    /// regular one (SVPullToRefresh's subtitle, ZJRefresh).
    let bold: Bool

    private let library: FreeTypeLibrary
    private let scale: Double
    private let primary: FontFace?
    private var faces: [FontLocation: FontFace] = [:]
    private var faceForScalar: [Unicode.Scalar: FontFace] = [:]
    private var emojiFaceForScalar: [Unicode.Scalar: FontFace] = [:]
    private var glyphCache = GlyphCache()
    /// Shaped lines by text: a frame measures each label (layout) and then draws it, and
    /// consecutive frames show the same labels, so each string is shaped once.
    private var shapedLines: [String: TextLine] = [:]
    private var shapedGlyphs = 0

    /// A face tried before fontconfig's per-character fallback (for measurements).
    private var fallback: FontFace?

    /// A renderer at `scale` pixels a point. `font` replaces the primary font; `fallback`,
    /// when given, draws what the primary font lacks before fontconfig is asked. Throws
    /// ``RasterError/noFont`` when there is neither `font` nor any installed font.
    init(
        library: FreeTypeLibrary, scale: Double, font: FontLocation?, fallback: FontLocation? = nil,
        pointSize: Double = TextRenderer.labelPointSize, bold: Bool = true
    ) throws {
        self.library = library
        self.scale = scale
        self.pointSize = pointSize
        self.bold = bold
        if let fallback {
            self.fallback = try FontFace(library: library, location: fallback, pixelSize: pointSize * scale)
        }
        guard let location = font ?? (bold ? FontResolver.primary() : FontResolver.regular()) else { throw RasterError.noFont }
        let face = try FontFace(library: library, location: location, pixelSize: pointSize * scale)
        faces[location] = face
        primary = face
    }

    /// The face that draws `scalar` as an emoji: the colour emoji font when one has it (as
    /// iOS draws emoji in Apple Color Emoji whatever the label's font), else the text face.
    private func emojiFace(for scalar: Unicode.Scalar) -> FontFace? {
        if let known = emojiFaceForScalar[scalar] { return known }
        let chosen = FontResolver.emoji(for: scalar).flatMap(loaded(at:)) ?? face(for: scalar)
        emojiFaceForScalar[scalar] = chosen
        return chosen
    }

    /// True for what joins the character before it into one emoji (a zero-width joiner, a
    /// variation selector, a skin tone, a tag, the keycap): it stays in that character's run
    /// so the face can form the sequence.
    private static func joinsPrevious(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0x20E3: return true
        default: return false
        }
    }

    /// The face that draws `scalar`: the primary font when it has the glyph, otherwise
    /// fontconfig's per-character fallback, otherwise the primary font's missing glyph.
    private func face(for scalar: Unicode.Scalar) -> FontFace? {
        if let known = faceForScalar[scalar] { return known }
        var chosen = primary
        if primary.map({ $0.glyphIndex(for: scalar) == 0 }) ?? true, let fallback, fallback.glyphIndex(for: scalar) != 0 {
            chosen = fallback
        } else if primary.map({ $0.glyphIndex(for: scalar) == 0 }) ?? true,
            let location = bold ? FontResolver.fallback(for: scalar) : FontResolver.regularFallback(for: scalar)
        {
            chosen = loaded(at: location) ?? chosen
        }
        faceForScalar[scalar] = chosen
        return chosen
    }

    /// The face at `location` at this size, loaded once; nil when it cannot be loaded.
    private func loaded(at location: FontLocation) -> FontFace? {
        if let known = faces[location] { return known }
        guard let face = try? FontFace(library: library, location: location, pixelSize: pointSize * scale) else { return nil }
        faces[location] = face
        return face
    }

    /// The font that draws `scalar` and its glyph index there (0 when none has it).
    func glyph(for scalar: Unicode.Scalar) -> (location: FontLocation, index: UInt32)? {
        guard let face = face(for: scalar) else { return nil }
        return (face.location, face.glyphIndex(for: scalar))
    }

    /// Shapes `text` on one line (cached).
    func layout(_ text: String) -> TextLine {
        if let known = shapedLines[text] { return known }
        let line = shape(text)
        // Bounded in glyphs, not only in entries: long titles are capped before they get here.
        if shapedLines.count >= 256 || shapedGlyphs > 1 << 20 {
            shapedLines.removeAll(keepingCapacity: true)
            shapedGlyphs = 0
        }
        shapedGlyphs += line.glyphs.count
        shapedLines[text] = line
        return line
    }

    /// Shapes `text`: each run of characters drawn by one face goes through HarfBuzz (OpenType
    /// kerning and positioning), so widths are those of the laid-out line. The line box is the
    /// primary face's ascent and descent, as a UILabel's line is its font's: glyphs from a
    /// fallback face sit on the same baseline without growing it (docs/fonts.md).
    private func shape(_ text: String) -> TextLine {
        var glyphs: [TextLine.Glyph] = []
        var pen = 0.0
        var ascent = primary.map { $0.ascender / $0.unitsPerEm * pointSize } ?? 0
        var descent = primary.map { $0.descender / $0.unitsPerEm * pointSize } ?? 0
        var usedAscent = ascent, usedDescent = descent
        var run: [Unicode.Scalar] = []
        var runFace: FontFace?
        func flush() {
            guard let face = runFace, !run.isEmpty else { return }
            let unit = pointSize / face.unitsPerEm
            let shaped =
                face.shape(run)
                ?? run.map {
                    FontFace.ShapedGlyph(index: face.glyphIndex(for: $0), advance: face.advanceUnits(face.glyphIndex(for: $0)), offset: 0)
                }
            for glyph in shaped {
                glyphs.append(TextLine.Glyph(face: face, index: glyph.index, x: pen + glyph.offset * unit))
                pen += glyph.advance * unit
            }
            usedAscent = max(usedAscent, face.ascender * unit)
            usedDescent = max(usedDescent, face.descender * unit)
            if primary == nil {
                ascent = usedAscent
                descent = usedDescent
            }
            run.removeAll(keepingCapacity: true)
        }
        let scalars = Array(text.unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            if runFace != nil, Self.joinsPrevious(scalar) {
                run.append(scalar)
                continue
            }
            // Emoji presentation by default, or asked for with VS16 (U+FE0F) after it.
            let emoji = scalar.properties.isEmojiPresentation || (i + 1 < scalars.count && scalars[i + 1].value == 0xFE0F)
            guard let face = emoji ? emojiFace(for: scalar) : face(for: scalar) else { continue }
            if face !== runFace {
                flush()
                runFace = face
            }
            run.append(scalar)
        }
        flush()
        return TextLine(glyphs: glyphs, width: pen, ascent: ascent, descent: descent, usedAscent: usedAscent, usedDescent: usedDescent)
    }

    /// The height of one line (ascent + descent of the primary face) in points, as UIFont's
    /// `lineHeight` gives it; `sizeToFit` rounds it up.
    var lineHeight: Double {
        let line = layout("")
        return line.ascent + line.descent
    }

    /// The advance width of `text` in points (MJRefresh's `mj_textWidth`); 0 for "".
    func width(of text: String) -> Double {
        guard !text.isEmpty else { return 0 }
        // Beyond 20 000 characters (a line over 20 000 pt wide, far past any screen) the width
        // is extrapolated from the first 20 000, so no title costs more than that to measure.
        let limit = 20_000
        var prefix = text.startIndex
        guard text.formIndex(&prefix, offsetBy: limit, limitedBy: text.endIndex) else { return layout(text).width }
        let measured = shape(String(text[..<prefix]))
        return measured.width * Double(text.count) / Double(limit)
    }

    /// `text` shortened with a trailing "…" until it fits `maxWidth` points.
    func truncated(_ text: String, toFit maxWidth: Double) -> TextLine {
        // No visible glyph at 14 pt is narrower than a point, so more characters than the width
        // in points (plus a margin) can never fit: what is shaped is capped, however long the text.
        let cap = Int(min(max(maxWidth, 0), 100_000)) + 16
        let capped = text.count > cap ? String(text.prefix(cap)) : text
        if capped.count == text.count {
            let full = layout(text)
            guard full.width > maxWidth else { return full }
        }
        // The longest prefix that fits with "…", by binary search on the measured width (a
        // prefix's width grows with its length), so long titles cost O(n log n), not O(n²).
        let characters = Array(capped)
        func candidate(_ count: Int) -> TextLine {
            shape(String(characters[..<count]).trimmingTrailingSpaces + "…")
        }
        var low = 0, high = capped.count == text.count ? characters.count - 1 : characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            if candidate(middle).width <= maxWidth { low = middle } else { high = middle - 1 }
        }
        return candidate(low)
    }

    /// Draws `text` centred in `frame` (points) the way UILabel draws one line: centred
    /// horizontally, its line box (ascent + descent) centred vertically, the line origin
    /// snapped to whole device pixels.
    func draw(
        _ text: String, in frame: RefreshRect, color: RGBAColor, alignment: ComponentLayout.TextAlignment = .center,
        into image: inout RGBAImage
    ) {
        guard !text.isEmpty, frame.width > 0 else { return }
        let line = truncated(text, toFit: frame.width)
        let left = alignment == .left ? frame.x : frame.midX - line.width / 2
        let baseline = frame.midY - (line.ascent + line.descent) / 2 + line.ascent
        draw(line, left: left, baseline: baseline, color: color, into: &image)
    }

    /// A glyph's bitmap with its pen at `penX` pixels: drawn at the nearest quarter pixel, and
    /// the whole pixel it starts at; nil for a glyph with no ink.
    private func bitmap(of glyph: TextLine.Glyph, penX: Double) -> (whole: Int, bitmap: GlyphBitmap)? {
        var whole = Int(penX.rounded(.down))
        var quarter = Int(((penX - Double(whole)) * 4).rounded())
        if quarter == 4 {
            whole += 1
            quarter = 0
        }
        guard let bitmap = glyphCache.bitmap(face: glyph.face, glyph: glyph.index, quarter: quarter), bitmap.width > 0, bitmap.height > 0
        else { return nil }
        return (whole, bitmap)
    }

    /// Draws a laid-out line with its left edge and baseline at the given points.
    func draw(_ line: TextLine, left: Double, baseline: Double, color: RGBAColor, into image: inout RGBAImage) {
        let originX = Self.snap(left * scale)
        let baselineY = Self.snap(baseline * scale)
        for glyph in line.glyphs {
            guard let (whole, bitmap) = bitmap(of: glyph, penX: Double(originX) + glyph.x * scale) else { continue }
            // A colour glyph keeps its own colours; the label colour's alpha still fades it.
            if let colors = bitmap.colors {
                image.draw(colors, atX: whole + bitmap.left, y: baselineY - bitmap.top, opacity: color.alpha)
                continue
            }
            guard
                let mask = try? CoverageMask(
                    width: bitmap.width, height: bitmap.height,
                    originX: whole + bitmap.left, originY: baselineY - bitmap.top,
                    coverage: bitmap.coverage)
            else { continue }
            image.paint(mask, color: color)
        }
    }

    /// Draws `text` as UILabel draws it in a label one glyph wide (the trailer, docs/layout.md):
    /// characters wrap onto lines that fit `frame.width`, the block is centred vertically,
    /// and lines that do not fit the height are dropped.
    func drawVertical(_ text: String, in frame: RefreshRect, color: RGBAColor, into image: inout RGBAImage) {
        // Lines that cannot fit the height are never laid out (a long title costs nothing more).
        let lines = wrapByCharacter(text, width: frame.width, maxLines: Int(min(max(frame.height, 0), 100_000) / 8) + 2)
        guard let first = lines.first else { return }
        let lineHeight = first.usedAscent + first.usedDescent
        guard lineHeight > 0, lineHeight.isFinite else { return }
        let fitting = max(1, min(lines.count, Int((frame.height / lineHeight).rounded(.down))))
        let top = frame.midY - Double(fitting) * lineHeight / 2
        for (i, line) in lines.prefix(fitting).enumerated() {
            let baseline = top + Double(i) * lineHeight + line.usedAscent
            draw(line, left: frame.midX - line.width / 2, baseline: baseline, color: color, into: &image)
        }
    }

    /// Lines of `text` broken between characters so each fits `width` (at least one
    /// character a line); spaces at a break are dropped.
    func wrapByCharacter(_ text: String, width: Double, maxLines: Int = 4096) -> [TextLine] {
        var lines: [TextLine] = []
        var current = ""
        for character in text {
            if lines.count >= maxLines { break }
            if current.isEmpty && character == " " { continue }
            let candidate = current + String(character)
            if !current.isEmpty && layout(candidate).width > width {
                lines.append(layout(current.trimmingTrailingSpaces))
                current = character == " " ? "" : String(character)
            } else {
                current = candidate
            }
        }
        if !current.trimmingTrailingSpaces.isEmpty { lines.append(layout(current.trimmingTrailingSpaces)) }
        return lines
    }

    /// How `text` inks at this size, on one line from x = 0: the advance width, the span from
    /// the leftmost to the rightmost inked pixel (points), and the ink weight — the mean
    /// coverage over the glyphs' em boxes (advance × point size; 0 empty, 1 solid).
    func ink(of text: String) -> (advance: Double, inkWidth: Double, weight: Double) {
        let line = layout(text)
        var left = Int.max, right = Int.min, coverage = 0, area = 0
        for glyph in line.glyphs {
            guard let (whole, bitmap) = bitmap(of: glyph, penX: glyph.x * scale) else { continue }
            for column in 0..<bitmap.width {
                var inked = false
                for row in 0..<bitmap.height where bitmap.coverage[row * bitmap.width + column] > 0 { inked = true; break }
                if inked {
                    left = min(left, whole + bitmap.left + column)
                    right = max(right, whole + bitmap.left + column + 1)
                }
            }
            coverage += bitmap.coverage.reduce(0) { $0 + Int($1) }
        }
        area = Int((line.width * scale * pointSize * scale).rounded()) * 255
        let inkWidth = right > left ? Double(right - left) / scale : 0
        return (line.width, inkWidth, area > 0 ? Double(coverage) / Double(area) : 0)
    }

    /// Device-pixel snapping: round half up (docs/images.md).
    static func snap(_ value: Double) -> Int {
        Int((value + 0.5).rounded(.down))
    }
}

/// Rasterised glyphs by face, glyph index and quarter-pixel offset, so repeated text is
/// not rasterised again.
struct GlyphCache {
    private struct Key: Hashable {
        var face: ObjectIdentifier
        var glyph: UInt32
        var quarter: Int
    }

    private var entries: [Key: GlyphBitmap?] = [:]

    mutating func bitmap(face: FontFace, glyph: UInt32, quarter: Int) -> GlyphBitmap? {
        let key = Key(face: ObjectIdentifier(face), glyph: glyph, quarter: quarter)
        if let cached = entries[key] { return cached }
        let rendered = face.render(glyph, offset: Double(quarter) / 4)
        entries[key] = .some(rendered)
        return rendered
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}

extension TextRenderer: TextMeasuring {}
