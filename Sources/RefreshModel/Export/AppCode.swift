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

/// A value in setup code, written as each language writes it.
package enum AppValue: Sendable, Equatable {
    /// A string literal.
    case string(String)
    /// A number.
    case number(Double)
    /// A whole number.
    case integer(Int)
    /// A Boolean.
    case bool(Bool)
    /// A colour (`UIColor(red:green:blue:alpha:)`).
    case color(RGBAColor)
    /// A font: the system face at a size and weight, or a named font.
    case font(LabelFonts.Font)
    /// An enumeration case: Swift's `.idle`, Objective-C's `MJRefreshStateIdle`.
    case enumCase(swift: String, objc: String)
    /// An array of images by asset name (`UIImage(named:)`).
    case images([String])
    /// An image by asset name.
    case image(String)
    /// Code written out per language (a closure, a call).
    case code(swift: String, objc: String)

    /// The value in `language`.
    /// - Parameter language: Swift or Objective-C.
    /// - Returns: source text.
    public func written(in language: AppLanguage) -> String {
        switch (self, language) {
        case let (.string(text), .swift): return AppCode.swiftString(text)
        case let (.string(text), .objc): return "@" + AppCode.cString(text)
        case let (.number(value), _): return SceneValue.shortest(value)
        case let (.integer(value), _): return String(value)
        case let (.bool(value), .swift): return value ? "true" : "false"
        case let (.bool(value), .objc): return value ? "YES" : "NO"
        case let (.color(color), .swift):
            return
                "UIColor(red: \(AppCode.unit(color.red)), green: \(AppCode.unit(color.green)), blue: \(AppCode.unit(color.blue)), alpha: \(AppCode.unit(color.alpha)))"
        case let (.color(color), .objc):
            return
                "[UIColor colorWithRed:\(AppCode.unit(color.red)) green:\(AppCode.unit(color.green)) blue:\(AppCode.unit(color.blue)) alpha:\(AppCode.unit(color.alpha))]"
        case let (.font(font), .swift):
            let size = SceneValue.shortest(font.pointSize)
            if let family = font.family {
                let name = AppCode.swiftString(AppCode.fontName(family))
                return "UIFont(name: \(name), size: \(size)) ?? .\(font.bold ? "boldSystemFont" : "systemFont")(ofSize: \(size))"
            }
            return "UIFont.\(font.bold ? "boldSystemFont" : "systemFont")(ofSize: \(size))"
        case let (.font(font), .objc):
            let size = SceneValue.shortest(font.pointSize)
            let system = "[UIFont \(font.bold ? "boldSystemFontOfSize" : "systemFontOfSize"):\(size)]"
            if let family = font.family {
                return "([UIFont fontWithName:@\(AppCode.cString(AppCode.fontName(family))) size:\(size)] ?: \(system))"
            }
            return system
        case let (.enumCase(swift, _), .swift): return "." + swift
        case let (.enumCase(_, objc), .objc): return objc
        case let (.images(names), .swift):
            return "[" + AppCode.listed(names.map(AppCode.swiftString)) + "].compactMap { UIImage(named: $0) }"
        case let (.images(names), .objc):
            return "RefreshImages(@[" + AppCode.listed(names.map { "@" + AppCode.cString($0) }) + "])"
        case let (.image(name), .swift): return "UIImage(named: \(AppCode.swiftString(name)))"
        case let (.image(name), .objc): return "[UIImage imageNamed:@\(AppCode.cString(name))]"
        case let (.code(swift, _), .swift): return swift
        case let (.code(_, objc), .objc): return objc
        }
    }
}

/// One line of setup code on the control (or a shared configuration object).
package enum AppStatement: Sendable, Equatable {
    /// `receiver.path = value`; a component ending in `?` is optional in Swift (`stateLabel?`).
    case assign(receiver: String, path: [String], value: AppValue)
    /// A method call with labelled arguments: `swift` and `objc` are the selector pieces, one per
    /// argument (Swift's first piece is the method's name, its argument unlabelled).
    case call(receiver: String, swift: [String], objc: [String], arguments: [AppValue])
    /// A line written out per language (Objective-C's without its `;`).
    case line(swift: String, objc: String)
    /// A comment line.
    case comment(String)

    /// The statement in `language`, without indentation.
    /// - Parameter language: Swift or Objective-C.
    /// - Returns: one line.
    public func written(in language: AppLanguage) -> String {
        switch (self, language) {
        case let (.assign(receiver, path, value), .swift):
            return ([receiver] + path).joined(separator: ".") + " = " + value.written(in: .swift)
        case let (.assign(receiver, path, value), .objc):
            let plain = path.map { $0.hasSuffix("?") ? String($0.dropLast()) : $0 }
            return ([receiver] + plain).joined(separator: ".") + " = " + value.written(in: .objc) + ";"
        case let (.call(receiver, swift, _, arguments), .swift):
            let name = swift.first ?? ""
            let labelled = arguments.enumerated().map { index, value in
                index == 0 ? value.written(in: .swift) : "\(swift[index]): " + value.written(in: .swift)
            }
            return "\(receiver).\(name)(\(labelled.joined(separator: ", ")))"
        case let (.call(receiver, _, objc, arguments), .objc):
            if arguments.isEmpty { return "[\(receiver) \(objc.first ?? "")];" }
            let parts = zip(objc, arguments).map { "\($0):\($1.written(in: .objc))" }
            return "[\(receiver) \(parts.joined(separator: " "))];"
        case let (.line(swift, _), .swift):
            return swift
        case let (.line(_, objc), .objc):
            return objc + ";"
        case let (.comment(text), _):
            return "// " + text
        }
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
