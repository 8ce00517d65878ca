import Foundation
import RefreshGif
import Testing

/// MJRefresh's `fastAnimationDuration`, `slowAnimationDuration` and `setAnimationDisabled`.
@Suite("MJRefresh: animation durations an app sets")
struct MotionKnobTests {
    /// The header's top inset `seconds` after the refresh begins and after it ends.
    static func insets(_ arguments: [String], after seconds: Double) throws -> (opening: Double, closing: Double) {
        let scene = try SceneSchema.standard.description(fromArguments: ["--style", "normal"] + arguments).makeScene()
        let gesture = Gesture(script: Gesture.Script(pull: 80, over: 0.3, hold: 0, refresh: 1, noMoreData: nil))
        let frames = try GesturePlayer(gesture: gesture, scene: scene).frames(fps: 100)
        let begin = try #require(frames.firstIndex { $0.state == .refreshing })
        let end = try #require(frames[begin...].firstIndex { $0.state == .idle })
        let step = Int((seconds * 100).rounded())
        return (frames[begin + step].insets.top, frames[end + step].insets.top)
    }

    @Test("the inset opens over the fast duration and closes over the slow one")
    func durations() throws {
        let standard = try Self.insets([], after: 0.15)
        #expect(standard.opening < 54 && standard.closing > 0, "0.25 s and 0.4 s: still moving at 0.15 s")
        let quick = try Self.insets(["--fast-animation-duration", "0.1", "--slow-animation-duration", "0.1"], after: 0.15)
        #expect(quick.opening == 54 && quick.closing == 0)
        let slow = try Self.insets(["--slow-animation-duration", "2"], after: 0.5)
        #expect(slow.closing > standard.closing)
    }

    @Test("animation disabled: the inset jumps both ways; with a duration as well it is refused")
    func disabled() throws {
        let jump = try Self.insets(["--animation-disabled"], after: 0.01)
        #expect(jump.opening == 54 && jump.closing == 0)
        let error = try #require(throws: InvalidValue.self) {
            try SceneSchema.standard.description(fromArguments: ["--animation-disabled", "--fast-animation-duration", "0.1"]).validate()
        }
        #expect(error.field == "animationDisabled")
        #expect(throws: InvalidValue.self) {
            try SceneSchema.standard.description(fromArguments: ["--slow-animation-duration", "11"]).validate()
        }
    }

    /// When an auto footer scrolled to the end of a 1000-pt list first refreshes, in seconds.
    static func firstRefresh(_ arguments: [String]) throws -> Double? {
        let scene = try SceneSchema.standard.description(fromArguments: ["--kind", "auto-footer", "--style", "normal"] + arguments)
            .makeScene()
        let gesture = Gesture(script: Gesture.Script(pull: 120, over: 0.6, hold: 0.1, refresh: 1), duration: 2.4)
        return try GesturePlayer(gesture: gesture, scene: scene).frames(fps: 20).first { $0.state == .refreshing }?.time
    }

    @Test("an auto footer: scrolling to its end refreshes it, unless automaticallyRefresh is off; a lower percent earlier")
    func autoFooter() throws {
        let standard = try #require(try Self.firstRefresh([]))
        let manual = try #require(try Self.firstRefresh(["--automatically-refresh-disabled"]))
        let early = try #require(try Self.firstRefresh(["--trigger-automatically-refresh-percent", "0.1"]))
        // Off: only the drag's end (0.7 s in) past the end refreshes it.
        #expect(manual > standard && manual >= 0.7)
        #expect(early < standard)
        #expect(throws: InvalidValue.self) {
            try SceneSchema.standard.description(fromArguments: ["--auto-trigger-times", "-2"]).validate()
        }
        #expect(throws: InvalidValue.self) {
            try SceneSchema.standard.description(fromArguments: ["--auto-trigger-times", "1.5"]).validate()
        }
    }
}
