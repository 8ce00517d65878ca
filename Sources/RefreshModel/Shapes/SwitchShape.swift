import RefreshImage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `UISwitch` as iOS 13 and later draw it in the light appearance (docs/layers.md): a
/// 51 × 31 pt capsule track, grey when off and the on-tint when on, and a white 27-pt knob
/// 2 pt inside the track, which slides across when `setOn:animated:YES` changes it.
package enum SwitchShape {
    /// The switch's size in points; UIKit ignores any other size it is given.
    public static let size = (width: 51.0, height: 31.0)
    /// The knob's diameter in points.
    public static let knobDiameter = 27.0
    /// The gap between the knob and the track's edge.
    public static let knobInset = 2.0
    /// The off track: iOS's `systemFill` over white, RGB (120, 120, 128) at 16 %.
    public static let offTrack = RGBAColor(red: 120, green: 120, blue: 128, alpha: 41)
    /// The default on-tint, iOS's `systemGreen`.
    public static let onTint = RGBAColor(red: 0x34, green: 0xC7, blue: 0x59)
    /// How long the knob takes to slide, in seconds (UIKit's switch animation, ease-in-out).
    public static let slideSeconds = 0.25

    /// How far on the switch shows, 0 (off) to 1 (on), `seconds` after a state change moved
    /// it from `was` to `is`.
    /// - Parameters:
    ///   - was: on before the change (nil: no change, the switch rests).
    ///   - now: on now.
    ///   - seconds: since the change.
    /// - Returns: the progress toward on.
    public static func onness(was: Bool?, now: Bool, seconds: Double) -> Double {
        let target = now ? 1.0 : 0.0
        guard let was, was != now, seconds.isFinite, seconds < slideSeconds else { return target }
        let eased = Easing.easeInOut(max(0, seconds) / slideSeconds)
        return (was ? 1 : 0) + (target - (was ? 1 : 0)) * eased
    }

    /// The knob's centre in the switch's points at `onness`.
    /// - Parameter onness: 0 (off) to 1 (on).
    /// - Returns: the centre.
    public static func knobCenter(onness: Double) -> RefreshPoint {
        let radius = knobDiameter / 2
        let left = knobInset + radius, right = size.width - knobInset - radius
        return RefreshPoint(left + (right - left) * onness, size.height / 2)
    }

    /// The track's colour at `onness`: the off grey toward `tint`.
    /// - Parameters:
    ///   - onness: 0 (off) to 1 (on).
    ///   - tint: the on colour.
    /// - Returns: the colour.
    public static func trackColor(onness: Double, tint: RGBAColor) -> RGBAColor {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8(min(255, max(0, (Double(a) + (Double(b) - Double(a)) * onness).rounded()))) }
        return RGBAColor(
            red: mix(offTrack.red, tint.red), green: mix(offTrack.green, tint.green), blue: mix(offTrack.blue, tint.blue),
            alpha: mix(offTrack.alpha, tint.alpha))
    }

    /// The capsule of a track or knob: a rectangle with semicircular ends, as a polygon.
    /// - Parameters:
    ///   - x: left edge.
    ///   - y: top edge.
    ///   - width: points (at least the height).
    ///   - height: points.
    /// - Returns: the outline.
    public static func capsule(x: Double, y: Double, width: Double, height: Double) -> VectorPath {
        roundedRectangle(x: x, y: y, width: width, height: height, radius: height / 2)
    }

    /// A rectangle with rounded corners, as a polygon (quarter circles of `radius`, at most
    /// half the shorter side).
    /// - Parameters:
    ///   - x: left edge.
    ///   - y: top edge.
    ///   - width: points.
    ///   - height: points.
    ///   - radius: the corners' radius.
    /// - Returns: the outline.
    public static func roundedRectangle(x: Double, y: Double, width: Double, height: Double, radius: Double) -> VectorPath {
        let r = max(0, min(radius, width / 2, height / 2))
        var points: [RefreshPoint] = []
        let corners = [
            (x + width - r, y + r, -Double.pi / 2), (x + width - r, y + height - r, 0.0),
            (x + r, y + height - r, Double.pi / 2), (x + r, y + r, Double.pi),
        ]
        let steps = r > 0 ? 12 : 0
        for (cx, cy, start) in corners {
            for step in 0...steps {
                let angle = start + Double.pi / 2 * Double(step) / Double(max(1, steps))
                points.append(RefreshPoint(cx + r * cos(angle), cy + r * sin(angle)))
            }
        }
        var path = VectorPath()
        path.addPolygon(points)
        return path
    }
}
