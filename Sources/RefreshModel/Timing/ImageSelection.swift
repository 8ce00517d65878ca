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

    /// The image a control of `library` shows (docs/families.md). MJRefresh: as
    /// ``choice(kind:state:images:percent:time:timing:)``. SVPullToRefresh: the custom view of
    /// the state itself (Stopped's picked by the pull, the others looping in time), none when
    /// that state has none. ZJRefresh's
    /// `GifAnimator`: Loading loops its own images; otherwise (and when Loading has none) the
    /// pull images, picked by the progress clamped to 0–1.
    public static func choice(library: RefreshLibrary, kind: ComponentKind, state: RefreshState, images: StateImages,
                              percent: Double, time: Int64, timing: ImageSequence.Timing) -> Choice? {
        func looping(_ candidate: RefreshState) -> Choice? {
            guard let sequence = images[candidate],
                  let index = FrameClock.loopingFrameIndex(of: sequence, time: time, timing: timing) else { return nil }
            return Choice(sequence: candidate, index: index, image: sequence.frames[index])
        }
        switch library {
        case .mjrefresh:
            return choice(kind: kind, state: state, images: images, percent: percent, time: time, timing: timing)
        case .svpulltorefresh:
            // Stopped follows the pull (the article's custom view grows with it).
            guard state.drawnAs == .idle else { return looping(state.drawnAs) }
            guard let sequence = images[.idle],
                  let index = FrameClock.idleFrameIndex(count: sequence.count, percent: percent) else { return nil }
            return Choice(sequence: .idle, index: index, image: sequence.frames[index])
        case .zjrefresh:
            if state.isRefreshing, let loading = looping(.refreshing) { return loading }
            let progress = state.isRefreshing ? 1 : min(1, max(0, percent.isNaN ? 0 : percent))
            guard let sequence = images[.idle],
                  let index = FrameClock.idleFrameIndex(count: sequence.count, percent: progress) else { return nil }
            return Choice(sequence: .idle, index: index, image: sequence.frames[index])
        }
    }
}
