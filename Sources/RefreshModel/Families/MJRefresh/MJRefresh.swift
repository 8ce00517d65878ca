import RefreshImage

/// MJRefresh (docs/families.md): headers, back and auto footers and the trailer, in the
/// Normal (arrow and spinner), State (labels only) and GIF (images) styles. The layouts are
/// ``ComponentLayout``'s, the strings ``MJRefreshTitles``, the motion ``MJRefreshTransition``'s.
package struct MJRefresh: RefreshFamily, Equatable {
    /// `labelLeftInset`: the gap between the text and the arrow, spinner or image; nil for the
    /// style's own (25 pt, 20 pt for the GIF styles).
    public var labelLeftInset: Double?
    /// `ignoredScrollViewContentInsetTop` (header), `…Bottom` (footers) or `…Right` (trailer):
    /// the control sits that much further from the content; thresholds do not change.
    public var ignoredScrollViewContentInset: Double
    /// What the app's `lastUpdatedTimeText` block does with a stored date: a date pattern
    /// (DateFormatter's `dateFormat`); nil for MJRefresh's own line. Without a stored date
    /// the line stays MJRefresh's "No record".
    public var lastUpdatedFormat: DatePattern?
    /// A `lastUpdatedTimeText` block that returns one text whatever the date; nil for none.
    public var lastUpdatedText: String?
    /// `mj_h` as the app set it after making the control (after its images): the height of a
    /// header or footer in points; nil for its own (54 pt, 44 pt for footers, a GIF style's
    /// grown to its tallest first image). A trailer's height is the scroll view's.
    public var controlHeight: Double?
    /// `fastAnimationDuration` in seconds: the inset opening and the alpha showing when a
    /// refresh begins; nil for MJRefresh's 0.25.
    public var fastAnimationDuration: Double?
    /// `slowAnimationDuration` in seconds: the inset closing and the alpha fading when a
    /// refresh ends; nil for MJRefresh's 0.4.
    public var slowAnimationDuration: Double?
    /// `setAnimationDisabled`: both durations 0, the insets and alpha jump.
    public var animationDisabled = false
    /// An auto footer's `automaticallyRefresh`: false refreshes it only when a drag ends past
    /// the end of the content, not as the content scrolls there.
    public var automaticallyRefresh = true
    /// An auto footer's `triggerAutomaticallyRefreshPercent`: how much of it must show.
    public var triggerAutomaticallyRefreshPercent = 1.0
    /// An auto footer's `autoTriggerTimes`: refreshes one drag may trigger (−1: no limit).
    public var autoTriggerTimes = 1
    /// The app sets `MJRefreshConfig.languageCode` to the scene's language: every user sees it,
    /// whatever their device's language. False (the default) leaves the device to choose, and
    /// the language a scene is drawn in is a preview of one device, not app code.
    public var forcesLanguage = false
    /// `MJRefreshConfig.i18nFilename`: the table MJRefresh reads from the app's bundle
    /// (`i18nBundle`) after its own.
    public var i18nFilename = "Localizable"
    /// The app's strings in the scene's language (from `i18nBundle`'s table), by key
    /// (`MJRefreshHeaderIdleText`): each replaces MJRefresh's own (docs/text.md).
    public var appStrings: [String: String] = [:]

    /// The library with the app's settings.
    /// - Parameters:
    ///   - labelLeftInset: points between the text and the arrow, spinner or image; nil for the style's own.
    ///   - ignoredScrollViewContentInset: points the control sits further from the content.
    ///   - lastUpdatedFormat: a `lastUpdatedTimeText` date pattern.
    ///   - lastUpdatedText: a `lastUpdatedTimeText` constant.
    public init(
        labelLeftInset: Double? = nil, ignoredScrollViewContentInset: Double = 0, lastUpdatedFormat: DatePattern? = nil,
        lastUpdatedText: String? = nil
    ) {
        self.labelLeftInset = labelLeftInset
        self.ignoredScrollViewContentInset = ignoredScrollViewContentInset
        self.lastUpdatedFormat = lastUpdatedFormat
        self.lastUpdatedText = lastUpdatedText
    }

    /// ``ignoredScrollViewContentInset``.
    public func ignoredInset(kind: ComponentKind) -> Double { ignoredScrollViewContentInset }

    /// Every kind takes the app's height: a header's or footer's is ``controlHeight``, a
    /// trailer's the scroll view's (``RefreshScene/trailerHeight``).
    /// - Parameters:
    ///   - height: points.
    ///   - kind: the control's kind.
    /// - Returns: true.
    public mutating func setHeight(_ height: Double, kind: ComponentKind) -> Bool {
        if kind != .trailer { controlHeight = height }
        return true
    }

    /// One `lastUpdatedTimeText` block: a fixed text and a date pattern cannot both be it.
    /// - Parameter scene: the scene about to be drawn.
    /// - Throws: ``InvalidValue`` (field `lastUpdatedText`) when both are set.
    public func validate(_ scene: RefreshScene) throws {
        let most = RefreshScene.maxPixelSide / max(1, scene.scale)
        if let controlHeight, !(controlHeight.isFinite && controlHeight >= 1 && controlHeight <= Double(most)) {
            throw InvalidValue(
                field: "controlHeight", reason: "must be between 1 and \(most) points at scale \(scene.scale), got \(controlHeight)")
        }
        if animationDisabled && (fastAnimationDuration != nil || slowAnimationDuration != nil) {
            throw InvalidValue(
                field: "animationDisabled", reason: "sets both durations to 0: give it or the durations, not both")
        }
        // The table's name becomes a file's name (`TABLE.strings`): the one rule for names.
        if let problem = FileName.problem(i18nFilename) {
            throw InvalidValue(field: "i18nFilename", reason: "a table's name such as Localizable: \(problem)")
        }
        if lastUpdatedText != nil && lastUpdatedFormat != nil {
            throw InvalidValue(field: "lastUpdatedText", reason: "replaces the whole line: give it or lastUpdatedFormat, not both")
        }
    }

    /// `mjrefresh`.
    public var name: String { "mjrefresh" }
    /// Every kind.
    public var kinds: [ComponentKind] { ComponentKind.allCases }
    /// The kind's styles (the trailer has no GIF style).
    public func styles(for kind: ComponentKind) -> [ComponentStyle] { kind.styles }

    /// Headers and the trailer refresh; footers also run out of data; the auto footer is never pulled.
    public func states(of kind: ComponentKind) -> [RefreshState] {
        switch kind {
        case .header, .trailer: return [.idle, .pulling, .refreshing]
        case .backFooter: return [.idle, .pulling, .refreshing, .noMoreData]
        case .autoFooter: return [.idle, .refreshing, .noMoreData]
        }
    }

    /// ``MJRefreshTitles``, translated, or the app's strings of the same keys.
    public func defaultTitle(kind: ComponentKind, state: RefreshState, pulled: Bool, language: TitleLanguage) -> String {
        MJRefreshTitles.key(kind: kind, state: state).map { string($0, language) } ?? ""
    }

    /// A trailer's key in a language whose bundle has no trailer strings (all but Chinese),
    /// unless the app's strings give one: a phone shows the key.
    /// - Parameters:
    ///   - kind: the kind of control.
    ///   - state: its state.
    ///   - language: the titles' language.
    /// - Returns: the key shown, or nil.
    public func rawKeyTitle(kind: ComponentKind, state: RefreshState, language: TitleLanguage) -> String? {
        // The trailer sets titles for Idle and Pulling; Refreshing keeps Pulling's.
        guard kind == .trailer, state == .idle || state == .pulling, !MJRefreshTitles.hasOwnTrailerTitles(language) else { return nil }
        let key = MJRefreshTitles.title(kind: kind, state: state, language: language)
        return defaultTitle(kind: kind, state: state, pulled: false, language: language) == key ? key : nil
    }

    /// One of MJRefresh's strings as the phone finds it: the app's table first, then
    /// MJRefresh's own bundle (`mj_localizedStringForKey:`).
    /// - Parameters:
    ///   - key: the string.
    ///   - language: the bundle's language.
    /// - Returns: the text.
    public func string(_ key: MJRefreshTitles.Key, _ language: TitleLanguage) -> String {
        MJRefreshTitles.string(key, language, app: appStrings)
    }

    /// ``i18nFilename``.
    public var stringsTable: String? { i18nFilename }

    /// Keeps them in ``appStrings``.
    /// - Parameter strings: each key's text.
    public mutating func setStrings(_ strings: [String: String]) { appStrings = strings }

    /// The app's or default title; none while an auto footer with `refreshingTitleHidden` refreshes.
    public func title(of scene: RefreshScene) -> String {
        if scene.kind == .autoFooter && scene.refreshingTitleHidden && scene.state.isRefreshing { return "" }
        return appTitle(of: scene)
    }

    /// The header's last-updated line.
    public func secondLine(of scene: RefreshScene) -> String? {
        guard scene.kind == .header else { return nil }
        if let lastUpdatedText { return lastUpdatedText }
        if let lastUpdatedFormat, let date = scene.lastUpdated { return lastUpdatedFormat.format(date, in: scene.timeZone) }
        return LastUpdatedFormatter(language: scene.language, timeZone: scene.timeZone, strings: appStrings)
            .text(lastUpdated: scene.lastUpdated, now: scene.now)
    }

    /// Both texts, hidden or not: MJRefresh measures a hidden label's text too, and its
    /// layout leaves the label out (``LayoutInput``).
    public func labels(of scene: RefreshScene) -> (title: String, second: String?) {
        (scene.stateTitle, scene.lastUpdatedText)
    }

    /// The auto-height of the GIF styles (docs/images.md); the trailer is 60 pt wide.
    public func size(of scene: RefreshScene) -> (width: Double, height: Double) {
        switch scene.kind {
        case .trailer: return (ComponentLayout.trailerWidth, scene.trailerHeight)
        default:
            if let controlHeight { return (scene.width, controlHeight) }
            let base = scene.kind.baseHeight
            return (scene.width, scene.style == .gif ? scene.images.componentHeight(base: base) : base)
        }
    }

    /// ``ImageSelection/choice(kind:state:images:percent:time:timing:)``.
    public func image(of scene: RefreshScene, in images: StateImages) -> ImageSelection.Choice? {
        ImageSelection.choice(
            kind: scene.kind, state: scene.state, images: images, percent: scene.pullingPercent,
            time: scene.timeMicroseconds, timing: scene.timing)
    }

    /// ``ComponentLayout/init(_:)``, mirrored for right-to-left.
    public func layout(of scene: RefreshScene, text: LabelText) -> ComponentLayout {
        let size = scene.size
        var input = LayoutInput(kind: scene.kind, style: scene.style, width: size.width, height: size.height)
        input.stateTextWidth = text.titleFont.width(of: text.title)
        input.timeTextWidth = text.second.map { text.secondFont.width(of: $0) } ?? 0
        input.stateLabelHidden = scene.stateLabelHidden
        input.timeLabelHidden = scene.timeLabelHidden || scene.kind != .header
        input.refreshingTitleHidden = scene.refreshingTitleHidden
        input.imageSize = text.image
        input.arrowSize = scene.arrowImage.map { ($0.pointWidth, $0.pointHeight) }
        input.labelLeftInset = labelLeftInset
        let layout = ComponentLayout(input)
        return scene.rightToLeft ? layout.mirrored(inWidth: size.width) : layout
    }

    /// The Normal style's stroked arrow (the trail arrow on a trailer) and spinner.
    public func indicator(of scene: RefreshScene) -> Indicator? {
        guard scene.style == .normal else { return nil }
        let shape = scene.kind == .trailer ? ArrowShape.trailArrow : ArrowShape.downArrow
        var arrow = Indicator.Arrow(
            path: shape.path, paint: .stroke(width: shape.strokeWidth), color: scene.stateColor,
            mirrored: scene.rightToLeft)
        arrow.isImageView = true
        return Indicator(arrow: arrow, spinnerTurns: scene.state.isRefreshing)
    }

    /// ``ArrowShape/angle(kind:state:)``.
    public func arrowAngle(kind: ComponentKind, state: RefreshState) -> Double? {
        ArrowShape.angle(kind: kind, state: state)
    }

    /// MJRefresh's transitions (``MJRefreshTransition``).
    public func transition(
        kind: ComponentKind, from: RefreshState, to: RefreshState, since: Int64,
        startAngle: Double?, autoAlpha: Bool
    ) -> TransitionValues {
        MJRefreshTransition.values(kind: kind, from: from, to: to, since: since, startAngle: startAngle, autoAlpha: autoAlpha)
    }

    /// Insets open in 0.25 s and close in 0.4 s; the spinner fades out after a refresh; a
    /// header stores the time each refresh ends as its last update.
    public var motion: MotionRules {
        func micro(_ seconds: Double?, _ standard: Int64) -> Int64 {
            animationDisabled ? 0 : seconds.map { Int64(($0 * 1_000_000).rounded()) } ?? standard
        }
        let fast = micro(fastAnimationDuration, MJRefreshTransition.fast)
        let slow = micro(slowAnimationDuration, MJRefreshTransition.slow)
        var rules = MotionRules(insetIn: fast, insetOut: slow, spinnerFadesAfterRefresh: true)
        rules.alphaIn = fast
        rules.alphaOut = slow
        rules.storesRefreshEnd = true
        rules.autoRefreshes = automaticallyRefresh
        rules.autoTriggerPercent = triggerAutomaticallyRefreshPercent
        rules.autoTriggerTimes = autoTriggerTimes
        return rules
    }

    /// MJRefresh's gallery names have no prefix (they came first).
    public var galleryPrefix: String? { nil }
}

/// MJRefresh's classes, their parts, and where app code finds their views (docs/settings.md,
/// "How each library spells a setting").
extension MJRefresh {
    /// The class of a kind in a style (`MJRefreshGifHeader`).
    /// - Parameters:
    ///   - kind: one of its kinds.
    ///   - style: one of the kind's styles.
    /// - Returns: the class's name.
    public func className(kind: ComponentKind, style: ComponentStyle) -> String {
        let styleWord = style == .gif ? "Gif" : style == .state ? "State" : "Normal"
        switch kind {
        case .header: return "MJRefresh\(styleWord)Header"
        case .autoFooter: return "MJRefreshAuto\(styleWord)Footer"
        case .backFooter: return "MJRefreshBack\(styleWord)Footer"
        case .trailer: return "MJRefresh\(styleWord)Trailer"
        }
    }

    /// Every class has a state label, `automaticallyChangeAlpha`, the app's strings and a
    /// height (a trailer's is the scroll view's); headers a last-updated
    /// label; Gif classes images; Normal ones an `arrowView` (not the auto footer) and a
    /// `loadingView` (not the trailer); auto footers `refreshingTitleHidden`.
    /// - Parameters:
    ///   - kind: one of its kinds.
    ///   - style: one of the kind's styles.
    /// - Returns: its parts.
    public func parts(kind: ComponentKind, style: ComponentStyle) -> Set<ControlPart> {
        var parts: Set<ControlPart> = [.stateLabel, .alphaChange, .strings, kind == .trailer ? .viewHeight : .height]
        if kind == .header { parts.insert(.timeLabel) }
        if kind == .autoFooter { parts.insert(.refreshingTitle) }
        if style == .gif { parts.insert(.images) }
        if style == .normal && kind != .autoFooter { parts.insert(.arrowImageView) }
        if style == .normal && kind != .trailer { parts.formUnion([.spinner, .spinnerColor]) }
        return parts
    }

    /// MJRefresh's views: the labels and spinner where the class has them (`stateLabel?`, as
    /// MJRefresh declares them optional in Swift).
    /// - Parameters:
    ///   - view: the view.
    ///   - scene: the scene exported.
    /// - Returns: the property path, or nil.
    public func appPath(to view: AppView, of scene: RefreshScene) -> [String]? {
        let parts = scene.controlClass.parts
        switch view {
        case .control: return []
        case .stateLabel: return parts.contains(.stateLabel) ? ["stateLabel?"] : nil
        case .timeLabel: return parts.contains(.timeLabel) ? ["lastUpdatedTimeLabel?"] : nil
        case .spinner: return parts.contains(.spinner) ? ["loadingView?"] : nil
        }
    }
}
