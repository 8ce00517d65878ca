import RefreshImage

/// The states of an MJRefresh control (docs/model.md).
public enum RefreshState: String, CaseIterable, Sendable, Codable, Hashable {
    /// Resting, or being dragged but not far enough.
    case idle
    /// Dragged past the threshold: releasing now refreshes.
    case pulling
    /// A refresh is in progress.
    case refreshing
    /// A refresh was requested off-screen; drawn exactly as ``refreshing`` (docs/model.md).
    case willRefresh = "will-refresh"
    /// Footers only: everything is loaded.
    case noMoreData = "no-more-data"

    /// True for ``refreshing`` and ``willRefresh`` ("is refreshing" in docs/model.md).
    public var isRefreshing: Bool { self == .refreshing || self == .willRefresh }

    /// The state whose visuals this one shows: WillRefresh is drawn as Refreshing.
    public var drawnAs: RefreshState { self == .willRefresh ? .refreshing : self }
}
