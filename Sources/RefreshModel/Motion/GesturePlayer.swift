import FoundationEssentials
import RefreshImage

/// Plays a ``Gesture`` through MJRefresh's state machine and yields, for any instant, what
/// the control shows and where it is on screen.
package struct GesturePlayer: Sendable {
    /// One rendered instant.
    public struct Frame: Sendable {
        /// Frame number from 0.
        public var index: Int
        /// Microseconds from the start.
        package var timeMicroseconds: Int64
        /// Seconds from the start.
        public var time: Double { Double(timeMicroseconds) / 1_000_000 }
        /// The state drawn.
        public var state: RefreshState
        /// `pullingPercent`.
        public var percent: Double
        /// Group alpha.
        public var alpha: Double
        /// The scroll offset along the control's axis.
        public var offset: Double
        /// What the control adds to the insets.
        public var insets: InsetChange
        /// The scene (state, percent, time since the state began, transition values).
        public var scene: RefreshScene
    }

    /// The control's scene as described (state and pull are filled in per frame).
    public let base: RefreshScene
    /// The scroll view.
    public let geometry: ScrollGeometry
    /// Samples, generated from the script when there is one.
    public let samples: [Gesture.Sample]
    /// Events, generated from the script when there is one.
    public let events: [Gesture.TimedEvent]
    /// Total length in microseconds.
    package let durationMicroseconds: Int64
    /// Total length in seconds.
    public var duration: Double { Double(durationMicroseconds) / 1_000_000 }

    /// A player for `gesture`, whose control is already loaded as `scene`. The control is as
    /// wide as the scroll view, and a trailer as tall (both taken from the gesture's geometry).
    /// Throws ``InvalidValue`` when the gesture or the scene does not check out.
    /// - Parameters:
    ///   - gesture: the finger's path and the app's calls.
    ///   - scene: the control as the app set it up.
    /// - Throws: ``InvalidValue`` naming the gesture's or the scene's field.
    public init(gesture: Gesture, scene: RefreshScene) throws {
        try gesture.validate()
        try scene.validate()
        var scene = scene
        scene.width = gesture.geometry.viewWidth
        if scene.kind == .trailer { scene.trailerHeight = gesture.geometry.viewHeight }
        do {
            try scene.validate()
        } catch let error as InvalidValue {
            // Only the sizes taken from the geometry can fail here: name them as the file does.
            throw InvalidValue(field: error.field == "width" ? "geometry.viewWidth" : "geometry.viewHeight", reason: error.reason)
        }
        base = scene
        geometry = gesture.geometry
        let size = scene.kind == .trailer ? ComponentLayout.trailerWidth : scene.size.height
        if let script = gesture.script {
            (samples, events) = Self.generate(script, kind: scene.kind, size: size, geometry: gesture.geometry)
        } else {
            samples = gesture.samples
            events = gesture.events.sorted { $0.t < $1.t }
        }
        // A control without No More Data (any header, ZJRefresh's footers) has no call that
        // enters it: refused here, with the gesture's field, by the same states a still of the
        // control may show, not later when the state cannot be drawn.
        if !scene.family.states(of: scene.kind).contains(.noMoreData),
            let index = events.firstIndex(where: { $0.event == .endRefreshingWithNoMoreData })
        {
            throw InvalidValue(
                field: gesture.script != nil ? "script.noMoreData" : "events[\(index)].event",
                reason: "\(scene.family.name)'s \(scene.kind.rawValue) has no no-more-data state, so no endRefreshingWithNoMoreData")
        }
        let last = max(samples.last?.t ?? 0, events.last?.t ?? 0)
        durationMicroseconds = Self.micro(gesture.duration ?? (last + 0.5))
    }

    static func micro(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }

    /// Samples at 120 Hz and events for a script: pull with ease-in-out, hold, release; the
    /// scroll view settles (0.25 s) to the refreshing position or back; refresh; end; settle.
    static func generate(
        _ script: Gesture.Script, kind: ComponentKind, size: Double,
        geometry: ScrollGeometry
    ) -> ([Gesture.Sample], [Gesture.TimedEvent]) {
        let rest = geometry.restingOffset(for: kind)
        let direction: Double = kind == .header ? -1 : 1
        // The auto footer is scrolled `pull` points down to the very bottom, where the footer
        // (whose height the bottom inset includes) is fully visible.
        let bottom = rest + size
        let start = kind == .autoFooter ? bottom - script.pull : rest
        let pulled = kind == .autoFooter ? bottom : rest + direction * script.pull
        let refreshingRest = kind == .autoFooter ? pulled : rest + direction * size
        let willRefresh = kind == .autoFooter || script.pull > size
        var samples: [Gesture.Sample] = []
        var events: [Gesture.TimedEvent] = []
        let step = 1.0 / 120
        func add(_ t: Double, _ offset: Double, _ dragging: Bool) {
            samples.append(Gesture.Sample(t: (t * 1_000_000).rounded() / 1_000_000, offset: offset, dragging: dragging))
        }
        func ramp(from a: Double, to b: Double, start: Double, length: Double, dragging: Bool) {
            let n = max(1, Int((length / step).rounded()))
            for i in 1...n {
                let f = Double(i) / Double(n)
                add(start + length * f, a + (b - a) * Easing.easeInOut(f), dragging)
            }
        }
        add(0, start, true)
        ramp(from: start, to: pulled, start: 0, length: max(script.over, step), dragging: true)
        var t = max(script.over, step)
        if script.hold > 0 {
            ramp(from: pulled, to: pulled, start: t, length: script.hold, dragging: true)
            t += script.hold
        }
        let releaseTarget = willRefresh ? refreshingRest : rest
        ramp(from: pulled, to: releaseTarget, start: t, length: 0.25, dragging: false)
        t += 0.25
        if willRefresh, let refresh = script.refresh {
            let endAt = max(t, max(script.over, step) + script.hold + refresh)
            if endAt > t { ramp(from: releaseTarget, to: releaseTarget, start: t, length: endAt - t, dragging: false) }
            let event: RefreshStateMachine.Event = script.noMoreData == true ? .endRefreshingWithNoMoreData : .endRefreshing
            events.append(Gesture.TimedEvent(t: endAt, event: event))
            ramp(from: releaseTarget, to: kind == .autoFooter ? releaseTarget : rest, start: endAt, length: 0.4, dragging: false)
        }
        return (samples, events)
    }

    /// The most frames one run plans.
    public static let maxFrames = 200_000

    /// The frame rates ``frames(fps:)`` accepts.
    public static let frameRates = Limit(1...1000)

    /// Every frame at `fps`, computed in one pass through the state machine; throws
    /// ``InvalidValue`` for a rate outside ``frameRates``.
    /// - Parameter fps: frames per second.
    /// - Returns: every frame, from time 0.
    /// - Throws: ``InvalidValue`` for a rate outside ``frameRates`` or more frames than a run may plan.
    public func frames(fps: Int) throws -> [Frame] {
        try frames(fps: fps, keeping: { _, _ in true })
    }

    /// The frame at the end of the gesture only: the state machine still takes every instant
    /// at `fps`, but no other frame's scene is made (the preview page asks for one a time).
    package func lastFrame(fps: Int) throws -> Frame? {
        try frames(fps: fps, keeping: { index, count in index == count - 1 }).last
    }

    /// The frames whose index and the count `keep` accepts, from one pass through the state machine.
    private func frames(fps: Int, keeping keep: (Int, Int) -> Bool) throws -> [Frame] {
        try Self.frameRates.check(fps, field: "fps")
        let planned = durationMicroseconds / 1_000_000 * Int64(fps) + 1
        guard planned <= Int64(Self.maxFrames) else {
            throw InvalidValue(
                field: "fps", reason: "\(planned) frames (duration × fps) are more than the \(Self.maxFrames) a run may plan")
        }
        let count = Int(durationMicroseconds * Int64(fps) / 1_000_000) + 1
        var playback = Playback(self)
        var out: [Frame] = []
        out.reserveCapacity(count)
        for index in 0..<count {
            let t = Int64(index) * 1_000_000 / Int64(fps)
            playback.apply(upTo: t)
            playback.settle(at: t)
            if keep(index, count) { out.append(playback.frame(index: index, at: t)) }
        }
        return out
    }

    /// One pass of the gesture through the state machine: the inputs applied so far, and what
    /// the frames after a state change show (the turn from where the arrow was, the refresh's
    /// start, the time the control stores).
    private struct Playback {
        let player: GesturePlayer
        var machine: RefreshStateMachine
        var sampleIndex = 0, eventIndex = 0
        var offset: Double
        var lastChange: (from: RefreshState, at: Int64, startAngle: Double?) = (.idle, 0, nil)
        var refreshStartedAt: Int64 = 0
        /// The offset at rest.
        let rest: Double
        var fingerDown: Bool
        /// A refresh the app began with the scroll view at rest scrolls the control in, and its
        /// end scrolls it out: the offset follows the control's inset until a finger comes down.
        var programmatic = false
        var changedState = false
        /// A library that stores the time a refresh starts shows it once back at rest.
        let stores: Bool
        /// One that stores the time a refresh ends shows it from that moment (headers only).
        let storesEnd: Bool
        var storedRefresh: Date?
        var shownRefresh: Date?

        init(_ player: GesturePlayer) {
            let base = player.base
            self.player = player
            let size = base.kind == .trailer ? ComponentLayout.trailerWidth : base.size.height
            machine = RefreshStateMachine(
                family: base.family, kind: base.kind, size: size, geometry: player.geometry,
                autoAlpha: base.autoAlpha, hidden: base.hidden)
            rest = player.geometry.restingOffset(for: base.kind)
            offset = player.samples.first?.offset ?? rest
            fingerDown = player.samples.first?.dragging ?? false
            stores = base.family.motion.storesRefreshStart
            storesEnd = base.kind == .header && base.family.motion(for: base.kind).storesRefreshEnd
            shownRefresh = base.lastUpdated
        }

        /// Applies every input up to `t`, events before samples at the same instant.
        mutating func apply(upTo t: Int64) {
            let samples = player.samples, events = player.events
            while true {
                let nextSample = sampleIndex < samples.count ? GesturePlayer.micro(samples[sampleIndex].t) : Int64.max
                let nextEvent = eventIndex < events.count ? GesturePlayer.micro(events[eventIndex].t) : Int64.max
                let next = min(nextSample, nextEvent)
                guard next <= t else { return }
                let before = machine.state
                let angleBefore = displayedAngle(at: next, state: before)
                if nextEvent <= nextSample {
                    let event = events[eventIndex].event
                    if event == .beginRefreshing && !fingerDown && abs(offset - rest) < 0.5 && player.base.kind != .autoFooter
                        && !machine.state.isRefreshing
                    {
                        programmatic = true
                    }
                    machine.send(event, at: next)
                    eventIndex += 1
                } else {
                    let s = samples[sampleIndex]
                    fingerDown = s.dragging
                    if s.dragging { programmatic = false }
                    if !programmatic {
                        // A hidden control does not follow the scroll (MJRefresh's observer
                        // returns early while `hidden`): the list moves, the state stays.
                        if !player.base.hidden { machine.sample(offset: s.offset, dragging: s.dragging, at: next) }
                        offset = s.offset
                    }
                    sampleIndex += 1
                }
                if machine.state != before { noteChange(from: before, angle: angleBefore) }
            }
        }

        /// Lets the machine's timers run to `t`; a refresh the app began moves the offset with
        /// the inset.
        mutating func settle(at t: Int64) {
            let settledFrom = machine.state
            machine.settle(at: t)
            if machine.state != settledFrom {
                noteChange(from: settledFrom, angle: displayedAngle(at: machine.stateChangedAt, state: settledFrom))
            }
            if machine.state == .idle, let stored = storedRefresh {
                shownRefresh = stored
            }
            guard programmatic else { return }
            let insets = machine.insets(at: t)
            switch player.base.kind {
            case .header: offset = rest - insets.top
            case .backFooter: offset = rest + insets.bottom
            case .trailer: offset = rest + insets.right
            case .autoFooter: break
            }
        }

        /// A state just left for the machine's: what the frames after it show.
        private mutating func noteChange(from previous: RefreshState, angle: Double?) {
            let base = player.base
            lastChange = (previous, machine.stateChangedAt, angle)
            changedState = true
            if storesEnd && previous.isRefreshing && machine.state == .idle {
                shownRefresh = base.now.addingTimeInterval(Double(machine.stateChangedAt) / 1_000_000)
            }
            if machine.state.isRefreshing {
                refreshStartedAt = machine.stateChangedAt
                if stores { storedRefresh = base.now.addingTimeInterval(Double(refreshStartedAt) / 1_000_000) }
            }
        }

        private func displayedAngle(at t: Int64, state: RefreshState) -> Double? {
            let base = player.base
            return base.family.transition(
                kind: base.kind, from: lastChange.from, to: state, since: t - lastChange.at,
                startAngle: lastChange.startAngle, autoAlpha: base.autoAlpha
            ).arrowAngle
        }

        /// The frame at `t`: the scene in the machine's state with the transition's values.
        func frame(index: Int, at t: Int64) -> Frame {
            let base = player.base
            var scene = base
            scene.hasChangedState = changedState
            scene.lastUpdated = shownRefresh
            scene.state = machine.state
            scene.pullingPercent = machine.percent
            scene.timeMicroseconds = t - machine.stateChangedAt
            if base.family.motion.spinnerFadesAfterRefresh && lastChange.from.isRefreshing && !machine.state.isRefreshing
                && scene.style == .normal
            {
                // The spinner keeps turning (same phase) while it fades out.
                scene.timeMicroseconds = t - refreshStartedAt
            }
            var values = base.family.transition(
                kind: base.kind, from: lastChange.from, to: machine.state,
                since: t - lastChange.at, startAngle: lastChange.startAngle, autoAlpha: false)
            values.alpha = machine.alpha.value(at: t)
            scene.transition = values
            // The state a custom layer's switch slides from (docs/layers.md).
            scene.previousState = changedState ? lastChange.from : nil
            return Frame(
                index: index, timeMicroseconds: t, state: machine.state, percent: machine.percent,
                alpha: values.alpha ?? 1, offset: offset, insets: machine.insets(at: t), scene: scene)
        }
    }
}
