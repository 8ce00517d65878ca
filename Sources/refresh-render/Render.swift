import ArgumentParser
import Foundation
import RefreshGif

/// Renders one frame to a PNG.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render one frame of a refresh control as a PNG (the default command).")

    @OptionGroup var scene: SceneOptions

    @Option(name: [.short, .long], help: "Output PNG path; - writes to standard output.")
    var output: String = "refresh.png"

    func run() throws {
        try reportingErrors {
            try OutputPaths.check(output, against: scene.inputPaths, option: "--output")
            let built = try scene.makeScene()
            let image = try RefreshRenderer().render(built)
            let png = try PNGEncoder().encode(image)
            try FileIO.write(png, to: output)
        }
    }
}

/// Checks shared by commands that write files.
enum OutputPaths {
    /// Refuses to write over one of the inputs.
    static func check(_ output: String, against inputs: [String], option: String) throws {
        guard output != "-" else { return }
        let target = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath().path
        for input in inputs where URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path == target {
            throw RefreshGifError.usage(option: option, message: "'\(output)' is also an input; choose another output path")
        }
    }
}
