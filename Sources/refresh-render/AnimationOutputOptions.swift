import ArgumentParser
import FoundationEssentials
@_spi(Tools) import RefreshGif

/// Where an animation goes: numbered PNGs, an animated GIF or PNG, a contact sheet, a report.
struct AnimationOutputOptions: ParsableArguments {
    @Option(help: "Frames per second.")
    var fps: Int = 60

    @Option(help: "Write numbered PNG frames (frame_0001.png …) into this folder.")
    var frames: String?

    @Option(help: "Write an animated GIF (only what changes from frame to frame; exact colours up to 255 a frame).")
    var gif: String?

    @Option(
        help: ArgumentHelp(
            "The page colour the GIF will sit on: soft edges are composited onto it instead of cut at half opacity.",
            valueName: "#RRGGBB"))
    var gifMatte: RGBAColor?

    @Option(
        help: "How GIF frames with more than 255 colours show the colours their palette lacks (only in pixels that change).")
    var gifDither: GIFDithering = .none

    @Option(
        help: ArgumentHelp(
            "Let each GIF frame differ from its source by at most this mean squared error a channel over its picture, to share one palette (0–100; 0 keeps exact colours; 0.002 is about 75 dB).",
            valueName: "MSE"))
    var gifColorError = 0.0

    @Option(help: "Write an animated PNG.")
    var apng: String?

    @Option(help: "Write a contact sheet: a grid of frames labelled with time and state.")
    var sheet: String?

    @Option(help: "Put every N-th frame on the sheet (default: at most 24 cells).")
    var sheetEvery: Int?

    @Flag(help: "Print the per-frame state, percent, alpha and image frame as JSON on standard output.")
    var json = false

    @Option(help: "Frames rendered at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @OptionGroup var png: PNGOptions

    func validate() throws {
        try png.validate()
        try Limits.fps.validate(fps, option: "--fps")
        try Limits.jobs.validate(jobs, option: "--jobs")
        guard GIFEncoder.colorErrors.contains(gifColorError) else {
            throw ValidationError("--gif-color-error must be between 0 and 100, got \(gifColorError)")
        }
        if let sheetEvery, sheetEvery < 1 { throw ValidationError("--sheet-every must be ≥ 1") }
        if gif == nil {
            let given = [("--gif-matte", gifMatte != nil), ("--gif-dither", gifDither != .none), ("--gif-color-error", gifColorError != 0)]
            if let (option, _) = given.first(where: \.1) {
                throw ValidationError("\(option) applies to a GIF: give --gif FILE, or leave \(option) out")
            }
        }
        if json, let shared = [gif, apng, sheet].compactMap({ $0 }).first(where: { $0 == "-" }) {
            throw ValidationError("--json and an output '\(shared)' would both write to standard output; give the output a file")
        }
        guard frames != nil || gif != nil || apng != nil || sheet != nil || json else {
            throw ValidationError("give at least one output: --frames DIR, --gif FILE, --apng FILE, --sheet FILE or --json")
        }
    }

}

extension AnimationOutputOptions {
    /// The library's outputs for these options.
    var outputs: AnimationOutputs {
        var outputs = AnimationOutputs(framesFolder: frames, gif: gif, apng: apng, sheet: sheet, sheetEvery: sheetEvery)
        outputs.gifMatte = gifMatte
        outputs.gifDithering = gifDither
        outputs.gifColorError = gifColorError
        return outputs
    }

    /// Renders `animation` to every output asked for, with a progress line on a terminal,
    /// and prints the per-frame JSON when `--json` is given.
    func write(_ animation: RefreshAnimation, inputs: [String]) throws {
        let showProgress = Console.errorIsTerminal && animation.count > 30
        let reports = try animation.write(outputs, jobs: jobs, png: png.encoder.settings, inputs: inputs) { done in
            guard showProgress else { return }
            Console.error("\rrendering \(done)/\(animation.count) frames")
            if done == animation.count { Console.error("\n") }
        }
        if json {
            for report in reports { try Console.line(report.jsonLine) }
        }
    }
}
