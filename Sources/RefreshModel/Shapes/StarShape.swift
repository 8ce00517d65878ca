#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A star's corners, once for everything that draws or reads one: a scene's star layer, the
/// burst animation's star, and a star path app code builds (RefreshGifUIKit reads it back).
package enum StarShape {
    /// The corners, outer and inner in turn, the first straight up (turned by `turn` radians),
    /// going clockwise on screen.
    /// - Parameters:
    ///   - center: the star's centre.
    ///   - radius: the outer corners' distance from it.
    ///   - inner: the inner corners' distance from it.
    ///   - points: how many points.
    ///   - turn: how far the star is turned, in radians.
    /// - Returns: `2 × points` corners.
    package static func corners(center: RefreshPoint, radius: Double, inner: Double, points: Int, turn: Double = 0) -> [RefreshPoint] {
        (0..<(2 * points)).map { i in
            let r = i % 2 == 0 ? radius : inner
            let a = -Double.pi / 2 + turn + Double(i) * Double.pi / Double(points)
            return RefreshPoint(center.x + r * cos(a), center.y + r * sin(a))
        }
    }
}
