import RefreshImage

/// MJRefresh's default strings (docs/text.md) and which one each kind shows in each state
/// (docs/text.md).
package enum MJRefreshTitles {
    /// The keys of MJRefresh's `Localizable.strings` (without the `MJRefresh` prefix).
    public enum Key: String, CaseIterable, Sendable {
        case headerIdle = "HeaderIdleText", headerPulling = "HeaderPullingText"
        case headerRefreshing = "HeaderRefreshingText"
        case autoFooterIdle = "AutoFooterIdleText", autoFooterRefreshing = "AutoFooterRefreshingText"
        case autoFooterNoMoreData = "AutoFooterNoMoreDataText"
        case backFooterIdle = "BackFooterIdleText", backFooterPulling = "BackFooterPullingText"
        case backFooterRefreshing = "BackFooterRefreshingText", backFooterNoMoreData = "BackFooterNoMoreDataText"
        case headerLastTime = "HeaderLastTimeText", headerDateToday = "HeaderDateTodayText"
        case headerNoneLastDate = "HeaderNoneLastDateText"
        case trailerIdle = "TrailerIdleText", trailerPulling = "TrailerPullingText"
    }

    /// The key a kind shows in a state, or nil where MJRefresh shows no title ("–").
    /// WillRefresh is drawn as Refreshing (docs/model.md).
    /// - Parameters:
    ///   - kind: the kind of control.
    ///   - state: its state.
    /// - Returns: the key, or nil for no title.
    public static func key(kind: ComponentKind, state: RefreshState) -> Key? {
        switch (kind, state.drawnAs) {
        case (.header, .idle): return .headerIdle
        case (.header, .pulling): return .headerPulling
        case (.header, .refreshing): return .headerRefreshing
        case (.autoFooter, .idle): return .autoFooterIdle
        case (.autoFooter, .refreshing): return .autoFooterRefreshing
        case (.autoFooter, .noMoreData): return .autoFooterNoMoreData
        case (.backFooter, .idle): return .backFooterIdle
        case (.backFooter, .pulling): return .backFooterPulling
        case (.backFooter, .refreshing): return .backFooterRefreshing
        case (.backFooter, .noMoreData): return .backFooterNoMoreData
        case (.trailer, .idle): return .trailerIdle
        case (.trailer, .pulling), (.trailer, .refreshing): return .trailerPulling
        default: return nil
        }
    }

    /// The default title of a kind in a state and language ("" where there is none).
    /// - Parameters:
    ///   - kind: the kind of control.
    ///   - state: its state.
    ///   - language: the bundle's language.
    /// - Returns: the title, "" for none.
    public static func title(kind: ComponentKind, state: RefreshState, language: TitleLanguage) -> String {
        key(kind: kind, state: state).map { string($0, language) } ?? ""
    }

    /// One string of the tables. Trailer strings exist only in Chinese; elsewhere a phone
    /// shows MJRefresh's key names (`MJRefreshTrailerIdleText`), and so do we (docs/text.md);
    /// ``hasOwnTrailerTitles(_:)`` says which.
    /// - Parameters:
    ///   - key: the string.
    ///   - language: the bundle's language.
    /// - Returns: the text.
    public static func string(_ key: Key, _ language: TitleLanguage) -> String {
        let column: Int
        switch language {
        case .en: column = 0
        case .zhHans: column = 1
        case .zhHant: column = 2
        case .ko: column = 3
        case .ru: column = 4
        case .uk: column = 5
        }
        return table[key]?[column] ?? key.rawValue
    }

    /// One string as a phone finds it (`mj_localizedStringForKey:`): the app's table first
    /// (keys with the `MJRefresh` prefix), then MJRefresh's own.
    /// - Parameters:
    ///   - key: the string.
    ///   - language: the bundle's language.
    ///   - app: the app's strings by key.
    /// - Returns: the text.
    public static func string(_ key: Key, _ language: TitleLanguage, app: [String: String]) -> String {
        app["MJRefresh" + key.rawValue] ?? string(key, language)
    }

    /// True when MJRefresh's bundle for `language` has trailer titles (only the Chinese ones).
    /// - Parameter language: the titles' language.
    /// - Returns: false where a phone shows the key names.
    public static func hasOwnTrailerTitles(_ language: TitleLanguage) -> Bool {
        language == .zhHans || language == .zhHant
    }

    // Columns: en, zh-Hans, zh-Hant, ko, ru, uk.
    private static let table: [Key: [String]] = [
        .headerIdle: [
            "Pull down to refresh", "下拉可以刷新", "下拉可以刷新", "아래로 당겨 새로고침",
            "Потяните чтобы обновить", "Потягніть для оновлення",
        ],
        .headerPulling: [
            "Release to refresh", "松开立即刷新", "鬆開立即刷新", "놓으면 새로고침",
            "Отпустите чтобы обновить", "Відпустіть для оновлення",
        ],
        .headerRefreshing: [
            "Loading...", "正在刷新数据中...", "正在刷新數據中...", "로딩중...",
            "Загрузка...", "Завантаження...",
        ],
        .autoFooterIdle: [
            "Tap or pull up to load more", "点击或上拉加载更多", "點擊或上拉加載更多",
            "탭 또는 위로 당겨 로드함", "Нажмите или потяните чтобы загрузить еще",
            "Натисніть або потягніть щоб завантажити ще",
        ],
        .autoFooterRefreshing: [
            "Loading...", "正在加载更多的数据...", "正在加載更多的數據...", "로딩중...",
            "Загрузка...", "Завантаження...",
        ],
        .autoFooterNoMoreData: [
            "No more data", "已经全部加载完毕", "已經全部加載完畢", "더이상 데이터 없음",
            "Больше нет данных", "Більше немає даних",
        ],
        .backFooterIdle: [
            "Pull up to load more", "上拉可以加载更多", "上拉可以加載更多", "위로 당겨 더 로드 가능",
            "Потяните чтобы загрузить еще", "Потягніть щоб завантажити ще",
        ],
        .backFooterPulling: [
            "Release to load more", "松开立即加载更多", "鬆開立即加載更多", "놓으면 더 로드됨.",
            "Отпустите чтобы загрузить еще", "Відпустіть щоб завантажити ще",
        ],
        .backFooterRefreshing: [
            "Loading...", "正在加载更多的数据...", "正在加載更多的數據...", "로딩중...",
            "Загрузка...", "Завантаження...",
        ],
        .backFooterNoMoreData: [
            "No more data", "已经全部加载完毕", "已經全部加載完畢", "더이상 데이터 없음",
            "Больше нет данных", "Більше немає даних",
        ],
        .headerLastTime: [
            "Last update: ", "最后更新：", "最後更新：", "마지막 업데이트: ",
            "Последнее обновление: ", "Останнє оновлення: ",
        ],
        .headerDateToday: ["Today", "今天", "今天", "오늘", "Сегодня", "Сьогодні"],
        .headerNoneLastDate: ["No record", "无记录", "無記錄", "기록 없음", "Нет записи", "Немає запису"],
        // Only the Chinese bundles have trailer strings: elsewhere a phone shows the key.
        .trailerIdle: [
            "MJRefreshTrailerIdleText", "滑动查看图文详情", "滑動查看圖文詳情",
            "MJRefreshTrailerIdleText", "MJRefreshTrailerIdleText", "MJRefreshTrailerIdleText",
        ],
        .trailerPulling: [
            "MJRefreshTrailerPullingText", "释放查看图文详情", "釋放查看圖文詳情",
            "MJRefreshTrailerPullingText", "MJRefreshTrailerPullingText", "MJRefreshTrailerPullingText",
        ],
    ]
}
