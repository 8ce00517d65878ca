import ArgumentParser
import FoundationEssentials
@_spi(Tools) import RefreshGif

/// Plays a gesture through MJRefresh's state machine and renders every frame.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Play a gesture file (drag, release, refresh events) and render every frame.")

    @Argument(help: "The gesture file (JSON; see README).")
    var gesture: String

    @OptionGroup var outputs: AnimationOutputOptions

    @Flag(help: "Draw a plain list that moves with the scroll offset.")
    var showContent = false

    @Option(name: .customLong("scene"), help: sceneFileHelp("they win over the gesture file's control"))
    var sceneFile: String?

    func run() throws {
        try reportingErrors {
            let file = try GestureFile.read(gesture)
            let base = URL(fileURLWithPath: gesture).deletingLastPathComponent().path
            let scene: RefreshScene
            var control = file.control
            do {
                if let sceneFile {
                    control = try control.resolvingFiles(from: base).merged(with: try SceneDescription(contentsOfFile: sceneFile))
                }
                scene = try control.makeScene(baseDirectory: sceneFile == nil ? base : nil)
            } catch let error as InvalidValue {
                throw RefreshGifError.badInput(
                    file: sceneFile ?? gesture, message: "$.\(sceneFile == nil ? "control." : "")\(error.field): \(error.reason)")
            }
            let animation: RefreshAnimation
            do {
                animation = try RefreshAnimation.gesture(file.gesture, scene: scene, fps: outputs.fps, showContent: showContent)
            } catch let error as InvalidValue where error.field.hasPrefix("geometry.") {
                throw RefreshGifError.badInput(file: gesture, message: "$.\(error.field): \(error.reason)")
            }
            try outputs.write(
                animation,
                inputs: [gesture] + (sceneFile.map { [$0] } ?? []) + control.inputPaths(baseDirectory: sceneFile == nil ? base : nil))
        }
    }
}

/// One state over time.
struct Sequence: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sequence",
        abstract: "Render one state over time (its animation loop, the spinner) as frames, GIF, APNG or a sheet.")

    @OptionGroup var scene: SceneOptions

    @OptionGroup var outputs: AnimationOutputOptions

    @Option(help: "Number of loops of the state's animation.")
    var loops: Int?

    @Option(help: "Length in seconds (instead of --loops).")
    var length: Double?

    @Option(help: "Instead of time: N frames of a pull sweep, percent 1/N … N/N (Idle picks its frame by percent).")
    var sweep: Int?

    func validate() throws {
        if [loops != nil, length != nil, sweep != nil].filter({ $0 }).count > 1 {
            throw ValidationError("give one of --loops, --length and --sweep")
        }
        if let sweep, !(1...100_000).contains(sweep) { throw ValidationError("--sweep must be between 1 and 100000") }
        if let loops { try Limits.loops.validate(loops, option: "--loops") }
        if let length, !(length.isFinite && length > 0 && length <= 3600) {
            throw ValidationError("--length must be seconds between 0 and 3600")
        }
    }

    func run() throws {
        try reportingErrors {
            let base = try scene.makeScene()
            let animation: RefreshAnimation
            if let sweep {
                animation = try .sweep(of: base, frames: sweep, fps: outputs.fps)
            } else if let length {
                animation = try .sequence(of: base, fps: outputs.fps, length: length)
            } else {
                animation = try .sequence(of: base, fps: outputs.fps, loops: loops ?? 1)
            }
            try outputs.write(animation, inputs: scene.inputPaths)
        }
    }
}
