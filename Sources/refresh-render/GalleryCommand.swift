import ArgumentParser
import FoundationEssentials
@_spi(Tools) import RefreshGif

/// Renders every kind × style × state into one contact sheet.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Render every kind, style and state on one contact sheet.")

    @OptionGroup var settings: SettingOptions<GallerySettings>

    @Option(name: [.short, .long], help: "Output PNG path.")
    var output: String = "gallery.png"

    @OptionGroup var png: PNGOptions

    func run() throws {
        try reportingErrors {
            let renderer = try RefreshRenderer()
            let scene = try settings.makeScene()
            let sheet = try ContactSheet.gallery(
                of: scene.family, language: scene.language, scale: scene.scale, images: scene.images, renderer: renderer)
            try FileIO.write(try png.encoder.encode(sheet), to: output)
        }
    }
}

/// The settings a gallery takes: which library, its language and scale, and the images of
/// its GIF styles (instead of the built-in animation).
enum GallerySettings: SceneOptionSet {
    static var fields: [SceneField]? { [.library, .language, .scale, .images, .lottieSegments] }
}
