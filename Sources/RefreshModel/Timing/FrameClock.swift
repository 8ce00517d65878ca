import RefreshImage

/// Which frame of a sequence shows, from the pull percent (Idle) or the time (looping states).
package enum FrameClock {
    /// The Idle frame for a pulling percent, docs/images.md: `min(N − 1, trunc(N × p))`,
    /// in double precision; never below 0. Nil when there are no frames.
    /// - Parameters:
    ///   - count: the frames of the Idle sequence.
    ///   - percent: the pull.
    /// - Returns: the frame, or nil for no frames.
    public static func idleFrameIndex(count: Int, percent: Double) -> Int? {
        guard count > 0 else { return nil }
        let product = Double(count) * percent
        guard product.isFinite else { return product > 0 ? count - 1 : 0 }
        let truncated = product.rounded(.towardZero)
        if truncated <= 0 { return 0 }
        if truncated >= Double(count - 1) { return count - 1 }
        return Int(truncated)
    }

    /// The frame of a looping sequence `time` microseconds after the state was entered.
    ///
    /// Equal timing: `floor(M × (t mod D) / D)` in integers (docs/images.md, docs/images.md);
    /// a duration of 0 or less plays 1/30 s a frame, as UIKit does. GIF timing walks the
    /// frames' own delays. Nil when there are no frames.
    package static func loopingFrameIndex(
        of sequence: ImageSequence, time: Int64,
        timing: ImageSequence.Timing = .equal
    ) -> Int? {
        let m = Int64(sequence.count)
        guard m > 0 else { return nil }
        guard m > 1 else { return 0 }
        let t = max(0, time)
        if timing == .gif, let delays = sequence.frameDelaysMicroseconds, delays.count == sequence.count {
            let total = delays.reduce(0, +)
            guard total > 0 else { return 0 }
            var remaining = t % total
            for (index, delay) in delays.enumerated() {
                if remaining < delay { return index }
                remaining -= delay
            }
            return sequence.count - 1
        }
        let d = sequence.durationMicroseconds
        guard d > 0 else { return Int((t / 33_333) % m) }
        // (t mod D) < D, so M × (t mod D) stays far inside Int64 for any real duration.
        let phase = t % d
        let (product, overflow) = m.multipliedReportingOverflow(by: phase)
        if overflow { return Int(Double(m) * Double(phase) / Double(d)) }
        return Int(product / d)
    }
}
