import ArgumentParser
import Foundation
import RefreshGif

/// Plays a gesture through MJRefresh's state machine and renders every frame.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a gesture file (drag, release, refresh events) and render every frame.")

    @Argument(help: "The gesture file (JSON; see README).")
    var gesture: String

    @OptionGroup var outputs: AnimationOutputOptions

    @Flag(name: .customLong("show-content"), help: "Draw a plain list that moves with the scroll offset.")
    var showContent = false

    func run() throws {
        try reportingErrors {
            let file = try GestureFile.read(gesture)
            let base = URL(fileURLWithPath: gesture).deletingLastPathComponent().path
            var control = file.control
            try control.set("width", .number(file.gesture.geometry.viewWidth))
            try control.set("height", .number(file.gesture.geometry.viewHeight))
            let scene: RefreshScene
            do {
                scene = try control.makeScene(baseDirectory: base)
            } catch let error as InvalidValue {
                throw RefreshGifError.badInput(file: gesture, message: "$.control.\(error.field): \(error.reason)")
            }
            let player = try GesturePlayer(gesture: file.gesture, scene: scene)
            let window = ScreenWindow(kind: scene.kind, geometry: file.gesture.geometry, showContent: showContent)
            let plan = try player.frames(fps: outputs.fps).map { frame in
                PlannedFrame(time: frame.time, scene: frame.scene, window: window, offset: frame.offset, insets: frame.insets)
            }
            let end = player.duration + 1_000_000 / Int64(outputs.fps)
            try AnimationWriter.write(plan, end: end, options: outputs, inputs: [gesture] + file.control.inputPaths(baseDirectory: base))
        }
    }
}

/// One state over time.
struct Sequence: ParsableCommand {
    static let configuration = CommandConfiguration(
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
        if let loops, !(1...1000).contains(loops) { throw ValidationError("--loops must be between 1 and 1000") }
        if let length, !(length.isFinite && length > 0 && length <= 3600) { throw ValidationError("--length must be seconds between 0 and 3600") }
    }

    func run() throws {
        try reportingErrors {
            let base = try scene.makeScene()
            if let sweep {
                let step = 1_000_000 / Int64(outputs.fps)
                let plan = (0..<sweep).map { i -> PlannedFrame in
                    var frame = base
                    frame.pullingPercent = Double(i + 1) / Double(sweep)
                    return PlannedFrame(time: Int64(i) * step, scene: frame, window: nil, offset: nil, insets: nil)
                }
                try AnimationWriter.write(plan, end: Int64(sweep) * step, options: outputs, inputs: scene.inputPaths)
                return
            }
            // One loop: the state's images, or one spinner turn (1 s) for the other styles.
            let loop: Int64 = base.style == .gif ? (base.images[base.state.drawnAs]?.durationMicroseconds ?? 1_000_000) : 1_000_000
            let total: Int64 = length.map { Int64(($0 * 1_000_000).rounded()) } ?? Int64(loops ?? 1) * max(loop, 1)
            let fps = Int64(outputs.fps)
            let count = max(1, Int((total * fps + 999_999) / 1_000_000))
            guard count <= GesturePlayer.maxFrames else {
                throw ValidationError("\(count) frames (length × fps) are more than the \(GesturePlayer.maxFrames) a run may plan; shorten --loops/--length or lower --fps")
            }
            let start = base.time
            let plan = (0..<count).map { i -> PlannedFrame in
                let t = Int64(i) * 1_000_000 / fps
                var frame = base
                frame.time = start + t
                return PlannedFrame(time: t, scene: frame, window: nil, offset: nil, insets: nil)
            }
            try AnimationWriter.write(plan, end: total, options: outputs, inputs: scene.inputPaths)
        }
    }
}
