/// Which image a GIF-style control shows for a state, pull and time (docs/images.md).
package enum ImageSelection {
    /// The image shown and where it came from.
    public struct Choice: Sendable, Equatable {
        /// The state whose sequence the image belongs to (it may be an earlier state's, when
        /// the current state has no images).
        public var sequence: RefreshState
        /// The frame's index in that sequence.
        public var index: Int
        /// The frame.
        public var image: ScaledImage
    }

    /// The image shown, or nil when the image view is hidden or has nothing to show.
    ///
    /// Idle shows the frame picked by the pull percent. Pulling and Refreshing loop their
    /// own frames in time; a state with no images keeps what the state before it showed,
    /// which for a still frame is the previous state's picture. The back footer hides its
    /// images in NoMoreData; the auto footer shows images only while refreshing.
    /// - Parameters:
    ///   - kind: the kind of control.
    ///   - state: its state.
    ///   - images: the state images.
    ///   - percent: the pull.
    ///   - time: microseconds since the state began.
    ///   - timing: how looping frames are spaced.
    /// - Returns: the sequence and frame shown, or nil.
    public static func choice(
        kind: ComponentKind, state: RefreshState, images: StateImages,
        percent: Double, time: Int64, timing: ImageSequence.Timing
    ) -> Choice? {
        let drawn = state.drawnAs
        let chain: [RefreshState]
        switch kind {
        case .trailer:
            return nil
        case .autoFooter:
            guard drawn == .refreshing else { return nil }
            chain = [.refreshing]
        case .backFooter where drawn == .noMoreData:
            return nil
        case .header, .backFooter:
            switch drawn {
            case .refreshing: chain = [.refreshing, .pulling, .idle]
            case .pulling: chain = [.pulling, .idle]
            default: chain = [.idle]
            }
        }
        for candidate in chain {
            let byPull = candidate == .idle && kind != .autoFooter
            if let found = pick(candidate, in: images, percent: byPull ? percent : nil, time: time, timing: timing) { return found }
        }
        return nil
    }

    /// The frame of `candidate`'s sequence picked by `percent` (the Idle rule) when one is
    /// given, else by the time (looping); nil when the state has no frames.
    /// - Parameters:
    ///   - candidate: the state whose sequence is looked at.
    ///   - images: the state images.
    ///   - percent: the pull, for the Idle rule; nil picks by time.
    ///   - time: microseconds since the state began.
    ///   - timing: how looping frames are spaced.
    /// - Returns: the frame, or nil.
    public static func pick(
        _ candidate: RefreshState, in images: StateImages, percent: Double?, time: Int64,
        timing: ImageSequence.Timing
    ) -> Choice? {
        guard let sequence = images[candidate] else { return nil }
        let index =
            percent.map { FrameClock.idleFrameIndex(count: sequence.count, percent: $0) }
            ?? FrameClock.loopingFrameIndex(of: sequence, time: time, timing: timing)
        guard let index else { return nil }
        return Choice(sequence: candidate, index: index, image: sequence.frames[index])
    }
}
