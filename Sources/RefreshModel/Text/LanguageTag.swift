/// A language tag as the `language` setting takes it (docs/text.md): BCP 47's shape — subtags
/// of one to eight ASCII letters or digits joined by `-` (or `_`, as Apple's locale identifiers
/// and some `.lproj` folders spell them), the first of two to eight letters — and at most 35
/// characters. Checked when read, so no other character (a `/`, a `.`, a NUL) ever reaches the
/// code that looks for a `LANGUAGE.lproj` folder (docs/robustness.md, "Paths").
package struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
    /// The tag as given (`zh-Hans`, `de`, `pt_BR`).
    public let rawValue: String

    /// The longest tag taken (BCP 47's recommended buffer for a tag).
    public static let maxLength = 35

    /// A checked tag.
    /// - Parameter text: the tag.
    /// - Throws: ``InvalidValue`` naming `language` for anything that is not a tag's shape.
    public init(_ text: String) throws {
        if let problem = Self.problem(text) {
            throw InvalidValue(field: "language", reason: "\(problem), got '\(SceneRead.quoted(text))'")
        }
        rawValue = text
    }

    /// The tag of one of the languages the libraries ship titles in.
    /// - Parameter language: the language.
    public init(_ language: TitleLanguage) {
        rawValue = language.rawValue
    }

    /// What is wrong with `text` as a tag; nil for a good one.
    static func problem(_ text: String) -> String? {
        let expected = "expected a language tag such as en, zh-Hans or de-CH (letters and digits joined by '-')"
        guard !text.isEmpty, text.utf8.count <= maxLength else { return expected }
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        for (index, subtag) in subtags.enumerated() {
            let ascii = subtag.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
            guard ascii, (1...8).contains(subtag.count) else { return expected }
            if index == 0 && (subtag.count < 2 || !subtag.unicodeScalars.allSatisfy { !("0"..."9").contains($0) }) {
                return expected
            }
        }
        return nil
    }

    /// The language the libraries' own titles are drawn in for this tag (English for one they
    /// have none in).
    public var titleLanguage: TitleLanguage { TitleLanguage(tag: rawValue) }

    /// The tag.
    public var description: String { rawValue }
}

extension LanguageTag: SceneSettingValue {
    /// Text.
    public static var settingKind: SceneField.Kind { .text }
    /// A tag, checked.
    public static func read(_ value: SceneValue, field: String) throws -> LanguageTag {
        let text = try SceneRead.text(value, field)
        do {
            return try LanguageTag(text)
        } catch let problem as InvalidValue {
            throw InvalidValue(field: field, reason: problem.reason)
        }
    }
    /// The tag as text.
    public var sceneValue: SceneValue? { .text(rawValue) }
    /// What a tag looks like in help.
    public static var settingValueName: String? { "TAG" }
    /// The languages the libraries have titles in.
    public static var suggestions: [String]? { TitleLanguage.allCases.map(\.rawValue) }
}
