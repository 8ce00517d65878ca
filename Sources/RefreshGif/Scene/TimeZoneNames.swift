// Named IANA time zones (their rules, daylight saving included) come from
// FoundationInternationalization's ICU-backed implementation; FoundationEssentials, which the
// rest of the library imports, has fixed offsets only. This file is what links it in.
import FoundationEssentials
import FoundationInternationalization

/// IANA time zone names, resolved only when a scene names one: the default zone, UTC, is a
/// fixed offset and needs no time zone data (docs/text.md).
enum TimeZoneNames {
    /// The zone called `name` (`Asia/Shanghai`, `UTC`), or nil when there is none by that name.
    static func zone(named name: String) -> TimeZone? {
        TimeZone(identifier: name)
    }

    /// Up to three known zone names that differ from `name` only in case, or that end with
    /// its last path component (`shanghai` → `Asia/Shanghai`): suggestions for an error.
    static func suggestions(for name: String) -> [String] {
        let wanted = name.lowercased(), city = wanted.split(separator: "/").last.map(String.init) ?? wanted
        let known = TimeZone.knownTimeZoneIdentifiers
        let matches =
            known.filter { $0.lowercased() == wanted }
            + known.filter { $0.lowercased() != wanted && $0.lowercased().split(separator: "/").last.map(String.init) == city }
        return Array(matches.prefix(3))
    }
}
