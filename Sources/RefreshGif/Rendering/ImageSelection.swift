/// Which image a GIF-style control shows for a state, pull and time (spec §5.2–§5.4, §6).
public enum ImageSelection {
    /// The image shown, or nil when the image view is hidden or has nothing to show.
    ///
    /// Idle shows the frame picked by the pull percent. Pulling and Refreshing loop their
    /// own frames in time; a state with no images keeps what the state before it showed
    /// (spec §5.3), which for a still frame is the previous state's picture. The back
    /// footer hides its images in NoMoreData; the auto footer shows images only while
    /// refreshing.
    public static func image(kind: ComponentKind, state: RefreshState, images: StateImages,
                             percent: Double, time: Int64, timing: ImageSequence.Timing) -> ScaledImage? {
        let drawn = state.drawnAs
        switch kind {
        case .trailer:
            return nil
        case .autoFooter:
            guard drawn == .refreshing, let sequence = images[.refreshing],
                  let index = FrameClock.loopingFrameIndex(of: sequence, time: time, timing: timing) else { return nil }
            return sequence.frames[index]
        case .backFooter where drawn == .noMoreData:
            return nil
        case .header, .backFooter:
            var chain: [RefreshState] = []
            switch drawn {
            case .refreshing: chain = [.refreshing, .pulling, .idle]
            case .pulling: chain = [.pulling, .idle]
            default: chain = [.idle]
            }
            for candidate in chain {
                guard let sequence = images[candidate], !sequence.frames.isEmpty else { continue }
                if candidate == .idle {
                    guard let index = FrameClock.idleFrameIndex(count: sequence.count, percent: percent) else { continue }
                    return sequence.frames[index]
                }
                guard let index = FrameClock.loopingFrameIndex(of: sequence, time: time, timing: timing) else { continue }
                return sequence.frames[index]
            }
            return nil
        }
    }
}
