import RefreshImage

/// A decoded GIF: every frame composited onto the logical screen as a browser shows it.
package struct GIFAnimation: Sendable, Equatable {
    /// One displayed frame.
    public struct Frame: Sendable, Equatable {
        /// The whole logical screen after this frame was drawn (premultiplied RGBA).
        public var image: RGBAImage
        /// The delay from the graphic control extension, in centiseconds (0 when absent).
        public var delayCentiseconds: Int
        /// The disposal method (0–3; other values are kept as read and act like 1).
        public var disposal: Int
        /// The frame's own rectangle in the logical screen, before clipping.
        public var left: Int, top: Int, width: Int, height: Int

        /// The delay in milliseconds, as written in the file.
        public var delayMilliseconds: Int { delayCentiseconds * 10 }

        /// The delay that players use: 0 or 1 cs count as 10 cs (docs/images.md).
        public var effectiveDelay: Double { Double(effectiveDelayMicroseconds) / 1_000_000 }

        /// ``effectiveDelay`` in microseconds.
        package var effectiveDelayMicroseconds: Int64 {
            Self.effectiveDelayMicroseconds(centiseconds: delayCentiseconds)
        }

        /// The delay players use for a written delay: 0 or 1 cs count as 10 cs, in microseconds.
        package static func effectiveDelayMicroseconds(centiseconds: Int) -> Int64 {
            Int64(centiseconds <= 1 ? 10 : centiseconds) * 10_000
        }
    }

    /// Logical screen width in pixels.
    public var width: Int
    /// Logical screen height in pixels.
    public var height: Int
    /// The frames in file order; every frame is a complete picture.
    public var frames: [Frame]
    /// The NETSCAPE2.0 loop count: nil when the file has none (play once), 0 for forever.
    public var loopCount: Int?

    /// The sum of the effective frame delays, in seconds.
    public var totalDuration: Double { Double(totalDurationMicroseconds) / 1_000_000 }

    /// The sum of the effective frame delays, in microseconds.
    package var totalDurationMicroseconds: Int64 {
        frames.reduce(0) { $0 + $1.effectiveDelayMicroseconds }
    }
}
