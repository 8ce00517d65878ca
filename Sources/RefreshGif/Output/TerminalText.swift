/// Text from input (a file or folder name, a font's name, a marker) made safe for one line of a
/// terminal: control characters escaped — ESC, NUL, newlines, C1 controls — so no name can move
/// the cursor, set the window's title or clear the screen of whoever reads the message; cut at
/// 400 characters. Every message that quotes input goes through it: the command line's errors
/// and warnings, and RefreshGifUIKit's (docs/robustness.md, "Names").
@_spi(Tools) public enum TerminalText {
    /// The longest line, in Unicode scalars, before it is cut with "…".
    public static let maxScalars = 400

    /// `text` with its control characters escaped (`\u{1B}`), whole.
    /// - Parameter text: text that may quote input.
    /// - Returns: the text, its control characters escaped.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let control = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            out += control ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return out
    }

    /// `text` escaped and cut at ``maxScalars``.
    /// - Parameter text: text that may quote input.
    /// - Returns: one line, escaped and cut.
    public static func line(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > maxScalars else { return escaped(text) }
        return escaped(String(String.UnicodeScalarView(scalars.prefix(maxScalars)))) + "…"
    }
}
