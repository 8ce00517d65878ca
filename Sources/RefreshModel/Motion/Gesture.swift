import FoundationEssentials
import RefreshImage

/// A gesture file: a control, the scroll view it sits on, and what the finger and the app do
/// over time (`refresh-render simulate GESTURE.json`).
///
/// ```json
/// {"control": {"kind": "header", "style": "normal", "autoAlpha": true},
///  "geometry": {"viewHeight": 600, "contentHeight": 1000},
///  "script": {"pull": 90, "over": 0.4, "hold": 0.2, "refresh": 1.0}}
/// ```
///
/// Either `samples` (offsets over time) and `events`, or a `script` that generates them.
public struct Gesture: Decodable, Sendable {
    /// One offset-change notification.
    public struct Sample: Codable, Sendable, Equatable {
        /// Seconds from the start.
        public var t: Double
        /// The scroll offset along the control's axis (y; x for a trailer), in points.
        public var offset: Double
        /// True while the finger is down.
        public var dragging: Bool

        /// A sample from its parts.
        /// - Parameters:
        ///   - t: seconds from the start.
        ///   - offset: the scroll offset along the control's axis.
        ///   - dragging: true while the finger is down.
        public init(t: Double, offset: Double, dragging: Bool) {
            self.t = t
            self.offset = offset
            self.dragging = dragging
        }
    }

    /// An app call at a time.
    public struct TimedEvent: Codable, Sendable, Equatable {
        /// Seconds from the start.
        public var t: Double
        /// The call.
        package var event: RefreshStateMachine.Event

        /// The app making `event` at `t` seconds (`TimedEvent(t: 1.2, event: .endRefreshing)`).
        /// - Parameters:
        ///   - t: seconds from the start.
        ///   - event: the app's call.
        package init(t: Double, event: RefreshStateMachine.Event) {
            self.t = t
            self.event = event
        }
    }

    /// A simple description from which samples and events are generated.
    public struct Script: Codable, Sendable, Equatable {
        /// How far the finger pulls past the resting offset, in points.
        public var pull: Double
        /// Seconds the pull takes.
        public var over: Double
        /// Seconds held at full pull before release.
        public var hold: Double
        /// Seconds of refreshing before `endRefreshing` (nil: never ends).
        public var refresh: Double?
        /// End with `endRefreshingWithNoMoreData` instead (footers).
        public var noMoreData: Bool?

        /// A pull of `pull` points over `over` seconds, held `hold` seconds, then released;
        /// refreshing for `refresh` seconds (nil: it never ends), ending with no more data when
        /// `noMoreData` (footers). ``Gesture/validate()`` checks the numbers.
        ///
        /// ```swift
        /// let gesture = Gesture(script: .init(pull: 90, over: 0.4, hold: 0.2, refresh: 1.0))
        /// ```
        /// - Parameters:
        ///   - pull: how far the finger pulls, in points.
        ///   - over: seconds the pull takes.
        ///   - hold: seconds the finger stays before it lifts.
        ///   - refresh: seconds the app takes to end a refresh; nil never ends it.
        ///   - noMoreData: true ends it with no more data (footers).
        public init(pull: Double, over: Double, hold: Double = 0, refresh: Double? = nil, noMoreData: Bool? = nil) {
            self.pull = pull
            self.over = over
            self.hold = hold
            self.refresh = refresh
            self.noMoreData = noMoreData
        }
    }

    /// The scroll view.
    package var geometry: ScrollGeometry
    /// The samples, in time order.
    public var samples: [Sample]
    /// The events, in time order.
    public var events: [TimedEvent]
    /// The generator, when one was given.
    public var script: Script?
    /// Seconds to play (default: the last sample or event + 0.5 s).
    public var duration: Double?

    /// The longest gesture, in seconds, however it is given.
    public static let maxSeconds = 3600.0

    enum CodingKeys: String, CodingKey, CaseIterable { case geometry, samples, events, script, duration }

    /// Decodes a gesture, rejecting unknown fields.
    /// - Parameter decoder: a gesture file's object.
    /// - Throws: `DecodingError` for a field of the wrong type; ``InvalidValue`` for an unknown field.
    public init(from decoder: Decoder) throws {
        try self.init(from: decoder, alsoAllowing: [])
    }

    /// Decodes a gesture from an object that may also hold the `extra` keys of an enclosing
    /// format (a gesture file's `control`).
    package init(from decoder: Decoder, alsoAllowing extra: [String]) throws {
        try UnknownKeys.reject(in: decoder, known: CodingKeys.allCases.map(\.stringValue) + extra)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        geometry = try c.decodeIfPresent(ScrollGeometry.self, forKey: .geometry) ?? ScrollGeometry()
        samples = try c.decodeIfPresent([Sample].self, forKey: .samples) ?? []
        events = try c.decodeIfPresent([TimedEvent].self, forKey: .events) ?? []
        script = try c.decodeIfPresent(Script.self, forKey: .script)
        duration = try c.decodeIfPresent(Double.self, forKey: .duration)
    }

    /// A gesture from its parts; ``validate()`` checks it.
    /// - Parameters:
    ///   - geometry: the scroll view.
    ///   - samples: the finger's path.
    ///   - events: the app's calls.
    ///   - script: a pull described in a few numbers instead of samples and events.
    ///   - duration: seconds drawn; nil for the script's or the last input's end.
    package init(
        geometry: ScrollGeometry = ScrollGeometry(), samples: [Sample] = [], events: [TimedEvent] = [],
        script: Script? = nil, duration: Double? = nil
    ) {
        self.geometry = geometry
        self.samples = samples
        self.events = events
        self.script = script
        self.duration = duration
    }

    /// Checks times and values: everything finite, in order, and at most ``maxSeconds``
    /// long (a script's pull, hold and refresh included). Errors name the field's path.
    /// - Throws: ``InvalidValue`` naming the sample, event or script field.
    public func validate() throws {
        func bad(_ path: String, _ message: String) -> InvalidValue { InvalidValue(field: path, reason: message) }
        let limit = Self.maxSeconds
        guard samples.isEmpty || script == nil else { throw bad("script", "give either samples or a script, not both") }
        guard !samples.isEmpty || script != nil else { throw bad("samples", "needs samples or a script") }
        guard samples.count <= 200_000 else { throw bad("samples", "too many samples (at most 200 000)") }
        guard events.count <= 10_000 else { throw bad("events", "too many events (at most 10 000)") }
        var last = -Double.infinity
        for (i, s) in samples.enumerated() {
            guard s.t.isFinite, s.t >= 0, s.t <= limit else { throw bad("samples[\(i)].t", "must be seconds between 0 and 3600") }
            guard s.t >= last else { throw bad("samples[\(i)].t", "samples must be in time order") }
            guard s.offset.isFinite, abs(s.offset) < 1e7 else { throw bad("samples[\(i)].offset", "must be a finite number of points") }
            last = s.t
        }
        for (i, e) in events.enumerated() where !(e.t.isFinite && e.t >= 0 && e.t <= limit) {
            throw bad("events[\(i)].t", "must be seconds between 0 and 3600")
        }
        if let script {
            guard script.pull.isFinite, script.pull >= 0, script.pull < 1e7 else {
                throw bad("script.pull", "must be a finite number of points ≥ 0")
            }
            var total = 0.0
            for (name, value) in [("over", script.over), ("hold", script.hold), ("refresh", script.refresh ?? 0)] {
                guard value.isFinite, value >= 0, value <= limit else { throw bad("script.\(name)", "must be seconds between 0 and 3600") }
                total += value
            }
            // The generated timeline adds 0.25 s to settle and 0.4 s after the refresh.
            guard total + 0.65 <= limit else {
                throw bad("script", "over + hold + refresh make \(total) s, more than the 3600 s a gesture may last")
            }
        }
        if let duration, !(duration.isFinite && duration > 0 && duration <= limit) {
            throw bad("duration", "must be seconds between 0 and 3600")
        }
        try geometry.validate()
    }
}
