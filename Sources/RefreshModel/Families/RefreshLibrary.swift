/// The libraries RefreshGif ships, by the name the command line and JSON files use
/// (`library`). Each gives its family with default settings; a family of your own is set
/// on `RefreshScene/family` directly.
public enum RefreshLibrary: String, CaseIterable, Sendable, Codable, Hashable {
    /// MJRefresh: headers, back and auto footers, the trailer.
    case mjrefresh
    /// SVPullToRefresh: the pull-to-refresh view and the infinite scrolling view.
    case svpulltorefresh
    /// ZJRefresh: `NormalAnimator` and `GifAnimator` as header or footer.
    case zjrefresh

    /// The library's family with its default settings.
    package var family: any RefreshFamily {
        switch self {
        case .mjrefresh: return MJRefresh()
        case .svpulltorefresh: return SVPullToRefresh()
        case .zjrefresh: return ZJRefresh()
        }
    }
}
