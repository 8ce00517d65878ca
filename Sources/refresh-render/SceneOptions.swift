import ArgumentParser
import FoundationEssentials
import RefreshGif

extension RefreshState: ExpressibleByArgument {}
extension RefreshLibrary: ExpressibleByArgument {}

/// The options that describe a control and its state, shared by every rendering command.
///
/// One property per ``SceneSchema`` field, named as the field, with the field's help; the
/// values are read by the schema (``SceneField/parse(_:)``), so parsing, defaults and
/// checks are the library's. A test checks that the properties and the schema agree.
struct SceneOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: h("library")) var library: String?
    @Option(parsing: .unconditional, help: h("state")) var state: String?
    @Option(parsing: .unconditional, help: h("percent")) var percent: String?
    @Option(parsing: .unconditional, help: h("time")) var time: String?
    @Option(name: .customLong("images"), help: ArgumentHelp(SceneSchema.help("images"), valueName: "STATE=PATH")) var images: [String] = []
    @Option(parsing: .unconditional, help: h("animation")) var animation: String?
    @Option(name: .customLong("duration"), help: ArgumentHelp(SceneSchema.help("durations"), valueName: "STATE=SECONDS")) var durations: [String] = []
    @Option(name: .customLong("lottie-segment"), help: ArgumentHelp(SceneSchema.help("lottieSegments"), valueName: "STATE=MARKER|FROM:TO")) var lottieSegments: [String] = []
    @Option(name: .customLong("lottie-size"), parsing: .unconditional, help: h("lottieSize")) var lottieSize: String?
    @Option(parsing: .unconditional, help: h("timing")) var timing: String?
    @Option(name: .customLong("image-scale"), parsing: .unconditional, help: h("imageScale")) var imageScale: String?
    @Option(parsing: .unconditional, help: h("kind")) var kind: String?
    @Option(parsing: .unconditional, help: h("style")) var style: String?
    @Option(parsing: .unconditional, help: h("width")) var width: String?
    @Option(parsing: .unconditional, help: h("height")) var height: String?
    @Option(parsing: .unconditional, help: h("scale")) var scale: String?
    @Option(parsing: .unconditional, help: h("background")) var background: String?
    @Flag(name: .customLong("auto-alpha"), help: h("autoAlpha")) var autoAlpha = false
    @Flag(name: .customLong("hide-labels"), help: h("hideLabels")) var hideLabels = false
    @Flag(name: .customLong("hide-state-label"), help: h("hideStateLabel")) var hideStateLabel = false
    @Flag(name: .customLong("hide-time-label"), help: h("hideTimeLabel")) var hideTimeLabel = false
    @Flag(name: .customLong("refreshing-title-hidden"), help: h("refreshingTitleHidden")) var refreshingTitleHidden = false
    @Option(parsing: .unconditional, help: h("language")) var language: String?
    @Option(name: .customLong("title"), help: ArgumentHelp(SceneSchema.help("titles"), valueName: "STATE=TEXT")) var titles: [String] = []
    @Option(name: .customLong("subtitle"), help: ArgumentHelp(SceneSchema.help("subtitles"), valueName: "STATE=TEXT")) var subtitles: [String] = []
    @Option(name: .customLong("last-updated"), parsing: .unconditional, help: h("lastUpdated")) var lastUpdated: String?
    @Option(parsing: .unconditional, help: h("now")) var now: String?
    @Option(parsing: .unconditional, help: h("timezone")) var timezone: String?
    @Option(name: .customLong("text-color"), parsing: .unconditional, help: h("textColor")) var textColor: String?
    @Option(name: .customLong("arrow-color"), parsing: .unconditional, help: h("arrowColor")) var arrowColor: String?
    @Option(parsing: .unconditional, help: h("font")) var font: String?
    @Option(parsing: .unconditional, help: h("spinner")) var spinner: String?
    @Flag(help: h("rtl")) var rtl = false
    @Option(name: .customLong("max-pixels"), parsing: .unconditional, help: h("maxPixels")) var maxPixels: String?
    @Option(name: .customLong("max-memory"), parsing: .unconditional, help: h("maxMemory")) var maxMemory: String?
    @Option(name: .customLong("max-seconds"), parsing: .unconditional, help: h("maxSeconds")) var maxSeconds: String?

    private static func h(_ name: String) -> ArgumentHelp { ArgumentHelp(SceneSchema.help(name)) }

    /// The texts given, by schema field name (flags as "true"; repeatable options as lists).
    var givenTexts: [String: [String]] {
        var out: [String: [String]] = [:]
        for child in Mirror(reflecting: self).children {
            guard let label = child.label else { continue }
            let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
            switch child.value {
            case let option as Option<String?>: if let text = option.wrappedValue { out[name] = [text] }
            case let option as Option<[String]>: if !option.wrappedValue.isEmpty { out[name] = option.wrappedValue }
            case let flag as Flag<Bool>: if flag.wrappedValue { out[name] = ["true"] }
            default: break
            }
        }
        return out
    }

    /// The property names, as the schema check test reads them.
    static var propertyNames: [String] {
        Mirror(reflecting: SceneOptions()).children.compactMap { $0.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 } }
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
        for (name, texts) in givenTexts {
            guard let field = SceneSchema.field(name) else { continue }
            try d.set(name, try field.parse(texts))
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
