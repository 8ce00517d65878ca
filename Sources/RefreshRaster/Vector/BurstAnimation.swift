import FoundationEssentials
import RefreshImage
import RefreshModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The custom animation the SVPullToRefresh article builds (docs/families.md), redrawn from
/// our own vectors on a 120×44 pt canvas. Idle (30 frames, picked by the pull): a star grows
/// from 6 to 15 pt over a pie wedge that opens clockwise from 12 o'clock. Pulling (1 frame):
/// both complete. Refreshing (24 frames, 1.2 s a loop): the star turns once while three
/// smaller copies a side fly out and back, each turning and fading as it goes.
package enum BurstAnimation {
    static let size = StateImages.BuiltIn.burst.size
    static let center = RefreshPoint(60, 22)
    static let wedgeRadius = 19.0
    static let starRadius = (rest: 6.0, full: 15.0)

    /// The burst's sequences for Idle, Pulling and Refreshing at `scale` pixels a point.
    /// - Parameter scale: pixels a point, 1 to 3.
    /// - Returns: the sequences, their frames drawn lazily.
    /// - Throws: ``InvalidValue`` for a scale out of range.
    public static func images(scale: Int) throws -> StateImages {
        let s = try BuiltInAnimation.checkedScale(scale)
        let width = Int((size.width * s).rounded()), height = Int((size.height * s).rounded())
        func sequence(_ count: Int, _ draw: @escaping @Sendable (VectorRasterizer, Int) throws -> RGBAImage) throws -> [ScaledImage] {
            try DrawnFrames.frames(count, width: width, height: height, scale: s, draw: draw)
        }
        var images = StateImages()
        images.set(
            ImageSequence(
                frames: try sequence(30) { rasterizer, i in
                    // Frame 0 (no pull) has no wedge at all; the last is the whole disc.
                    let progress = Double(i) / 29
                    return try frame(
                        rasterizer, scale: s, wedge: progress,
                        star: starRadius.rest + (starRadius.full - starRadius.rest) * progress, turn: 0, spread: 0)
                }), for: .idle)
        images.set(
            ImageSequence(
                frames: try sequence(1) { rasterizer, _ in
                    try frame(rasterizer, scale: s, wedge: 1, star: starRadius.full, turn: 0, spread: 0)
                }), for: .pulling)
        images.set(
            try ImageSequence(
                frames: try sequence(24) { rasterizer, i in
                    let phase = Double(i) / 24
                    // Out and back once a loop, easing at both ends.
                    let spread = 0.5 - 0.5 * cos(2 * Double.pi * phase)
                    return try frame(rasterizer, scale: s, wedge: 0, star: starRadius.full, turn: 2 * Double.pi * phase, spread: spread)
                }, duration: 1.2), for: .refreshing)
        return images
    }

    private static func frame(
        _ rasterizer: VectorRasterizer, scale: Double, wedge: Double, star: Double,
        turn: Double, spread: Double
    ) throws -> RGBAImage {
        var image = try RGBAImage(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
        if wedge > 0 {
            var path = VectorPath()
            path.move(to: center)
            path.addArc(center: center, radius: wedgeRadius, start: -Double.pi / 2, sweep: 2 * Double.pi * min(1, wedge))
            path.close()
            if let mask = rasterizer.fill(path.scaled(by: scale)) {
                image.paint(mask, color: BuiltInAnimation.track)
            }
        }
        for k in 1...3 where spread > 0 {
            let distance = spread * (10 + 14 * Double(k))
            let alpha = UInt8((255 * max(0, 1 - spread * Double(k) / 3.5)).rounded())
            let radius = star * (0.55 - 0.1 * Double(k))
            for side in [-1.0, 1.0] {
                let copy = starPath(
                    center: RefreshPoint(center.x + side * distance, center.y), radius: radius,
                    turn: side * turn * Double(k + 1))
                if let mask = rasterizer.fill(copy.scaled(by: scale)) {
                    image.paint(mask, color: BuiltInAnimation.accent, opacity: alpha)
                }
            }
        }
        if let mask = rasterizer.fill(starPath(center: center, radius: star, turn: turn).scaled(by: scale)) {
            image.paint(mask, color: BuiltInAnimation.accent)
        }
        return image
    }

    /// A five-pointed star: outer points at `radius`, inner at 0.45 of it, the first point up.
    static func starPath(center: RefreshPoint, radius: Double, turn: Double) -> VectorPath {
        var path = VectorPath()
        path.addPolygon(StarShape.corners(center: center, radius: radius, inner: radius * 0.45, points: 5, turn: turn))
        return path
    }
}
