// SVPullToRefresh's public API as the generated Swift calls it, with the names of its
// headers as Swift imports them; each declaration names its header entry (`api:`).
import Foundation

enum SVPullToRefreshPosition { case top, bottom } // api: SVPullToRefreshView.position

enum SVPullToRefreshState { // api: SVPullToRefreshView.state
    case stopped, triggered, loading, all

    var sceneName: String { self == .loading ? "loading" : self == .triggered ? "triggered" : "stopped" }
}

// The infinite scrolling view's states are plain integer constants in its header.
let SVInfiniteScrollingStateStopped = 0 // api: SVInfiniteScrollingView.state
let SVInfiniteScrollingStateLoading = 1 // api: SVInfiniteScrollingView.state

class SVPullToRefreshView: UIView {
    override init() {
        super.init()
        role = nil
    }
    var arrowColor: UIColor? { didSet { if let arrowColor { Record.set("arrowColor", Record.hex(arrowColor)) } } } // api: SVPullToRefreshView.arrowColor
    var textColor: UIColor? { didSet { if let textColor { Record.set("textColor", Record.hex(textColor)) } } } // api: SVPullToRefreshView.textColor
    let titleLabel: UILabel = { // api: SVPullToRefreshView.titleLabel
        let label = UILabel()
        label.role = "stateLabel"
        return label
    }()
    let subtitleLabel: UILabel = { // api: SVPullToRefreshView.subtitleLabel
        let label = UILabel()
        label.role = "timeLabel"
        return label
    }()
    var activityIndicatorViewColor: UIColor? { // api: SVPullToRefreshView.activityIndicatorViewColor
        didSet { if let activityIndicatorViewColor { Record.set("spinnerColor", Record.hex(activityIndicatorViewColor)) } }
    }
    var activityIndicatorViewStyle = UIActivityIndicatorView.Style.gray { // api: SVPullToRefreshView.activityIndicatorViewStyle
        didSet { UIActivityIndicatorView().style = activityIndicatorViewStyle }
    }
    func setTitle(_ title: String, for state: SVPullToRefreshState) { // api: SVPullToRefreshView.setTitle:forState:
        Record.set("titles", state: state.sceneName, title)
    }
    func setSubtitle(_ subtitle: String, for state: SVPullToRefreshState) { // api: SVPullToRefreshView.setSubtitle:forState:
        Record.set("subtitles", state: state.sceneName, subtitle)
    }
    func setCustomView(_ view: UIView, for state: SVPullToRefreshState) { // api: SVPullToRefreshView.setCustomView:forState:
        SVRecord.customView(view, state.sceneName)
    }
}

class SVInfiniteScrollingView: UIView {
    var activityIndicatorViewStyle = UIActivityIndicatorView.Style.gray { // api: SVInfiniteScrollingView.activityIndicatorViewStyle
        didSet { UIActivityIndicatorView().style = activityIndicatorViewStyle }
    }
    var enabled = true { didSet { Record.set("infiniteScrollingDisabled", !enabled) } } // api: SVInfiniteScrollingView.enabled
    func setCustomView(_ view: UIView, for state: UInt) { // api: SVInfiniteScrollingView.setCustomView:forState:
        SVRecord.customView(view, state == UInt(SVInfiniteScrollingStateLoading) ? "loading" : "stopped")
    }
}

enum SVRecord {
    nonisolated(unsafe) static var pullToRefresh = SVPullToRefreshView()
    nonisolated(unsafe) static var infiniteScrolling = SVInfiniteScrollingView()

    static func install(kind: String) {
        Record.set("library", "svpulltorefresh")
        Record.set("kind", kind)
        Record.set("installed", kind)
    }

    /// An image view as a state's custom view: its images (playing, or the still first one).
    static func customView(_ view: UIView, _ state: String) {
        guard let imageView = view as? UIImageView else { return }
        Record.set("style", "gif")
        let images = imageView.animationImages ?? imageView.image.map { [$0] } ?? []
        Record.set("images", state: state, images.map(\.name))
        if imageView.animationImages != nil { Record.set("durations", state: state, imageView.animationDuration) }
    }
}

extension UIScrollView {
    func addPullToRefresh(actionHandler: @escaping () -> Void) { // api: UIScrollView+SVPullToRefresh.addPullToRefreshWithActionHandler:
        SVRecord.install(kind: "header")
    }
    func addPullToRefresh(actionHandler: @escaping () -> Void, position: SVPullToRefreshPosition) { // api: UIScrollView+SVPullToRefresh.addPullToRefreshWithActionHandler:position:
        SVRecord.install(kind: position == .top ? "header" : "back-footer")
    }
    var pullToRefreshView: SVPullToRefreshView { SVRecord.pullToRefresh } // api: UIScrollView+SVPullToRefresh.pullToRefreshView
    var showsPullToRefresh: Bool { // api: UIScrollView+SVPullToRefresh.showsPullToRefresh
        get { true }
        set { Record.set("hidePullToRefresh", !newValue) }
    }
    func addInfiniteScrolling(actionHandler: @escaping () -> Void) { // api: UIScrollView+SVInfiniteScrolling.addInfiniteScrollingWithActionHandler:
        SVRecord.install(kind: "auto-footer")
    }
    var infiniteScrollingView: SVInfiniteScrollingView { SVRecord.infiniteScrolling } // api: UIScrollView+SVInfiniteScrolling.infiniteScrollingView
    var showsInfiniteScrolling: Bool { // api: UIScrollView+SVInfiniteScrolling.showsInfiniteScrolling
        get { true }
        set { Record.set("hideInfiniteScrolling", !newValue) }
    }
}
