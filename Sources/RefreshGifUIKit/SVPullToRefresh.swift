// swift-format-ignore-file: AlwaysUseLowerCamelCase

import RefreshGif

// SVPullToRefresh's public API as Swift imports its headers, on Linux: app code that adds a
// pull-to-refresh or infinite-scrolling view and configures it builds unchanged, and the view
// is drawn as the scene of the same settings (docs/app-code.md, "SVPullToRefresh"). Each
// declaration names its header entry (`api:`), held to docs/coverage-names.txt.

/// Where the pull-to-refresh view sits. // api: SVPullToRefreshView.position
public enum SVPullToRefreshPosition: UInt, Sendable {
    case top, bottom
}

/// The pull-to-refresh view's states; `all` sets a title or view for every state. // api: SVPullToRefreshView.state
public enum SVPullToRefreshState: UInt, Sendable {
    case stopped, triggered, loading
    case all = 10

    /// The scene's name of the state; nil for `all`.
    var sceneName: String? {
        switch self {
        case .stopped: return "stopped"
        case .triggered: return "triggered"
        case .loading: return "loading"
        case .all: return nil
        }
    }

    /// The states a value given for this one sets.
    var states: [SVPullToRefreshState] { self == .all ? [.stopped, .triggered, .loading] : [self] }
}

/// The infinite scrolling view is stopped. // api: SVInfiniteScrollingView.state
public let SVInfiniteScrollingStateStopped = 0
/// The infinite scrolling view is armed. // api: SVInfiniteScrollingView.state
public let SVInfiniteScrollingStateTriggered = 1
/// The infinite scrolling view is loading. // api: SVInfiniteScrollingView.state
public let SVInfiniteScrollingStateLoading = 2
/// Every state of the infinite scrolling view. // api: SVInfiniteScrollingView.state
public let SVInfiniteScrollingStateAll = 10

/// What both SVPullToRefresh views draw from: the kind, a state's custom view, the scene of a moment.
open class SVRefreshView: UIView {
    /// The scene's kind of control.
    var sceneKind: ComponentKind { .header }
    /// Image views given as states' custom views, by the scene's state name.
    var customViews: [String: UIImageView] = [:]
    /// The spinner whose style the app sets.
    let spinner = UIActivityIndicatorView(style: .gray)

    /// The control drawn in `state` (the scene's name: stopped, triggered, loading), pulled
    /// `percent`, `time` seconds after the state began, as the command line builds it.
    /// - Throws: ``AppCodeError`` for a value that cannot be drawn.
    func describeScene(state: String?, percent: Double?, time: Double) throws -> SceneDescription {
        var description = SceneDescription()
        AppDevice.describe(into: &description)
        description[.library] = .text("svpulltorefresh")
        if sceneKind != .header { description[.kind] = .text(sceneKind.rawValue) }
        try describe(into: &description)
        if let state { description[.state] = .text(state) }
        if let percent { description[.percent] = .number(percent) }
        if time != 0 { description[.time] = .number(time) }
        return description
    }

    /// ``describeScene(state:percent:time:)`` made into the scene the renderer draws.
    /// - Throws: ``AppCodeError``; RefreshGif's errors for a file.
    func makeScene(state: String?, percent: Double?, time: Double) throws -> RefreshScene {
        let description = try describeScene(state: state, percent: percent, time: time)
        for miss in AppResources.takeMisses() { AppWarnings.say(miss) }
        return try description.makeScene()
    }

    /// What the app set, as scene settings.
    func describe(into description: inout SceneDescription) throws {
        StockSpinner.describe(arrow: nil, spinner: spinner, into: &description)
        // Image views as custom views: the custom-view style, each state's frames (the still
        // image, or the frames it animates over its duration).
        var sequences: [String: StateImageSequence] = [:]
        for (state, view) in customViews {
            let frames = view.animationImages ?? view.image.map { [$0] } ?? []
            sequences[state] = StateImageSequence(images: frames, duration: view.animationImages == nil ? 0 : view.animationDuration)
        }
        if !sequences.isEmpty { description[.style] = .text(ComponentStyle.gif.rawValue) }
        try StateImageSequence.describe(sequences, named: { $0 }, into: &description)
    }

    /// A custom view for the scene's states: an image view (its image, or the frames it
    /// animates); another view is refused, naming it.
    func setCustom(_ view: UIView, states: [String], call: String) throws {
        guard let imageView = view as? UIImageView else {
            throw AppCodeError.cannotDraw(
                className: String(describing: type(of: self)), view: String(describing: type(of: view)),
                message: "\(call): a custom view is drawn when it is a UIImageView (its image or animation images)")
        }
        for state in states { customViews[state] = imageView }
    }

    /// The error a custom view could not be taken with, said when the view is drawn.
    var customViewError: AppCodeError?
}

/// The pull-to-refresh view `addPullToRefresh` adds: its title and subtitle per state, its
/// colours, its spinner and its custom views.
open class SVPullToRefreshView: SVRefreshView {
    override var sceneKind: ComponentKind { position == .top ? .header : .backFooter }
    /// Where it sits. // api: SVPullToRefreshView.position
    public internal(set) var position: SVPullToRefreshPosition = .top
    /// Its state. // api: SVPullToRefreshView.state
    public internal(set) var state: SVPullToRefreshState = .stopped
    /// The arrow's colour. // api: SVPullToRefreshView.arrowColor
    open var arrowColor: UIColor?
    /// The title's and subtitle's colour. // api: SVPullToRefreshView.textColor
    open var textColor: UIColor?
    /// The title label. // api: SVPullToRefreshView.titleLabel
    public let titleLabel: UILabel = StockLabel.make(.state)
    /// The subtitle label. // api: SVPullToRefreshView.subtitleLabel
    public let subtitleLabel: UILabel = StockLabel.make(.time)
    /// The spinner's colour. // api: SVPullToRefreshView.activityIndicatorViewColor
    open var activityIndicatorViewColor: UIColor? {
        get { spinner.color }
        set { spinner.color = newValue }
    }
    /// The spinner's style. // api: SVPullToRefreshView.activityIndicatorViewStyle
    open var activityIndicatorViewStyle: UIActivityIndicatorView.Style {
        get { spinner.style }
        set { spinner.style = newValue }
    }
    /// The last refresh, shown on the date line. // api: SVPullToRefreshView.lastUpdatedDate
    open var lastUpdatedDate: Date?
    /// How the date line writes it. // api: SVPullToRefreshView.dateFormatter
    open var dateFormatter: DateFormatter?
    private var titles: [String: String] = [:]
    private var subtitles: [String: String] = [:]

    /// A title for a state (`.all` for every one). // api: SVPullToRefreshView.setTitle:forState:
    open func setTitle(_ title: String, for state: SVPullToRefreshState) {
        for one in state.states { if let name = one.sceneName { titles[name] = title } }
    }

    /// A subtitle for a state. // api: SVPullToRefreshView.setSubtitle:forState:
    open func setSubtitle(_ subtitle: String, for state: SVPullToRefreshState) {
        for one in state.states { if let name = one.sceneName { subtitles[name] = subtitle } }
    }

    /// A view shown instead of the arrow and titles in a state. // api: SVPullToRefreshView.setCustomView:forState:
    open func setCustomView(_ view: UIView, for state: SVPullToRefreshState) {
        do {
            try setCustom(view, states: state.states.compactMap(\.sceneName), call: "setCustomView(_:for:)")
        } catch {
            customViewError = error as? AppCodeError
        }
    }

    /// Starts loading. // api: SVPullToRefreshView.startAnimating
    open func startAnimating() { state = .loading }
    /// Stops. // api: SVPullToRefreshView.stopAnimating
    open func stopAnimating() { state = .stopped }

    override func describe(into description: inout SceneDescription) throws {
        if let customViewError { throw customViewError }
        try super.describe(into: &description)
        if isHidden { description[.hidePullToRefresh] = .flag(true) }
        SpelledProperties.describe(
            StockViews(state: titleLabel, time: subtitleLabel).spelled(
                control: self, pristine: .init(name: "SVPullToRefreshView") { SVPullToRefreshView() }),
            library: SVPullToRefresh().name, into: &description)
        if !titles.isEmpty { description[.titles] = .byState(titles.mapValues { .text($0) }) }
        if !subtitles.isEmpty { description[.subtitles] = .byState(subtitles.mapValues { .text($0) }) }
        if let lastUpdatedDate { description[.lastUpdated] = .text(ISODate.format(lastUpdatedDate)) }
        if let format = dateFormatter?.dateFormat, !format.isEmpty { description[.svDateFormat] = .text(format) }
    }

    /// The scene of the state the view is in, unless another is asked.
    public func sceneDescription(state: SVPullToRefreshState? = nil, percent: Double? = nil, time: Double = 0) throws -> SceneDescription {
        try describeScene(state: (state ?? self.state).sceneName ?? "stopped", percent: percent, time: time)
    }

    /// The view drawn in `state` (the one it is in unless given), pulled `percent`, `time`
    /// seconds after the state began, as the command line draws the same settings.
    public func scene(state: SVPullToRefreshState? = nil, percent: Double? = nil, time: Double = 0) throws -> RefreshScene {
        try makeScene(state: (state ?? self.state).sceneName ?? "stopped", percent: percent, time: time)
    }
}

/// The infinite scrolling view `addInfiniteScrolling` adds: a spinner, or custom views.
open class SVInfiniteScrollingView: SVRefreshView {
    override var sceneKind: ComponentKind { .autoFooter }
    /// Its state (`SVInfiniteScrollingStateStopped`, …). // api: SVInfiniteScrollingView.state
    public internal(set) var state = SVInfiniteScrollingStateStopped
    /// Whether scrolling to the end loads. // api: SVInfiniteScrollingView.enabled
    open var enabled = true
    /// The spinner's style. // api: SVInfiniteScrollingView.activityIndicatorViewStyle
    open var activityIndicatorViewStyle: UIActivityIndicatorView.Style {
        get { spinner.style }
        set { spinner.style = newValue }
    }

    /// A view shown in a state. // api: SVInfiniteScrollingView.setCustomView:forState:
    open func setCustomView(_ view: UIView, for state: UInt) {
        let names = [
            SVInfiniteScrollingStateStopped: ["stopped"], SVInfiniteScrollingStateTriggered: ["triggered"],
            SVInfiniteScrollingStateLoading: ["loading"], SVInfiniteScrollingStateAll: ["stopped", "triggered", "loading"],
        ]
        do {
            try setCustom(view, states: names[Int(state)] ?? [], call: "setCustomView(_:for: \(state))")
        } catch {
            customViewError = error as? AppCodeError
        }
    }

    /// Starts loading. // api: SVInfiniteScrollingView.startAnimating
    open func startAnimating() { state = SVInfiniteScrollingStateLoading }
    /// Stops. // api: SVInfiniteScrollingView.stopAnimating
    open func stopAnimating() { state = SVInfiniteScrollingStateStopped }

    override func describe(into description: inout SceneDescription) throws {
        if let customViewError { throw customViewError }
        try super.describe(into: &description)
        if !enabled { description[.infiniteScrollingDisabled] = .flag(true) }
        if isHidden { description[.hideInfiniteScrolling] = .flag(true) }
        SpelledProperties.describe(
            StockViews().spelled(control: self, pristine: .init(name: "SVInfiniteScrollingView") { SVInfiniteScrollingView() }),
            library: SVPullToRefresh().name, into: &description)
    }

    /// The scene of the state the view is in, unless another is asked.
    public func sceneDescription(state: Int? = nil, percent: Double? = nil, time: Double = 0) throws -> SceneDescription {
        try describeScene(state: Self.sceneName(state ?? self.state), percent: percent, time: time)
    }

    /// The view drawn in `state` (the one it is in unless given).
    public func scene(state: Int? = nil, percent: Double? = nil, time: Double = 0) throws -> RefreshScene {
        try makeScene(state: Self.sceneName(state ?? self.state), percent: percent, time: time)
    }

    private static func sceneName(_ state: Int) -> String {
        [SVInfiniteScrollingStateTriggered: "triggered", SVInfiniteScrollingStateLoading: "loading"][state] ?? "stopped"
    }
}

extension UIScrollView {
    /// Adds a pull-to-refresh view at the top. // api: UIScrollView+SVPullToRefresh.addPullToRefreshWithActionHandler:
    public func addPullToRefresh(actionHandler: @escaping () -> Void) {
        addPullToRefresh(actionHandler: actionHandler, position: .top)
    }

    /// Adds a pull-to-refresh view at the top or the bottom. // api: UIScrollView+SVPullToRefresh.addPullToRefreshWithActionHandler:position:
    public func addPullToRefresh(actionHandler: @escaping () -> Void, position: SVPullToRefreshPosition) {
        let view = SVPullToRefreshView()
        view.position = position
        svPullToRefresh = view
    }

    /// The pull-to-refresh view; nil before one is added. // api: UIScrollView+SVPullToRefresh.pullToRefreshView
    public var pullToRefreshView: SVPullToRefreshView! { svPullToRefresh }

    /// Whether the pull-to-refresh view shows. // api: UIScrollView+SVPullToRefresh.showsPullToRefresh
    public var showsPullToRefresh: Bool {
        get { svPullToRefresh.map { !$0.isHidden } ?? false }
        set { svPullToRefresh?.isHidden = !newValue }
    }

    /// Starts loading, as a pull would. // api: UIScrollView+SVPullToRefresh.triggerPullToRefresh
    public func triggerPullToRefresh() { svPullToRefresh?.startAnimating() }

    /// Adds an infinite scrolling view at the bottom. // api: UIScrollView+SVInfiniteScrolling.addInfiniteScrollingWithActionHandler:
    public func addInfiniteScrolling(actionHandler: @escaping () -> Void) {
        svInfiniteScrolling = SVInfiniteScrollingView()
    }

    /// The infinite scrolling view; nil before one is added. // api: UIScrollView+SVInfiniteScrolling.infiniteScrollingView
    public var infiniteScrollingView: SVInfiniteScrollingView! { svInfiniteScrolling }

    /// Whether the infinite scrolling view shows. // api: UIScrollView+SVInfiniteScrolling.showsInfiniteScrolling
    public var showsInfiniteScrolling: Bool {
        get { svInfiniteScrolling.map { !$0.isHidden } ?? false }
        set { svInfiniteScrolling?.isHidden = !newValue }
    }

    /// Starts loading, as reaching the end would. // api: UIScrollView+SVInfiniteScrolling.triggerInfiniteScrolling
    public func triggerInfiniteScrolling() { svInfiniteScrolling?.startAnimating() }
}
