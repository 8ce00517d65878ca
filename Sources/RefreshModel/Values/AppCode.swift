import RefreshImage

/// The languages an app's setup code is written in.
public enum AppLanguage: String, Sendable, CaseIterable {
    /// Swift, against the libraries' Swift interfaces.
    case swift
    /// Objective-C, against their headers.
    case objc
}

/// Writing setup code's string literals, for Swift and for C (the rest of the writing is
/// AppCodeWriter's; a setting's Swift example in the docs quotes its text with this too).
@_spi(Tools) public enum AppCode {
    /// A Swift string literal.
    /// - Parameter text: the string.
    /// - Returns: `"…"` with escapes (`\u{7f}` for other control characters).
    public static func swiftString(_ text: String) -> String {
        quoted(text) { "\\u{" + String($0, radix: 16) + "}" }
    }

    /// A C string literal's quoted part (Objective-C puts `@` before it).
    /// - Parameter text: the string.
    /// - Returns: `"…"` with escapes (three-digit octal for other control characters, as C has no `\u{}`).
    public static func cString(_ text: String) -> String {
        quoted(text) { value in
            let octal = String(value, radix: 8) // below 0x80: at most three digits
            return "\\" + String(repeating: "0", count: 3 - octal.count) + octal
        }
    }

    /// `text` in double quotes with quotes, backslashes and line ends escaped, and any other
    /// control character written by `control`.
    private static func quoted(_ text: String, control: (UInt32) -> String) -> String {
        let table: [Unicode.Scalar: String] = ["\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\t": "\\t"]
        let escaped = TextEscape.escaped(text, table) { $0.value < 0x20 || $0.value == 0x7F ? control($0.value) : nil }
        return "\"" + escaped + "\""
    }
}
