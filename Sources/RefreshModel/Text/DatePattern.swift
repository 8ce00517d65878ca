import FoundationEssentials

/// A date pattern as `DateFormatter.dateFormat` takes it, for the numeric fields a
/// last-updated line uses (docs/text.md): `yyyy`, `yy`, `M`/`MM`, `d`/`dd`, `H`/`HH`, `h`/`hh`,
/// `m`/`mm`, `s`/`ss`, `a` (AM or PM), and text in single quotes (`''` for a quote).
/// Digits are ASCII, as the rest of RefreshGif's text. Names (`MMM`, `EEE`) and other letters
/// are refused: a letter meant as text goes in quotes, as DateFormatter asks.
///
/// Written by hand rather than with Foundation's `DateFormatter`, which swift-corelibs only
/// offers with ICU and the full Foundation; the fields here are the ones apps put on a
/// refresh control.
package struct DatePattern: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as given.
    public let pattern: String
    private let parts: [Part]

    private enum Part: Sendable, Equatable {
        case text(String)
        case field(Character, Int)
    }

    private static let fields: [Character: ClosedRange<Int>] = [
        "y": 1...4, "M": 1...2, "d": 1...2, "H": 1...2, "h": 1...2, "m": 1...2, "s": 1...2, "a": 1...1,
    ]

    /// A pattern, checked.
    /// - Parameter pattern: e.g. `MM-dd HH:mm` or `'Updated 'h:mm a`.
    /// - Throws: ``InvalidValue`` (field `pattern`) for an unclosed quote, a letter that is not
    ///   one of the fields, or a field written with too many letters.
    public init(_ pattern: String) throws {
        self.pattern = pattern
        var parts: [Part] = []
        var chars = Array(pattern)[...]
        func fail(_ reason: String) -> InvalidValue { InvalidValue(field: "pattern", reason: reason) }
        while let c = chars.first {
            if c == "'" {
                chars = chars.dropFirst()
                if chars.first == "'" {
                    parts.append(.text("'"))
                    chars = chars.dropFirst()
                    continue
                }
                var text = ""
                while true {
                    guard let next = chars.first else { throw fail("a quote is not closed in '\(SceneRead.quoted(pattern))'") }
                    chars = chars.dropFirst()
                    if next == "'" {
                        if chars.first == "'" {
                            text.append("'")
                            chars = chars.dropFirst()
                            continue
                        }
                        break
                    }
                    text.append(next)
                }
                parts.append(.text(text))
            } else if c.isASCII && c.isLetter {
                let run = chars.prefix { $0 == c }.count
                chars = chars.dropFirst(run)
                guard let allowed = Self.fields[c] else {
                    throw fail("'\(c)' is not a field here (y, M, d, H, h, m, s, a); put text in single quotes")
                }
                guard allowed.contains(run), !(c == "y" && run == 3) else {
                    throw fail("'\(String(repeating: c, count: run))' is not supported (names and long forms are not drawn)")
                }
                parts.append(.field(c, run))
            } else {
                parts.append(.text(String(c)))
                chars = chars.dropFirst()
            }
        }
        self.parts = parts
    }

    /// `date` in `timeZone`, as the pattern says.
    /// - Parameters:
    ///   - date: the moment.
    ///   - timeZone: the zone its fields are read in.
    /// - Returns: the text.
    public func format(_ date: Date, in timeZone: TimeZone) -> String {
        let t = CivilTime(date, in: timeZone)
        func padded(_ n: Int, _ width: Int) -> String { width == 2 ? CFormat.zeroPadded(n, 2) : String(n) }
        return parts.map { part -> String in
            switch part {
            case let .text(text): return text
            case let .field(c, n):
                switch c {
                case "y": return n == 2 ? CFormat.zeroPadded(((t.year % 100) + 100) % 100, 2) : CFormat.zeroPadded(t.year, n)
                case "M": return padded(t.month, n)
                case "d": return padded(t.day, n)
                case "H": return padded(t.hour, n)
                case "h": return padded(t.hour % 12 == 0 ? 12 : t.hour % 12, n)
                case "m": return padded(t.minute, n)
                case "s": return padded(t.second, n)
                default: return t.hour < 12 ? "AM" : "PM"
                }
            }
        }.joined()
    }

    /// The pattern as given.
    public var description: String { pattern }
}

extension DatePattern: SceneSettingValue {
    /// Text.
    public static var settingKind: SceneField.Kind { .text }

    /// A pattern from text.
    /// - Parameters:
    ///   - value: the text given.
    ///   - field: the setting's name, for the message.
    /// - Returns: the pattern.
    /// - Throws: ``InvalidValue`` naming `field`.
    public static func read(_ value: SceneValue, field: String) throws -> DatePattern {
        do {
            return try DatePattern(try SceneRead.text(value, field))
        } catch let error as InvalidValue {
            throw InvalidValue(field: field, reason: error.reason)
        }
    }

    /// The pattern.
    public var sceneValue: SceneValue? { .text(pattern) }
}
