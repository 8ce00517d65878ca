// swift-format-ignore-file: AlwaysUseLowerCamelCase

import RefreshGif
internal import RefreshModel

// MJRefresh 3.7's public API as Swift imports its headers, on Linux: app code that configures
// refresh controls compiles against it unchanged, and the control it configures is drawn by
// RefreshGif as the scene the command line would build (docs/app-code.md). Each declaration
// names the header entry it stands for (`api:`), held to docs/coverage-names.txt.

/// The block a control calls: when it starts refreshing, after it began or ended.
public typealias MJRefreshComponentAction = () -> Void
/// The refreshing block's former name.
@available(*, deprecated, message: "first deprecated in 3.3.0 - Use `MJRefreshComponentAction` instead")
public typealias MJRefreshComponentRefreshingBlock = () -> Void
/// The begin-refreshing completion's former name.
@available(*, deprecated, message: "first deprecated in 3.3.0 - Use `MJRefreshComponentAction` instead")
public typealias MJRefreshComponentBeginRefreshingCompletionBlock = () -> Void
/// The end-refreshing completion's former name.
@available(*, deprecated, message: "first deprecated in 3.3.0 - Use `MJRefreshComponentAction` instead")
public typealias MJRefreshComponentEndRefreshingCompletionBlock = () -> Void

/// A control's state. // api: MJRefreshComponent.state
public enum MJRefreshState: Int, Sendable, CaseIterable {
    case idle = 1, pulling, refreshing, willRefresh, noMoreData

    /// The model's state it is.
    var refreshState: RefreshState {
        switch self {
        case .idle: return .idle
        case .pulling: return .pulling
        case .refreshing: return .refreshing
        case .willRefresh: return .willRefresh
        case .noMoreData: return .noMoreData
        }
    }

    /// The scene's name for it: the model's state's own.
    var sceneName: String { refreshState.rawValue }
}

/// MJRefresh's global configuration.
public final class MJRefreshConfig: @unchecked Sendable {
    /// The one configuration. // api: MJRefreshConfig.defaultConfig
    public static let `default` = MJRefreshConfig()
    private let lock = NSLock()
    private var _languageCode: String?
    private var _i18nFilename: String?
    private var _i18nBundle: Bundle?

    /// The language every user sees; nil leaves the device's. // api: MJRefreshConfig.languageCode
    public var languageCode: String? {
        get { lock.withLock { _languageCode } }
        set { lock.withLock { _languageCode = newValue } }
    }
    /// The strings table read from the app's bundle. // api: MJRefreshConfig.i18nFilename
    public var i18nFilename: String? {
        get { lock.withLock { _i18nFilename } }
        set { lock.withLock { _i18nFilename = newValue } }
    }
    /// The bundle the app's strings are in; nil or `Bundle.main` for the main bundle (the app's resource
    /// folders here). // api: MJRefreshConfig.i18nBundle
    public var i18nBundle: Bundle? {
        get { lock.withLock { _i18nBundle } }
        set { lock.withLock { _i18nBundle = newValue } }
    }

    /// Back to MJRefresh's defaults (tests call it between cases).
    public func reset() {
        lock.withLock {
            _languageCode = nil
            _i18nFilename = nil
            _i18nBundle = nil
        }
    }

    /// The configuration as scene settings.
    func describe(into description: inout SceneDescription) {
        if let code = languageCode {
            description[.language] = .text(code)
            description[.forceLanguage] = .flag(true)
        }
        if let table = i18nFilename { description[.i18nFilename] = .text(table) }
        if let bundle = i18nBundle, bundle !== Bundle.main {
            description[.i18nBundle] = .text(bundle.bundlePath)
        } else if let folder = Self.appStringsFolder(table: i18nFilename ?? "Localizable") {
            // The main bundle: the app's resource folder that holds the table's .lproj folders.
            description[.i18nBundle] = .text(folder)
        }
    }

    /// The first resource folder holding `TABLE.strings` in an `.lproj` folder.
    static func appStringsFolder(table: String) -> String? {
        // From the folders' listing, made once: FOLDER/LANGUAGE.lproj/TABLE.strings.
        let tables = AppResources.files { $0.hasSuffix(".lproj/" + table + ".strings") }
        return AppResources.folders.first { folder in
            tables.contains { file in
                let lproj = URL(fileURLWithPath: file).deletingLastPathComponent()
                return lproj.deletingLastPathComponent().path == URL(fileURLWithPath: folder).path
            }
        }
    }
}

extension Bundle {
    /// MJRefresh's arrow (its bundle's `arrow@2x.png`): an image view showing it is drawn as the
    /// library draws its arrow, tinted by the view's `tintColor`. // api: NSBundle+MJRefresh.mj_arrowImage
    public static func mj_arrowImage() -> UIImage { UIImage.libraryArrow }

    /// MJRefresh's own word for `key` in the device's language (or the forced one), the
    /// app's table first. // api: NSBundle+MJRefresh.mj_localizedStringForKey:
    public static func mj_localizedString(forKey key: String) -> String {
        mj_localizedString(forKey: key, value: nil)
    }

    /// ``mj_localizedString(forKey:)``, `value` when neither table has the key.
    /// // api: NSBundle+MJRefresh.mj_localizedStringForKey:value:
    public static func mj_localizedString(forKey key: String, value: String?) -> String {
        var description = SceneDescription()
        AppDevice.describe(into: &description)
        MJRefreshConfig.default.describe(into: &description)
        let language: String
        if case let .text(tag)? = description[.language] { language = tag } else { language = "en" }
        // The app's table first, in the language drawn, as MJRefresh looks it up.
        if case let .text(bundle)? = description[.i18nBundle], let tag = try? LanguageTag(language) {
            let table: String
            if case let .text(name)? = description[.i18nFilename] { table = name } else { table = "Localizable" }
            if let value = (try? StringsTable.load(bundle, table: table, language: tag))?[key] { return value }
        }
        let word = key.hasPrefix("MJRefresh") ? String(key.dropFirst("MJRefresh".count)) : key
        guard let found = MJRefreshTitles.Key(rawValue: word) else { return value ?? key }
        return MJRefreshTitles.string(found, TitleLanguage(tag: language))
    }
}

/// The base of every MJRefresh control: its block, animation durations, alpha change.
open class MJRefreshComponent: UIView {
    /// The kind of control the class is.
    open class var sceneKind: ComponentKind { .header }
    /// The style it draws in; nil for a base class an app subclasses (drawn by its views).
    open class var sceneStyle: ComponentStyle? { nil }

    /// Called when the control starts refreshing. // api: MJRefreshComponent.refreshingBlock
    open var refreshingBlock: MJRefreshComponentAction?
    /// The object the refreshing action is sent to (kept; never called here). // api: MJRefreshComponent.refreshingTarget
    open weak var refreshingTarget: AnyObject!
    /// The action sent when refreshing starts (kept; never called here). // api: MJRefreshComponent.refreshingAction
    open var refreshingAction: Selector!
    /// Called once refreshing has begun. // api: MJRefreshComponent.beginRefreshingCompletionBlock
    open var beginRefreshingCompletionBlock: MJRefreshComponentAction?
    /// Called when the end-refreshing animation begins. // api: MJRefreshComponent.endRefreshingAnimateCompletionBlock
    @available(*, deprecated, message: "first deprecated in 3.3.0 - Use `endRefreshingAnimationBeginAction` instead")
    open var endRefreshingAnimateCompletionBlock: MJRefreshComponentAction?
    /// Called when the end-refreshing animation begins. // api: MJRefreshComponent.endRefreshingAnimationBeginAction
    open var endRefreshingAnimationBeginAction: MJRefreshComponentAction?
    /// Called once refreshing has ended. // api: MJRefreshComponent.endRefreshingCompletionBlock
    open var endRefreshingCompletionBlock: MJRefreshComponentAction?
    /// The state. Unset (none of the named states) until `init(frame:)` has run `prepare()`,
    /// then Idle, as on the phone: an override's `didSet` sees the first Idle. Here the unset
    /// state reads as No More Data, the one state a fresh control never starts in.
    /// // api: MJRefreshComponent.state
    open var state: MJRefreshState = .noMoreData {
        didSet { if state != oldValue { stateBegan = MediaClock.now } }
    }
    /// The scroll view's inset when the control was put on it. // api: MJRefreshComponent.scrollViewOriginalInset
    open private(set) var scrollViewOriginalInset: UIEdgeInsets = .zero
    /// The scroll view the control is on. // api: MJRefreshComponent.scrollView
    open var scrollView: UIScrollView! { superview as? UIScrollView }
    /// When the state began, on the media clock (``CACurrentMediaTime()``).
    var stateBegan = MediaClock.now
    /// How far it is pulled. // api: MJRefreshComponent.pullingPercent
    open var pullingPercent: CGFloat = 0
    // api: MJRefreshComponent.fastAnimationDuration
    open var fastAnimationDuration: TimeInterval = Double(MJRefreshTransition.fast) / 1e6 { didSet { given.insert("fast") } }
    // api: MJRefreshComponent.slowAnimationDuration
    open var slowAnimationDuration: TimeInterval = Double(MJRefreshTransition.slow) / 1e6 { didSet { given.insert("slow") } }
    var animationDisabled = false
    // api: MJRefreshComponent.automaticallyChangeAlpha
    open var isAutomaticallyChangeAlpha = false
    // api: MJRefreshComponent.autoChangeAlpha
    @available(*, deprecated, message: "请使用automaticallyChangeAlpha属性")
    open var isAutoChangeAlpha: Bool {
        get { isAutomaticallyChangeAlpha }
        set { isAutomaticallyChangeAlpha = newValue }
    }
    /// What the app set (so a default is left to the library, as the scene leaves it).
    var given: Set<String> = []
    /// Titles by state (``MJRefreshTitled``) and images by state (``MJRefreshAnimated``), where
    /// the class has them.
    var titles: [MJRefreshState: String] = [:]
    var sequences: [MJRefreshState: StateImageSequence] = [:]
    /// The stock views the class has (its labels, arrow and spinner); none for a bare class.
    var stockViews: StockViews { StockViews() }

    /// A control, as `initWithFrame:` makes it: the height MJRefresh's `prepare` gives the kind
    /// (54 pt a header, 44 a footer; a trailer's is its scroll view's), which an app's code
    /// reads back as `mj_h` — the library's, not one the app set — then the class's own
    /// `prepare()`, then the state Idle (an override of `state` sees it).
    /// - Parameter frame: the control's frame; its height is the kind's.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        self.frame.size.height = CGFloat(Self.sceneKind.baseHeight)
        prepare()
        becomeIdle()
    }

    /// The first Idle, set through the dynamically dispatched setter: in the initialiser itself
    /// the store would be direct, and an app's override of `state` would never see it.
    private func becomeIdle() { state = .idle }

    /// Controls are made in code here, never from an archive: nil.
    /// - Parameter coder: an archive.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// A control calling `refreshingBlock` when it starts refreshing: MJRefresh's
    /// `headerWithRefreshingBlock:`, `footerWithRefreshingBlock:` and
    /// `trailerWithRefreshingBlock:`, which every subclass inherits.
    /// // api: MJRefreshHeader.headerWithRefreshingBlock:
    /// // api: MJRefreshFooter.footerWithRefreshingBlock:
    /// // api: MJRefreshTrailer.trailerWithRefreshingBlock:
    /// - Parameter refreshingBlock: called when refreshing starts.
    public convenience init(refreshingBlock: @escaping MJRefreshComponentAction) {
        self.init(frame: .zero)
        self.refreshingBlock = refreshingBlock
    }

    /// A control sending `action` to `target` when it starts refreshing (kept; never sent here).
    /// // api: MJRefreshHeader.headerWithRefreshingTarget:refreshingAction:
    /// // api: MJRefreshFooter.footerWithRefreshingTarget:refreshingAction:
    /// // api: MJRefreshTrailer.trailerWithRefreshingTarget:refreshingAction:
    /// - Parameters:
    ///   - target: the object the action is sent to.
    ///   - action: the action.
    public convenience init(refreshingTarget target: Any, refreshingAction action: Selector) {
        self.init(frame: .zero)
        setRefreshingTarget(target, refreshingAction: action)
    }

    /// Sets the object and action called when refreshing starts (kept; never called here).
    /// // api: MJRefreshComponent.setRefreshingTarget:refreshingAction:
    open func setRefreshingTarget(_ target: Any, refreshingAction action: Selector) {
        refreshingTarget = target as AnyObject
        refreshingAction = action
    }

    /// Calls the refreshing block. // api: MJRefreshComponent.executeRefreshingCallback
    open func executeRefreshingCallback() { refreshingBlock?() }

    /// Sets up the subviews (an app's subclass adds its own here). // api: MJRefreshComponent.prepare
    open func prepare() {}
    /// Places the subviews. // api: MJRefreshComponent.placeSubviews
    open func placeSubviews() {}
    /// The scroll view moved (the change dictionary as Swift imports `NSDictionary *`).
    /// // api: MJRefreshComponent.scrollViewContentOffsetDidChange:
    open func scrollViewContentOffsetDidChange(_ change: [AnyHashable: Any]?) {}
    /// The scroll view's content size changed. // api: MJRefreshComponent.scrollViewContentSizeDidChange:
    open func scrollViewContentSizeDidChange(_ change: [AnyHashable: Any]?) {}
    /// The pan gesture's state changed. // api: MJRefreshComponent.scrollViewPanStateDidChange:
    open func scrollViewPanStateDidChange(_ change: [AnyHashable: Any]?) {}
    /// The language changed: the words are read again when drawn. // api: MJRefreshComponent.i18nDidChange
    open func i18nDidChange() {}

    open override var mj_h: CGFloat { didSet { given.insert("height") } }

    /// Both durations 0. // api: MJRefreshComponent.setAnimationDisabled
    @discardableResult open func setAnimationDisabled() -> Self {
        animationDisabled = true
        return self
    }

    /// `automaticallyChangeAlpha`, chained. // api: MJRefreshComponent+ChainingGrammar.autoChangeTransparency:
    @discardableResult open func autoChangeTransparency(_ isAutoChange: Bool) -> Self {
        isAutomaticallyChangeAlpha = isAutoChange
        return self
    }

    /// `beginRefreshingCompletionBlock`, chained. // api: MJRefreshComponent+ChainingGrammar.afterBeginningAction:
    @discardableResult open func afterBeginningAction(_ action: @escaping MJRefreshComponentAction) -> Self {
        beginRefreshingCompletionBlock = action
        return self
    }

    /// `endRefreshingAnimationBeginAction`, chained. // api: MJRefreshComponent+ChainingGrammar.endingAnimationBeginningAction:
    @discardableResult open func endingAnimationBeginningAction(_ action: @escaping MJRefreshComponentAction) -> Self {
        endRefreshingAnimationBeginAction = action
        return self
    }

    /// `endRefreshingCompletionBlock`, chained. // api: MJRefreshComponent+ChainingGrammar.afterEndingAction:
    @discardableResult open func afterEndingAction(_ action: @escaping MJRefreshComponentAction) -> Self {
        endRefreshingCompletionBlock = action
        return self
    }

    /// Puts the control on `scrollView` as its header, footer or trailer. // api: MJRefreshComponent+ChainingGrammar.linkTo:
    @discardableResult open func link(to scrollView: UIScrollView) -> Self {
        switch Self.sceneKind {
        case .header: scrollView.mj_header = self as? MJRefreshHeader
        case .trailer: scrollView.mj_trailer = self as? MJRefreshTrailer
        default: scrollView.mj_footer = self as? MJRefreshFooter
        }
        return self
    }

    /// Starts refreshing. // api: MJRefreshComponent.beginRefreshing
    open func beginRefreshing() { state = .refreshing }
    /// Starts refreshing; `completionBlock` is kept as the begin completion.
    /// // api: MJRefreshComponent.beginRefreshingWithCompletionBlock:
    open func beginRefreshing(completionBlock: @escaping () -> Void) {
        beginRefreshingCompletionBlock = completionBlock
        beginRefreshing()
    }
    /// Ends refreshing. // api: MJRefreshComponent.endRefreshing
    open func endRefreshing() { state = .idle }
    /// Ends refreshing; `completionBlock` is kept as the end completion.
    /// // api: MJRefreshComponent.endRefreshingWithCompletionBlock:
    open func endRefreshing(completionBlock: @escaping () -> Void) {
        endRefreshingCompletionBlock = completionBlock
        endRefreshing()
    }
    /// True while refreshing. // api: MJRefreshComponent.refreshing
    open var isRefreshing: Bool { state == .refreshing || state == .willRefresh }

    /// The turn MJRefresh gives its arrow in this state (radians): an arrow layer turned so is
    /// drawn as the library's arrow in that state.
    private var arrowTurn: Double? {
        ArrowShape.angle(kind: Self.sceneKind == .trailer ? .header : Self.sceneKind, state: state.refreshState)
    }

    /// What the app set on the control, as scene settings (each class adds its own).
    open func describe(into description: inout SceneDescription) throws {
        // The kind a scene has by default (a header) is left to it, as the command line leaves it.
        if Self.sceneKind != RefreshScene().kind { description[.kind] = .text(Self.sceneKind.rawValue) }
        if var style = Self.sceneStyle {
            // A GIF class whose images were never set (or came to no frame: every name
            // misspelt) draws no picture on the phone, only its labels: the State style's
            // look, never RefreshGif's built-in animation.
            if style == .gif, sequences.values.allSatisfy({ $0.images.isEmpty }) { style = .state }
            description[.style] = .text(style.rawValue)
            // Views and layers the app added to a stock class are drawn over what the class
            // draws, as a scene's layers are (its own labels, arrow and spinner are not subviews).
            description.layers = try ViewLayers.layers(of: self, className: String(describing: type(of: self)), arrowTurn: arrowTurn)
        } else {
            // A subclass of a bare class draws the views the app's own code put in it, read
            // at this moment (docs/app-code.md, "Your own subclass"): the State style with its
            // labels hidden under them, as MJRefresh's base classes draw no label.
            description[.style] = .text(ComponentStyle.state.rawValue)
            description[.hideLabels] = .flag(true)
            description.layers = try ViewLayers.layers(of: self, className: String(describing: type(of: self)), arrowTurn: arrowTurn)
            guard !description.layers.isEmpty else {
                throw AppCodeError.cannotDraw(
                    className: String(describing: type(of: self)), view: "the control",
                    message: "a bare base class with no subview to draw: add views in prepare(), or use a stock class")
            }
        }
        if given.contains("fast") { description[.fastAnimationDuration] = .number(fastAnimationDuration) }
        if given.contains("slow") { description[.slowAnimationDuration] = .number(slowAnimationDuration) }
        if animationDisabled { description[.animationDisabled] = .flag(true) }
        if isAutomaticallyChangeAlpha { description[.autoAlpha] = .flag(true) }
        if given.contains("height") { description[.height] = .number(Double(mj_h)) }
        if isHidden { description[.hidden] = .flag(true) }
        // The stock views the class has: its labels, its arrow and spinner; their properties
        // and the control's as the settings spell them.
        let views = stockViews
        SpelledProperties.describe(views.spelled(control: self), library: MJRefresh().name, into: &description)
        StockSpinner.describe(arrow: views.arrow, spinner: views.spinner, into: &description)
        describeTitles(titles, into: &description)
        try StateImageSequence.describe(sequences, named: \.sceneName, into: &description)
        if let inset = views.labelInset, given.contains("inset") { description[.labelLeftInset] = .number(Double(inset)) }
    }

    /// The scene this control draws, as the command line would build it: the device
    /// (``AppDevice``), MJRefresh's configuration, then what the app set on the control.
    /// - Parameters:
    ///   - state: the state drawn.
    ///   - percent: how far it is pulled.
    ///   - time: seconds since the state was entered.
    /// - Returns: the scene's settings.
    /// - Throws: ``AppCodeError`` for a view or value the renderer cannot draw.
    public func sceneDescription(state: MJRefreshState? = nil, percent: Double? = nil, time: Double = 0) throws -> SceneDescription {
        // The app's own code runs for this moment, as MJRefresh runs it on the phone, for every
        // class (a subclass of a stock class may place the stock views itself: see
        // placeStockViews(into:)): the state and the pull set (its overrides see them), then
        // its views placed.
        if mj_w == 0 { mj_w = CGFloat(AppDevice.width) }
        if let state { self.state = state }
        // The clock reads `time` seconds after the state began while the moment is drawn, for
        // code measuring time from its own start (the exported subclasses' `t`) and for the
        // layers' animations; for this task alone.
        return try MediaClock.drawing(at: stateBegan + time) {
            if let percent { pullingPercent = CGFloat(percent) }
            placeSubviews()
            layoutSubviews()
            // Auto Layout places the views constraints place (docs/app-code.md, "Auto Layout").
            AutoLayout.layOut(self)
            if let refused = layoutRefusal { throw AppCodeError.badValue(what: String(describing: type(of: self)), message: refused) }
            var description = SceneDescription()
            AppDevice.describe(into: &description)
            MJRefreshConfig.default.describe(into: &description)
            try describe(into: &description)
            description[.state] = .text((state ?? self.state).sceneName)
            description[.percent] = .number(percent ?? Double(pullingPercent))
            if time != 0 { description[.time] = .number(time) }
            if Self.sceneStyle != nil { try placeStockViews(into: &description) }
            return description
        }
    }
}

/// A header.
open class MJRefreshHeader: MJRefreshComponent {
    open override class var sceneKind: ComponentKind { .header }
    // api: MJRefreshHeader.ignoredScrollViewContentInsetTop
    open var ignoredScrollViewContentInsetTop: CGFloat = 0 { didSet { given.insert("ignored") } }
    /// The key MJRefresh stores the last refresh under. // api: MJRefreshHeader.lastUpdatedTimeKey
    open var lastUpdatedTimeKey = "MJRefreshHeaderLastUpdatedTimeKey"
    /// The last refresh (``AppDevice/lastUpdated``). // api: MJRefreshHeader.lastUpdatedTime
    open var lastUpdatedTime: Date? { AppDevice.lastUpdated }
    /// Works around a collection view's animation (nothing to draw here). // api: MJRefreshHeader.isCollectionViewAnimationBug
    open var isCollectionViewAnimationBug = false

    open override func describe(into description: inout SceneDescription) throws {
        try super.describe(into: &description)
        if given.contains("ignored") { description[.ignoredInset] = .number(Double(ignoredScrollViewContentInsetTop)) }
    }
}

/// A header with the state label and the last-updated label.
open class MJRefreshStateHeader: MJRefreshHeader, MJRefreshTitled {
    /// The state label's text in `state`. // api: MJRefreshStateHeader.setTitle:forState:
    @discardableResult open func setTitle(_ title: String, for state: MJRefreshState) -> Self {
        titles[state] = title
        return self
    }

    open override class var sceneStyle: ComponentStyle? { .state }
    /// The state label. // api: MJRefreshStateHeader.stateLabel
    public let stateLabel: UILabel! = StockLabel.make(.state)
    /// The last-updated label. // api: MJRefreshStateHeader.lastUpdatedTimeLabel
    public let lastUpdatedTimeLabel: UILabel! = StockLabel.make(.time)
    // api: MJRefreshStateHeader.labelLeftInset
    open var labelLeftInset: CGFloat = MJRefreshLabelLeftInset { didSet { given.insert("inset") } }
    /// The last-updated line from the last refresh. // api: MJRefreshStateHeader.lastUpdatedTimeText
    open var lastUpdatedTimeText: ((Date?) -> String)?

    /// `lastUpdatedTimeText`, chained. // api: MJRefreshStateHeader+ChainingGrammar.modifyLastUpdatedTimeText:
    @discardableResult open func modifyLastUpdatedTimeText(_ handler: @escaping (Date?) -> String) -> Self {
        lastUpdatedTimeText = handler
        return self
    }

    open override func describe(into description: inout SceneDescription) throws {
        try super.describe(into: &description)
        if let lastUpdatedTimeText { description[.lastUpdatedText] = .text(lastUpdatedTimeText(lastUpdatedTime)) }
    }
    override var stockViews: StockViews { StockViews(state: stateLabel, time: lastUpdatedTimeLabel, labelInset: labelLeftInset) }
}

/// A header whose picture is an image sequence per state.
open class MJRefreshGifHeader: MJRefreshStateHeader, MJRefreshAnimated {
    /// `images` (`UIImage`s) played over `duration` seconds in `state`. // api: MJRefreshGifHeader.setImages:duration:forState:
    @discardableResult open func setImages(_ images: [Any], duration: TimeInterval, for state: MJRefreshState) -> Self {
        keepImages(images, duration: duration, for: state)
        return self
    }

    /// `images` in `state`, a tenth of a second a frame. // api: MJRefreshGifHeader.setImages:forState:
    @discardableResult open func setImages(_ images: [Any], for state: MJRefreshState) -> Self {
        keepImages(images, duration: nil, for: state)
        return self
    }

    open override class var sceneStyle: ComponentStyle? { .gif }
    /// The image view. // api: MJRefreshGifHeader.gifView
    public let gifView: UIImageView! = UIImageView()
}

/// A header with the arrow and the spinner.
open class MJRefreshNormalHeader: MJRefreshStateHeader, MJRefreshSpinning {
    open override class var sceneStyle: ComponentStyle? { .normal }
    /// The arrow. // api: MJRefreshNormalHeader.arrowView
    public let arrowView: UIImageView! = UIImageView()
    /// The spinner. // api: MJRefreshNormalHeader.loadingView
    public let loadingView: UIActivityIndicatorView! = UIActivityIndicatorView()

    override var stockViews: StockViews {
        StockViews(state: stateLabel, time: lastUpdatedTimeLabel, arrow: arrowView, spinner: loadingView, labelInset: labelLeftInset)
    }
}

/// A footer.
open class MJRefreshFooter: MJRefreshComponent {
    // api: MJRefreshFooter.ignoredScrollViewContentInsetBottom
    open var ignoredScrollViewContentInsetBottom: CGFloat = 0 { didSet { given.insert("ignored") } }
    /// Hidden by the app when there is no content (drawn as `isHidden`). // api: MJRefreshFooter.automaticallyHidden
    @available(*, deprecated, message: "已废弃此属性，开发者请自行控制footer的显示和隐藏")
    open var isAutomaticallyHidden = false
    /// No more data. // api: MJRefreshFooter.endRefreshingWithNoMoreData
    open func endRefreshingWithNoMoreData() { state = .noMoreData }
    /// No more data, by its former name. // api: MJRefreshFooter.noticeNoMoreData
    @available(*, deprecated, message: "使用endRefreshingWithNoMoreData")
    open func noticeNoMoreData() { endRefreshingWithNoMoreData() }
    /// Back to idle after no more data. // api: MJRefreshFooter.resetNoMoreData
    open func resetNoMoreData() { state = .idle }

    open override func describe(into description: inout SceneDescription) throws {
        try super.describe(into: &description)
        if given.contains("ignored") { description[.ignoredInset] = .number(Double(ignoredScrollViewContentInsetBottom)) }
    }
}

/// A footer that refreshes when it comes into view.
open class MJRefreshAutoFooter: MJRefreshFooter {
    open override class var sceneKind: ComponentKind { .autoFooter }
    // api: MJRefreshAutoFooter.automaticallyRefresh
    open var isAutomaticallyRefresh = true
    // api: MJRefreshAutoFooter.triggerAutomaticallyRefreshPercent
    open var triggerAutomaticallyRefreshPercent: CGFloat = 1 { didSet { given.insert("trigger") } }
    // api: MJRefreshAutoFooter.autoTriggerTimes
    open var autoTriggerTimes = 1 { didSet { given.insert("times") } }
    // api: MJRefreshAutoFooter.appearencePercentTriggerAutoRefresh
    @available(*, deprecated, message: "请使用triggerAutomaticallyRefreshPercent属性")
    open var appearencePercentTriggerAutoRefresh: CGFloat {
        get { triggerAutomaticallyRefreshPercent }
        set { triggerAutomaticallyRefreshPercent = newValue }
    }

    open override func describe(into description: inout SceneDescription) throws {
        try super.describe(into: &description)
        if !isAutomaticallyRefresh { description[.automaticallyRefreshDisabled] = .flag(true) }
        if given.contains("trigger") {
            description[.triggerAutomaticallyRefreshPercent] = .number(Double(triggerAutomaticallyRefreshPercent))
        }
        if given.contains("times") { description[.autoTriggerTimes] = .integer(autoTriggerTimes) }
    }
}

/// An auto footer with the state label.
open class MJRefreshAutoStateFooter: MJRefreshAutoFooter, MJRefreshTitled {
    /// The state label's text in `state`. // api: MJRefreshAutoStateFooter.setTitle:forState:
    @discardableResult open func setTitle(_ title: String, for state: MJRefreshState) -> Self {
        titles[state] = title
        return self
    }

    open override class var sceneStyle: ComponentStyle? { .state }
    /// The state label. // api: MJRefreshAutoStateFooter.stateLabel
    public let stateLabel: UILabel! = StockLabel.make(.state)
    // api: MJRefreshAutoStateFooter.labelLeftInset
    open var labelLeftInset: CGFloat = MJRefreshLabelLeftInset { didSet { given.insert("inset") } }
    // api: MJRefreshAutoStateFooter.refreshingTitleHidden
    open var isRefreshingTitleHidden = false

    open override func describe(into description: inout SceneDescription) throws {
        try super.describe(into: &description)
        if isRefreshingTitleHidden { description[.refreshingTitleHidden] = .flag(true) }
    }
    override var stockViews: StockViews { StockViews(state: stateLabel, labelInset: labelLeftInset) }
}

/// An auto footer with images by state.
open class MJRefreshAutoGifFooter: MJRefreshAutoStateFooter, MJRefreshAnimated {
    /// `images` (`UIImage`s) played over `duration` seconds in `state`. // api: MJRefreshAutoGifFooter.setImages:duration:forState:
    @discardableResult open func setImages(_ images: [Any], duration: TimeInterval, for state: MJRefreshState) -> Self {
        keepImages(images, duration: duration, for: state)
        return self
    }

    /// `images` in `state`, a tenth of a second a frame. // api: MJRefreshAutoGifFooter.setImages:forState:
    @discardableResult open func setImages(_ images: [Any], for state: MJRefreshState) -> Self {
        keepImages(images, duration: nil, for: state)
        return self
    }

    open override class var sceneStyle: ComponentStyle? { .gif }
    /// The image view. // api: MJRefreshAutoGifFooter.gifView
    public let gifView: UIImageView! = UIImageView()
}

/// An auto footer with the spinner.
open class MJRefreshAutoNormalFooter: MJRefreshAutoStateFooter, MJRefreshSpinning {
    open override class var sceneStyle: ComponentStyle? { .normal }
    /// The spinner. // api: MJRefreshAutoNormalFooter.loadingView
    public let loadingView: UIActivityIndicatorView! = UIActivityIndicatorView()

    override var stockViews: StockViews { StockViews(state: stateLabel, spinner: loadingView, labelInset: labelLeftInset) }
}

/// A footer pulled up past the content.
open class MJRefreshBackFooter: MJRefreshFooter {
    open override class var sceneKind: ComponentKind { .backFooter }
}

/// A back footer with the state label.
open class MJRefreshBackStateFooter: MJRefreshBackFooter, MJRefreshTitled {
    /// The state label's text in `state`. // api: MJRefreshBackStateFooter.setTitle:forState:
    @discardableResult open func setTitle(_ title: String, for state: MJRefreshState) -> Self {
        titles[state] = title
        return self
    }

    open override class var sceneStyle: ComponentStyle? { .state }
    /// The state label. // api: MJRefreshBackStateFooter.stateLabel
    public let stateLabel: UILabel! = StockLabel.make(.state)
    // api: MJRefreshBackStateFooter.labelLeftInset
    open var labelLeftInset: CGFloat = MJRefreshLabelLeftInset { didSet { given.insert("inset") } }

    /// The state label's text in `state`: the app's title, else the library's word.
    /// // api: MJRefreshBackStateFooter.titleForState:
    open func title(for state: MJRefreshState) -> String {
        if let title = titles[state] { return title }
        let keys: [MJRefreshState: String] = [
            .idle: "MJRefreshBackFooterIdleText", .pulling: "MJRefreshBackFooterPullingText",
            .refreshing: "MJRefreshBackFooterRefreshingText", .noMoreData: "MJRefreshBackFooterNoMoreDataText",
        ]
        return keys[state].map { Bundle.mj_localizedString(forKey: $0) } ?? ""
    }

    override var stockViews: StockViews { StockViews(state: stateLabel, labelInset: labelLeftInset) }
}

/// A back footer with images by state.
open class MJRefreshBackGifFooter: MJRefreshBackStateFooter, MJRefreshAnimated {
    /// `images` (`UIImage`s) played over `duration` seconds in `state`. // api: MJRefreshBackGifFooter.setImages:duration:forState:
    @discardableResult open func setImages(_ images: [Any], duration: TimeInterval, for state: MJRefreshState) -> Self {
        keepImages(images, duration: duration, for: state)
        return self
    }

    /// `images` in `state`, a tenth of a second a frame. // api: MJRefreshBackGifFooter.setImages:forState:
    @discardableResult open func setImages(_ images: [Any], for state: MJRefreshState) -> Self {
        keepImages(images, duration: nil, for: state)
        return self
    }

    open override class var sceneStyle: ComponentStyle? { .gif }
    /// The image view. // api: MJRefreshBackGifFooter.gifView
    public let gifView: UIImageView! = UIImageView()
}

/// A back footer with the arrow and the spinner.
open class MJRefreshBackNormalFooter: MJRefreshBackStateFooter, MJRefreshSpinning {
    open override class var sceneStyle: ComponentStyle? { .normal }
    /// The arrow. // api: MJRefreshBackNormalFooter.arrowView
    public let arrowView: UIImageView! = UIImageView()
    /// The spinner. // api: MJRefreshBackNormalFooter.loadingView
    public let loadingView: UIActivityIndicatorView! = UIActivityIndicatorView()

    override var stockViews: StockViews {
        StockViews(state: stateLabel, arrow: arrowView, spinner: loadingView, labelInset: labelLeftInset)
    }
}

/// A trailer, pulled from the right.
open class MJRefreshTrailer: MJRefreshComponent {
    open override class var sceneKind: ComponentKind { .trailer }
    // api: MJRefreshTrailer.ignoredScrollViewContentInsetRight
    open var ignoredScrollViewContentInsetRight: CGFloat = 0 { didSet { given.insert("ignored") } }

    open override func describe(into description: inout SceneDescription) throws {
        try super.describe(into: &description)
        if given.contains("ignored") { description[.ignoredInset] = .number(Double(ignoredScrollViewContentInsetRight)) }
    }
}

/// A trailer with the state label.
open class MJRefreshStateTrailer: MJRefreshTrailer, MJRefreshTitled {
    /// The state label's text in `state`. // api: MJRefreshStateTrailer.setTitle:forState:
    @discardableResult open func setTitle(_ title: String, for state: MJRefreshState) -> Self {
        titles[state] = title
        return self
    }

    open override class var sceneStyle: ComponentStyle? { .state }
    /// The state label. // api: MJRefreshStateTrailer.stateLabel
    public let stateLabel: UILabel! = StockLabel.make(.state)

    override var stockViews: StockViews { StockViews(state: stateLabel) }
}

/// A trailer with the arrow.
open class MJRefreshNormalTrailer: MJRefreshStateTrailer {
    open override class var sceneStyle: ComponentStyle? { .normal }
    /// The arrow. // api: MJRefreshNormalTrailer.arrowView
    public let arrowView: UIImageView! = UIImageView()

    override var stockViews: StockViews { StockViews(state: stateLabel, arrow: arrowView) }
}

/// Titles by state, as the scene's `titles` setting.
func describeTitles(_ titles: [MJRefreshState: String], into description: inout SceneDescription) {
    guard !titles.isEmpty else { return }
    var map: [String: SceneValue] = [:]
    for (state, title) in titles { map[state.sceneName] = .text(title) }
    description[.titles] = .byState(map)
}

/// The classes with a state label (their `setTitle(_:for:)`).
public protocol MJRefreshTitled: MJRefreshComponent {}

/// The GIF classes (their `setImages(_:duration:for:)`).
public protocol MJRefreshAnimated: MJRefreshComponent {}

/// The Normal classes with a spinner (`loadingView`).
public protocol MJRefreshSpinning: MJRefreshComponent {
    /// The spinner.
    var loadingView: UIActivityIndicatorView! { get }
}

extension MJRefreshSpinning {
    /// The spinner's style, by its former name.
    // api: MJRefreshNormalHeader.activityIndicatorViewStyle
    // api: MJRefreshAutoNormalFooter.activityIndicatorViewStyle
    // api: MJRefreshBackNormalFooter.activityIndicatorViewStyle
    @available(*, deprecated, message: "first deprecated in 3.2.2 - Use `loadingView` property")
    public var activityIndicatorViewStyle: UIActivityIndicatorView.Style {
        get { loadingView.style }
        set { loadingView.style = newValue }
    }
}

extension MJRefreshComponent {
    /// Keeps `images` (`UIImage`s; anything else is left out, as the phone cannot draw it) for
    /// `state`, over `duration` seconds, or a tenth of a second a frame when nil.
    func keepImages(_ images: [Any], duration: TimeInterval?, for state: MJRefreshState) {
        let frames = images.compactMap { $0 as? UIImage }
        sequences[state] = StateImageSequence(
            images: frames, duration: duration ?? Double(frames.count) * 0.1, durationGiven: duration != nil)
    }
}
