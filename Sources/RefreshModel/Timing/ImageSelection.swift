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
            let byPull = candidate == .idle && kind != .autoFooter
            if let found = pick(candidate, in: images, percent: byPull ? percent : nil, time: time, timing: timing) { return found }
        }
        return nil
    }

    /// The frame of `candidate`'s sequence picked by `percent` (the Idle rule) when one is
    /// given, else by the time (looping); nil when the state has no frames.
    private static func pick(_ candidate: RefreshState, in images: StateImages, percent: Double?, time: Int64,
                             timing: ImageSequence.Timing) -> Choice? {
        guard let sequence = images[candidate] else { return nil }
        let index = percent.map { FrameClock.idleFrameIndex(count: sequence.count, percent: $0) }
            ?? FrameClock.loopingFrameIndex(of: sequence, time: time, timing: timing)
        guard let index else { return nil }
        return Choice(sequence: candidate, index: index, image: sequence.frames[index])
    }

    /// The image a control of `library` shows (docs/families.md). MJRefresh: as
    /// ``choice(kind:state:images:percent:time:timing:)``. SVPullToRefresh: the custom view of
    /// the state itself (Stopped's picked by the pull, the others looping in time), none when
    /// that state has none. ZJRefresh's
    /// `GifAnimator`: Loading loops its own images; otherwise (and when Loading has none) the
    /// pull images, picked by the progress clamped to 0–1.
    public static func choice(library: RefreshLibrary, kind: ComponentKind, state: RefreshState, images: StateImages,
                              percent: Double, time: Int64, timing: ImageSequence.Timing) -> Choice? {
        switch library {
        case .mjrefresh:
            return choice(kind: kind, state: state, images: images, percent: percent, time: time, timing: timing)
        case .svpulltorefresh:
            // Stopped follows the pull (the article's custom view grows with it).
            let drawn = state.drawnAs
            return pick(drawn, in: images, percent: drawn == .idle ? percent : nil, time: time, timing: timing)
        case .zjrefresh:
            if state.isRefreshing, let loading = pick(.refreshing, in: images, percent: nil, time: time, timing: timing) {
                return loading
            }
            let progress = state.isRefreshing ? 1 : min(1, max(0, percent.isNaN ? 0 : percent))
            return pick(.idle, in: images, percent: progress, time: time, timing: timing)
        }
    }
}
