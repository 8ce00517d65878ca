// swift-format-ignore-file: AlwaysUseLowerCamelCase

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

extension Bundle {
    // api: NSBundle+MJRefresh.mj_localizedStringForKey:
    static func mj_localizedString(forKey key: String) -> String {
        ["MJRefreshHeaderLastTimeText": "Last update: ", "MJRefreshHeaderNoneLastDateText": "No record"][key] ?? key
    }
}

class MJRefreshConfig {
    static let `default` = MJRefreshConfig() // api: MJRefreshConfig.defaultConfig
    // api: MJRefreshConfig.languageCode
    var languageCode: String? {
        didSet {
            Record.set("language", languageCode ?? "en")
            Record.set("forceLanguage", languageCode != nil)
        }
    }
    // api: MJRefreshConfig.i18nFilename
    var i18nFilename: String? { didSet { Record.set("i18nFilename", i18nFilename ?? "Localizable") } }
    // api: MJRefreshConfig.i18nBundle
    var i18nBundle: Bundle? { didSet { Record.set("i18nBundle", "@strings") } }
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

    // api: MJRefreshComponent.fastAnimationDuration
    var fastAnimationDuration: TimeInterval = 0.25 { didSet { Record.set("fastAnimationDuration", fastAnimationDuration) } }
    // api: MJRefreshComponent.slowAnimationDuration
    var slowAnimationDuration: TimeInterval = 0.4 { didSet { Record.set("slowAnimationDuration", slowAnimationDuration) } }
    @discardableResult func setAnimationDisabled() -> Self { // api: MJRefreshComponent.setAnimationDisabled
        Record.set("animationDisabled", true)
        return self
    }
    // api: MJRefreshComponent.automaticallyChangeAlpha
    var isAutomaticallyChangeAlpha = false { didSet { Record.set("autoAlpha", isAutomaticallyChangeAlpha) } }
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
    // api: MJRefreshHeader.ignoredScrollViewContentInsetTop
    var ignoredScrollViewContentInsetTop: CGFloat = 0 { didSet { Record.set("ignoredInset", ignoredScrollViewContentInsetTop) } }
}

class MJRefreshStateHeader: MJRefreshHeader {
    override class var style: String { "state" }
    private(set) lazy var stateLabel: UILabel? = label("stateLabel") // api: MJRefreshStateHeader.stateLabel
    // api: MJRefreshStateHeader.lastUpdatedTimeLabel
    private(set) lazy var lastUpdatedTimeLabel: UILabel? = label("timeLabel")
    // api: MJRefreshStateHeader.labelLeftInset
    var labelLeftInset: CGFloat = 25 { didSet { Record.set("labelLeftInset", labelLeftInset) } }
    var lastUpdatedTimeText: ((Date?) -> String)? { // api: MJRefreshStateHeader.lastUpdatedTimeText
        didSet { if let lastUpdatedTimeText { Record.set("lastUpdatedText", lastUpdatedTimeText(ProofRun.lastUpdated)) } }
    }
    // api: MJRefreshStateHeader.setTitle:forState:
    @discardableResult func setTitle(_ title: String, for state: MJRefreshState) -> Self { recordTitle(title, state) }
}

class MJRefreshGifHeader: MJRefreshStateHeader {
    override class var style: String { "gif" }
    // api: MJRefreshGifHeader.setImages:duration:forState:
    @discardableResult func setImages(_ images: [UIImage], duration: TimeInterval, for state: MJRefreshState) -> Self {
        recordImages(images, duration, state)
    }
}

class MJRefreshNormalHeader: MJRefreshStateHeader {
    override class var style: String { "normal" }
    private(set) lazy var arrowView: UIImageView? = arrow() // api: MJRefreshNormalHeader.arrowView
    private(set) lazy var loadingView: UIActivityIndicatorView? = spinner() // api: MJRefreshNormalHeader.loadingView
}

class MJRefreshFooter: MJRefreshComponent {
    // api: MJRefreshFooter.ignoredScrollViewContentInsetBottom
    var ignoredScrollViewContentInsetBottom: CGFloat = 0 { didSet { Record.set("ignoredInset", ignoredScrollViewContentInsetBottom) } }
}

class MJRefreshAutoFooter: MJRefreshFooter {
    override class var kind: String { "auto-footer" }
    // api: MJRefreshAutoFooter.automaticallyRefresh
    var isAutomaticallyRefresh = true { didSet { Record.set("automaticallyRefreshDisabled", !isAutomaticallyRefresh) } }
    var triggerAutomaticallyRefreshPercent: CGFloat = 1 {
        didSet { Record.set("triggerAutomaticallyRefreshPercent", triggerAutomaticallyRefreshPercent) }
    } // api: MJRefreshAutoFooter.triggerAutomaticallyRefreshPercent
    // api: MJRefreshAutoFooter.autoTriggerTimes
    var autoTriggerTimes = 1 { didSet { Record.set("autoTriggerTimes", autoTriggerTimes) } }
}

class MJRefreshAutoStateFooter: MJRefreshAutoFooter {
    override class var style: String { "state" }
    private(set) lazy var stateLabel: UILabel? = label("stateLabel") // api: MJRefreshAutoStateFooter.stateLabel
    // api: MJRefreshAutoStateFooter.labelLeftInset
    var labelLeftInset: CGFloat = 25 { didSet { Record.set("labelLeftInset", labelLeftInset) } }
    // api: MJRefreshAutoStateFooter.refreshingTitleHidden
    var isRefreshingTitleHidden = false { didSet { Record.set("refreshingTitleHidden", isRefreshingTitleHidden) } }
    // api: MJRefreshAutoStateFooter.setTitle:forState:
    @discardableResult func setTitle(_ title: String, for state: MJRefreshState) -> Self { recordTitle(title, state) }
}

class MJRefreshAutoGifFooter: MJRefreshAutoStateFooter {
    override class var style: String { "gif" }
    // api: MJRefreshAutoGifFooter.setImages:duration:forState:
    @discardableResult func setImages(_ images: [UIImage], duration: TimeInterval, for state: MJRefreshState) -> Self {
        recordImages(images, duration, state)
    }
}

class MJRefreshAutoNormalFooter: MJRefreshAutoStateFooter {
    override class var style: String { "normal" }
    // api: MJRefreshAutoNormalFooter.loadingView
    private(set) lazy var loadingView: UIActivityIndicatorView? = spinner()
}

class MJRefreshBackFooter: MJRefreshFooter {
    override class var kind: String { "back-footer" }
}

class MJRefreshBackStateFooter: MJRefreshBackFooter {
    override class var style: String { "state" }
    private(set) lazy var stateLabel: UILabel? = label("stateLabel") // api: MJRefreshBackStateFooter.stateLabel
    // api: MJRefreshBackStateFooter.labelLeftInset
    var labelLeftInset: CGFloat = 25 { didSet { Record.set("labelLeftInset", labelLeftInset) } }
    // api: MJRefreshBackStateFooter.setTitle:forState:
    @discardableResult func setTitle(_ title: String, for state: MJRefreshState) -> Self { recordTitle(title, state) }
}

class MJRefreshBackGifFooter: MJRefreshBackStateFooter {
    override class var style: String { "gif" }
    // api: MJRefreshBackGifFooter.setImages:duration:forState:
    @discardableResult func setImages(_ images: [UIImage], duration: TimeInterval, for state: MJRefreshState) -> Self {
        recordImages(images, duration, state)
    }
}

class MJRefreshBackNormalFooter: MJRefreshBackStateFooter {
    override class var style: String { "normal" }
    private(set) lazy var arrowView: UIImageView? = arrow() // api: MJRefreshBackNormalFooter.arrowView
    // api: MJRefreshBackNormalFooter.loadingView
    private(set) lazy var loadingView: UIActivityIndicatorView? = spinner()
}

class MJRefreshTrailer: MJRefreshComponent {
    override class var kind: String { "trailer" }
    // api: MJRefreshTrailer.ignoredScrollViewContentInsetRight
    var ignoredScrollViewContentInsetRight: CGFloat = 0 { didSet { Record.set("ignoredInset", ignoredScrollViewContentInsetRight) } }
}

class MJRefreshStateTrailer: MJRefreshTrailer {
    override class var style: String { "state" }
    private(set) lazy var stateLabel: UILabel? = label("stateLabel") // api: MJRefreshStateTrailer.stateLabel
    // api: MJRefreshStateTrailer.setTitle:forState:
    @discardableResult func setTitle(_ title: String, for state: MJRefreshState) -> Self { recordTitle(title, state) }
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
