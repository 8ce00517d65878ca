import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// The Swift API gives what the command line gives: same defaults, same animations, same bytes.
@Suite("Swift API = command line")
struct LibraryAPITests {
    @Test("a gesture is built in Swift, script or samples and events, and plays as its JSON form does")
    func gestureFromSwift() throws {
        var scene = RefreshScene()
        scene.style = .normal
        let scripted = Gesture(script: .init(pull: 90, over: 0.4, hold: 0.2, refresh: 1.0))
        try scripted.validate()
        let json = try JSONDecoder().decode(
            Gesture.self, from: Data(#"{"script": {"pull": 90, "over": 0.4, "hold": 0.2, "refresh": 1.0}}"#.utf8))
        let fromSwift = try RefreshAnimation.gesture(scripted, scene: scene, fps: 10)
        let fromJSON = try RefreshAnimation.gesture(json, scene: scene, fps: 10)
        #expect(fromSwift.count == fromJSON.count && fromSwift.count > 10)
        #expect(try fromSwift.frame(at: 8).image == fromJSON.frame(at: 8).image)
        let sampled = Gesture(
            samples: [
                .init(t: 0, offset: 0, dragging: true), .init(t: 0.3, offset: -90, dragging: true),
                .init(t: 0.4, offset: -90, dragging: false),
            ],
            events: [.init(t: 1.0, event: .endRefreshing)])
        try sampled.validate()
        #expect(try RefreshAnimation.gesture(sampled, scene: scene, fps: 10).count > 0)
    }

    @Test("RefreshScene() renders exactly what refresh-render renders with no options, built-in animation included")
    func defaultScene() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for arguments in [[], ["--state", "pulling", "--percent", "0.6"], ["--state", "refreshing", "--time", "0.35"]] {
            let result = try CLI.run(arguments + ["-o", folder + "/cli.png"])
            #expect(result.status == 0, "\(result.stderr)")
            var scene = RefreshScene()
            if arguments.count == 4 { scene.state = .pulling; scene.pullingPercent = 0.6 }
            if arguments.contains("--time") { scene.state = .refreshing; scene.time = 0.35 }
            let library = try PNGEncoder().encode(try RefreshRenderer().render(scene))
            #expect(library == (try Self.bytes(folder + "/cli.png")), "\(arguments)")
        }
        // The default really has the animation: the pulled header draws more than its labels.
        var labelsOnly = RefreshScene()
        labelsOnly.images = StateImages()
        labelsOnly.state = .pulling
        var animated = RefreshScene()
        animated.state = .pulling
        let renderer = try RefreshRenderer()
        #expect(try renderer.render(labelsOnly) != (try renderer.render(animated)))
        #expect(try renderer.plan(for: animated).image != nil)
    }

    @Test("RefreshAnimation.sequence writes the GIF, APNG and frames `sequence` writes, byte for byte")
    func sequenceMatchesCLI() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cli = try CLI.run([
            "sequence", "--state", "refreshing", "--fps", "20", "--loops", "1",
            "--gif", folder + "/cli.gif", "--apng", folder + "/cli.apng", "--frames", folder + "/cli",
        ])
        #expect(cli.status == 0, "\(cli.stderr)")
        var scene = RefreshScene()
        scene.state = .refreshing
        let animation = try RefreshAnimation.sequence(of: scene, fps: 20, loops: 1)
        #expect(animation.count == 24 && animation.duration == 1.2) // the built-in Refreshing loop: 12 frames × 0.1 s
        let reports = try animation.write(
            AnimationOutputs(framesFolder: folder + "/lib", gif: folder + "/lib.gif", apng: folder + "/lib.apng"), jobs: 3)
        #expect(reports.count == 24 && reports[1].time == 0.05)
        #expect(try Self.bytes(folder + "/lib.gif") == (try Self.bytes(folder + "/cli.gif")))
        #expect(try Self.bytes(folder + "/lib.apng") == (try Self.bytes(folder + "/cli.apng")))
        #expect(CLI.files(in: folder + "/lib") == CLI.files(in: folder + "/cli"))
        // Frames drawn lazily are the frames written.
        var frames = animation.frames()
        var index = 0
        while let frame = try frames.next() {
            if index == 5 {
                let written = try PNGDecoder().decode(try Self.bytes(folder + "/lib/frame_0006.png"))
                #expect(frame.image == written)
            }
            index += 1
        }
        #expect(index == 24)
    }

    @Test("a gesture from Swift reports the lines simulate --json prints")
    func gestureMatchesCLI() throws {
        let path = Support.root.appendingPathComponent("gestures/header-pull-release.json").path
        let cli = try CLI.run(["simulate", path, "--fps", "15", "--json"])
        #expect(cli.status == 0, "\(cli.stderr)")
        let file = try GestureFile.read(path)
        var control = file.control
        control[.width] = .number(file.gesture.geometry.viewWidth)
        let scene = try control.makeScene(baseDirectory: Support.root.appendingPathComponent("gestures").path)
        let animation = try RefreshAnimation.gesture(file.gesture, scene: scene, fps: 15)
        let lines = try animation.reports().map(\.jsonLine).joined(separator: "\n") + "\n"
        #expect(lines == String(decoding: cli.stdout, as: UTF8.self))
    }

    @Test("times are seconds and bad ones throw typed errors instead of trapping")
    func secondsAndErrors() throws {
        var scene = RefreshScene()
        scene.time = .nan
        #expect(throws: InvalidValue.self) { try RefreshRenderer().render(scene) }
        scene.time = -1
        #expect(throws: InvalidValue.self) { try RefreshRenderer().render(scene) }
        let gif = try GIFEncoder(width: 4, height: 4)
        #expect(throws: ImageCodecError.self) { try gif.add(try RGBAImage(width: 4, height: 4), at: .infinity) }
        #expect(throws: ImageCodecError.self) { try gif.add(try RGBAImage(width: 3, height: 4), at: 0) }
        #expect(throws: InvalidValue.self) { try RefreshAnimation.sequence(of: RefreshScene(), fps: 0) }
        #expect(throws: RefreshGifError.self) { try RefreshAnimation.sequence(of: RefreshScene(), length: .nan) }
        #expect(throws: RefreshGifError.self) { try RefreshAnimation.sweep(of: RefreshScene(), frames: 0) }
        #expect(throws: RefreshGifError.self) { try RefreshAnimation.sweep(of: RefreshScene(), frames: 3).frame(at: 3) }
        #expect(throws: InvalidValue.self) { try ImageSequence(frames: [], duration: .nan) }
        // The transition API takes seconds too: half-way through the 0.25 s arrow turn.
        var turning = RefreshScene()
        turning.style = .normal
        turning.state = .pulling
        turning.showTransition(from: .idle, after: 0.125)
        #expect(turning.time == 0.125)
        #expect(abs(abs(turning.transition?.arrowAngle ?? 0) - Double.pi / 2) < 0.3)
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
