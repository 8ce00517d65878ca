import Foundation
@_spi(Tools) import RefreshGif

/// Gestures made from arbitrary bytes, bounded, for every family, kind and style, and the
/// properties a user relies on checked on what they play: the fuzz target `fuzz-gesture` and
/// the replay of its corpus in the tests (Fixtures/fuzz-regressions/gesture/) share it.
public enum GestureFuzz {
    /// What the bytes make: a scene and a gesture of 2.5 s, with 2 to 24 samples
    /// and 4 app events, all at multiples of 50 ms.
    public struct Case {
        public var scene: RefreshScene
        public var gesture: Gesture
        public var fps: Int
    }

    /// A case from `bytes` (any bytes make one; missing bytes read as zero).
    public static func make(_ bytes: [UInt8]) -> Case {
        var reader = ByteReader(bytes: bytes)
        var scene = RefreshScene()
        let library = RefreshLibrary.allCases[reader.next(RefreshLibrary.allCases.count)]
        scene.family = library.family
        let kinds = scene.family.kinds
        scene.kind = kinds[reader.next(kinds.count)]
        let styles = scene.family.styles(for: scene.kind)
        scene.style = styles[reader.next(styles.count)]
        scene.autoAlpha = reader.next(2) == 1
        scene.scale = 1
        var geometry = ScrollGeometry()
        geometry.contentHeight = [300, 1000][reader.next(2)]
        let sampleCount = 2 + reader.next(23)
        var samples: [Gesture.Sample] = []
        var t = 0.0
        var dragging = true
        for _ in 0..<sampleCount {
            t += 0.05 * Double(1 + reader.next(4))
            // Offsets around the control's edges: pulled down (negative), at rest, scrolled
            // into the footer's end, and past it.
            let offset = Double(Int(reader.next(256)) - 160) * 2.5 + (scene.kind == .header ? 0 : geometry.contentHeight - 600)
            if reader.next(8) == 0 { dragging.toggle() }
            samples.append(Gesture.Sample(t: min(t, 2), offset: offset, dragging: dragging))
        }
        var events: [Gesture.TimedEvent] = []
        // The calls the library has: no endRefreshingWithNoMoreData where there is no such state.
        let calls = RefreshStateMachine.Event.allCases.filter {
            $0 != .endRefreshingWithNoMoreData || scene.family.states(of: scene.kind).contains(.noMoreData)
        }
        for _ in 0..<reader.next(5) {
            let event = calls[reader.next(calls.count)]
            events.append(Gesture.TimedEvent(t: 0.05 * Double(reader.next(40)), event: event))
        }
        events.sort { $0.t < $1.t }
        samples = samples.enumerated().filter { index, sample in index == 0 || sample.t > samples[index - 1].t }.map(\.element)
        return Case(scene: scene, gesture: Gesture(geometry: geometry, samples: samples, events: events, duration: 2.5), fps: 20)
    }

    /// The state changes a refresh control may make (MJRefresh's states; the other families
    /// are drawn through them).
    public static let legalChanges: Set<[RefreshState]> = [
        [.idle, .pulling], [.idle, .refreshing], [.idle, .willRefresh], [.idle, .noMoreData],
        [.pulling, .idle], [.pulling, .refreshing],
        [.willRefresh, .refreshing], [.willRefresh, .idle],
        [.refreshing, .idle], [.refreshing, .noMoreData],
        [.noMoreData, .idle],
    ]

    /// What `fuzzCase` breaks of the properties below, one line each (empty: none). A case
    /// ``make(_:)`` made is always a valid gesture: whatever this throws is a finding too.
    ///
    /// - the state changes only as ``legalChanges`` allow (followed every 4 ms);
    /// - pulled further at Idle, the GIF frame shown never goes back;
    /// - a control shown (with ink of its own, at alpha ≥ 0.1, wholly inside the window) is
    ///   never drawn blank;
    /// - its GIF is the same bytes with one worker and with two;
    /// - no GIF frame lies outside the GIF's screen.
    public static func violations(_ fuzzCase: Case, folder: String) throws -> [String] {
        var found: [String] = []
        try fuzzCase.gesture.validate()
        // States at 240 fps (every 4 ms; samples and events are 50 ms apart), with no drawing.
        let fine = try RefreshAnimation.gesture(fuzzCase.gesture, scene: fuzzCase.scene, fps: 240)
        var previous: RefreshState?
        for frame in fine.planned {
            let state = frame.scene.state
            if let previous, previous != state, !legalChanges.contains([previous, state]) {
                found.append("state \(previous.rawValue) → \(state.rawValue) at \(frame.time) s")
            }
            previous = state
        }
        // Drawn at the case's rate.
        let animation = try RefreshAnimation.gesture(fuzzCase.gesture, scene: fuzzCase.scene, fps: fuzzCase.fps)
        var last: FrameReport?
        let renderer = try RefreshRenderer()
        for index in 0..<animation.count {
            let frame = try animation.frame(at: index)
            let report = frame.report
            if let last, last.state == "idle", report.state == "idle", report.percent > last.percent,
                let before = last.imageFrame, let now = report.imageFrame, now < before
            {
                found.append("pulled further at idle, GIF frame \(before) → \(now) at \(report.time) s")
            }
            // Shown: drawn with ink of its own, at alpha ≥ 0.1, and wholly inside the window.
            let planned = animation.planned[index]
            if report.alpha >= 0.1, let window = planned.window, let offset = planned.offset,
                try renderer.render(planned.scene).opaqueBounds() != nil
            {
                let height = planned.scene.size.height
                let origin = window.controlOrigin(controlHeight: height, offset: offset)
                let size = window.size(controlHeight: height)
                let inside =
                    planned.scene.kind == .trailer
                    ? origin.x >= 0 && origin.x + planned.scene.size.width <= size.width
                    : origin.y >= 0 && origin.y + height <= size.height
                if inside, frame.image.opaqueBounds() == nil {
                    found.append(
                        "blank frame \(index) at \(report.time) s (\(report.state), percent \(report.percent), alpha \(report.alpha))")
                }
            }
            last = report
        }
        var files: [[UInt8]] = []
        for jobs in [1, 2] {
            var outputs = AnimationOutputs()
            outputs.gif = folder + "/jobs\(jobs).gif"
            _ = try animation.write(outputs, jobs: jobs)
            files.append(try FileIO.read(folder + "/jobs\(jobs).gif"))
        }
        if files[0] != files[1] { found.append("GIF differs between --jobs 1 and 2") }
        let inspection = try ImageInspection.inspect(files[0])
        for (index, layout) in inspection.layouts.enumerated()
        where layout.left + layout.width > inspection.width || layout.top + layout.height > inspection.height {
            found.append("GIF frame \(index) at \(layout.summary) lies outside the \(inspection.width)×\(inspection.height) screen")
        }
        return found
    }

    /// Reads small numbers from bytes, zero past their end.
    struct ByteReader {
        let bytes: [UInt8]
        var offset = 0

        /// A number in `0..<count`.
        mutating func next(_ count: Int) -> Int {
            guard count > 1 else { return 0 }
            defer { offset += 1 }
            return offset < bytes.count ? Int(bytes[offset]) % count : 0
        }
    }
}
