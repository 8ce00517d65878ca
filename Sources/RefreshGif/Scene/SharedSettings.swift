import FoundationEssentials
import ImageCodecs
import RefreshImage
import RefreshModel

extension SpinnerStyle: SceneChoice {}
extension ComponentKind: SceneChoice {}
extension ComponentStyle: SceneChoice {}
extension ImageSequence.Timing: SceneChoice {}
extension StateImages.BuiltIn: SceneChoice {}

/// The settings every library has, in the order help lists them (docs/settings.md). A
/// library's own settings are declared by its family (`RefreshFamily/settings`); the
/// `library` setting, whose words are the schema's families, by ``SceneSchema``.
extension SceneField {
    /// `library` of the standard schema (``SceneSchema/library``).
    public static var library: SceneField { SceneSchema.standard.library }

    /// The state drawn, in the library's own words or the shared ones.
    public static let state = SceneField(
        "state", .text, group: .control,
        help:
            "State: idle, pulling, refreshing, will-refresh, no-more-data; SVPullToRefresh also stopped, triggered, loading; ZJRefresh normal, pull-to-refresh, release-to-refresh, loading.",
        example: .text("pulling"), default: "idle"
    ) { v, b in
        let named = try SceneRead.state(try SceneRead.text(v, "state"), "state", family: b.scene.family)
        b.scene.state = named.state
        // A name that means a pull (ZJRefresh's pull-to-refresh) is half way unless --percent says.
        if named.pulled == true && b.scene.pullingPercent == 0 { b.scene.pullingPercent = 0.5 }
        if named.pulled == false { b.scene.pullingPercent = 0 }
    }
    .surroundings()
    .moment(\.state)

    /// MJRefresh's `pullingPercent`.
    public static let percent = SceneField(
        "percent", .number, group: .control, help: "Pulling percent (0 = not pulled, 1 = at the threshold; may exceed 1).",
        example: .number(0.5), default: "0", properties: ["pullingPercent"]
    ) { v, b in
        b.scene.pullingPercent = try SceneRead.number(v, "percent", in: 0...1e6)
    }
    .surroundings()
    .moment(\.pullingPercent)

    /// Seconds since the state was entered.
    public static let time = SceneField(
        "time", .number, group: .control, help: "Seconds since the state was entered (picks looping frames and the spinner phase).",
        example: .number(1), default: "0", unit: "seconds"
    ) { v, b in
        b.scene.time = try SceneRead.number(v, "time", in: 0...RefreshScene.maxTime)
    }
    .surroundings()
    .moment(\.time)

    /// Image files by state.
    public static let images = SceneField(
        "images", .byState(.text), group: .images,
        help: "Images for a state (STATE=PATH): a GIF, an APNG or PNG, a folder of PNG frames, or a Lottie JSON file.",
        example: .byState(["idle": .text("pull.gif")]), valueName: "STATE=PATH", files: .stateImages
    ) { v, b in
        for (named, value) in try SceneRead.states(v, "images", family: b.scene.family) {
            b.images[named.state] = try SceneRead.text(value, "images")
        }
    }
    .on(.part(.images))

    /// The built-in animation drawn without images.
    public static let animation = stored(
        "animation", \.builtIn, group: .images,
        help:
            "Built-in animation when no images are given: ring or burst (a star over an opening wedge; turning copies while loading).",
        example: .burst, default: StateImages.BuiltIn.ring.rawValue
    )
    .on(.part(.images))

    /// One loop of a state's images.
    public static let durations = SceneField(
        "durations", option: "duration", .byState(.number), group: .images,
        help:
            "One loop of a state's images (STATE=SECONDS); default: a GIF's delays summed, PNG frames × 0.1 s. Idle plays no loop (the pull picks its frame): its duration changes nothing.",
        example: .byState(["refreshing": .number(3)]), unit: "seconds", valueName: "STATE=SECONDS"
    ) { v, b in
        for (named, value) in try SceneRead.states(v, "durations", family: b.scene.family) {
            b.durations[named.state] = try SceneRead.number(value, "durations", in: 0...1e6)
        }
    }
    .on(.part(.images))

    /// A Lottie state's part.
    public static let lottieSegments = SceneField(
        "lottieSegments", option: "lottie-segment", .byState(.text), group: .images,
        help: "A Lottie state's part (STATE=MARKER or STATE=FROM:TO frames); default the whole animation.",
        example: .byState(["idle": .text("pull")]), valueName: "STATE=MARKER|FROM:TO"
    ) { v, b in
        for (named, value) in try SceneRead.states(v, "lottieSegments", family: b.scene.family) {
            b.lottieSegments[named.state] = try SceneRead.text(value, "lottieSegments")
        }
    }
    .on(.part(.images))

    /// The size Lottie images are drawn at.
    public static let lottieSize = SceneField(
        "lottieSize", .text, group: .images, help: "Size of Lottie images in points, WxH (default: the animation's own).",
        example: .text("30x30"), unit: "points", valueName: "WxH"
    ) { v, b in
        let value = try SceneRead.text(v, "lottieSize")
        let parts = value.lowercased().split { $0 == "x" || $0 == "×" }
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
            width.isFinite, height.isFinite, (1...4096).contains(width), (1...4096).contains(height)
        else {
            throw InvalidValue(field: "lottieSize", reason: "expected WxH points between 1 and 4096, got '\(SceneRead.quoted(value))'")
        }
        b.lottieSize = (width, height)
    }
    .on(.part(.images))

    /// How looping sequences space their frames.
    public static let timing = stored(
        "timing", \.scene.timing, group: .images,
        help: "Frame timing of looping states: equal (as UIImageView plays) or gif (each frame's own delay).", example: .gif,
        default: ImageSequence.Timing.equal.rawValue
    )
    .on(.part(.images))

    /// The scale of images whose name has none.
    public static let imageScale = SceneField(
        "imageScale", .number, group: .images,
        help:
            "The scale the artwork (state, arrow and layer images) was drawn for when its file name has no @2x/@3x: its pixels ÷ this are its size in points (default: the render scale).",
        example: .number(1), title: "Artwork scale"
    ) { v, b in
        b.imageScale = try SceneRead.number(v, "imageScale", in: RefreshScene.scales.continuous)
    }
    // Every class: a control's own layers may show images whatever its class (docs/layers.md).
    .surroundings()

    /// The kind of control.
    public static let kind = stored(
        "kind", \.scene.kind, group: .control, help: "Kind: header, back-footer, auto-footer, trailer.", example: .backFooter,
        default: ComponentKind.header.rawValue)

    /// Its style.
    public static let style = stored(
        "style", \.scene.style, group: .control,
        help: "Style: gif, normal or state (trailer: normal or state). Default: the kind's first.", example: .normal)

    /// The control's width.
    public static let width = SceneField(
        "width", .number, group: .control, help: "Control width in points (the scroll view's width).", example: .number(200),
        default: "375", unit: "points"
    ) { v, b in
        b.scene.width = try SceneRead.number(v, "width", in: 1...Double(RefreshScene.maxPixelSide))
    }
    .surroundings()

    /// The control's height, where its library takes one.
    public static let height = SceneField(
        "height", .number, group: .control,
        help:
            "The control's height in points, as the app sets mj_h (a trailer: the scroll view's height; ZJRefresh: the animator's); default: the library's.",
        example: .number(100), unit: "points", properties: ["trailerHeight", "animatorHeight", "controlHeight"]
    ) { v, b in
        let height = try SceneRead.number(v, "height", in: 1...Double(RefreshScene.maxPixelSide))
        // The library and the kind are set by now; a control whose height is fixed refuses
        // one rather than ignoring it.
        var family = b.scene.family
        guard family.setHeight(height, kind: b.scene.kind) else {
            throw InvalidValue(
                field: "height", reason: "\(family.name)'s \(b.scene.kind.rawValue) has a fixed height; it does not take one")
        }
        b.scene.family = family
        b.scene.trailerHeight = height
    }
    .on(.part(.height).or(.part(.viewHeight)))

    /// The render scale.
    public static let scale = SceneField(
        "scale", .integer, group: .control, help: "Render scale: \(RefreshScene.scales.phrase).", example: .integer(3), default: "2"
    ) { v, b in
        b.scene.scale = try SceneRead.integer(v, "scale", in: RefreshScene.scales)
    }
    .surroundings()

    /// What is behind the control.
    public static let background = stored(
        "background", \.scene.background, group: .look, help: "Background colour #RRGGBB or #RRGGBBAA (default transparent).",
        example: RGBAColor(red: 0xFF, green: 0, blue: 0)
    )
    .surroundings()

    /// `automaticallyChangeAlpha`.
    public static let autoAlpha = stored(
        "autoAlpha", \.scene.autoAlpha, group: .look, help: "automaticallyChangeAlpha: fade the control with the pull.",
        example: true
    )
    .on(.part(.alphaChange)).spelled(AppProperty(.control, "isAutomaticallyChangeAlpha"))

    /// Both labels hidden.
    public static let hideLabels = stored(
        "hideLabels", \.hideLabels, group: .labels, help: "Hide the state and last-updated labels.", example: true
    )
    .on(.part(.stateLabel))

    /// The state label hidden.
    public static let hideStateLabel = stored(
        "hideStateLabel", \.hideStateLabel, group: .labels, help: "Hide the state label.", example: true,
        properties: ["stateLabelHidden"]
    )
    .on(.part(.stateLabel)).spelled(AppProperty(.stateLabel, "isHidden")) { $0.stateLabelHidden ? .flag(true) : nil }

    /// The last-updated label hidden.
    public static let hideTimeLabel = stored(
        "hideTimeLabel", \.hideTimeLabel, group: .labels, help: "Hide the last-updated label.", example: true,
        properties: ["timeLabelHidden"]
    )
    .on(.part(.timeLabel)).spelled(AppProperty(.timeLabel, "isHidden")) { $0.timeLabelHidden ? .flag(true) : nil }

    /// Auto footers without a title while refreshing.
    public static let refreshingTitleHidden = stored(
        "refreshingTitleHidden", \.scene.refreshingTitleHidden, group: .labels, help: "Auto footers: no title while refreshing.",
        example: true
    )
    .on(.part(.refreshingTitle)).spelled(AppProperty(.control, "isRefreshingTitleHidden"))

    /// The language of the titles.
    public static let language = SceneField(
        "language", .text, group: .labels,
        help: "Language tag for the titles (en, zh-Hans, zh-Hant, ko, ru, uk; others fall back to en).", example: .text("ko"),
        default: TitleLanguage.en.rawValue, valueName: LanguageTag.settingValueName, valueType: LanguageTag.self
    ) { v, b in
        let tag = try LanguageTag.read(v, field: "language")
        b.language = tag
        b.scene.language = tag.titleLanguage
    }
    .surroundings()

    /// Titles by state.
    public static let titles = SceneField(
        "titles", option: "title", .byState(.text), group: .labels, help: "Replace a state's title (STATE=TEXT).",
        example: .byState(["idle": .text("Pull me")]), valueName: "STATE=TEXT"
    ) { v, b in
        // A name that means a pull is the library's own (its effect of this setting).
        for (named, value) in try SceneRead.states(v, "titles", family: b.scene.family) where named.pulled != true {
            b.scene.titles[named.state] = try SceneRead.text(value, "titles")
        }
    }
    .on(.part(.stateLabel))

    /// The stored last-updated date.
    public static let lastUpdated = SceneField(
        "lastUpdated", .text, group: .labels, help: "Last refresh, ISO 8601 date-time, or none (default none).",
        example: .text("2024-01-01T00:00:00Z"), valueName: "DATE"
    ) { v, b in
        let value = try SceneRead.text(v, "lastUpdated")
        b.scene.lastUpdated = value.lowercased() == "none" ? nil : try date(value, "lastUpdated")
    }
    .surroundings()

    /// "Now" for the last-updated line.
    public static let now = SceneField(
        "now", .text, group: .labels, help: "\"Now\" for the last-updated line, ISO 8601 (default: the current time).",
        example: .text("2024-01-02T00:00:00Z"), valueName: "DATE"
    ) { v, b in
        b.now = try date(try SceneRead.text(v, "now"), "now")
    }
    .surroundings()

    /// The time zone of the last-updated line.
    public static let timezone = SceneField(
        "timezone", .text, group: .labels, help: "IANA time zone of the last-updated line (default UTC).",
        example: .text("Asia/Seoul"), properties: ["timeZone"]
    ) { v, b in
        let name = try SceneRead.text(v, "timezone")
        guard let zone = TimeZoneNames.zone(named: name) else {
            let suggestions = TimeZoneNames.suggestions(for: name)
            let hint = suggestions.isEmpty ? "" : " (did you mean \(suggestions.joined(separator: ", "))?)"
            throw InvalidValue(field: "timezone", reason: "unknown IANA time zone '\(SceneRead.quoted(name))'" + hint)
        }
        b.scene.timeZone = zone
    }
    .surroundings()

    /// Each library's own label colour, from its family, by class where its classes differ:
    /// `mjrefresh #5A5A5A, …, zjrefresh NormalAnimator #000000`.
    static var textColorDefaults: String {
        RefreshLibrary.allCases.map { library -> String in
            let family = library.family
            var colours: [(name: String, hex: String)] = []
            for control in family.classes {
                var scene = RefreshScene()
                scene.family = family
                scene.kind = control.kind
                scene.style = control.style
                let hex = family.defaultTextColor(of: scene).hexText
                if !colours.contains(where: { $0.name == control.name }) { colours.append((control.name, hex)) }
            }
            let distinct = Set(colours.map(\.hex))
            if distinct.count == 1, let hex = distinct.first { return "\(family.name) \(hex)" }
            return family.name + " " + colours.map { "\($0.name) \($0.hex)" }.joined(separator: ", ")
        }.joined(separator: "; ")
    }

    /// The labels' colour.
    public static let textColor = stored(
        "textColor", \.scene.textColor, group: .labels,
        help: "Label and arrow colour #RRGGBB[AA] (default: each library's own: \(textColorDefaults)).",
        example: RGBAColor(red: 0, green: 0xFF, blue: 0)
    )
    .on(.part(.stateLabel))
    .spelled(
        AppProperty(.stateLabel, "textColor"), AppProperty(.timeLabel, "textColor"),
        libraries: [RefreshLibrary.svpulltorefresh.rawValue: [AppProperty(.control, "textColor")]])

    /// The state label's font.
    public static let stateLabelFont = stored(
        "stateLabelFont", \.scene.stateLabelFont, group: .labels,
        help:
            "The state label's font (stateLabel.font): SIZE or regular SIZE (systemFont), bold SIZE (boldSystemFont), then an installed family's name for UIFont(name:size:) or a .ttf/.otf/.ttc file; default: the library's (MJRefresh bold 14).",
        example: LabelFonts.Font(pointSize: 17, bold: true), unit: "points"
    )
    .on(.part(.stateLabel)).spelled(AppProperty(.stateLabel, "font"))

    /// The second line's font.
    public static let timeLabelFont = stored(
        "timeLabelFont", \.scene.timeLabelFont, group: .labels,
        help: "The last-updated (or subtitle) label's font, as --state-label-font; default: the library's.",
        example: LabelFonts.Font(pointSize: 12, bold: false), unit: "points"
    )
    .on(.part(.timeLabel)).spelled(AppProperty(.timeLabel, "font"))

    /// The state label's colour.
    public static let stateLabelColor = stored(
        "stateLabelColor", \.scene.stateLabelColor, group: .labels,
        help: "The state label's colour #RRGGBB[AA] (stateLabel.textColor; MJRefresh's arrow takes it too); default: --text-color.",
        example: RGBAColor(red: 0xFF, green: 0x3B, blue: 0x30)
    )
    .on(.part(.stateLabel)).spelled(AppProperty(.stateLabel, "textColor"))

    /// The second line's colour.
    public static let timeLabelColor = stored(
        "timeLabelColor", \.scene.timeLabelColor, group: .labels,
        help: "The last-updated (or subtitle) label's colour #RRGGBB[AA]; default: --text-color.",
        example: RGBAColor(red: 0x8E, green: 0x8E, blue: 0x93)
    )
    .on(.part(.timeLabel)).spelled(AppProperty(.timeLabel, "textColor"))

    /// The control's own background.
    public static let controlColor = stored(
        "controlColor", \.scene.controlColor, group: .look,
        help: "The control's backgroundColor #RRGGBB[AA], under what it draws (--background is behind it); default: the library's.",
        example: RGBAColor(red: 0xF2, green: 0xF2, blue: 0xF7)
    )
    .spelled(AppProperty(.control, "backgroundColor"))

    /// The whole control hidden.
    public static let hidden = stored(
        "hidden", \.scene.hidden, group: .look,
        help:
            "The control hidden (mj_footer.hidden = YES): nothing of it is drawn, the scroll no longer changes its state, an auto footer gives back its inset.",
        example: true)

    /// A font file.
    public static let font = SceneField(
        "font", .text, group: .labels, help: "A font file to use instead of the default bold sans.", example: .text("MyFont.ttf"),
        valueName: "PATH", files: .fonts
    ) { v, b in
        b.font = try SceneRead.text(v, "font")
    }
    .on(.part(.stateLabel))

    /// The app's arrow image.
    public static let arrowImage = SceneField(
        "arrowImage", .text, group: .images,
        help:
            "MJRefresh's arrowView.image: a PNG or GIF (its first frame) drawn at its size in points in place of the arrow, turned as the arrow turns; @2x/@3x in the name as for --images.",
        example: .text("arrow@2x.png"), valueName: "PATH", files: .picture
    ) { v, b in
        b.arrowImage = try SceneRead.text(v, "arrowImage")
    }
    .on(.part(.arrowImageView))

    /// The arrow image is a template.
    public static let arrowImageTemplate = stored(
        "arrowImageTemplate", \.scene.arrowImageTemplate, group: .images,
        help: "--arrow-image is a template image (imageWithRenderingMode: AlwaysTemplate): drawn in the state label's colour.",
        example: true
    )
    .on(.part(.arrowImageView))

    /// The app's strings.
    public static let i18nBundle = SceneField(
        "i18nBundle", .text, group: .labels,
        help:
            "The app's strings for the titles and last-updated words (MJRefreshConfig.i18nBundle): a .strings or .xcstrings file, an .lproj folder, or a folder of LANGUAGE.lproj folders; --language picks the folder.",
        example: .text("Strings.bundle"), valueName: "PATH", files: .strings
    ) { v, b in
        b.i18nBundle = try SceneRead.text(v, "i18nBundle")
    }
    .on(.part(.strings))

    /// The spinner's look.
    public static let spinner = stored(
        "spinner", \.scene.spinnerStyle, group: .look,
        help: "Spinner look: medium (iOS 13+), classic (gray), white or white-large (37 pt); default: the library's.",
        example: .classic, properties: ["spinnerStyle"]
    )
    .on(.part(.spinner))

    /// The spinner's colour.
    public static let spinnerColor = stored(
        "spinnerColor", \.scene.spinnerColor, group: .look,
        help: "Spinner colour #RRGGBB[AA] instead of its style's (SVPullToRefresh's activityIndicatorViewColor).",
        example: RGBAColor(red: 0xFF, green: 0, blue: 0)
    )
    .on(.part(.spinnerColor))
    .spelled(
        AppProperty(.spinner, "color"),
        libraries: [RefreshLibrary.svpulltorefresh.rawValue: [AppProperty(.control, "activityIndicatorViewColor")]])

    /// A right-to-left layout.
    public static let rtl = stored(
        "rtl", \.scene.rightToLeft, group: .look, help: "Mirror the layout for right-to-left collection views.", example: true,
        properties: ["rightToLeft"]
    )
    .surroundings()

    /// The largest decoded frame.
    public static let maxPixels = SceneField(
        "maxPixels", .integer, group: .limits, help: "Largest decoded frame, in pixels (the side limit grows with it).",
        example: .integer(5_000_000), unit: "pixels", valueName: "N"
    ) { v, b in
        b.maxPixels = try SceneRead.integer(v, "maxPixels", in: Limits.framePixels)
    }
    .surroundings()

    /// The memory budget of decoded pixels.
    public static let maxMemory = SceneField(
        "maxMemory", .integer, group: .limits, help: "Memory budget for decoded pixels of all inputs, in MiB (default 1024).",
        example: .integer(64), unit: "MiB", valueName: "MIB"
    ) { v, b in
        b.maxMemory = try SceneRead.integer(v, "maxMemory", in: Limits.memoryMebibytes)
    }
    .surroundings()

    /// The longest one step of Lottie drawing may take.
    public static let maxSeconds = SceneField(
        "maxSeconds", .integer, group: .limits,
        help: "Longest one step of Lottie drawing may take (reading the file, or one frame), in seconds (default 30).",
        example: .integer(5), unit: "seconds", valueName: "S"
    ) { v, b in
        b.maxSeconds = try SceneRead.integer(v, "maxSeconds", in: Limits.workerSeconds)
    }
    .surroundings()

    /// Every shared setting, in the order help lists them (after `library`).
    static let shared: [SceneField] = [
        kind, style, state, percent, time, images, animation, durations, lottieSegments, lottieSize, timing, imageScale, width,
        height, scale, background, autoAlpha, hideLabels, hideStateLabel, hideTimeLabel, refreshingTitleHidden, language, titles,
        lastUpdated, now, timezone, textColor, stateLabelColor, timeLabelColor, stateLabelFont, timeLabelFont, font, i18nBundle, arrowImage,
        arrowImageTemplate,
        controlColor, hidden, spinner, spinnerColor, rtl, maxPixels, maxMemory, maxSeconds,
    ]

    private static func date(_ value: String, _ field: String) throws -> Date {
        guard let date = ISODate.parse(value) else {
            throw InvalidValue(
                field: field,
                reason: "expected an ISO 8601 date-time such as 2026-03-17T09:41:00Z, got '\(SceneRead.quoted(value))'")
        }
        return date
    }
}
