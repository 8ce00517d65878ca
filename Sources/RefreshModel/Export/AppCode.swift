import RefreshImage

/// The languages an app's setup code is written in.
public enum AppLanguage: String, Sendable, CaseIterable {
    /// Swift, against the libraries' Swift interfaces.
    case swift
    /// Objective-C, against their headers.
    case objc
}

/// The images one state shows, as exported for the app: the names in the order the array
/// lists them (a frame held longer appears more than once) and the array's duration.
package struct AppImages: Sendable, Equatable {
    /// Asset names (`refresh_pulling_000`), in array order.
    public var names: [String]
    /// Seconds for one pass through the array.
    public var duration: Double

    /// One state's images.
    /// - Parameters:
    ///   - names: asset names in array order.
    ///   - duration: seconds a pass.
    public init(names: [String], duration: Double) {
        self.names = names
        self.duration = duration
    }
}

/// Writing setup code: string literals, colour components and font names.
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
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += control(scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// Array items on one line, or four a line below the opening bracket when there are more
    /// than four (indented for a statement in the setup function).
    static func listed(_ items: [String]) -> String {
        guard items.count > 4 else { return items.joined(separator: ", ") }
        let rows = stride(from: 0, to: items.count, by: 4).map { items[$0..<min($0 + 4, items.count)].joined(separator: ", ") }
        return "\n        " + rows.joined(separator: ",\n        ") + "\n    "
    }

    /// A colour channel as a fraction with up to four decimals (`0.4784`).
    static func unit(_ channel: UInt8) -> String {
        SceneValue.shortest((Double(channel) / 255 * 10_000).rounded() / 10_000)
    }

    /// The name `UIFont(name:)` takes for a font: a file's base name (an app registers the
    /// file and names it by its PostScript name, most often the file's name), else the family.
    static func fontName(_ family: String) -> String {
        guard LabelFonts.Font(family: family).namesFile else { return family }
        let file = family.split(separator: "/").last.map(String.init) ?? family
        return file.split(separator: ".").dropLast().joined(separator: ".")
    }
}
