import FoundationEssentials
import ImageCodecs
import RefreshImage
import RefreshModel

/// A value of one scene setting, as a JSON file or a command-line option gave it.
public enum SceneValue: Sendable, Equatable {
    /// A number (`percent`, `width`, …).
    case number(Double)
    /// A whole number (`scale`, `maxPixels`).
    case integer(Int)
    /// true or false (`autoAlpha`, …).
    case flag(Bool)
    /// A string (`language`, colours, dates, paths, choices such as `kind`).
    case text(String)
    /// Values by state name (`images`, `durations`, `titles`).
    case byState([String: SceneValue])
}

/// One setting of a scene: its names, help and how its value is read, checked and applied.
///
/// ``SceneSchema/fields`` lists every setting once. The JSON format of snapshot cases and
/// gesture controls, the command line's options and help, the merge of defaults and cases,
/// the validation and the ``RefreshScene`` built are all derived from that list.
public struct SceneField: Sendable {
    /// The type of a setting's value.
    public enum Kind: Sendable, Equatable {
        /// A finite number.
        case number
        /// A whole number.
        case integer
        /// true or false; a command-line flag.
        case flag
        /// A string.
        case text
        /// One of a fixed set of words.
        case choice([String])
        /// A map from state name to a value of the inner kind; `STATE=VALUE` on the command line.
        indirect case byState(Kind)
    }

    /// The setting.
    public let key: SceneKey
    /// The JSON field name (camelCase), e.g. `imageScale`.
    public var name: String { key.rawValue }
    /// The command-line option without its dashes, e.g. `image-scale`.
    public let option: String
    /// The value's type.
    public let kind: Kind
    /// One sentence for `--help` and the docs.
    public let help: String
    /// Puts a checked value into the scene being built; throws ``InvalidValue`` (field `name`).
    let apply: @Sendable (SceneValue, inout SceneBuild) throws -> Void

    init(
        _ key: SceneKey, option: String? = nil, _ kind: Kind, _ help: String,
        apply: @escaping @Sendable (SceneValue, inout SceneBuild) throws -> Void
    ) {
        self.key = key
        self.option =
            option
            ?? key.rawValue.reduce(into: "") { out, c in
                if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
            }
        self.kind = kind
        self.help = help
        self.apply = apply
    }

    /// Reads a command-line text as this field's value (`STATE=VALUE` entries for maps).
    public func parse(_ texts: [String]) throws -> SceneValue {
        let fail = { (reason: String) in InvalidValue(field: self.name, reason: reason) }
        if case let .byState(inner) = kind {
            var map: [String: SceneValue] = [:]
            for text in texts {
                guard let eq = text.firstIndex(of: "=") else {
                    throw fail("expected STATE=VALUE, got '\(SceneSchema.quoted(text))'")
                }
                map[String(text[..<eq])] = try Self.parseOne(String(text[text.index(after: eq)...]), as: inner, fail: fail)
            }
            return .byState(map)
        }
        guard let text = texts.last else { throw fail("needs a value") }
        return try Self.parseOne(text, as: kind, fail: fail)
    }

    private static func parseOne(_ text: String, as kind: Kind, fail: (String) -> InvalidValue) throws -> SceneValue {
        switch kind {
        case .number:
            guard let value = Double(text) else { throw fail("expected a number, got '\(SceneSchema.quoted(text))'") }
            return .number(value)
        case .integer:
            guard let value = Int(text) else { throw fail("expected a whole number, got '\(SceneSchema.quoted(text))'") }
            return .integer(value)
        case .flag:
            switch text.lowercased() {
            case "true", "yes", "1": return .flag(true)
            case "false", "no", "0": return .flag(false)
            default: throw fail("expected true or false, got '\(SceneSchema.quoted(text))'")
            }
        case .text, .choice:
            return .text(text)
        case .byState:
            throw fail("expected STATE=VALUE")
        }
    }

    /// Reads this field's value from JSON.
    func decode(from container: KeyedDecodingContainer<SceneSchema.Key>, key: SceneSchema.Key) throws -> SceneValue {
        try Self.decode(kind, from: container, key: key)
    }

    private static func decode(_ kind: Kind, from c: KeyedDecodingContainer<SceneSchema.Key>, key: SceneSchema.Key) throws -> SceneValue {
        switch kind {
        case .number: return .number(try c.decode(Double.self, forKey: key))
        case .integer: return .integer(try c.decode(Int.self, forKey: key))
        case .flag: return .flag(try c.decode(Bool.self, forKey: key))
        case .text, .choice: return .text(try c.decode(String.self, forKey: key))
        case let .byState(inner):
            let nested = try c.nestedContainer(keyedBy: SceneSchema.Key.self, forKey: key)
            var map: [String: SceneValue] = [:]
            for entry in nested.allKeys { map[entry.stringValue] = try decode(inner, from: nested, key: entry) }
            return .byState(map)
        }
    }
}

/// The scene while settings are applied: the scene itself and what is resolved only at the
/// end (image files, their durations and scale, the decoding limit, hidden labels).
struct SceneBuild {
    var scene = RefreshScene()
    var images: [RefreshState: String] = [:]
    var durations: [RefreshState: Double] = [:]
    var lottieSegments: [RefreshState: String] = [:]
    var lottieSize: (width: Double, height: Double)?
    var builtIn = StateImages.BuiltIn.ring
    var imageScale: Double?
    var maxPixels: Int?
    var maxMemory: Int?
    var maxSeconds: Int?
    var hideLabels = false
    var hideStateLabel = false
    var hideTimeLabel = false
    var now: Date?
    var font: String?
}

/// Every scene setting, declared once (see ``SceneField``).
public enum SceneSchema {
    /// The settings, in the order the command line's help lists them.
    public static let fields: [SceneField] = [
        SceneField(
            .library, .choice(RefreshLibrary.allCases.map(\.rawValue)),
            "Library whose control is drawn: mjrefresh (default), svpulltorefresh or zjrefresh."
        ) { v, b in
            b.scene.family = try choice(v, "library", RefreshLibrary.self).family
        },
        SceneField(
            .state, .text,
            "State: idle, pulling, refreshing, will-refresh, no-more-data; SVPullToRefresh also stopped, triggered, loading; ZJRefresh normal, pull-to-refresh, release-to-refresh, loading."
        ) { v, b in
            let named = try state(try text(v, "state"), "state", family: b.scene.family)
            b.scene.state = named.state
            // ZJRefresh's pull-to-refresh is Idle with a pull: half way unless --percent says.
            if named.pulled == true && b.scene.pullingPercent == 0 { b.scene.pullingPercent = 0.5 }
            if named.pulled == false { b.scene.pullingPercent = 0 }
        },
        SceneField(.percent, .number, "Pulling percent (0 = not pulled, 1 = at the threshold; may exceed 1).") { v, b in
            b.scene.pullingPercent = try number(v, "percent", in: 0...1e6)
        },
        SceneField(.time, .number, "Seconds since the state was entered (picks looping frames and the spinner phase).") { v, b in
            b.scene.time = try number(v, "time", in: 0...RefreshScene.maxTime)
        },
        SceneField(.images, .byState(.text), "Images for a state (STATE=PATH): a GIF, a PNG, or a folder of PNG frames.") { v, b in
            for (state, value) in try byState(v, "images", family: b.scene.family) { b.images[state] = try text(value, "images") }
        },
        SceneField(
            .animation, .choice(StateImages.BuiltIn.allCases.map(\.rawValue)),
            "Built-in animation when no images are given: ring (default) or burst (a star over an opening wedge; turning copies while loading)."
        ) { v, b in
            b.builtIn = try choice(v, "animation", StateImages.BuiltIn.self)
        },
        SceneField(.durations, option: "duration", .byState(.number), "One loop of a state's images (STATE=SECONDS).") { v, b in
            for (state, value) in try byState(v, "durations", family: b.scene.family) {
                b.durations[state] = try number(value, "durations", in: 0...1e6)
            }
        },
        SceneField(
            .lottieSegments, option: "lottie-segment", .byState(.text),
            "A Lottie state's part (STATE=MARKER or STATE=FROM:TO frames); default the whole animation."
        ) { v, b in
            for (state, value) in try byState(v, "lottieSegments", family: b.scene.family) {
                b.lottieSegments[state] = try text(value, "lottieSegments")
            }
        },
        SceneField(.lottieSize, .text, "Size of Lottie images in points, WxH (default: the animation's own).") { v, b in
            let value = try text(v, "lottieSize")
            let parts = value.lowercased().split { $0 == "x" || $0 == "×" }
            guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
                width.isFinite, height.isFinite, (1...4096).contains(width), (1...4096).contains(height)
            else {
                throw InvalidValue(field: "lottieSize", reason: "expected WxH points between 1 and 4096, got '\(quoted(value))'")
            }
            b.lottieSize = (width, height)
        },
        SceneField(
            .timing, .choice(ImageSequence.Timing.allCases.map(\.rawValue)),
            "Frame timing of looping states: equal (as UIImageView plays) or gif (each frame's own delay)."
        ) { v, b in
            b.scene.timing = try choice(v, "timing", ImageSequence.Timing.self)
        },
        SceneField(.imageScale, .number, "Scale of images whose name has no @2x/@3x (default: the render scale).") { v, b in
            b.imageScale = try number(v, "imageScale", in: Limits.scale.continuous)
        },
        SceneField(
            .kind, .choice(ComponentKind.allCases.map(\.rawValue)),
            "Kind: header, back-footer, auto-footer, trailer."
        ) { v, b in
            b.scene.kind = try choice(v, "kind", ComponentKind.self)
        },
        SceneField(
            .style, .choice(ComponentStyle.allCases.map(\.rawValue)),
            "Style: gif, normal or state (trailer: normal or state). Default: the kind's first."
        ) { v, b in
            b.scene.style = try choice(v, "style", ComponentStyle.self)
        },
        SceneField(.width, .number, "Control width in points (the scroll view's width).") { v, b in
            b.scene.width = try number(v, "width", in: 1...Double(Limits.pixelSide))
        },
        SceneField(.height, .number, "Trailer height in points (the scroll view's height); ZJRefresh: the animator's height.") { v, b in
            let height = try number(v, "height", in: 1...Double(Limits.pixelSide))
            // It sizes a trailer and ZJRefresh's animator (the library and the kind are set by
            // now); anything else takes its height from its style and images: refused, not ignored.
            guard b.scene.kind == .trailer || b.scene.family is ZJRefresh else {
                throw InvalidValue(
                    field: "height",
                    reason: "sets a trailer's height and ZJRefresh's animator; \(b.scene.family.name)'s \(b.scene.kind.rawValue) "
                        + "takes its height from its style and images")
            }
            b.scene.trailerHeight = height
            b.scene.update(ZJRefresh.self) { $0.animatorHeight = height }
        },
        SceneField(.scale, .integer, "Render scale: \(Limits.scale.phrase).") { v, b in
            b.scene.scale = try integer(v, "scale", in: Limits.scale)
        },
        SceneField(.background, .text, "Background colour #RRGGBB or #RRGGBBAA (default transparent).") { v, b in
            b.scene.background = try color(v, "background")
        },
        SceneField(.autoAlpha, .flag, "automaticallyChangeAlpha: fade the control with the pull.") { v, b in
            b.scene.autoAlpha = try flag(v, "autoAlpha")
        },
        SceneField(.hideLabels, .flag, "Hide the state and last-updated labels.") { v, b in
            b.hideLabels = try flag(v, "hideLabels")
        },
        SceneField(.hideStateLabel, .flag, "Hide the state label.") { v, b in
            b.hideStateLabel = try flag(v, "hideStateLabel")
        },
        SceneField(.hideTimeLabel, .flag, "Hide the last-updated label.") { v, b in
            b.hideTimeLabel = try flag(v, "hideTimeLabel")
        },
        SceneField(.refreshingTitleHidden, .flag, "Auto footers: no title while refreshing.") { v, b in
            b.scene.refreshingTitleHidden = try flag(v, "refreshingTitleHidden")
        },
        SceneField(.language, .text, "Language tag for the titles (en, zh-Hans, zh-Hant, ko, ru, uk; others fall back to en).") { v, b in
            b.scene.language = Language(tag: try text(v, "language"))
        },
        SceneField(.titles, option: "title", .byState(.text), "Replace a state's title (STATE=TEXT).") { v, b in
            for (named, value) in try namedStates(v, "titles", family: b.scene.family) {
                if named.pulled == true {
                    let title = try text(value, "titles")
                    b.scene.update(ZJRefresh.self) { $0.pullToRefreshTitle = title }
                } else {
                    b.scene.titles[named.state] = try text(value, "titles")
                }
            }
        },
        SceneField(.subtitles, option: "subtitle", .byState(.text), "SVPullToRefresh: a state's subtitle (STATE=TEXT).") { v, b in
            for (state, value) in try byState(v, "subtitles", family: b.scene.family) {
                let subtitle = try text(value, "subtitles")
                b.scene.update(SVPullToRefresh.self) { $0.subtitles[state] = subtitle }
            }
        },
        SceneField(.lastUpdated, .text, "Last refresh, ISO 8601 date-time, or none (default none).") { v, b in
            let value = try text(v, "lastUpdated")
            b.scene.lastUpdated = value.lowercased() == "none" ? nil : try date(value, "lastUpdated")
            b.scene.update(SVPullToRefresh.self) { $0.showsDateLabel = true }
        },
        SceneField(.now, .text, "\"Now\" for the last-updated line, ISO 8601 (default: the current time).") { v, b in
            b.now = try date(try text(v, "now"), "now")
        },
        SceneField(.timezone, .text, "IANA time zone of the last-updated line (default UTC).") { v, b in
            let name = try text(v, "timezone")
            guard let zone = TimeZoneNames.zone(named: name) else {
                let suggestions = TimeZoneNames.suggestions(for: name)
                let hint = suggestions.isEmpty ? "" : " (did you mean \(suggestions.joined(separator: ", "))?)"
                throw InvalidValue(field: "timezone", reason: "unknown IANA time zone '\(quoted(name))'" + hint)
            }
            b.scene.timeZone = zone
        },
        SceneField(.textColor, .text, "Label and arrow colour #RRGGBB[AA] (default #5A5A5A).") { v, b in
            b.scene.textColor = try color(v, "textColor")
        },
        SceneField(.arrowColor, .text, "SVPullToRefresh's arrow colour #RRGGBB[AA] (default #808080).") { v, b in
            let arrowColor = try color(v, "arrowColor")
            b.scene.update(SVPullToRefresh.self) { $0.arrowColor = arrowColor }
        },
        SceneField(
            .svLayout, option: "sv-layout", .choice(SVPullToRefresh.LayoutVersion.allCases.map(\.rawValue)),
            "SVPullToRefresh's layout: current (the current source, default) or 2012 (the November 2012 source, with its date label)."
        ) { v, b in
            let version = try choice(v, "svLayout", SVPullToRefresh.LayoutVersion.self)
            b.scene.update(SVPullToRefresh.self) { $0.layoutVersion = version }
        },
        SceneField(
            .hidePullToRefresh, .flag,
            "SVPullToRefresh's showsPullToRefresh = NO: the pull-to-refresh view hidden, not following the scroll view."
        ) { v, b in
            let hidden = try flag(v, "hidePullToRefresh")
            b.scene.update(SVPullToRefresh.self) { $0.showsPullToRefresh = !hidden }
        },
        SceneField(
            .hideInfiniteScrolling, .flag,
            "SVPullToRefresh's showsInfiniteScrolling = NO: the infinite scrolling view hidden, its inset reset."
        ) { v, b in
            let hidden = try flag(v, "hideInfiniteScrolling")
            b.scene.update(SVPullToRefresh.self) { $0.showsInfiniteScrolling = !hidden }
        },
        SceneField(
            .infiniteScrollingDisabled, .flag,
            "SVPullToRefresh's infinite scrolling view with enabled = NO: shown, but it no longer triggers."
        ) { v, b in
            let disabled = try flag(v, "infiniteScrollingDisabled")
            b.scene.update(SVPullToRefresh.self) { $0.infiniteScrollingEnabled = !disabled }
        },
        SceneField(
            .labelLeftInset, .number,
            "MJRefresh's labelLeftInset: points between the text and the arrow, spinner or image (default 25, GIF 20)."
        ) { v, b in
            let inset = try number(v, "labelLeftInset", in: -1000...1000)
            b.scene.update(MJRefresh.self) { $0.labelLeftInset = inset }
        },
        SceneField(
            .ignoredInset, .number,
            "MJRefresh's ignoredScrollViewContentInsetTop (header), Bottom (footers) or Right (trailer), in points."
        ) { v, b in
            let inset = try number(v, "ignoredInset", in: -10000...10000)
            b.scene.update(MJRefresh.self) { $0.ignoredScrollViewContentInset = inset }
        },
        SceneField(
            .automaticallyHidden, .flag,
            "ZJRefresh's isAutomaticlyHidden: the animator hides each time it returns to normal."
        ) { v, b in
            let hidden = try flag(v, "automaticallyHidden")
            b.scene.update(ZJRefresh.self) { $0.isAutomaticallyHidden = hidden }
        },
        SceneField(.font, .text, "A font file to use instead of the default bold sans.") { v, b in
            b.font = try text(v, "font")
        },
        SceneField(
            .spinner, .choice(SpinnerStyle.allCases.map(\.rawValue)),
            "Spinner look: medium (iOS 13+), classic (gray), white or white-large (37 pt); default: the library's."
        ) { v, b in
            b.scene.spinnerStyle = try choice(v, "spinner", SpinnerStyle.self)
        },
        SceneField(
            .spinnerColor, .text,
            "Spinner colour #RRGGBB[AA] instead of its style's (SVPullToRefresh's activityIndicatorViewColor)."
        ) { v, b in
            b.scene.spinnerColor = try color(v, "spinnerColor")
        },
        SceneField(.rtl, .flag, "Mirror the layout for right-to-left collection views.") { v, b in
            b.scene.rightToLeft = try flag(v, "rtl")
        },
        SceneField(.maxPixels, .integer, "Largest decoded frame, in pixels (the side limit grows with it).") { v, b in
            b.maxPixels = try integer(v, "maxPixels", in: Limits.framePixels)
        },
        SceneField(.maxMemory, .integer, "Memory budget for decoded pixels of all inputs, in MiB (default 1024).") { v, b in
            b.maxMemory = try integer(v, "maxMemory", in: Limits.memoryMebibytes)
        },
        SceneField(
            .maxSeconds, .integer, "Longest one step of Lottie drawing may take (reading the file, or one frame), in seconds (default 30)."
        ) { v, b in
            b.maxSeconds = try integer(v, "maxSeconds", in: Limits.workerSeconds)
        },
    ]

    /// The field of a setting.
    public static func field(_ key: SceneKey) -> SceneField {
        byKey[key] ?? fields[0]
    }

    private static let byKey = Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0) })

    /// The field named `name` (JSON name, or the name of the scene property it sets), if there is one.
    public static func field(named name: String) -> SceneField? {
        SceneKey(rawValue: propertyFields[name] ?? name).map(field)
    }

    /// The words a choice setting accepts (for help and shell completion); empty for others.
    public static func choices(_ key: SceneKey) -> [String] {
        if case let .choice(words) = field(key).kind { return words }
        return []
    }

    /// The schema field that sets a ``RefreshScene`` property whose Swift name differs from it
    /// (errors from the Swift API name the property; the command line names the option).
    static let propertyFields = [
        "pullingPercent": "percent", "trailerHeight": "height", "animatorHeight": "height",
        "stateLabelHidden": "hideStateLabel", "timeLabelHidden": "hideTimeLabel", "rightToLeft": "rtl",
        "spinnerStyle": "spinner", "timeZone": "timezone",
    ]

    /// The help text of a field (for the command line's option declarations).
    public static func help(_ key: SceneKey) -> String {
        field(key).help
    }

    /// A JSON key.
    public struct Key: CodingKey {
        /// The key's text.
        public var stringValue: String
        /// JSON object keys are never integers here.
        public var intValue: Int? { nil }
        /// A key from its text.
        public init(stringValue: String) { self.stringValue = stringValue }
        /// Not used.
        public init?(intValue: Int) { nil }
    }

    /// Quoted user input in messages: control characters escaped, cut at 80 characters.
    /// - Parameter text: what the user gave.
    /// - Returns: the text, safe to put in a one-line message.
    public static func quoted(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars.prefix(80) {
            out += scalar.value < 0x20 || scalar.value == 0x7F ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return text.unicodeScalars.count > 80 ? out + "…" : out
    }

    // MARK: - Reading values

    private static func number(_ v: SceneValue, _ field: String, in range: ClosedRange<Double>) throws -> Double {
        let value: Double
        switch v {
        case let .number(n): value = n
        case let .integer(i): value = Double(i)
        default: throw InvalidValue(field: field, reason: "expected a number")
        }
        guard value.isFinite, range.contains(value) else {
            throw InvalidValue(
                field: field,
                reason: "must be a finite number between \(format(range.lowerBound)) and \(format(range.upperBound)), got \(value)")
        }
        return value
    }

    private static func integer(_ v: SceneValue, _ field: String, in limit: Limit) throws -> Int {
        guard case let .integer(value) = v else { throw InvalidValue(field: field, reason: "expected a whole number") }
        try limit.check(value, field: field)
        return value
    }

    private static func flag(_ v: SceneValue, _ field: String) throws -> Bool {
        guard case let .flag(value) = v else { throw InvalidValue(field: field, reason: "expected true or false") }
        return value
    }

    private static func text(_ v: SceneValue, _ field: String) throws -> String {
        guard case let .text(value) = v else { throw InvalidValue(field: field, reason: "expected a string") }
        return value
    }

    private static func choice<T: RawRepresentable & CaseIterable>(_ v: SceneValue, _ field: String, _: T.Type) throws -> T
    where T.RawValue == String {
        let word = try text(v, field)
        guard let value = T(rawValue: word) else {
            throw InvalidValue(
                field: field, reason: "unknown value '\(quoted(word))' (choose \(T.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return value
    }

    static func byState(_ v: SceneValue, _ field: String, family: any RefreshFamily) throws -> [(RefreshState, SceneValue)] {
        try namedStates(v, field, family: family).map { ($0.state, $1) }
    }

    /// The entries of a by-state value with their state names read in `family`'s terms.
    private static func namedStates(_ v: SceneValue, _ field: String, family: any RefreshFamily) throws
        -> [(FamilyStateName, SceneValue)]
    {
        guard case let .byState(map) = v else { throw InvalidValue(field: field, reason: "expected values by state") }
        return try map.sorted { $0.key < $1.key }.map { key, value in (try state(key, field, family: family), value) }
    }

    /// A state name in `family`'s terms (its own names or the shared ones).
    static func state(_ name: String, _ field: String, family: any RefreshFamily) throws -> FamilyStateName {
        guard let named = family.state(named: name) else {
            throw InvalidValue(
                field: field, reason: "unknown state '\(quoted(name))' (choose \(family.acceptedStateNames.joined(separator: ", ")))")
        }
        return named
    }

    private static func color(_ v: SceneValue, _ field: String) throws -> RGBAColor {
        let value = try text(v, field)
        guard let color = RGBAColor(hex: value) else {
            throw InvalidValue(field: field, reason: "expected #RRGGBB or #RRGGBBAA, got '\(quoted(value))'")
        }
        return color
    }

    private static func date(_ value: String, _ field: String) throws -> Date {
        guard let date = ISODate.parse(value) else {
            throw InvalidValue(field: field, reason: "expected an ISO 8601 date-time such as 2026-03-17T09:41:00Z, got '\(quoted(value))'")
        }
        return date
    }

    private static func microseconds(_ seconds: Double) -> Int64 {
        Int64((seconds * 1_000_000).rounded())
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
