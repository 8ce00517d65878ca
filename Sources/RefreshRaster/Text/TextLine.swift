import RefreshImage
import RefreshModel

/// A line of text shaped for one label: glyphs, the faces they come from, and metrics in
/// points.
struct TextLine {
    struct Glyph {
        var face: FontFace
        var index: UInt32
        /// Pen position from the line's left edge, in points.
        var x: Double
    }

    var glyphs: [Glyph]
    /// Advance width of the laid-out line, kerning included, not rounded (docs/layout.md).
    var width: Double
    /// Ascent and descent of the line box (the primary face's), in points.
    var ascent: Double
    var descent: Double
    /// Ascent and descent of every face the line uses, in points: how far apart stacked
    /// lines are (a multi-line label's line fragments grow to the faces they hold).
    var usedAscent: Double
    var usedDescent: Double
}
