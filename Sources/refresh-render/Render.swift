import ArgumentParser
import FoundationEssentials
@_spi(Tools) import RefreshGif

/// Renders one frame to a PNG.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one frame of a refresh control as a PNG (the default command).")

    @OptionGroup var scene: SceneOptions

    @OptionGroup var png: PNGOptions

    @Option(name: [.short, .long], help: "Output PNG path; - writes to standard output.")
    var output: String = "refresh.png"

    @Option(help: "The state before --state: draw the transition between them.")
    var fromState: RefreshState?

    @Option(help: "Seconds since the change from --from-state (arrow turn, spinner fade, alpha).")
    var since: Double?

    func validate() throws {
        if let since, !(since.isFinite && since >= 0 && since < 1e6) {
            throw ValidationError("--since must be a finite number of seconds ≥ 0, got \(since)")
        }
        if since != nil && fromState == nil { throw ValidationError("--since needs --from-state") }
    }

    func run() throws {
        try reportingErrors {
            try OutputPaths.check(output, against: scene.inputPaths, option: "--output")
            var built = try scene.makeScene()
            if let fromState {
                let time = built.time
                built.showTransition(from: fromState, after: since ?? 0)
                if scene.gives(.time) { built.time = time }
            }
            let image = try RefreshRenderer().render(built)
            let format =
                ImageFileFormat(path: output)
                ?? {
                    if output != "-" && !output.hasPrefix("/dev/") {
                        CLIError.warn("'\(output)': no encoder for .\(URL(fileURLWithPath: output).pathExtension) files; writing PNG")
                    }
                    return .png
                }()
            try FileIO.write(try format.encode(image, settings: png.encoder.settings), to: output)
        }
    }
}

/// Checks shared by commands that write files.
enum OutputPaths {
    /// Refuses to write over one of the inputs (same device and inode, or a file in an input folder).
    static func check(_ output: String, against inputs: [String], option: String) throws {
        try OutputGuard.check(outputs: [output], inputs: inputs)
    }
}
