import FoundationEssentials
import RefreshImage

/// ZJRefresh (docs/families.md): `NormalAnimator` (`.normal`) and `GifAnimator` (`.gif`) as
/// header or footer (`.backFooter`), with Chinese strings and a state split into "normal"
/// (no pull) and "pull-to-refresh".
package struct ZJRefresh: PullViewArrowFamily, Equatable {
    /// The title while Idle with a pull ("pull-to-refresh"); the scene's
    /// ``RefreshScene/titles``[.idle] is the title with none ("normal").
    public var pullToRefreshTitle: String?
    /// The animator's height in points; nil for 52 pt (`NormalAnimator`) or 100 pt (`GifAnimator`).
    public var animatorHeight: Double?
    /// The animator's `isAutomaticlyHidden`: the view hides each time it returns to normal
    /// (not before its first state change: the source sets it in the state's `didSet`).
    public var isAutomaticallyHidden = false
    /// `GifAnimator`'s `imageMagin`: points between the image's box and the labels.
    public var imageMargin = ZJRefreshLayout.imageMargin
    /// What the app's `setupLastFreshTime` closure returns, whatever the time; nil for the
    /// animator's own line.
    public var lastRefreshText: String?

    /// The library with the app's settings.
    /// - Parameters:
    ///   - pullToRefreshTitle: the pulled title; nil for its own.
    ///   - animatorHeight: the animator's height in points; nil for its own.
    public init(pullToRefreshTitle: String? = nil, animatorHeight: Double? = nil) {
        self.pullToRefreshTitle = pullToRefreshTitle
        self.animatorHeight = animatorHeight
    }

    /// `zjrefresh`.
    public var name: String { "zjrefresh" }
    /// Header and footer.
    public var kinds: [ComponentKind] { [.header, .backFooter] }
    /// `GifAnimator` or `NormalAnimator`, for either kind.
    /// - Parameters:
    ///   - kind: one of its kinds.
    ///   - style: one of the kind's styles.
    /// - Returns: the class's name.
    public func className(kind: ComponentKind, style: ComponentStyle) -> String {
        style == .gif ? "GifAnimator" : "NormalAnimator"
    }
    /// Both animators have a description label, and a last-time label a footer hides; the
    /// GifAnimator images and the height it is made with (NormalAnimator's is its nib's). Their spinner and arrow are their own.
    /// - Parameters:
    ///   - kind: one of its kinds.
    ///   - style: one of the kind's styles.
    /// - Returns: its parts.
    public func parts(kind: ComponentKind, style: ComponentStyle) -> Set<ControlPart> {
        var parts: Set<ControlPart> = [.stateLabel]
        if kind == .header { parts.insert(.timeLabel) }
        if style == .gif { parts.formUnion([.images, .height]) }
        return parts
    }
    /// `normal`, `pull-to-refresh`, `release-to-refresh`, `loading`.
    public var stateNames: [FamilyStateName] {
        [
            FamilyStateName(name: "normal", state: .idle, pulled: false),
            FamilyStateName(name: "pull-to-refresh", state: .idle, pulled: true),
            FamilyStateName(name: "release-to-refresh", state: .pulling),
            FamilyStateName(name: "loading", state: .refreshing),
        ]
    }
    /// Idle is "normal" with no pull and "pull-to-refresh" with one.
    public func ownStateName(_ state: RefreshState, percent: Double) -> String? {
        switch state.drawnAs {
        case .pulling: return "release-to-refresh"
        case .refreshing: return "loading"
        default: return percent > 0 ? "pull-to-refresh" : "normal"
        }
    }

    /// Its Chinese literals (it ships no translations).
    public func defaultTitle(kind: ComponentKind, state: RefreshState, pulled: Bool, language: TitleLanguage) -> String {
        switch state.drawnAs {
        case .pulling: return "松开手刷新"
        case .refreshing: return "加载数据中..."
        default:
            guard pulled else { return "正常状态" }
            return kind == .header ? "继续下拉刷新" : "继续上拉刷新"
        }
    }

    /// ``pullToRefreshTitle`` while pulled; at rest before the first state change, the text
    /// the animator starts with (``restingTitle(style:kind:)``); else the app's or default title.
    public func title(of scene: RefreshScene) -> String {
        let pulled = scene.state.drawnAs == .idle && scene.pullingPercent > 0
        if pulled, let pullToRefreshTitle { return pullToRefreshTitle }
        if scene.state.drawnAs == .idle && !pulled && !scene.hasChangedState && scene.titles[.idle] == nil {
            return Self.restingTitle(style: scene.style, kind: scene.kind)
        }
        return appTitle(of: scene)
    }

    /// The description before any state change: `NormalAnimator.xib`'s label text 下拉刷新;
    /// `GifAnimator`'s `refreshViewDidPrepare` sets 继续下拉刷新 (footer 继续上拉刷新).
    /// - Parameters:
    ///   - style: normal (`NormalAnimator`) or gif (`GifAnimator`).
    ///   - kind: header or back footer.
    /// - Returns: the text.
    public static func restingTitle(style: ComponentStyle, kind: ComponentKind) -> String {
        guard style == .gif else { return "下拉刷新" }
        return kind == .header ? "继续下拉刷新" : "继续上拉刷新"
    }

    /// The header's time label.
    public func secondLine(of scene: RefreshScene) -> String? {
        guard scene.kind == .header else { return nil }
        // With no stored time the animators say so before they ask the app's closure.
        guard scene.lastUpdated != nil else { return Self.lastRefresh(nil, now: scene.now, timeZone: scene.timeZone) }
        return lastRefreshText ?? Self.lastRefresh(scene.lastUpdated, now: scene.now, timeZone: scene.timeZone)
    }

    /// The time label: "首次刷新" with no stored time; else "上次刷新时间:" and "今天 HH:mm"
    /// when the day of the month matches (only the day, as the source compares), "MM-dd HH:mm"
    /// in the same year, "yyyy-MM-dd HH:mm" otherwise.
    /// - Parameters:
    ///   - date: the stored time; nil for none.
    ///   - now: the moment the label is seen.
    ///   - timeZone: the zone the time is shown in.
    /// - Returns: the label's text.
    public static func lastRefresh(_ date: Date?, now: Date, timeZone: TimeZone) -> String {
        guard let date else { return "首次刷新" }
        let text = LastUpdatedFormatter.stamp(CivilTime(date, in: timeZone), seenAt: CivilTime(now, in: timeZone), today: "今天")
        return "上次刷新时间:" + text
    }

    /// Light grey #AAAAAA (`GifAnimator`'s `lightGrayColor`).
    public var defaultTextColor: RGBAColor { RGBAColor(red: 0xAA, green: 0xAA, blue: 0xAA) }
    /// `NormalAnimator`'s nib: black labels; `GifAnimator`: light grey.
    public func defaultTextColor(of scene: RefreshScene) -> RGBAColor {
        scene.style == .gif ? defaultTextColor : RGBAColor(red: 0, green: 0, blue: 0)
    }
    /// `NormalAnimator`'s nib: the description in the 15-pt system font, the time in 14 pt;
    /// `GifAnimator`: 14 pt for both.
    public func labelFonts(of scene: RefreshScene) -> LabelFonts {
        scene.style == .gif
            ? labelFonts : LabelFonts(title: LabelFonts.Font(pointSize: 15, bold: false), second: LabelFonts.Font(bold: false))
    }
    /// Hidden back in normal after a state change, with ``isAutomaticallyHidden``.
    public func isHidden(_ scene: RefreshScene) -> Bool {
        isAutomaticallyHidden && scene.hasChangedState && scene.state.drawnAs == .idle && scene.pullingPercent <= 0
    }
    /// `NormalAnimator`'s nib paints its view orange (1, 0.5, 0); `GifAnimator` is clear.
    public func fill(of scene: RefreshScene) -> RGBAColor? {
        scene.style == .gif ? nil : Self.normalBackground
    }
    /// `NormalAnimator`'s background, (1, 0.5, 0) in its nib.
    public static let normalBackground = RGBAColor(red: 0xFF, green: 0x80, blue: 0)
    /// The gray indicator (it predates iOS 13).
    public var defaultSpinnerStyle: SpinnerStyle { .classic }
    /// The system font at 14 pt for both labels.
    public var labelFonts: LabelFonts {
        LabelFonts(title: LabelFonts.Font(bold: false), second: LabelFonts.Font(bold: false))
    }
    /// ``animatorHeight``, else the animator's own.
    public func size(of scene: RefreshScene) -> (width: Double, height: Double) {
        (scene.width, animatorHeight ?? (scene.style == .gif ? ZJRefreshLayout.gifHeight : ZJRefreshLayout.normalHeight))
    }

    /// `GifAnimator`: Loading loops its own images; otherwise (and when Loading has none) the
    /// pull images, picked by the progress clamped to 0–1.
    public func image(of scene: RefreshScene, in images: StateImages) -> ImageSelection.Choice? {
        let time = scene.timeMicroseconds
        if scene.state.isRefreshing,
            let loading = ImageSelection.pick(.refreshing, in: images, percent: nil, time: time, timing: scene.timing)
        {
            return loading
        }
        let percent = scene.pullingPercent
        let progress = scene.state.isRefreshing ? 1 : min(1, max(0, percent.isNaN ? 0 : percent))
        return ImageSelection.pick(.idle, in: images, percent: progress, time: time, timing: scene.timing)
    }

    /// ``ZJRefreshLayout``; right-to-left mirrors the frames, not the alignment.
    public func layout(of scene: RefreshScene, text: LabelText) -> ComponentLayout {
        let size = scene.size
        let description = scene.stateLabelHidden ? nil : (text.titleFont.width(of: text.title), text.titleFont.lineHeight)
        let time = text.second.flatMap { $0.isEmpty ? nil : (text.secondFont.width(of: $0), text.secondFont.lineHeight) }
        let layout =
            scene.style == .gif
            ? ZJRefreshLayout.gif(
                width: size.width, height: size.height, description: description, time: time, image: text.image,
                imageMargin: imageMargin)
            : ZJRefreshLayout.normal(width: size.width, height: size.height, description: description, time: time)
        return scene.rightToLeft ? layout.mirrored(inWidth: size.width) : layout
    }

    /// `NormalAnimator`'s `grayArrow` image (our drawing of it, ``grayArrow``), hidden while
    /// loading; the indicator spins then.
    public func indicator(of scene: RefreshScene) -> Indicator? {
        let arrow = Indicator.Arrow(
            path: Self.grayArrow, paint: .fadingFill(opaqueAt: Self.grayArrowOpaqueAt), color: Self.grayArrowColor,
            opacity: scene.state.isRefreshing ? 0 : 1, mirrored: scene.rightToLeft)
        return Indicator(arrow: arrow, spinnerTurns: scene.state.isRefreshing)
    }

    /// The `grayArrow` image's shape, drawn by us at its aspect-fit size in the 36-pt image
    /// view (13.8 × 36 pt, 0.6 of its 23 × 60): five 11 × 4.5 pt bars 9 pt apart from y = 2,
    /// above a triangle from (0.5, 42.5) to (22.5, 42.5) to (11.5, 59), in the image's points.
    public static let grayArrow: VectorPath = {
        let s = ZJRefreshLayout.arrowViewSize / ZJRefreshLayout.arrowImageSize.height
        var path = VectorPath()
        for top in stride(from: 2.0, through: 38, by: 9) {
            path.addPolygon([
                RefreshPoint(6 * s, top * s), RefreshPoint(17 * s, top * s), RefreshPoint(17 * s, (top + 4.5) * s),
                RefreshPoint(6 * s, (top + 4.5) * s),
            ])
        }
        path.addPolygon([RefreshPoint(0.5 * s, 42.5 * s), RefreshPoint(11.5 * s, 59 * s), RefreshPoint(22.5 * s, 42.5 * s)])
        return path
    }()
    /// The image's grey, #454545 at 86 % opacity where it is most opaque.
    public static let grayArrowColor = RGBAColor(red: 0x45, green: 0x45, blue: 0x45, alpha: 219)
    /// The image fades from clear at its top to its full opacity a little past half its height.
    public static let grayArrowOpaqueAt = 0.55

    /// An animator height of 1 pt up to the largest side at the scene's scale.
    public func validate(_ scene: RefreshScene) throws {
        let most = RefreshScene.maxPixelSide / max(1, scene.scale)
        if let animatorHeight, !(animatorHeight.isFinite && animatorHeight >= 1 && animatorHeight <= Double(most)) {
            throw InvalidValue(
                field: "animatorHeight", reason: "must be between 1 and \(most) points at scale \(scene.scale), got \(animatorHeight)")
        }
    }

    /// The arrow turns over 0.2 s between the pull states and snaps back after Loading.
    public func transition(
        kind: ComponentKind, from: RefreshState, to: RefreshState, since: Int64,
        startAngle: Double?, autoAlpha: Bool
    ) -> TransitionValues {
        guard kind != .autoFooter else { return TransitionValues() }
        if from.isRefreshing { return TransitionValues(arrowAngle: arrowAngle(kind: kind, state: to)) }
        return TransitionValues(arrowAngle: PullViewArrow.turn(self, kind: kind, from: from, to: to, since: since, startAngle: startAngle))
    }

    /// 0.25-s insets both ways; Loading starts when the inset has opened and ends when it
    /// has closed; a pull of exactly the height arms it; the time Loading starts is stored.
    public var motion: MotionRules {
        MotionRules(refreshesWhenInsetOpens: true, endsWhenInsetCloses: true, armsAtThreshold: true, storesRefreshStart: true)
    }
}

/// Where app code finds ZJRefresh's views (docs/settings.md, "How each library spells a setting").
extension ZJRefresh {
    /// The animator's views: its labels as the picture shows them — GifAnimator's are its own,
    /// NormalAnimator's come from its nib (its outlets are spelled `descroptionLabel` and
    /// `lastTimelabel`); a footer's last-time label is hidden by the animator itself. No spinner
    /// is the app's to set.
    /// - Parameters:
    ///   - view: the view.
    ///   - scene: the scene exported.
    /// - Returns: the property path, or nil.
    public func appPath(to view: AppView, of scene: RefreshScene) -> [String]? {
        let gif = scene.style == .gif
        switch view {
        case .control: return []
        case .stateLabel: return [gif ? "descriptionLabel" : "descroptionLabel"]
        case .timeLabel: return scene.controlClass.parts.contains(.timeLabel) ? [gif ? "lastTimeLabel" : "lastTimelabel"] : nil
        case .spinner: return nil
        }
    }
}
