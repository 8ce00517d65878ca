import FoundationEssentials
import RefreshImage

/// SVPullToRefresh (docs/families.md): the pull-to-refresh view (top: `.header`, bottom:
/// `.backFooter`) and the infinite scrolling view (`.autoFooter`), 60 pt tall. `.gif` means
/// a custom view per state.
package struct SVPullToRefresh: PullViewArrowFamily, Equatable {
    /// `arrowColor`, grey (#808080) unless the app sets one.
    public var arrowColor: RGBAColor
    /// `setSubtitle:forState:`, by state.
    public var subtitles: [RefreshState: String]
    /// A last-updated date was set (the scene's ``RefreshScene/lastUpdated``, nil showing "Never").
    /// Only the 2012 layout shows it: the current source's layout pass replaces the date
    /// label's text with the state's subtitle (docs/families.md).
    public var showsDateLabel: Bool
    /// Which version of the library's layout draws the pull-to-refresh view.
    public var layoutVersion: LayoutVersion
    /// The 2012 date label's `dateFormatter` as a pattern (its `dateFormat`); nil for the
    /// formatter the library makes (short date and time styles of en_US).
    public var dateFormat: DatePattern?
    /// `showsPullToRefresh`: false hides the pull-to-refresh view, stops it following the
    /// scroll view and resets its inset.
    public var showsPullToRefresh = true
    /// `showsInfiniteScrolling`: false hides the infinite scrolling view, stops it following
    /// the scroll view and resets its bottom inset.
    public var showsInfiniteScrolling = true
    /// `SVInfiniteScrollingView.enabled`: false leaves the view and its inset in place but it
    /// no longer reacts to scrolling (it stays stopped).
    public var infiniteScrollingEnabled = true

    /// The versions of SVPullToRefresh's pull-to-refresh layout.
    public enum LayoutVersion: String, CaseIterable, Sendable, SceneChoice {
        /// The current source: arrow and labels centred as one group measured from the text.
        case current
        /// The November 2012 source: the arrow at ceil((W − 200) / 2), fixed label frames.
        case v2012 = "2012"
    }

    /// The library with the app's settings.
    /// - Parameters:
    ///   - arrowColor: the arrow's colour.
    ///   - subtitles: `setSubtitle:forState:`, by state.
    ///   - showsDateLabel: a last-updated date was set.
    ///   - layoutVersion: which source's layout.
    public init(
        arrowColor: RGBAColor = RGBAColor(red: 0x80, green: 0x80, blue: 0x80), subtitles: [RefreshState: String] = [:],
        showsDateLabel: Bool = false,
        layoutVersion: LayoutVersion = .current
    ) {
        self.arrowColor = arrowColor
        self.subtitles = subtitles
        self.showsDateLabel = showsDateLabel
        self.layoutVersion = layoutVersion
    }

    /// `svpulltorefresh`.
    public var name: String { "svpulltorefresh" }
    /// Top and bottom pull-to-refresh views and the infinite scrolling view.
    public var kinds: [ComponentKind] { [.header, .backFooter, .autoFooter] }
    /// `SVInfiniteScrollingView` for the auto footer, `SVPullToRefreshView` (top or bottom) for the others.
    /// - Parameters:
    ///   - kind: one of its kinds.
    ///   - style: one of the kind's styles.
    /// - Returns: the class's name.
    public func className(kind: ComponentKind, style: ComponentStyle) -> String {
        kind == .autoFooter ? "SVInfiniteScrollingView" : "SVPullToRefreshView"
    }
    /// A state's custom view as the app sets it (`setCustomView:forState:`): Stopped shows
    /// its first image still, whatever the pull (the view knows nothing of the pull); the other
    /// states loop their images in time.
    /// - Parameters:
    ///   - scene: the control in its state.
    ///   - images: the state images.
    /// - Returns: the sequence and frame shown, or nil.
    public func image(of scene: RefreshScene, in images: StateImages) -> ImageSelection.Choice? {
        let drawn = scene.state.drawnAs
        return ImageSelection.pick(
            drawn, in: images, percent: drawn == .idle ? 0 : nil, time: scene.timeMicroseconds, timing: scene.timing)
    }

    /// The pull-to-refresh view has a title, a subtitle and a spinner of set style and colour;
    /// the infinite scrolling view only a spinner's style; custom views (images) in the GIF style.
    /// - Parameters:
    ///   - kind: one of its kinds.
    ///   - style: one of the kind's styles.
    /// - Returns: its parts.
    public func parts(kind: ComponentKind, style: ComponentStyle) -> Set<ControlPart> {
        var parts: Set<ControlPart> = kind == .autoFooter ? [.spinner] : [.stateLabel, .timeLabel, .spinner, .spinnerColor]
        if style == .gif { parts.insert(.images) }
        return parts
    }
    /// `stopped`, `triggered`, `loading`.
    public var stateNames: [FamilyStateName] {
        [
            FamilyStateName(name: "stopped", state: .idle), FamilyStateName(name: "triggered", state: .pulling),
            FamilyStateName(name: "loading", state: .refreshing),
        ]
    }
    /// `stopped`, `triggered` or `loading`.
    public func ownStateName(_ state: RefreshState, percent: Double) -> String? {
        switch state.drawnAs {
        case .pulling: return "triggered"
        case .refreshing: return "loading"
        default: return "stopped"
        }
    }

    /// Its English keys (it ships no translations); the infinite scrolling view has no title.
    public func defaultTitle(kind: ComponentKind, state: RefreshState, pulled: Bool, language: TitleLanguage) -> String {
        guard kind != .autoFooter else { return "" }
        switch state.drawnAs {
        case .pulling: return "Release to refresh..."
        case .refreshing: return "Loading..."
        default: return "Pull to refresh..."
        }
    }

    /// No title on the infinite scrolling view.
    public func title(of scene: RefreshScene) -> String {
        scene.kind == .autoFooter ? "" : appTitle(of: scene)
    }

    /// The state's subtitle, else the date label when a date was set.
    public func secondLine(of scene: RefreshScene) -> String? {
        guard scene.kind != .autoFooter else { return nil }
        if let subtitle = subtitles[scene.state] ?? subtitles[scene.state.drawnAs], !subtitle.isEmpty { return subtitle }
        guard showsDateLabel && layoutVersion == .v2012 else { return nil }
        if let dateFormat, let date = scene.lastUpdated { return "Last Updated: " + dateFormat.format(date, in: scene.timeZone) }
        return Self.lastUpdated(scene.lastUpdated, timeZone: scene.timeZone)
    }

    /// The date label: "Last Updated: " and the date in the short date and time styles of
    /// en_US ("3/17/24, 9:41 AM"), or "Never" for a date set to nil.
    /// - Parameters:
    ///   - date: the date set; nil for "Never".
    ///   - timeZone: the zone it is shown in.
    /// - Returns: the label's text.
    public static func lastUpdated(_ date: Date?, timeZone: TimeZone) -> String {
        guard let date else { return "Last Updated: Never" }
        let c = CivilTime(date, in: timeZone)
        let hour = c.hour % 12 == 0 ? 12 : c.hour % 12
        let year = CFormat.zeroPadded(c.year % 100, 2), minute = CFormat.zeroPadded(c.minute, 2)
        return "Last Updated: \(c.month)/\(c.day)/\(year), \(hour):\(minute) \(c.hour < 12 ? "AM" : "PM")"
    }

    /// Dark grey #555555.
    public var defaultTextColor: RGBAColor { RGBAColor(red: 0x55, green: 0x55, blue: 0x55) }
    /// The gray indicator (it predates iOS 13).
    public var defaultSpinnerStyle: SpinnerStyle { .classic }
    /// A bold 14-pt title, a 12-pt subtitle.
    public var labelFonts: LabelFonts { LabelFonts(second: LabelFonts.Font(pointSize: 12, bold: false)) }
    /// 60 pt tall.
    public func size(of scene: RefreshScene) -> (width: Double, height: Double) {
        (scene.width, SVPullToRefreshLayout.viewHeight)
    }

    /// A view the app hid with `showsPullToRefresh` or `showsInfiniteScrolling`.
    public func isHidden(_ scene: RefreshScene) -> Bool {
        scene.kind == .autoFooter ? !showsInfiniteScrolling : !showsPullToRefresh
    }

    /// ``motion`` with the views' switches: a hidden or disabled view does not follow the
    /// scroll view, and a hidden infinite scrolling view keeps no inset.
    public func motion(for kind: ComponentKind) -> MotionRules {
        var rules = motion
        if kind == .autoFooter {
            rules.observesScrolling = showsInfiniteScrolling && infiniteScrollingEnabled
            rules.keepsRestingInset = showsInfiniteScrolling
        } else {
            rules.observesScrolling = showsPullToRefresh
        }
        return rules
    }

    /// ``SVPullToRefreshLayout`` in the chosen version; right-to-left mirrors the frames, not
    /// the alignment.
    public func layout(of scene: RefreshScene, text: LabelText) -> ComponentLayout {
        let width = scene.size.width
        let layout: ComponentLayout
        if scene.kind == .autoFooter {
            layout = SVPullToRefreshLayout.infiniteScrolling(width: width, customView: text.image, indicator: scene.spinner.boxSize)
        } else if layoutVersion == .v2012 {
            layout = SVPullToRefreshLayout.pullToRefresh2012(
                width: width, customView: text.image, title: !scene.stateLabelHidden, subtitle: text.second != nil)
        } else if let image = text.image {
            layout = SVPullToRefreshLayout.customView(image, width: width)
        } else {
            let indicator = scene.spinner.boxSize
            let column = max(SVPullToRefreshLayout.arrowSize.width, indicator)
            let maxWidth = width - SVPullToRefreshLayout.margin - column
            let title =
                scene.stateLabelHidden || text.title.isEmpty
                ? nil
                : SVPullToRefreshLayout.measured(
                    width: text.titleFont.width(of: text.title), lineHeight: text.titleFont.lineHeight, maxWidth: maxWidth)
            let subtitle = text.second.flatMap { second in
                second.isEmpty
                    ? nil
                    : SVPullToRefreshLayout.measured(
                        width: text.secondFont.width(of: second), lineHeight: text.secondFont.lineHeight, maxWidth: maxWidth)
            }
            layout = SVPullToRefreshLayout.pullToRefresh(width: width, title: title, subtitle: subtitle, indicator: indicator)
        }
        return scene.rightToLeft ? layout.mirrored(inWidth: width) : layout
    }

    /// The code-drawn arrow, faded, in ``arrowColor``; hidden while loading. The infinite
    /// scrolling view spins from Triggered on.
    public func indicator(of scene: RefreshScene) -> Indicator? {
        let arrow = Indicator.Arrow(
            path: Self.arrow, paint: .fadingFill(opaqueAt: Self.arrowOpaqueAt),
            color: arrowColor,
            opacity: scene.state.isRefreshing ? 0 : 1)
        let spins = scene.state.isRefreshing || (scene.kind == .autoFooter && scene.state == .pulling)
        return Indicator(arrow: arrow, spinnerTurns: spins)
    }

    /// The code-drawn arrow in its 22×48 pt frame: six 12×4 pt bars 2 pt apart above a
    /// triangle from (0, 34) to (11, 48) to (22, 34).
    public static let arrow: VectorPath = {
        var path = VectorPath()
        for top in stride(from: 0.0, through: 30, by: 6) {
            path.addPolygon([RefreshPoint(5, top), RefreshPoint(17, top), RefreshPoint(17, top + 4), RefreshPoint(5, top + 4)])
        }
        path.addPolygon([RefreshPoint(0, 34), RefreshPoint(11, 48), RefreshPoint(22, 34)])
        return path
    }()

    /// Where the arrow's gradient reaches full opacity, as a fraction of its 48 pt.
    public static let arrowOpaqueAt = 0.8

    /// The arrow turns over 0.2 s and fades out over 0.2 s when loading starts.
    public func transition(
        kind: ComponentKind, from: RefreshState, to: RefreshState, since: Int64,
        startAngle: Double?, autoAlpha: Bool
    ) -> TransitionValues {
        var values = TransitionValues()
        guard kind != .autoFooter else { return values }
        values.arrowAngle = PullViewArrow.turn(self, kind: kind, from: from, to: to, since: since, startAngle: startAngle)
        if to.isRefreshing {
            values.arrowOpacity = from.isRefreshing ? 0 : 1 - Easing.easeInOut(Double(since) / Double(PullViewArrow.turnDuration))
        }
        return values
    }

    /// 0.3-s insets both ways; the infinite scrolling view triggers past the end.
    public var motion: MotionRules { MotionRules(insetIn: 300_000, insetOut: 300_000, autoFooter: .pastEnd) }

    /// With the date label shown.
    public var galleryVariant: SVPullToRefresh {
        var variant = self
        variant.showsDateLabel = true
        return variant
    }
}

/// Where app code finds SVPullToRefresh's views (docs/settings.md, "How each library spells a setting").
extension SVPullToRefresh {
    /// The pull-to-refresh view's labels (`titleLabel`, `subtitleLabel`); the infinite scrolling
    /// view has none, and the spinner's look is set on the view itself.
    /// - Parameters:
    ///   - view: the view.
    ///   - scene: the scene exported.
    /// - Returns: the property path, or nil.
    public func appPath(to view: AppView, of scene: RefreshScene) -> [String]? {
        let labels = scene.kind != .autoFooter
        switch view {
        case .control: return []
        case .stateLabel: return labels ? ["titleLabel"] : nil
        case .timeLabel: return labels ? ["subtitleLabel"] : nil
        case .spinner: return nil
        }
    }
}
