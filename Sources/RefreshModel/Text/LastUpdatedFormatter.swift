import FoundationEssentials
import RefreshImage

/// The header's last-updated line (docs/text.md), with explicit "now" and time zone.
package struct LastUpdatedFormatter: Sendable {
    /// The language of the fixed words.
    public var language: TitleLanguage
    /// The time zone the dates are shown in.
    public var timeZone: TimeZone
    /// The app's strings by key (`MJRefreshHeaderLastTimeText`), in place of MJRefresh's words.
    public var strings: [String: String]

    /// A formatter for a language and time zone.
    /// - Parameters:
    ///   - language: of the fixed words.
    ///   - timeZone: the dates are shown in.
    ///   - strings: the app's strings, by key, that replace MJRefresh's words.
    public init(language: TitleLanguage, timeZone: TimeZone, strings: [String: String] = [:]) {
        self.language = language
        self.timeZone = timeZone
        self.strings = strings
    }

    private func word(_ key: MJRefreshTitles.Key) -> String {
        MJRefreshTitles.string(key, language, app: strings)
    }

    /// The line for a stored date (nil: none stored) seen at `now`.
    ///
    /// Same day of the month → "Today HH:mm"; same year → "MM-dd HH:mm"; otherwise
    /// "yyyy-MM-dd HH:mm". The "today" test compares only the day of the month, as
    /// MJRefresh does (docs/text.md quirk, reproduced on purpose).
    /// - Parameters:
    ///   - lastUpdated: the stored date; nil for none.
    ///   - now: the moment the line is seen.
    /// - Returns: the line.
    public func text(lastUpdated: Date?, now: Date) -> String {
        let prefix = word(.headerLastTime)
        guard let lastUpdated else { return prefix + word(.headerNoneLastDate) }
        let today = word(.headerDateToday)
        return prefix + Self.stamp(CivilTime(lastUpdated, in: timeZone), seenAt: CivilTime(now, in: timeZone), today: today)
    }

    /// The date part of the line, which ZJRefresh's time label shares: `today` and "HH:mm" when
    /// the day of the month matches, "MM-dd HH:mm" in the same year, "yyyy-MM-dd HH:mm"
    /// otherwise.
    static func stamp(_ then: CivilTime, seenAt now: CivilTime, today: String) -> String {
        func two(_ n: Int) -> String { CFormat.zeroPadded(n, 2) }
        let clock = two(then.hour) + ":" + two(then.minute)
        if then.day == now.day { return today + " " + clock }
        let monthDay = two(then.month) + "-" + two(then.day) + " " + clock
        return then.year == now.year ? monthDay : "\(then.year)-" + monthDay
    }
}
