import FoundationEssentials

/// A value of one scene setting as a JSON file, a command-line option or a query gave it,
/// before its setting reads and checks it (``SceneField``).
public enum SceneValue: Sendable, Equatable {
    /// A number (`percent`, `width`, …).
    case number(Double)
    /// A whole number (`scale`, `maxPixels`).
    case integer(Int)
    /// true or false (`autoAlpha`, …).
    case flag(Bool)
    /// A string (`language`, colours, dates, paths, choices such as `kind`).
    case text(String)
    /// Values by state name (`images`, `durations`, `titles`).
    case byState([String: SceneValue])

    /// The entries of a value by state; nil for a value of another shape.
    package var stateMap: [String: SceneValue]? {
        if case let .byState(map) = self { return map }
        return nil
    }

    /// The value as the command line writes it: numbers in their shortest exact form, entries
    /// by state as `STATE=VALUE` joined by commas.
    public var argumentText: String {
        switch self {
        case let .number(n): return SceneValue.shortest(n)
        case let .integer(i): return String(i)
        case let .flag(b): return b ? "true" : "false"
        case let .text(t): return t
        case let .byState(map): return map.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.argumentText)" }.joined(separator: ",")
        }
    }

    /// The value as JSON writes it: numbers in their shortest exact form, strings escaped,
    /// entries by state as an object with its keys sorted.
    package var jsonText: String {
        switch self {
        case let .number(n): return SceneValue.shortest(n)
        case let .integer(i): return String(i)
        case let .flag(b): return b ? "true" : "false"
        case let .text(t):
            let data = (try? JSONEncoder().encode(t)) ?? Data("\"\"".utf8)
            return String(decoding: data, as: UTF8.self)
        case let .byState(map):
            return "{"
                + map.keys.sorted().map { SceneValue.text($0).jsonText + ": " + (map[$0]?.jsonText ?? "null") }.joined(separator: ", ")
                + "}"
        }
    }

    /// `3` for 3.0, `0.25` for 0.25.
    package static func shortest(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : "\(n)"
    }
}

/// The name of a scene setting: its JSON key (camelCase, e.g. `imageScale`). Declared once,
/// by the ``SceneField`` of the setting.
public struct SceneKey: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The JSON key.
    public let rawValue: String

    /// The key named `rawValue`.
    /// - Parameter rawValue: the JSON key.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The key named `name`.
    /// - Parameter name: the JSON key.
    public init(_ name: String) { self.rawValue = name }

    /// Keys are ordered by their JSON names.
    public static func < (a: SceneKey, b: SceneKey) -> Bool { a.rawValue < b.rawValue }

    /// The JSON key.
    public var description: String { rawValue }
}

// A value is written in Swift as its literal, the way JSON writes it: `description[.height] = 60`,
// `description[.stateLabelFont] = "bold 16"`, `description[.titles] = ["pulling": "Let go"]`.
extension SceneValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByStringLiteral, ExpressibleByDictionaryLiteral
{
    /// A whole number; a setting of numbers takes it as that number.
    /// - Parameter value: the number.
    public init(integerLiteral value: Int) { self = .integer(value) }

    /// A number.
    /// - Parameter value: the number.
    public init(floatLiteral value: Double) { self = .number(value) }

    /// true or false.
    /// - Parameter value: the flag.
    public init(booleanLiteral value: Bool) { self = .flag(value) }

    /// A string: a word of a choice, a colour, a date, a path.
    /// - Parameter value: the text.
    public init(stringLiteral value: String) { self = .text(value) }

    /// Values by state name.
    /// - Parameter elements: each state's value; a state given twice keeps its last.
    public init(dictionaryLiteral elements: (String, SceneValue)...) {
        self = .byState(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension SceneValue {
    /// The value as Swift writes it (``SceneValue``'s literals): `60`, `0.25`, `true`,
    /// `"bold 16"`, `["pulling": "Let go"]` with states in order.
    public var swiftLiteral: String {
        switch self {
        case let .number(n): return SceneValue.shortest(n)
        case let .integer(i): return SceneValue.grouped(i)
        case let .flag(b): return b ? "true" : "false"
        case let .text(t): return AppCode.swiftString(t)
        case let .byState(map):
            guard !map.isEmpty else { return "[:]" }
            return "["
                + map.sorted { $0.key < $1.key }.map { SceneValue.text($0.key).swiftLiteral + ": " + $0.value.swiftLiteral }
                .joined(separator: ", ") + "]"
        }
    }

    /// `5_000_000` for 5000000: digits grouped by three, as Swift style writes long literals.
    static func grouped(_ i: Int) -> String {
        let digits = String(i.magnitude)
        guard digits.count > 4 else { return String(i) }
        var out = ""
        for (n, digit) in digits.enumerated() {
            if n > 0 && (digits.count - n) % 3 == 0 { out += "_" }
            out.append(digit)
        }
        return (i < 0 ? "-" : "") + out
    }
}
