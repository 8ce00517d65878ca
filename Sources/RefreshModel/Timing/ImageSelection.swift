/// Which image a GIF-style control shows for a state, pull and time (docs/images.md).
public enum ImageSelection {
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
    public static func choice(kind: ComponentKind, state: RefreshState, images: StateImages,
                              percent: Double, time: Int64, timing: ImageSequence.Timing) -> Choice? {
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
            guard let sequence = images[candidate], !sequence.frames.isEmpty else { continue }
            let index = candidate == .idle && kind != .autoFooter
                ? FrameClock.idleFrameIndex(count: sequence.count, percent: percent)
                : FrameClock.loopingFrameIndex(of: sequence, time: time, timing: timing)
            guard let index else { continue }
            return Choice(sequence: candidate, index: index, image: sequence.frames[index])
        }
        return nil
    }
}
