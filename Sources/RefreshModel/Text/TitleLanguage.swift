import RefreshImage

/// The six languages MJRefresh ships titles for (docs/text.md).
package enum TitleLanguage: String, CaseIterable, Sendable, Codable {
    /// English.
    case en
    /// Simplified Chinese.
    case zhHans = "zh-Hans"
    /// Traditional Chinese.
    case zhHant = "zh-Hant"
    /// Korean.
    case ko
    /// Russian.
    case ru
    /// Ukrainian.
    case uk

    /// The language for a BCP 47 tag, matched case-insensitively (docs/text.md): `zh-Hans`, `zh-CN`, `zh-SG` and bare `zh` give Simplified Chinese;
    /// `zh-Hant`, `zh-TW`, `zh-HK`, `zh-MO` Traditional; `en`, `ko`, `ru`, `uk` by their
    /// first subtag; anything else English.
    /// True when the tag names one of the six languages (otherwise ``init(tag:)`` gives English).
    /// - Parameter tag: a language tag.
    /// - Returns: true when titles exist in it.
    public static func isKnown(tag: String) -> Bool {
        let first = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init)
        return ["en", "zh", "ko", "ru", "uk"].contains(first ?? "")
    }

    /// - Parameter tag: a language tag, any case (`zh-TW`, `ko-KR`).
    public init(tag: String) {
        let parts = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        switch parts.first {
        case "zh":
            let rest = Set(parts.dropFirst())
            if !rest.isDisjoint(with: ["hant", "tw", "hk", "mo"]) {
                self = .zhHant
            } else {
                self = .zhHans
            }
        case "ko": self = .ko
        case "ru": self = .ru
        case "uk": self = .uk
        default: self = .en
        }
    }
}
