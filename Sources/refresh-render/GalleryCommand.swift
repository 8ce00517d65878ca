import ArgumentParser
import FoundationEssentials
import RefreshGif

/// Renders every kind × style × state into one contact sheet.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Render every kind, style and state on one contact sheet.")

    @Option(help: "Library whose controls are drawn.")
    var library: RefreshLibrary = .mjrefresh

    @Option(help: "Language tag of the titles.")
    var language: String = "en"

    @Option(help: ArgumentHelp("Render scale: \(Limits.scale.phrase)."))
    var scale: Int = 2

    @Option(name: [.short, .long], help: "Output PNG path.")
    var output: String = "gallery.png"

    @Option(
        name: .customLong("images"),
        help: ArgumentHelp(
            "Images for the GIF styles instead of the built-in animation (a GIF, PNG, folder or Lottie file).", valueName: "STATE=PATH"))
    var images: [String] = []

    @Option(name: .customLong("lottie-segment"), help: ArgumentHelp("A Lottie state's part.", valueName: "STATE=MARKER|FROM:TO"))
    var lottieSegments: [String] = []

    func validate() throws {
        try Limits.scale.validate(scale, option: "--scale")
    }

    func run() throws {
        try reportingErrors {
            let renderer = try RefreshRenderer()
            var settings = SceneDescription()
            settings[.scale] = .integer(scale)
            settings[.library] = .text(library.rawValue)
            for (key, texts) in [(SceneKey.images, images), (.lottieSegments, lottieSegments)] where !texts.isEmpty {
                settings[key] = try SceneSchema.field(key).parse(texts)
            }
            let images = try settings.makeScene().images
            let sheet = try ContactSheet.gallery(
                of: library.family, language: Language(tag: language), scale: scale,
                images: images, renderer: renderer)
            try FileIO.write(try PNGEncoder().encode(sheet), to: output)
        }
    }
}
