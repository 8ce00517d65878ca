import FoundationEssentials
import RefreshImage

/// The header's last-updated line (docs/text.md), with explicit "now" and time zone.
public struct LastUpdatedFormatter: Sendable {
    /// The language of the fixed words.
    public var language: Language
    /// The time zone the dates are shown in.
    public var timeZone: TimeZone

    /// A formatter for a language and time zone.
    public init(language: Language, timeZone: TimeZone) {
        self.language = language
        self.timeZone = timeZone
    }

    /// The line for a stored date (nil: none stored) seen at `now`.
    ///
    /// Same day of the month → "Today HH:mm"; same year → "MM-dd HH:mm"; otherwise
    /// "yyyy-MM-dd HH:mm". The "today" test compares only the day of the month, as
    /// MJRefresh does (docs/text.md quirk, reproduced on purpose).
    public func text(lastUpdated: Date?, now: Date) -> String {
        let prefix = Titles.string(.headerLastTime, language)
        guard let lastUpdated else { return prefix + Titles.string(.headerNoneLastDate, language) }
        let then = CivilTime(lastUpdated, in: timeZone)
        let current = CivilTime(now, in: timeZone)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let clock = "\(two(then.hour)):\(two(then.minute))"
        if then.day == current.day {
            return prefix + Titles.string(.headerDateToday, language) + " " + clock
        }
        let monthDay = "\(two(then.month))-\(two(then.day)) \(clock)"
        if then.year == current.year { return prefix + monthDay }
        return prefix + "\(then.year)-" + monthDay
    }
}
