import FoundationEssentials

/// The default strings of SVPullToRefresh and ZJRefresh (docs/families.md). Neither ships
/// translations: SVPullToRefresh's English keys and ZJRefresh's Chinese literals are what
/// every app shows unless it sets its own titles.
public enum FamilyTitles {
    /// The default title of a control of `library` in a state; `pulled` tells ZJRefresh's
    /// "pull-to-refresh" from "normal". MJRefresh's titles are ``Titles``.
    public static func title(library: RefreshLibrary, kind: ComponentKind, state: RefreshState, pulled: Bool,
                             language: Language) -> String {
        switch library {
        case .mjrefresh:
            return Titles.title(kind: kind, state: state, language: language)
        case .svpulltorefresh:
            guard kind != .autoFooter else { return "" }
            switch state.drawnAs {
            case .pulling: return "Release to refresh..."
            case .refreshing: return "Loading..."
            default: return "Pull to refresh..."
            }
        case .zjrefresh:
            switch state.drawnAs {
            case .pulling: return "松开手刷新"
            case .refreshing: return "加载数据中..."
            default:
                guard pulled else { return "正常状态" }
                return kind == .header ? "继续下拉刷新" : "继续上拉刷新"
            }
        }
    }

    /// SVPullToRefresh's date label: "Last Updated: " and the date in the short date and time
    /// styles of en_US ("3/17/24, 9:41 AM"), or "Never" for a date set to nil.
    public static func svLastUpdated(_ date: Date?, timeZone: TimeZone) -> String {
        guard let date else { return "Last Updated: Never" }
        let c = CivilTime(date, in: timeZone)
        let hour = c.hour % 12 == 0 ? 12 : c.hour % 12
        let year = CFormat.zeroPadded(c.year % 100, 2), minute = CFormat.zeroPadded(c.minute, 2)
        return "Last Updated: \(c.month)/\(c.day)/\(year), \(hour):\(minute) \(c.hour < 12 ? "AM" : "PM")"
    }

    /// ZJRefresh's time label: "首次刷新" with no stored time; else "上次刷新时间:" and
    /// "今天 HH:mm" when the day of the month matches (only the day, as the source compares),
    /// "MM-dd HH:mm" in the same year, "yyyy-MM-dd HH:mm" otherwise.
    public static func zjLastRefresh(_ date: Date?, now: Date, timeZone: TimeZone) -> String {
        guard let date else { return "首次刷新" }
        let text = LastUpdatedFormatter.stamp(CivilTime(date, in: timeZone), seenAt: CivilTime(now, in: timeZone), today: "今天")
        return "上次刷新时间:" + text
    }
}
