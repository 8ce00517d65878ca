import RefreshImage

/// The kinds of MJRefresh control (docs/model.md).
public enum ComponentKind: String, CaseIterable, Sendable, Codable, Hashable {
    /// Above the content; pull down to refresh.
    case header
    /// Below the content; pull up past a threshold and release.
    case backFooter = "back-footer"
    /// Below the content; refreshes when scrolled into view.
    case autoFooter = "auto-footer"
    /// At the right end of horizontal content; pull left and release.
    case trailer

    /// The height before any image grows it: 54 pt for headers, 44 pt for footers
    /// (docs/model.md). A trailer's height is the scroll view's, so it has none of its own.
    public var baseHeight: Double {
        switch self {
        case .header: return 54
        case .backFooter, .autoFooter: return 44
        case .trailer: return 0
        }
    }

    /// The styles MJRefresh has for this kind; the first is the default.
    public var styles: [ComponentStyle] {
        self == .trailer ? [.normal, .state] : [.gif, .normal, .state]
    }
}

/// The visual styles of a control (docs/model.md).
public enum ComponentStyle: String, CaseIterable, Sendable, Codable, Hashable {
    /// An image sequence beside the labels (MJRefreshGif*).
    case gif
    /// An arrow and a spinner beside the labels (MJRefreshNormal*).
    case normal
    /// Labels only (MJRefreshState*).
    case state
}
