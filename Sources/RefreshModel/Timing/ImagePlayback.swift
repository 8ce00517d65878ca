/// A state's images as an app hands them to `setImages:duration:forState:` so a phone plays
/// them as the renderer shows them (docs/export.md): UIImageView shows every image of the
/// array for duration / count, so a frame that lasts longer is listed more than once.
package struct ImagePlayback: Sendable, Equatable {
    /// The frames of the sequence, by index, in the order the array lists them (a frame held
    /// for two ticks appears twice in a row).
    public var frames: [Int]
    /// The array's duration in seconds (MJRefresh's `duration`).
    public var duration: Double

    /// The most images one array lists: a longer GIF is spaced on a coarser tick.
    public static let maxListed = 600

    /// The array for `sequence` as `timing` plays it. With ``ImageSequence/Timing/equal`` (as
    /// UIImageView plays) every frame once, with the sequence's duration. With
    /// ``ImageSequence/Timing/gif`` each frame is repeated for its own delay: the tick is the
    /// delays' greatest common divisor (GIF delays are whole centiseconds), made coarser when
    /// the array would list more than ``maxListed`` images (each frame then keeps at least
    /// one tick, the nearest whole number of them).
    /// - Parameters:
    ///   - sequence: the state's images.
    ///   - timing: how the renderer spaces them.
    /// - Returns: the array and its duration.
    public init(_ sequence: ImageSequence, timing: ImageSequence.Timing) {
        let count = sequence.frames.count
        guard timing == .gif, let delays = sequence.frameDelaysMicroseconds, delays.count == count, count > 0,
            delays.contains(where: { $0 != delays[0] })
        else {
            frames = Array(0..<count)
            duration = sequence.duration
            return
        }
        // Delays in whole centiseconds (at least one, as browsers and the decoder play 0).
        let ticks = delays.map { max(1, Int(($0 + 5_000) / 10_000)) }
        var unit = ticks.reduce(0) { Self.gcd($0, $1) }
        let total = ticks.reduce(0, +)
        if total / max(1, unit) > Self.maxListed { unit = (total + Self.maxListed - 1) / Self.maxListed }
        var listed: [Int] = []
        for (index, tick) in ticks.enumerated() {
            let repeats = max(1, Int((Double(tick) / Double(unit)).rounded()))
            listed += Array(repeating: index, count: repeats)
        }
        frames = listed
        duration = Double(listed.count * unit) / 100
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        b == 0 ? a : gcd(b, a % b)
    }
}
