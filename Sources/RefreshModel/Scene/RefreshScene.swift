import FoundationEssentials
import RefreshImage

/// Everything that decides one rendered frame of a refresh control: the control (kind,
/// style, images, labels), its state and pull, the time since the state began, and the
/// output geometry. A pure value: rendering the same scene gives the same pixels.
public struct RefreshScene: Sendable {
    /// The library whose control this is (docs/families.md): its kinds, styles, layouts,
    /// strings, state rules and the settings only it has, e.g. `SVPullToRefresh(arrowColor:)`.
    package var family: any RefreshFamily = MJRefresh()
    /// The kind of control.
    public var kind: ComponentKind = .header
    /// Its style (the trailer has only `.normal` and `.state`).
    public var style: ComponentStyle = .gif
    /// The state drawn.
    public var state: RefreshState = .idle
    /// MJRefresh's `pullingPercent` (unclamped; docs/motion.md).
    public var pullingPercent: Double = 0
    /// Seconds since the state was entered (looping images, spinner phase); 0 to
    /// ``maxTime``.
    public var time: Double = 0

    /// The largest ``time``: one million seconds.
    public static let maxTime = 1_000_000.0

    /// ``time`` in whole microseconds, the unit the frame clocks count in (0 for a time that
    /// ``validate()`` refuses).
    package var timeMicroseconds: Int64 {
        get { time.isFinite && time >= 0 && time <= Self.maxTime ? Int64((time * 1_000_000).rounded()) : 0 }
        set { time = Double(newValue) / 1_000_000 }
    }

    /// The control's width in points (the scroll view's width; a trailer is always 60 pt).
    public var width: Double = 375
    /// The trailer's height in points (the scroll view's height); ignored by other kinds.
    public var trailerHeight: Double = 300
    /// Device pixels per point: 1, 2 or 3.
    public var scale: Int = 2
    /// The scales a scene is drawn at (@1x, @2x, @3x): checked here, and by everything that
    /// draws at a scale.
    package static let scales = Limit(1...3, phrase: "1, 2 or 3")
    /// What is behind the control (clear by default).
    package var background: RGBAColor = .clear

    /// The image sequences of the GIF styles: the built-in animation unless set
    /// (`StateImages()` for none).
    package var images = StateImages.builtIn
    /// How looping sequences space their frames.
    package var timing: ImageSequence.Timing = .equal

    /// The language of the default titles.
    package var language: TitleLanguage = .en
    /// Titles that replace the defaults, by state.
    package var titles: [RefreshState: String] = [:]
    /// The app hid the state label.
    package var stateLabelHidden = false
    /// The app hid the last-updated label (headers).
    package var timeLabelHidden = false
    /// Auto footers: no title while refreshing, image or spinner centred (docs/layout.md).
    package var refreshingTitleHidden = false
    /// Label text colour (also the tint of MJRefresh's and ZJRefresh's arrows); nil for the
    /// library's own (``defaultTextColor``).
    package var textColor: RGBAColor?
    /// A font file replacing the primary font.
    package var font: FontLocation?
    /// The app's own arrow image (MJRefresh's `arrowView.image`), drawn at its size in points
    /// in place of the library's arrow; nil for the library's.
    package var arrowImage: ScaledImage?
    /// The arrow image is a template (`UIImageRenderingModeAlwaysTemplate`): its alpha is
    /// painted in the arrow's tint; otherwise its own colours are drawn.
    package var arrowImageTemplate = false
    /// The state label's font as the app set it (`stateLabel.font`); nil for the library's.
    package var stateLabelFont: LabelFonts.Font?
    /// The second line's font as the app set it (`lastUpdatedTimeLabel.font`, a subtitle's);
    /// nil for the library's.
    package var timeLabelFont: LabelFonts.Font?
    /// The state label's colour as the app set it (`stateLabel.textColor`); nil for
    /// ``textColor``, else the library's. MJRefresh tints its arrow with it.
    package var stateLabelColor: RGBAColor?
    /// The second line's colour as the app set it (`lastUpdatedTimeLabel.textColor`); nil for
    /// ``textColor``, else the library's.
    package var timeLabelColor: RGBAColor?
    /// The control's own `backgroundColor`, painted under everything it draws; nil for the
    /// library's (clear, or ZJRefresh's orange).
    package var controlColor: RGBAColor?

    /// The stored last-updated date (nil: "No record").
    package var lastUpdated: Date?
    /// "Now" for the last-updated line.
    package var now: Date = Date(timeIntervalSince1970: 0)
    /// The time zone of the last-updated line.
    package var timeZone: TimeZone = .gmt

    /// The spinner look; nil for the library's own (``defaultSpinnerStyle``).
    package var spinnerStyle: SpinnerStyle?
    /// The spinner's colour instead of its style's (UIActivityIndicatorView's `color`:
    /// SVPullToRefresh's `activityIndicatorViewColor`); nil for the style's.
    package var spinnerColor: RGBAColor?
    /// `automaticallyChangeAlpha` (docs/motion.md).
    package var autoAlpha = false
    /// Mirror the layout for a right-to-left collection view (docs/layout.md).
    package var rightToLeft = false
    /// Whether the control has changed state since it was made: false for a still (a control
    /// as an app first shows it), set by ``GesturePlayer`` from the first change on. A library
    /// may show other text before it (ZJRefresh's nib text).
    package var hasChangedState = false
    /// In-between values of a running transition; nil draws the state's resting look.
    package var transition: TransitionValues?
    /// The state before ``state`` while a transition into it shows (``showTransition(from:after:)``):
    /// a custom layer's switch slides from its value there.
    package var previousState: RefreshState?

    /// The app's own subviews, drawn in order over what the library's class draws
    /// (docs/layers.md).
    package var layers: [CheckedLayer] = []
    /// The images the layers name, decoded at the scene's scale, by path as given.
    package var layerImages: [String: ImageSequence] = [:]
    /// The app hid the whole control (`mj_header.hidden = YES`): nothing of it is drawn; an
    /// auto footer also gives back its inset (docs/layers.md).
    package var hidden = false

    /// A scene with every default, the command line's: an idle GIF header 375 pt wide at
    /// @2x showing the built-in animation.
    public init() {}

    /// A scene from its main settings, checked (see ``validate()``).
    /// - Parameters:
    ///   - kind: the kind of control.
    ///   - style: its style; nil for the kind's first.
    ///   - state: the state drawn.
    ///   - pullingPercent: the pull.
    ///   - width: points.
    ///   - trailerHeight: a trailer's height in points.
    ///   - scale: pixels a point.
    /// - Throws: ``InvalidValue`` for a value that cannot be drawn.
    public init(
        kind: ComponentKind = .header, style: ComponentStyle? = nil, state: RefreshState = .idle,
        pullingPercent: Double = 0, width: Double = 375, trailerHeight: Double = 300, scale: Int = 2
    ) throws {
        self.kind = kind
        self.style = style ?? kind.styles[0]
        self.state = state
        self.pullingPercent = pullingPercent
        self.width = width
        self.trailerHeight = trailerHeight
        self.scale = scale
        try validate()
    }

    /// The largest control side in device pixels.
    public static let maxPixelSide = 16_384

    /// Checks every value the renderer relies on: a style the kind has, a scale of 1–3, a
    /// width and trailer height of at least 1 pt that fit ``maxPixelSide`` at the scale, a
    /// finite percent ≥ 0, a time ≥ 0 and transition values that are numbers. The renderer
    /// calls it first, so a scene changed through its properties can never trap. Errors name
    /// the property (`pullingPercent`); the command line and JSON name their own field.
    /// - Throws: ``InvalidValue`` naming the Swift property.
    public func validate() throws {
        guard family.kinds.contains(kind) else {
            throw InvalidValue(
                field: "kind",
                reason: "\(family.name) has no \(kind.rawValue) (choose \(family.kinds.map(\.rawValue).joined(separator: ", ")))")
        }
        let styles = family.styles(for: kind)
        guard styles.contains(style) else {
            throw InvalidValue(
                field: "style",
                reason:
                    "\(style.rawValue) does not exist for kind \(kind.rawValue) (choose \(styles.map(\.rawValue).joined(separator: ", ")))")
        }
        guard family.hasState(state) else {
            throw InvalidValue(
                field: "state",
                reason: "\(family.name) has no \(state.rawValue) state (choose \(family.acceptedStateNames.joined(separator: ", ")))")
        }
        // A state the library has, but not this kind (an auto footer is never pulled): refused,
        // not drawn as an empty picture.
        let kindStates = family.states(of: kind)
        guard kindStates.contains(state.drawnAs) else {
            throw InvalidValue(
                field: "state",
                reason: "\(family.name)'s \(kind.rawValue) has no \(state.rawValue) state (choose "
                    + "\(kindStates.map(\.rawValue).joined(separator: ", ")))")
        }
        try family.validate(self)
        if arrowImage != nil, family.indicator(of: self)?.arrow?.isImageView != true {
            throw InvalidValue(
                field: "arrowImage",
                reason:
                    "\(family.name)'s \(kind.rawValue) in the \(style.rawValue) style shows no arrow image view (MJRefresh's Normal style has one)"
            )
        }
        try Self.scales.check(scale, field: "scale")
        let maxPoints = Double(Self.maxPixelSide / scale)
        for (name, value) in [("width", width), ("trailerHeight", trailerHeight)]
        where !(value.isFinite && value >= 1 && value <= maxPoints) {
            throw InvalidValue(field: name, reason: "must be between 1 and \(Int(maxPoints)) points at scale \(scale), got \(value)")
        }
        guard pullingPercent.isFinite, pullingPercent >= 0 else {
            throw InvalidValue(field: "pullingPercent", reason: "must be a finite number ≥ 0, got \(pullingPercent)")
        }
        guard time.isFinite, time >= 0, time <= Self.maxTime else {
            throw InvalidValue(field: "time", reason: "must be a number of seconds between 0 and \(Int(Self.maxTime)), got \(time)")
        }
        if let transition {
            for (name, value) in [
                ("arrowAngle", transition.arrowAngle), ("arrowOpacity", transition.arrowOpacity),
                ("spinnerOpacity", transition.spinnerOpacity),
                ("alpha", transition.alpha),
            ] {
                if let value, !value.isFinite {
                    throw InvalidValue(field: "transition.\(name)", reason: "must be a finite number, got \(value)")
                }
            }
        }
    }

    /// Shows the transition into ``state`` from `previous`, `seconds` after the change:
    /// the arrow part-way through its turn, the spinner fading, the alpha of a control that
    /// fades (docs/motion.md). The time since the state began becomes `seconds` too.
    /// - Parameters:
    ///   - previous: the state before ``state``.
    ///   - seconds: since the change.
    package mutating func showTransition(from previous: RefreshState, after seconds: Double) {
        transition = family.transition(kind: kind, from: previous, to: state, after: seconds, autoAlpha: autoAlpha)
        previousState = previous
        time = seconds
    }

    /// The class an app makes for this scene: its library's kind in its style.
    package var controlClass: ControlClass { ControlClass(family, kind: kind, style: style) }

    /// The state title this scene shows ("" for none).
    package var stateTitle: String { family.title(of: self) }

    /// The second line: the last-updated time (headers), a subtitle or date label; nil where
    /// there is none.
    package var lastUpdatedText: String? { family.secondLine(of: self) }

    /// The label colour drawn: ``textColor``, or the library's default.
    package var labelColor: RGBAColor { textColor ?? defaultTextColor }

    /// The library's label colour.
    package var defaultTextColor: RGBAColor { family.defaultTextColor(of: self) }

    /// The state label's colour drawn: ``stateLabelColor``, else ``labelColor``.
    package var stateColor: RGBAColor { stateLabelColor ?? labelColor }

    /// The second line's colour drawn: ``timeLabelColor``, else ``labelColor``.
    package var timeColor: RGBAColor { timeLabelColor ?? labelColor }

    /// The labels' fonts drawn: the library's, with the app's own in their place.
    package var labelFonts: LabelFonts {
        var fonts = family.labelFonts(of: self)
        if let stateLabelFont { fonts.title = stateLabelFont }
        if let timeLabelFont { fonts.second = timeLabelFont }
        return fonts
    }

    /// The control's background drawn: ``controlColor``, else the library's; nil for none.
    package var controlFill: RGBAColor? { controlColor ?? family.fill(of: self) }

    /// The spinner drawn: ``spinnerStyle``, or the library's default.
    package var spinner: SpinnerStyle { spinnerStyle ?? defaultSpinnerStyle }

    /// The library's spinner.
    package var defaultSpinnerStyle: SpinnerStyle { family.defaultSpinnerStyle }

    /// The control's size in points, as its library sizes it (MJRefresh's GIF styles grow to
    /// their images, docs/images.md).
    public var size: (width: Double, height: Double) { family.size(of: self) }

    /// The group opacity, 0–1 (docs/motion.md): 1 unless `autoAlpha`; then min(1, percent) while
    /// not refreshing. The auto footer never sets its percent, so with the flag it stays
    /// invisible until its first refresh (reproduced quirk: Idle is drawn invisible).
    package var alpha: Double {
        if let value = transition?.alpha { return max(0, min(1, value)) }
        guard autoAlpha, !state.isRefreshing else { return 1 }
        if kind == .autoFooter { return state == .idle ? 0 : 1 }
        return max(0, min(1, pullingPercent.isNaN ? 0 : pullingPercent))
    }
}

/// The in-between values of a transition at one instant (docs/motion.md), set by the motion
/// layer; each nil value falls back to the state's resting look.
package struct TransitionValues: Sendable, Equatable {
    /// The arrow's angle in radians, clockwise.
    public var arrowAngle: Double?
    /// True when the arrow is hidden (e.g. the 0.4 s after a refresh ends).
    public var arrowHidden: Bool?
    /// The arrow's opacity while it fades (SVPullToRefresh), 0–1.
    public var arrowOpacity: Double?
    /// The spinner's opacity (1 = shown, 0 = hidden).
    public var spinnerOpacity: Double?
    /// The group alpha.
    package var alpha: Double?

    /// Values; nil ones rest.
    /// - Parameters:
    ///   - arrowAngle: radians, clockwise.
    ///   - arrowHidden: true while the arrow is hidden.
    ///   - arrowOpacity: 0 to 1.
    ///   - spinnerOpacity: 0 to 1.
    ///   - alpha: the group alpha, 0 to 1.
    public init(
        arrowAngle: Double? = nil, arrowHidden: Bool? = nil, arrowOpacity: Double? = nil,
        spinnerOpacity: Double? = nil, alpha: Double? = nil
    ) {
        self.arrowAngle = arrowAngle
        self.arrowHidden = arrowHidden
        self.arrowOpacity = arrowOpacity
        self.spinnerOpacity = spinnerOpacity
        self.alpha = alpha
    }
}

extension RefreshScene {
    /// Changes the family's settings when the scene's family is `F` (e.g.
    /// `scene.update(SVPullToRefresh.self) { $0.arrowColor = .black }`); does nothing for
    /// another family, whose controls have no such setting.
    /// - Parameters:
    ///   - type: the family changed.
    ///   - change: changes its settings.
    package mutating func update<F: RefreshFamily>(_ type: F.Type, _ change: (inout F) -> Void) {
        guard var own = family as? F else { return }
        change(&own)
        family = own
    }
}
