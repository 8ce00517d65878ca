// MJRefresh's public API as the generated Swift calls it, with the names and signatures of
// MJRefresh 3.7's headers as Swift imports them. Each declaration names the header entry it
// stands for (`api:`); AppCodeProofTests holds those names to docs/coverage-names.txt.
import Foundation

enum MJRefreshState: Int { // api: MJRefreshComponent.state
    case idle = 1, pulling, refreshing, willRefresh, noMoreData

    var sceneName: String {
        switch self {
        case .idle: return "idle"
        case .pulling: return "pulling"
        case .refreshing: return "refreshing"
        case .willRefresh: return "will-refresh"
        case .noMoreData: return "no-more-data"
        }
    }
}

class MJRefreshConfig {
    static let `default` = MJRefreshConfig() // api: MJRefreshConfig.defaultConfig
    var languageCode: String? { didSet { Record.set("language", languageCode ?? "en") } } // api: MJRefreshConfig.languageCode
    var i18nFilename: String? { didSet { Record.set("i18nFilename", i18nFilename ?? "Localizable") } } // api: MJRefreshConfig.i18nFilename
}

class MJRefreshComponent: UIView {
    class var kind: String { "header" }
    class var style: String { "normal" }
    let refreshingBlock: () -> Void // api: MJRefreshComponent.refreshingBlock

    /// `headerWithRefreshingBlock:`, `footerWithRefreshingBlock:`, `trailerWithRefreshingBlock:`.
    required init(refreshingBlock: @escaping () -> Void) { // api: MJRefreshHeader.headerWithRefreshingBlock:
        self.refreshingBlock = refreshingBlock
        super.init()
        Record.set("library", "mjrefresh")
        Record.set("kind", Self.kind)
        Record.set("style", Self.style)
    }

    var fastAnimationDuration: TimeInterval = 0.25 { didSet { Record.set("fastAnimationDuration", fastAnimationDuration) } } // api: MJRefreshComponent.fastAnimationDuration
    var slowAnimationDuration: TimeInterval = 0.4 { didSet { Record.set("slowAnimationDuration", slowAnimationDuration) } } // api: MJRefreshComponent.slowAnimationDuration
    @discardableResult func setAnimationDisabled() -> Self { // api: MJRefreshComponent.setAnimationDisabled
        Record.set("animationDisabled", true)
        return self
    }
    var isAutomaticallyChangeAlpha = false { didSet { Record.set("autoAlpha", isAutomaticallyChangeAlpha) } } // api: MJRefreshComponent.automaticallyChangeAlpha
    var mj_h: CGFloat = 0 { didSet { Record.set("height", mj_h) } } // api: UIView+MJExtension.mj_h

    func label(_ role: String) -> UILabel {
        let label = UILabel()
        label.role = role
        return label
    }

    func recordTitle(_ title: String, _ state: MJRefreshState) -> Self {
        Record.set("titles", state: state.sceneName, title)
        return self
    }

    func recordImages(_ images: [UIImage], _ duration: TimeInterval, _ state: MJRefreshState) -> Self {
        Record.set("images", state: state.sceneName, images.map(\.name))
        Record.set("durations", state: state.sceneName, duration)
        return self
    }

    func arrow() -> UIImageView {
        let view = RecordingArrow(image: nil)
        return view
    }

    func spinner() -> UIActivityIndicatorView { UIActivityIndicatorView() }
}

/// An arrow image view: the image set is the arrow image, a template one tinted.
final class RecordingArrow: UIImageView {
    override var image: UIImage? {
        didSet {
            guard let image else { return }
            Record.set("arrowImage", image.name)
            if image.renderingMode == .alwaysTemplate { Record.set("arrowImageTemplate", true) }
        }
    }
}

class MJRefreshHeader: MJRefreshComponent {
    var ignoredScrollViewContentInsetTop: CGFloat = 0 { didSet { Record.set("ignoredInset", ignoredScrollViewContentInsetTop) } } // api: MJRefreshHeader.ignoredScrollViewContentInsetTop
}

class MJRefreshStateHeader: MJRefreshHeader {
    override class var style: String { "state" }
    private(set) lazy var stateLabel: UILabel? = label("stateLabel") // api: MJRefreshStateHeader.stateLabel
    private(set) lazy var lastUpdatedTimeLabel: UILabel? = label("timeLabel") // api: MJRefreshStateHeader.lastUpdatedTimeLabel
    var labelLeftInset: CGFloat = 25 { didSet { Record.set("labelLeftInset", labelLeftInset) } } // api: MJRefreshStateHeader.labelLeftInset
    var lastUpdatedTimeText: ((Date?) -> String)? { // api: MJRefreshStateHeader.lastUpdatedTimeText
        didSet { if let lastUpdatedTimeText { Record.set("lastUpdatedText", lastUpdatedTimeText(ProofRun.lastUpdated)) } }
    }
    @discardableResult func setTitle(_ title: String, for state: MJRefreshState) -> Self { recordTitle(title, state) } // api: MJRefreshStateHeader.setTitle:forState:
}

class MJRefreshGifHeader: MJRefreshStateHeader {
    override class var style: String { "gif" }
    @discardableResult func setImages(_ images: [UIImage], duration: TimeInterval, for state: MJRefreshState) -> Self { // api: MJRefreshGifHeader.setImages:duration:forState:
        recordImages(images, duration, state)
    }
}

class MJRefreshNormalHeader: MJRefreshStateHeader {
    override class var style: String { "normal" }
    private(set) lazy var arrowView: UIImageView? = arrow() // api: MJRefreshNormalHeader.arrowView
    private(set) lazy var loadingView: UIActivityIndicatorView? = spinner() // api: MJRefreshNormalHeader.loadingView
}

class MJRefreshFooter: MJRefreshComponent {
    var ignoredScrollViewContentInsetBottom: CGFloat = 0 { didSet { Record.set("ignoredInset", ignoredScrollViewContentInsetBottom) } } // api: MJRefreshFooter.ignoredScrollViewContentInsetBottom
}

class MJRefreshAutoFooter: MJRefreshFooter {
    override class var kind: String { "auto-footer" }
    var isAutomaticallyRefresh = true { didSet { Record.set("automaticallyRefreshDisabled", !isAutomaticallyRefresh) } } // api: MJRefreshAutoFooter.automaticallyRefresh
    var triggerAutomaticallyRefreshPercent: CGFloat = 1 {
        didSet { Record.set("triggerAutomaticallyRefreshPercent", triggerAutomaticallyRefreshPercent) }
    } // api: MJRefreshAutoFooter.triggerAutomaticallyRefreshPercent
    var autoTriggerTimes = 1 { didSet { Record.set("autoTriggerTimes", autoTriggerTimes) } } // api: MJRefreshAutoFooter.autoTriggerTimes
}

class MJRefreshAutoStateFooter: MJRefreshAutoFooter {
    override class var style: String { "state" }
    private(set) lazy var stateLabel: UILabel? = label("stateLabel") // api: MJRefreshAutoStateFooter.stateLabel
    var labelLeftInset: CGFloat = 25 { didSet { Record.set("labelLeftInset", labelLeftInset) } } // api: MJRefreshAutoStateFooter.labelLeftInset
    var isRefreshingTitleHidden = false { didSet { Record.set("refreshingTitleHidden", isRefreshingTitleHidden) } } // api: MJRefreshAutoStateFooter.refreshingTitleHidden
    @discardableResult func setTitle(_ title: String, for state: MJRefreshState) -> Self { recordTitle(title, state) } // api: MJRefreshAutoStateFooter.setTitle:forState:
}

class MJRefreshAutoGifFooter: MJRefreshAutoStateFooter {
    override class var style: String { "gif" }
    @discardableResult func setImages(_ images: [UIImage], duration: TimeInterval, for state: MJRefreshState) -> Self { // api: MJRefreshAutoGifFooter.setImages:duration:forState:
        recordImages(images, duration, state)
    }
}

class MJRefreshAutoNormalFooter: MJRefreshAutoStateFooter {
    override class var style: String { "normal" }
    private(set) lazy var loadingView: UIActivityIndicatorView? = spinner() // api: MJRefreshAutoNormalFooter.loadingView
}

class MJRefreshBackFooter: MJRefreshFooter {
    override class var kind: String { "back-footer" }
}

class MJRefreshBackStateFooter: MJRefreshBackFooter {
    override class var style: String { "state" }
    private(set) lazy var stateLabel: UILabel? = label("stateLabel") // api: MJRefreshBackStateFooter.stateLabel
    var labelLeftInset: CGFloat = 25 { didSet { Record.set("labelLeftInset", labelLeftInset) } } // api: MJRefreshBackStateFooter.labelLeftInset
    @discardableResult func setTitle(_ title: String, for state: MJRefreshState) -> Self { recordTitle(title, state) } // api: MJRefreshBackStateFooter.setTitle:forState:
}

class MJRefreshBackGifFooter: MJRefreshBackStateFooter {
    override class var style: String { "gif" }
    @discardableResult func setImages(_ images: [UIImage], duration: TimeInterval, for state: MJRefreshState) -> Self { // api: MJRefreshBackGifFooter.setImages:duration:forState:
        recordImages(images, duration, state)
    }
}

class MJRefreshBackNormalFooter: MJRefreshBackStateFooter {
    override class var style: String { "normal" }
    private(set) lazy var arrowView: UIImageView? = arrow() // api: MJRefreshBackNormalFooter.arrowView
    private(set) lazy var loadingView: UIActivityIndicatorView? = spinner() // api: MJRefreshBackNormalFooter.loadingView
}

class MJRefreshTrailer: MJRefreshComponent {
    override class var kind: String { "trailer" }
    var ignoredScrollViewContentInsetRight: CGFloat = 0 { didSet { Record.set("ignoredInset", ignoredScrollViewContentInsetRight) } } // api: MJRefreshTrailer.ignoredScrollViewContentInsetRight
}

class MJRefreshStateTrailer: MJRefreshTrailer {
    override class var style: String { "state" }
    private(set) lazy var stateLabel: UILabel? = label("stateLabel") // api: MJRefreshStateTrailer.stateLabel
    @discardableResult func setTitle(_ title: String, for state: MJRefreshState) -> Self { recordTitle(title, state) } // api: MJRefreshStateTrailer.setTitle:forState:
}

class MJRefreshNormalTrailer: MJRefreshStateTrailer {
    override class var style: String { "normal" }
    private(set) lazy var arrowView: UIImageView? = arrow() // api: MJRefreshNormalTrailer.arrowView
}

extension UIScrollView {
    var mj_header: MJRefreshHeader? { // api: UIScrollView+MJRefresh.mj_header
        get { nil }
        set { Record.set("installed", "mj_header") }
    }
    var mj_footer: MJRefreshFooter? { // api: UIScrollView+MJRefresh.mj_footer
        get { nil }
        set { Record.set("installed", "mj_footer") }
    }
    var mj_trailer: MJRefreshTrailer? { // api: UIScrollView+MJRefresh.mj_trailer
        get { nil }
        set { Record.set("installed", "mj_trailer") }
    }
}
