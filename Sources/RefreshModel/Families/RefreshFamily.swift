import RefreshImage

/// A pull-to-refresh library drawn on the shared scene model (docs/families.md): everything
/// that differs between MJRefresh, SVPullToRefresh, ZJRefresh or a library of your own.
///
/// The renderer, the state machine, the gesture player and the gallery ask the scene's
/// family and never name a library, so a new family is one type (and, by custom, one
/// folder): its kinds, styles and state names, its strings, its sizes and layout, the
/// indicator it draws, and its motion. Settings only one library has are stored properties
/// of that library's type, set through `RefreshScene/family`.
///
/// Most requirements have defaults shaped like MJRefresh's header; a small family writes
/// ``name``, ``kinds``, ``size(of:)``, ``defaultTitle(kind:state:pulled:language:)`` and
/// ``layout(of:text:)``.
package protocol RefreshFamily: Sendable {
    /// The library's name in gallery names, JSON and on the command line, e.g. `svpulltorefresh`.
    var name: String { get }

    // MARK: What it has

    /// The kinds of control this library has.
    var kinds: [ComponentKind] { get }
    /// The styles a kind has in this library; the first is the default.
    /// - Parameter kind: one of ``kinds``.
    /// - Returns: its styles, the default first.
    func styles(for kind: ComponentKind) -> [ComponentStyle]
    /// The class an app makes for a kind in a style, as the library's headers name it
    /// (``ControlClass``): what settings are declared against.
    /// - Parameters:
    ///   - kind: one of ``kinds``.
    ///   - style: one of its styles.
    /// - Returns: the class's name.
    func className(kind: ComponentKind, style: ComponentStyle) -> String
    /// The parts a kind has in a style (its labels, images, arrow view, spinner), which
    /// settings every library has configure: a setting for a part the class lacks is refused.
    /// - Parameters:
    ///   - kind: one of ``kinds``.
    ///   - style: one of its styles.
    /// - Returns: the parts.
    func parts(kind: ComponentKind, style: ComponentStyle) -> Set<ControlPart>
    /// The states a kind goes through, in order (WillRefresh, drawn as Refreshing, left out).
    /// - Parameter kind: one of ``kinds``.
    /// - Returns: its states.
    func states(of kind: ComponentKind) -> [RefreshState]
    /// The state names this library's own API uses, in order; empty when it uses the shared
    /// names (``RefreshState``), which are accepted beside them everywhere.
    var stateNames: [FamilyStateName] { get }
    /// The library's own name for what a control shows in `state` with `percent` pulled;
    /// nil when it uses the shared names.
    /// - Parameters:
    ///   - state: the shared state.
    ///   - percent: how far the control is pulled (an idle split by the pull).
    /// - Returns: the library's name, or nil.
    func ownStateName(_ state: RefreshState, percent: Double) -> String?

    // MARK: Strings

    /// The title a control shows in a state when the app set none; `pulled` tells an idle
    /// control that is being pulled from one at rest.
    /// - Parameters:
    ///   - kind: the kind of control.
    ///   - state: its state.
    ///   - pulled: true while an idle control is being pulled.
    ///   - language: the titles' language.
    /// - Returns: the title ("" for none).
    func defaultTitle(kind: ComponentKind, state: RefreshState, pulled: Bool, language: TitleLanguage) -> String
    /// The string key a phone shows as the title of `state`, where the library's bundle has no
    /// text for it in `language` and the app set none (MJRefresh's trailers outside Chinese):
    /// what `lint` warns about. Nil by default: a title that is a real text.
    /// - Parameters:
    ///   - kind: the kind of control.
    ///   - state: its state.
    ///   - language: the titles' language.
    /// - Returns: the key shown, or nil.
    func rawKeyTitle(kind: ComponentKind, state: RefreshState, language: TitleLanguage) -> String?
    /// The state title `scene` shows ("" for none), before the app hides the label.
    /// - Parameter scene: the control in its state.
    /// - Returns: the title.
    func title(of scene: RefreshScene) -> String
    /// The second line (last-updated time, subtitle) `scene` shows; nil where there is none.
    /// - Parameter scene: the control in its state.
    /// - Returns: the line, or nil.
    func secondLine(of scene: RefreshScene) -> String?
    /// What the labels show once the app's hidden labels are taken out: by default ""
    /// and nil for hidden ones.
    /// - Parameter scene: the control in its state.
    /// - Returns: the title and the second line as drawn.
    func labels(of scene: RefreshScene) -> (title: String, second: String?)

    // MARK: Look

    /// The label colour when the app sets none.
    var defaultTextColor: RGBAColor { get }
    /// The spinner when the app sets none.
    var defaultSpinnerStyle: SpinnerStyle { get }
    /// The fonts of the two labels.
    var labelFonts: LabelFonts { get }
    /// The label colour when the app sets none, for this scene (a library whose styles differ).
    /// - Parameter scene: the control.
    /// - Returns: the colour.
    func defaultTextColor(of scene: RefreshScene) -> RGBAColor
    /// The fonts of the two labels for this scene (a library whose styles differ).
    /// - Parameter scene: the control.
    /// - Returns: the fonts.
    func labelFonts(of scene: RefreshScene) -> LabelFonts
    /// The control's own background, painted under everything it draws; nil for none.
    /// - Parameter scene: the control.
    /// - Returns: the colour, or nil.
    func fill(of scene: RefreshScene) -> RGBAColor?
    /// Whether the control is hidden in this scene (drawn as nothing, its place kept).
    /// - Parameter scene: the control.
    /// - Returns: true when hidden.
    func isHidden(_ scene: RefreshScene) -> Bool
    /// How far a control of `kind` sits beyond its usual place in the scroll view, away from
    /// the content, in points (position only: no threshold changes).
    /// - Parameter kind: the kind of control.
    /// - Returns: points.
    func ignoredInset(kind: ComponentKind) -> Double
    /// The control's size in points.
    /// - Parameter scene: the control.
    /// - Returns: its width and height.
    func size(of scene: RefreshScene) -> (width: Double, height: Double)
    /// The image a GIF-style control shows from `images`; nil for none.
    /// - Parameters:
    ///   - scene: the control in its state.
    ///   - images: the state images.
    /// - Returns: the sequence and frame shown, or nil.
    func image(of scene: RefreshScene, in images: StateImages) -> ImageSelection.Choice?
    /// Where each element goes, in points, with the labels measured in their fonts.
    /// - Parameters:
    ///   - scene: the control in its state.
    ///   - text: the labels' text and fonts, measured.
    /// - Returns: the rectangles of the arrow, spinner, image and labels.
    func layout(of scene: RefreshScene, text: LabelText) -> ComponentLayout
    /// The arrow and spinner drawn where no image is shown; nil draws neither.
    /// - Parameter scene: the control in its state.
    /// - Returns: the indicator, or nil.
    func indicator(of scene: RefreshScene) -> Indicator?
    /// Checks what only this library relies on.
    /// - Parameter scene: the scene about to be drawn.
    /// - Throws: ``InvalidValue`` naming the property.
    func validate(_ scene: RefreshScene) throws

    // MARK: Settings

    /// The settings only this library has, declared in its folder (``SceneField/setting(_:of:_:group:help:example:range:unit:)``):
    /// the scene schema adds them to JSON, the command line, the preview's panel and the docs.
    var settings: [SceneField] { get }
    /// The app set the control's height (`height`): true when a control of `kind` takes it
    /// (the family keeping it where it needs it), false when it takes its height from its
    /// style and images, and the setting is refused.
    /// - Parameters:
    ///   - height: points.
    ///   - kind: the control's kind.
    /// - Returns: true when taken.
    mutating func setHeight(_ height: Double, kind: ComponentKind) -> Bool
    /// Where app code finds one of the control's views, from the control's variable
    /// (`["stateLabel?"]`; `[]` for the control itself); nil when the scene's class has none.
    /// The settings' spellings (``AppSpelling``) are written and read back through it.
    /// - Parameters:
    ///   - view: the view.
    ///   - scene: the scene exported.
    /// - Returns: the property path, or nil.
    func appPath(to view: AppView, of scene: RefreshScene) -> [String]?
    /// The strings table the library reads from the app's bundle (MJRefresh's `i18nFilename`);
    /// nil when it reads none, and an app's strings file is refused.
    var stringsTable: String? { get }
    /// The app's strings for the scene's language, read from its bundle: they replace the
    /// library's own strings of the same keys.
    /// - Parameter strings: each key's text.
    mutating func setStrings(_ strings: [String: String])

    // MARK: Motion

    /// The arrow's resting angle (radians, clockwise) in a state; nil where it is hidden.
    /// - Parameters:
    ///   - kind: the kind of control.
    ///   - state: its state.
    /// - Returns: radians, or nil.
    func arrowAngle(kind: ComponentKind, state: RefreshState) -> Double?
    /// The in-between values `since` µs after a change from `from` to `to`, the arrow
    /// starting from `startAngle` (the resting angle of `from` when nil).
    /// - Parameters:
    ///   - kind: the kind of control.
    ///   - from: the state before.
    ///   - to: the state now.
    ///   - since: microseconds since the change.
    ///   - startAngle: the arrow's angle at the change; nil for `from`'s resting angle.
    ///   - autoAlpha: `automaticallyChangeAlpha`.
    /// - Returns: the in-between values; nil ones rest.
    func transition(
        kind: ComponentKind, from: RefreshState, to: RefreshState, since: Int64,
        startAngle: Double?, autoAlpha: Bool
    ) -> TransitionValues
    /// How the control moves the scroll view and when it starts refreshing.
    var motion: MotionRules { get }
    /// The rules of one kind of control (a library's settings may differ per kind).
    /// - Parameter kind: the kind of control.
    /// - Returns: its rules.
    func motion(for kind: ComponentKind) -> MotionRules

    // MARK: Gallery

    /// The columns of this library's gallery for a kind.
    /// - Parameter kind: the kind of control.
    /// - Returns: one column per state shown.
    func galleryColumns(for kind: ComponentKind) -> [GalleryColumn]
    /// What a gallery case's name starts with (nil for none).
    var galleryPrefix: String? { get }
    /// The family as the gallery shows it (e.g. with every optional label on).
    var galleryVariant: Self { get }
}

extension RefreshFamily {
    /// Every kind.
    public var kinds: [ComponentKind] { [.header] }
    /// `.normal`, then `.gif`.
    public func styles(for kind: ComponentKind) -> [ComponentStyle] { [.normal, .gif] }
    /// The library's name, the kind and the style (`myrefresh header normal`).
    /// - Parameters:
    ///   - kind: one of its kinds.
    ///   - style: one of the kind's styles.
    /// - Returns: the class's name.
    public func className(kind: ComponentKind, style: ComponentStyle) -> String { "\(name) \(kind.rawValue) \(style.rawValue)" }
    /// Both labels, a spinner, images in the GIF style, and a trailer's height (as ``setHeight(_:kind:)``).
    /// - Parameters:
    ///   - kind: one of its kinds.
    ///   - style: one of the kind's styles.
    /// - Returns: its parts.
    public func parts(kind: ComponentKind, style: ComponentStyle) -> Set<ControlPart> {
        var parts: Set<ControlPart> = [.stateLabel, .timeLabel, .spinner]
        if style == .gif { parts.insert(.images) }
        if kind == .trailer { parts.insert(.viewHeight) }
        return parts
    }
    /// None: every default title is a text.
    /// - Parameters:
    ///   - kind: the kind of control.
    ///   - state: its state.
    ///   - language: the titles' language.
    /// - Returns: nil.
    public func rawKeyTitle(kind: ComponentKind, state: RefreshState, language: TitleLanguage) -> String? { nil }
    /// Idle, Pulling, Refreshing.
    public func states(of kind: ComponentKind) -> [RefreshState] { [.idle, .pulling, .refreshing] }
    /// The shared names.
    public var stateNames: [FamilyStateName] { [] }
    /// The shared names.
    public func ownStateName(_ state: RefreshState, percent: Double) -> String? { nil }

    /// The app's title for the state, else ``defaultTitle(kind:state:pulled:language:)``.
    public func title(of scene: RefreshScene) -> String { appTitle(of: scene) }
    /// None.
    public func secondLine(of scene: RefreshScene) -> String? { nil }
    /// "" for a hidden state label, nil for a hidden second line.
    public func labels(of scene: RefreshScene) -> (title: String, second: String?) {
        (scene.stateLabelHidden ? "" : scene.stateTitle, scene.timeLabelHidden ? nil : scene.lastUpdatedText)
    }

    /// The app's title for the scene's state (``RefreshScene/titles``), else the default.
    /// - Parameter scene: the control in its state.
    /// - Returns: the title.
    public func appTitle(of scene: RefreshScene) -> String {
        let pulled = scene.state.drawnAs == .idle && scene.pullingPercent > 0
        return scene.titles[scene.state] ?? scene.titles[scene.state.drawnAs]
            ?? defaultTitle(kind: scene.kind, state: scene.state, pulled: pulled, language: scene.language)
    }

    /// MJRefresh's #5A5A5A.
    public var defaultTextColor: RGBAColor { .mjLabel }
    /// The iOS 13 `medium` spinner.
    public var defaultSpinnerStyle: SpinnerStyle { .medium }
    /// Bold 14 pt for both labels.
    public var labelFonts: LabelFonts { LabelFonts() }
    /// ``defaultTextColor`` in every style.
    public func defaultTextColor(of scene: RefreshScene) -> RGBAColor { defaultTextColor }
    /// ``labelFonts`` in every style.
    public func labelFonts(of scene: RefreshScene) -> LabelFonts { labelFonts }
    /// None: the control is transparent where it draws nothing.
    public func fill(of scene: RefreshScene) -> RGBAColor? { nil }
    /// Never hidden.
    public func isHidden(_ scene: RefreshScene) -> Bool { false }
    /// In its usual place.
    public func ignoredInset(kind: ComponentKind) -> Double { 0 }
    /// ``motion`` for every kind.
    public func motion(for kind: ComponentKind) -> MotionRules { motion }
    /// The state's own images: Idle picked by the pull, the others looping in time.
    public func image(of scene: RefreshScene, in images: StateImages) -> ImageSelection.Choice? {
        let drawn = scene.state.drawnAs
        return ImageSelection.pick(
            drawn, in: images, percent: drawn == .idle ? scene.pullingPercent : nil,
            time: scene.timeMicroseconds, timing: scene.timing)
    }
    /// Nothing more to check.
    public func validate(_ scene: RefreshScene) throws {}
    /// None.
    public var settings: [SceneField] { [] }
    /// A trailer's height is the scene's ``RefreshScene/trailerHeight``; other kinds refuse one.
    public mutating func setHeight(_ height: Double, kind: ComponentKind) -> Bool { kind == .trailer }
    /// The control only.
    /// - Parameters:
    ///   - view: the view.
    ///   - scene: the scene.
    /// - Returns: `[]` for the control, else nil.
    public func appPath(to view: AppView, of scene: RefreshScene) -> [String]? { view == .control ? [] : nil }
    /// None.
    public var stringsTable: String? { nil }
    /// Nothing to keep.
    /// - Parameter strings: each key's text.
    public mutating func setStrings(_ strings: [String: String]) {}
    /// A spinner while refreshing, no arrow.
    public func indicator(of scene: RefreshScene) -> Indicator? {
        Indicator(arrow: nil, spinnerTurns: scene.state.isRefreshing)
    }

    /// No arrow.
    public func arrowAngle(kind: ComponentKind, state: RefreshState) -> Double? { nil }
    /// The arrow turns to its resting angle over 0.2 s.
    public func transition(
        kind: ComponentKind, from: RefreshState, to: RefreshState, since: Int64,
        startAngle: Double?, autoAlpha: Bool
    ) -> TransitionValues {
        TransitionValues(arrowAngle: PullViewArrow.turn(self, kind: kind, from: from, to: to, since: since, startAngle: startAngle))
    }
    /// The values `seconds` after a change (a time that is not a finite number ≥ 0 counts as 0).
    public func transition(
        kind: ComponentKind, from: RefreshState, to: RefreshState, after seconds: Double,
        startAngle: Double? = nil, autoAlpha: Bool = false
    ) -> TransitionValues {
        let since = seconds.isFinite && seconds > 0 ? Int64((min(seconds, 1e9) * 1_000_000).rounded()) : 0
        return transition(kind: kind, from: from, to: to, since: since, startAngle: startAngle, autoAlpha: autoAlpha)
    }
    /// 0.25-s insets both ways, refreshing at release.
    public var motion: MotionRules { MotionRules() }

    /// Each state under its own name: idle shown 60 % pulled, an own name that says it is
    /// not pulled at 0, the others at 1.
    public func galleryColumns(for kind: ComponentKind) -> [GalleryColumn] {
        guard !stateNames.isEmpty else {
            return states(of: kind).map { GalleryColumn(name: $0.rawValue, state: $0, percent: $0 == .idle ? 0.6 : 1) }
        }
        return stateNames.map {
            GalleryColumn(name: $0.name, state: $0.state, percent: $0.pulled == false ? 0 : $0.state == .idle ? 0.6 : 1)
        }
    }
    /// The library's name.
    public var galleryPrefix: String? { name }
    /// The family itself.
    public var galleryVariant: Self { self }

    /// The state a name means in this library: its own names first, then the shared ones
    /// its kinds go through.
    /// - Parameter name: a state name, the library's own or a shared one.
    /// - Returns: the state it means, or nil.
    public func state(named name: String) -> FamilyStateName? {
        if let own = stateNames.first(where: { $0.name == name }) { return own }
        guard let shared = RefreshState(rawValue: name), hasState(shared) else { return nil }
        return FamilyStateName(name: name, state: shared)
    }

    /// Every name ``state(named:)`` accepts, for messages.
    public var acceptedStateNames: [String] {
        var names = stateNames.map(\.name)
        for state in RefreshState.allCases where hasState(state) && !names.contains(state.rawValue) {
            names.append(state.rawValue)
        }
        return names
    }

    /// True when some kind of this library goes through `state` (or the state it is drawn as).
    /// - Parameter state: a shared state.
    /// - Returns: true when some kind has it.
    public func hasState(_ state: RefreshState) -> Bool {
        kinds.contains { states(of: $0).contains(state.drawnAs) }
    }
}
