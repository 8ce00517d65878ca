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

    /// `3` for 3.0, `0.25` for 0.25.
    static func shortest(_ n: Double) -> String {
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
