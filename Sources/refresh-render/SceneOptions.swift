import ArgumentParser
import FoundationEssentials
import RefreshGif

extension RefreshState: ExpressibleByArgument {}
extension RefreshLibrary: ExpressibleByArgument {}
extension ComponentKind: ExpressibleByArgument {}
extension ComponentStyle: ExpressibleByArgument {}
extension SpinnerStyle: ExpressibleByArgument {}
extension SVPullToRefresh.LayoutVersion: ExpressibleByArgument {}
extension GIFDithering: ExpressibleByArgument {}
extension StateImages.BuiltIn: ExpressibleByArgument {}
extension ImageSequence.Timing: ExpressibleByArgument {}

/// The options that describe a control and its state, shared by every rendering command.
///
/// One property per ``SceneKey``, with the schema's help; choices are typed by the enums the
/// schema's words come from, so help and shell completion list them. ``binding(_:)`` ties
/// each key to its property (the compiler
/// checks every key has one), and the values are read by the schema (``SceneField/parse(_:)``),
/// so parsing, defaults and checks are the library's.
struct SceneOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: h(.library)) var library: RefreshLibrary?
    @Option(parsing: .unconditional, help: h(.state)) var state: String?
    @Option(parsing: .unconditional, help: h(.percent)) var percent: String?
    @Option(parsing: .unconditional, help: h(.time)) var time: String?
    @Option(name: .customLong("images"), help: h(.images, "STATE=PATH"), completion: .file()) var images: [String] = []
    @Option(parsing: .unconditional, help: h(.animation)) var animation: StateImages.BuiltIn?
    @Option(name: .customLong("duration"), help: h(.durations, "STATE=SECONDS")) var durations: [String] = []
    @Option(name: .customLong("lottie-segment"), help: h(.lottieSegments, "STATE=MARKER|FROM:TO")) var lottieSegments: [String] = []
    @Option(name: .customLong("lottie-size"), parsing: .unconditional, help: h(.lottieSize)) var lottieSize: String?
    @Option(parsing: .unconditional, help: h(.timing)) var timing: ImageSequence.Timing?
    @Option(name: .customLong("image-scale"), parsing: .unconditional, help: h(.imageScale)) var imageScale: String?
    @Option(parsing: .unconditional, help: h(.kind)) var kind: ComponentKind?
    @Option(parsing: .unconditional, help: h(.style)) var style: ComponentStyle?
    @Option(parsing: .unconditional, help: h(.width)) var width: String?
    @Option(parsing: .unconditional, help: h(.height)) var height: String?
    @Option(parsing: .unconditional, help: h(.scale), completion: .list(["1", "2", "3"])) var scale: String?
    @Option(parsing: .unconditional, help: h(.background)) var background: String?
    @Flag(name: .customLong("auto-alpha"), help: h(.autoAlpha)) var autoAlpha = false
    @Flag(name: .customLong("hide-labels"), help: h(.hideLabels)) var hideLabels = false
    @Flag(name: .customLong("hide-state-label"), help: h(.hideStateLabel)) var hideStateLabel = false
    @Flag(name: .customLong("hide-time-label"), help: h(.hideTimeLabel)) var hideTimeLabel = false
    @Flag(name: .customLong("refreshing-title-hidden"), help: h(.refreshingTitleHidden)) var refreshingTitleHidden = false
    @Option(parsing: .unconditional, help: h(.language), completion: .list(Language.allCases.map(\.rawValue))) var language: String?
    @Option(name: .customLong("title"), help: h(.titles, "STATE=TEXT")) var titles: [String] = []
    @Option(name: .customLong("subtitle"), help: h(.subtitles, "STATE=TEXT")) var subtitles: [String] = []
    @Option(name: .customLong("last-updated"), parsing: .unconditional, help: h(.lastUpdated)) var lastUpdated: String?
    @Option(parsing: .unconditional, help: h(.now)) var now: String?
    @Option(parsing: .unconditional, help: h(.timezone)) var timezone: String?
    @Option(name: .customLong("text-color"), parsing: .unconditional, help: h(.textColor)) var textColor: String?
    @Option(name: .customLong("arrow-color"), parsing: .unconditional, help: h(.arrowColor)) var arrowColor: String?
    @Option(name: .customLong("sv-layout"), parsing: .unconditional, help: h(.svLayout)) var svLayout: SVPullToRefresh.LayoutVersion?
    @Flag(name: .customLong("hide-pull-to-refresh"), help: h(.hidePullToRefresh)) var hidePullToRefresh = false
    @Flag(name: .customLong("hide-infinite-scrolling"), help: h(.hideInfiniteScrolling)) var hideInfiniteScrolling = false
    @Flag(name: .customLong("infinite-scrolling-disabled"), help: h(.infiniteScrollingDisabled)) var infiniteScrollingDisabled = false
    @Option(name: .customLong("label-left-inset"), parsing: .unconditional, help: h(.labelLeftInset)) var labelLeftInset: String?
    @Option(name: .customLong("ignored-inset"), parsing: .unconditional, help: h(.ignoredInset)) var ignoredInset: String?
    @Flag(name: .customLong("automatically-hidden"), help: h(.automaticallyHidden)) var automaticallyHidden = false
    @Option(parsing: .unconditional, help: h(.font), completion: .file()) var font: String?
    @Option(parsing: .unconditional, help: h(.spinner)) var spinner: SpinnerStyle?
    @Option(name: .customLong("spinner-color"), parsing: .unconditional, help: h(.spinnerColor)) var spinnerColor: String?
    @Flag(help: h(.rtl)) var rtl = false
    @Option(name: .customLong("max-pixels"), parsing: .unconditional, help: h(.maxPixels)) var maxPixels: String?
    @Option(name: .customLong("max-memory"), parsing: .unconditional, help: h(.maxMemory)) var maxMemory: String?
    @Option(name: .customLong("max-seconds"), parsing: .unconditional, help: h(.maxSeconds)) var maxSeconds: String?

    private static func h(_ key: SceneKey, _ valueName: String? = nil) -> ArgumentHelp {
        ArgumentHelp(SceneSchema.help(key), valueName: valueName)
    }

    /// Where a setting's text is held.
    enum Binding: Sendable {
        /// A choice, typed for help and completion (the value's words are the schema's).
        case choice(@Sendable (SceneOptions) -> String?)
        case single(KeyPath<SceneOptions, String?> & Sendable)
        case list(KeyPath<SceneOptions, [String]> & Sendable)
        case flag(KeyPath<SceneOptions, Bool> & Sendable)
    }

    /// Each setting's property; the switch is exhaustive, so a new key needs its option.
    static func binding(_ key: SceneKey) -> Binding {
        switch key {
        case .library: return .choice { $0.library?.rawValue }
        case .state: return .single(\.state)
        case .percent: return .single(\.percent)
        case .time: return .single(\.time)
        case .images: return .list(\.images)
        case .animation: return .choice { $0.animation?.rawValue }
        case .durations: return .list(\.durations)
        case .lottieSegments: return .list(\.lottieSegments)
        case .lottieSize: return .single(\.lottieSize)
        case .timing: return .choice { $0.timing?.rawValue }
        case .imageScale: return .single(\.imageScale)
        case .kind: return .choice { $0.kind?.rawValue }
        case .style: return .choice { $0.style?.rawValue }
        case .width: return .single(\.width)
        case .height: return .single(\.height)
        case .scale: return .single(\.scale)
        case .background: return .single(\.background)
        case .autoAlpha: return .flag(\.autoAlpha)
        case .hideLabels: return .flag(\.hideLabels)
        case .hideStateLabel: return .flag(\.hideStateLabel)
        case .hideTimeLabel: return .flag(\.hideTimeLabel)
        case .refreshingTitleHidden: return .flag(\.refreshingTitleHidden)
        case .language: return .single(\.language)
        case .titles: return .list(\.titles)
        case .subtitles: return .list(\.subtitles)
        case .lastUpdated: return .single(\.lastUpdated)
        case .now: return .single(\.now)
        case .timezone: return .single(\.timezone)
        case .textColor: return .single(\.textColor)
        case .arrowColor: return .single(\.arrowColor)
        case .svLayout: return .choice { $0.svLayout?.rawValue }
        case .hidePullToRefresh: return .flag(\.hidePullToRefresh)
        case .hideInfiniteScrolling: return .flag(\.hideInfiniteScrolling)
        case .infiniteScrollingDisabled: return .flag(\.infiniteScrollingDisabled)
        case .labelLeftInset: return .single(\.labelLeftInset)
        case .ignoredInset: return .single(\.ignoredInset)
        case .automaticallyHidden: return .flag(\.automaticallyHidden)
        case .font: return .single(\.font)
        case .spinner: return .choice { $0.spinner?.rawValue }
        case .spinnerColor: return .single(\.spinnerColor)
        case .rtl: return .flag(\.rtl)
        case .maxPixels: return .single(\.maxPixels)
        case .maxMemory: return .single(\.maxMemory)
        case .maxSeconds: return .single(\.maxSeconds)
        }
    }

    /// The texts given, by setting (flags as "true"; repeatable options as lists).
    var givenTexts: [SceneKey: [String]] {
        var out: [SceneKey: [String]] = [:]
        for key in SceneKey.allCases {
            switch Self.binding(key) {
            case let .single(path): if let text = self[keyPath: path] { out[key] = [text] }
            case let .choice(read): if let text = read(self) { out[key] = [text] }
            case let .list(path): if !self[keyPath: path].isEmpty { out[key] = self[keyPath: path] }
            case let .flag(path): if self[keyPath: path] { out[key] = ["true"] }
            }
        }
        return out
    }

    func validate() throws {
        do {
            try description().validate()
        } catch let error as InvalidValue {
            throw ValidationError(CLIError.message(for: error))
        }
    }

    /// The options as a ``SceneDescription`` (the format snapshot and gesture files share).
    func description() throws -> SceneDescription {
        var d = SceneDescription()
        for (key, texts) in givenTexts {
            d[key] = try SceneSchema.field(key).parse(texts)
        }
        return d
    }

    /// The image and font paths given, for output-path checks.
    var inputPaths: [String] {
        ((try? description()) ?? SceneDescription()).inputPaths()
    }

    /// The scene these options describe, with images loaded. An unknown language tag gets a
    /// one-line warning (the titles are English then).
    func makeScene() throws -> RefreshScene {
        if let language, !Language.isKnown(tag: language) {
            CLIError.warn("--language '\(language)': no titles in that language (en, zh-Hans, zh-Hant, ko, ru, uk); English is used")
        }
        return try description().makeScene()
    }
}
