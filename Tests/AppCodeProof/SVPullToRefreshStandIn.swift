// swift-format-ignore-file: AlwaysUseLowerCamelCase

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

let SVInfiniteScrollingStateTriggered = 1 // api: SVInfiniteScrollingView.state

let SVInfiniteScrollingStateLoading = 2 // api: SVInfiniteScrollingView.state

class SVPullToRefreshView: UIView {
    override init() {
        super.init()
        role = nil
    }
    // api: SVPullToRefreshView.arrowColor
    var arrowColor: UIColor? { didSet { if let arrowColor { Record.set("arrowColor", Record.hex(arrowColor)) } } }
    // api: SVPullToRefreshView.textColor
    var textColor: UIColor? { didSet { if let textColor { Record.set("textColor", Record.hex(textColor)) } } }
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
    // api: SVPullToRefreshView.activityIndicatorViewStyle
    var activityIndicatorViewStyle = UIActivityIndicatorView.Style.gray {
        didSet { UIActivityIndicatorView().style = activityIndicatorViewStyle }
    }
    func setTitle(_ title: String, for state: SVPullToRefreshState) { // api: SVPullToRefreshView.setTitle:forState:
        Record.set("titles", state: state.sceneName, title)
    }
    // api: SVPullToRefreshView.setSubtitle:forState:
    func setSubtitle(_ subtitle: String, for state: SVPullToRefreshState) {
        Record.set("subtitles", state: state.sceneName, subtitle)
    }
    // api: SVPullToRefreshView.setCustomView:forState:
    func setCustomView(_ view: UIView, for state: SVPullToRefreshState) {
        SVRecord.customView(view, state.sceneName)
    }
}

class SVInfiniteScrollingView: UIView {
    // api: SVInfiniteScrollingView.activityIndicatorViewStyle
    var activityIndicatorViewStyle = UIActivityIndicatorView.Style.gray {
        didSet { UIActivityIndicatorView().style = activityIndicatorViewStyle }
    }
    // api: SVInfiniteScrollingView.enabled
    var enabled = true { didSet { Record.set("infiniteScrollingDisabled", !enabled) } }
    func setCustomView(_ view: UIView, for state: UInt) { // api: SVInfiniteScrollingView.setCustomView:forState:
        let names = [UInt(SVInfiniteScrollingStateLoading): "loading", UInt(SVInfiniteScrollingStateTriggered): "triggered"]
        SVRecord.customView(view, names[state] ?? "stopped")
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
    // api: UIScrollView+SVPullToRefresh.addPullToRefreshWithActionHandler:
    func addPullToRefresh(actionHandler: @escaping () -> Void) {
        SVRecord.install(kind: "header")
    }
    // api: UIScrollView+SVPullToRefresh.addPullToRefreshWithActionHandler:position:
    func addPullToRefresh(actionHandler: @escaping () -> Void, position: SVPullToRefreshPosition) {
        SVRecord.install(kind: position == .top ? "header" : "back-footer")
    }
    // api: UIScrollView+SVPullToRefresh.pullToRefreshView
    var pullToRefreshView: SVPullToRefreshView { SVRecord.pullToRefresh }
    var showsPullToRefresh: Bool { // api: UIScrollView+SVPullToRefresh.showsPullToRefresh
        get { true }
        set { Record.set("hidePullToRefresh", !newValue) }
    }
    // api: UIScrollView+SVInfiniteScrolling.addInfiniteScrollingWithActionHandler:
    func addInfiniteScrolling(actionHandler: @escaping () -> Void) {
        SVRecord.install(kind: "auto-footer")
    }
    // api: UIScrollView+SVInfiniteScrolling.infiniteScrollingView
    var infiniteScrollingView: SVInfiniteScrollingView { SVRecord.infiniteScrolling }
    var showsInfiniteScrolling: Bool { // api: UIScrollView+SVInfiniteScrolling.showsInfiniteScrolling
        get { true }
        set { Record.set("hideInfiniteScrolling", !newValue) }
    }
}
