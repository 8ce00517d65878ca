// swift-format-ignore-file: AlwaysUseLowerCamelCase

import RefreshGif

// ZJPullToRefresh's public API on Linux, by the names and labels of its sources in today's
// Swift (they are Swift 2): an animator made and given to `zj_addRefreshHeader` or
// `zj_addRefreshFooter`, drawn as the scene of the same settings (docs/app-code.md,
// "ZJRefresh"). Each declaration names its source entry (`api:`).

/// The refresh view's states. // api: RefreshViewDelegate.refreshDidChangeState
public enum RefreshViewState: Sendable, CaseIterable {
    case loading, normal, pullToRefresh, releaseToFresh

    /// The scene's name of the state.
    var sceneName: String {
        switch self {
        case .loading: return "loading"
        case .normal: return "normal"
        case .pullToRefresh: return "pull-to-refresh"
        case .releaseToFresh: return "release-to-refresh"
        }
    }
}

/// Whether an animator serves a header or a footer.
public enum RefreshViewType: Sendable {
    case header, footer
}

/// What ZJRefresh's two animators share: the kind they were added as, their descriptions per
/// state and the last-refresh line, drawn as the scene of the same settings.
open class ZJAnimatorView: UIView {
    /// The source's own descriptions (header): only the app's differing ones are settings.
    static let ownDescriptions: [RefreshViewState: String] = [
        .loading: "加载数据中...", .normal: "正常状态", .pullToRefresh: "继续下拉刷新", .releaseToFresh: "松开手刷新",
    ]
    /// The scene's style.
    var sceneStyle: ComponentStyle { .normal }
    /// The kind it was added as.
    var kind: RefreshViewType = .header
    /// Whether it hides itself at rest. // api: GifAnimator.isAutomaticlyHidden
    open var isAutomaticlyHidden = false
    private var describing: ((RefreshViewState, RefreshViewType) -> String)?
    private var lastTime: ((Date) -> String)?
    /// The state label and the last-refresh label, as their roles.
    var labels: (state: UILabel, time: UILabel) { (UILabel(), UILabel()) }

    /// The text of each state. // api: GifAnimator.setupDescriptionForState
    open func setupDescriptionForState(closure: @escaping (RefreshViewState, RefreshViewType) -> String) { describing = closure }

    /// The last-refresh line from its date. // api: GifAnimator.setupLastFreshTime
    open func setupLastFreshTime(closure: @escaping (Date) -> String) { lastTime = closure }

    /// The animator drawn in `state`, pulled `percent`, `time` seconds after the state began,
    /// as the command line builds the same settings.
    /// - Throws: ``AppCodeError`` for a value that cannot be drawn.
    public func sceneDescription(state: RefreshViewState = .normal, percent: Double? = nil, time: Double = 0) throws -> SceneDescription {
        var description = SceneDescription()
        AppDevice.describe(into: &description)
        description[.library] = .text("zjrefresh")
        if kind == .footer { description[.kind] = .text(ComponentKind.backFooter.rawValue) }
        description[.style] = .text(sceneStyle.rawValue)
        try describe(into: &description)
        description[.state] = .text(state.sceneName)
        if let percent { description[.percent] = .number(percent) }
        if time != 0 { description[.time] = .number(time) }
        return description
    }

    /// ``sceneDescription(state:percent:time:)`` made into the scene the renderer draws.
    /// - Throws: ``AppCodeError``; RefreshGif's errors for a file.
    public func scene(state: RefreshViewState = .normal, percent: Double? = nil, time: Double = 0) throws -> RefreshScene {
        let description = try sceneDescription(state: state, percent: percent, time: time)
        for miss in AppResources.takeMisses() { AppWarnings.say(miss) }
        return try description.makeScene()
    }

    func describe(into description: inout SceneDescription) throws {
        if isAutomaticlyHidden { description[.automaticallyHidden] = .flag(true) }
        if isHidden { description[.hidden] = .flag(true) }
        if let describing {
            var titles: [String: SceneValue] = [:]
            for state in RefreshViewState.allCases {
                let text = describing(state, kind)
                if text != Self.ownDescriptions[state] { titles[state.sceneName] = .text(text) }
            }
            if !titles.isEmpty { description[.titles] = .byState(titles) }
        }
        // The line the closure writes for the last refresh; never refreshed, ZJRefresh says so itself.
        if let lastTime, let date = AppDevice.lastUpdated { description[.lastRefreshText] = .text(lastTime(date)) }
        SpelledProperties.describe(
            StockViews(state: labels.state, time: labels.time).spelled(control: self), library: ZJRefresh().name, into: &description)
    }
}

/// The animator of images per state.
open class GifAnimator: ZJAnimatorView {
    override var sceneStyle: ComponentStyle { .gif }
    private var height: CGFloat = 100
    private var images: ((RefreshViewState) -> (images: [UIImage], duration: Double)?)?
    /// The space around the images. // api: GifAnimator.imageMagin
    open var imageMagin: CGFloat = 15
    /// The state label. (its source's outlet)
    public let descriptionLabel: UILabel = StockLabel.make(.state)
    /// The last-refresh label. (its source's outlet)
    public let lastTimeLabel: UILabel = StockLabel.make(.time)
    override var labels: (state: UILabel, time: UILabel) { (descriptionLabel, lastTimeLabel) }

    /// An animator `height` points tall. // api: GifAnimator.gifAnimatorWithHeight
    open class func gifAnimatorWithHeight(height: CGFloat) -> GifAnimator {
        let animator = GifAnimator()
        animator.height = height
        return animator
    }

    /// The images and duration of each state (nil keeps the state's own). // api: GifAnimator.setupImagesForRefreshstate
    open func setupImagesForRefreshstate(closure: ((RefreshViewState) -> (images: [UIImage], duration: Double)?)?) { images = closure }

    override func describe(into description: inout SceneDescription) throws {
        try super.describe(into: &description)
        if height != 100 { description[.height] = .number(Double(height)) }
        if imageMagin != 15 { description[.imageMargin] = .number(Double(imageMagin)) }
        guard let images else { return }
        var sequences: [RefreshViewState: StateImageSequence] = [:]
        for state in [RefreshViewState.normal, .releaseToFresh, .loading] {
            if let answer = images(state) { sequences[state] = StateImageSequence(images: answer.images, duration: answer.duration) }
        }
        try StateImageSequence.describe(sequences, named: \.sceneName, into: &description)
    }
}

/// The animator with the arrow and the spinner.
open class NormalAnimator: ZJAnimatorView {
    /// The state label, spelled as the source's nib outlet. (its source's outlet)
    public let descroptionLabel: UILabel = StockLabel.make(.state)
    /// The last-refresh label. (its source's outlet)
    public let lastTimelabel: UILabel = StockLabel.make(.time)
    override var labels: (state: UILabel, time: UILabel) { (descroptionLabel, lastTimelabel) }

    /// The animator. // api: NormalAnimator.normalAnimator
    open class func normalAnimator() -> NormalAnimator { NormalAnimator() }
}

extension UIScrollView {
    /// Adds `headerAnimator` as the header. // api: UIScrollView.zj_addRefreshHeader
    public func zj_addRefreshHeader<Animator: ZJAnimatorView>(headerAnimator: Animator, refreshHandler: @escaping () -> Void) {
        headerAnimator.kind = .header
        addSubview(headerAnimator)
    }

    /// Adds `footerAnimator` as the footer. // api: UIScrollView.zj_addRefreshFooter
    public func zj_addRefreshFooter<Animator: ZJAnimatorView>(footerAnimator: Animator, refreshHandler: @escaping () -> Void) {
        footerAnimator.kind = .footer
        addSubview(footerAnimator)
    }
}
