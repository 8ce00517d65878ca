import ArgumentParser
import FoundationEssentials
@_spi(Tools) import RefreshGif
import Synchronization

extension RefreshState: ExpressibleByArgument {}
extension GIFDithering: ExpressibleByArgument {}

/// The help of `--scene`, which says what wins over the file.
/// - Parameter wins: what the file's settings give way to, or win over.
/// - Returns: the help.
func sceneFileHelp(_ wins: String) -> ArgumentHelp {
    ArgumentHelp(
        "A scene file: any settings as JSON by their JSON keys, and the control's layers (docs/layers.md); \(wins).", valueName: "file.json"
    )
}

/// A value a scene file gave that is wrong: the file's error (65), named by its JSON path.
/// - Parameters:
///   - error: the value's error.
///   - file: the scene file.
/// - Returns: the error to report.
func sceneFileError(_ error: InvalidValue, file: String) -> RefreshGifError {
    RefreshGifError.badInput(file: file, message: "$.\(error.field): \(error.reason)")
}

/// Which of the scene schema's settings a command takes as options.
protocol SceneOptionSet: SendableMetatype {
    /// The settings; nil for every one.
    static var fields: [SceneField]? { get }
}

extension SceneOptionSet {
    /// A command that takes every setting takes a scene file (`--scene`) too.
    static var takesSceneFile: Bool { fields == nil }
}

/// Every setting: the rendering commands.
enum AllSettings: SceneOptionSet {
    static var fields: [SceneField]? { nil }
}

/// The decoding limits: commands that read images outside a scene (`extract`, `diff`).
enum LimitSettings: SceneOptionSet {
    static var fields: [SceneField]? { SceneSchema.standard.fields.filter { $0.group == .limits } }
}

/// Whether this process prints help: asked with `-h`, `--help`, `help`, or by the manual's and
/// completion scripts' generators. A process that draws or compares never makes the settings'
/// long help (a sixth of a `diff`'s start).
enum Help {
    static let isAsked: Bool = CommandLine.arguments.dropFirst().contains { word in
        ["-h", "--help", "--help-hidden", "help", "--experimental-dump-help"].contains(word)
            || word.hasPrefix("--generate-completion-script")
    }
}

/// ``SettingOptions/helpSection`` of each option set, once made.
private let madeHelpSections = Mutex<[ObjectIdentifier: String]>([:])

/// The options that describe a control and its state, shared by every rendering command.
typealias SceneOptions = SettingOptions<AllSettings>

/// Scene settings given as options, read by the library's own reader
/// (``SceneSchema/description(fromArguments:only:)``): every setting a library declares is an
/// option of the commands that take `Set`, with its help, without a declaration here.
/// swift-argument-parser reads the command's own options and hands this group every word
/// it does not know; a word no setting of `Set` has is refused with its own line.
struct SettingOptions<Set: SceneOptionSet>: ParsableArguments {
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("Settings: see the list below.", discussion: helpSection, valueName: "setting"),
        completion: .custom { words, index, prefix in
            let previous = index > 0 && index - 1 < words.count ? words[index - 1] : ""
            return SceneSchema.standard.completions(after: previous, prefix: prefix, only: Set.fields)
        })
    var words: [String] = []

    @Option(name: .customLong("scene"), help: sceneFileHelp("options given beside it win"))
    var sceneFile: String?

    /// The settings' section of a command's help: made once a process and option set (every
    /// parse makes the option group again, and wrapping every setting's help is a tenth of a
    /// one-frame render's time), and only by a process that prints help (``Help/isAsked``).
    static var helpSection: String {
        guard Help.isAsked else { return "Every setting, with its values: refresh-render help <command>." }
        let key = ObjectIdentifier(Set.self)
        if let known = madeHelpSections.withLock({ $0[key] }) { return known }
        let made = String(SceneSchema.standard.helpSection(only: Set.fields).dropLast())
        madeHelpSections.withLock { $0[key] = made }
        return made
    }

    func validate() throws {
        if sceneFile != nil, !Set.takesSceneFile {
            throw ValidationError("--scene: this command draws no scene of its own; leave it out")
        }
        let description: SceneDescription
        do {
            description = try self.description()
        } catch let error as InvalidValue {
            throw ValidationError(CLIError.message(for: error))
        } catch let error as SceneArgumentError {
            throw ValidationError(error.description)
        } catch {
            // The scene file cannot be read: its own line and code (65, 66), as a render's input.
            try reportingErrors { throw error }
            return
        }
        do {
            try description.validate()
        } catch let error as InvalidValue {
            // A value the scene file gave (the layers, or a setting no option overrides) is the
            // file's error, named by its JSON path; an option's is a usage error.
            if let sceneFile, givenByFile(error.field) {
                try reportingErrors { throw sceneFileError(error, file: sceneFile) }
            }
            throw ValidationError(CLIError.message(for: error))
        }
    }

    /// True when the setting or layer an error names came from the scene file, not an option.
    private func givenByFile(_ field: String) -> Bool {
        let key = String(field.split(separator: ".").first ?? "")
        if key == SceneDescription.layersKey { return true }
        let options = try? SceneSchema.standard.description(fromArguments: words, only: Set.fields)
        return options?[key: SceneKey(key)] == nil
    }

    /// The options as a ``SceneDescription`` (the format snapshot and gesture files share):
    /// read from the words once, then reused by validation, the output checks and the render.
    func description() throws -> SceneDescription {
        // By the words and the settings they may name: commands take different sets.
        let key = [String(reflecting: Set.self), sceneFile ?? ""] + words
        if let known = ParsedScenes.shared.withLock({ $0[key] }) { return known }
        var description = try SceneSchema.standard.description(fromArguments: words, only: Set.fields)
        if let sceneFile, Set.takesSceneFile {
            description = try SceneDescription(contentsOfFile: sceneFile).merged(with: description)
        }
        ParsedScenes.shared.withLock { $0[key] = description }
        return description
    }

    /// True when the setting was given.
    func gives(_ field: SceneField) -> Bool {
        (try? description())?[field] != nil
    }

    /// The image and font paths given, for output-path checks.
    var inputPaths: [String] {
        ((try? description()) ?? SceneDescription()).inputPaths()
    }

    /// The scene these options describe, with images loaded. An unknown language tag gets a
    /// one-line warning (the titles are English then).
    func makeScene() throws -> RefreshScene {
        let description = try description()
        // A tag that is not one is refused when the scene is made; one the library has no
        // titles in is drawn in English, and said.
        if case let .text(language)? = description[.language], (try? LanguageTag(language)) != nil,
            !TitleLanguage.isKnown(tag: language)
        {
            let fallback =
                description[.i18nBundle] == nil
                ? "English is used" : "the app's strings (--i18n-bundle) are used where they have it, English elsewhere"
            CLIError.warn(
                "--language '\(language)': the library has no titles in that language (en, zh-Hans, zh-Hant, ko, ru, uk); \(fallback)")
        }
        let scene: RefreshScene
        do {
            scene = try description.makeScene()
        } catch let error as InvalidValue {
            // A value the scene file gave that only making the scene finds wrong (a font family
            // no face has) is the file's error too (65, naming it), as validation's are.
            if let sceneFile, givenByFile(error.field) { throw sceneFileError(error, file: sceneFile) }
            throw error
        }
        // A character no font has is drawn as an empty box: said, never silent.
        for finding in try AssetLint.missingCharacters(scene) { CLIError.warn(finding.message) }
        return scene
    }
}

/// The descriptions read from a command's words, by the option set and the words: a command's
/// options are read once, however many steps ask for them.
enum ParsedScenes {
    static let shared = Mutex<[[String]: SceneDescription]>([:])
}
