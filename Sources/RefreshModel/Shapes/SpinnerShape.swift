import FoundationEssentials
import RefreshImage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The activity indicator drawn while refreshing (docs/layout.md).
package enum SpinnerStyle: String, CaseIterable, Sendable, Codable {
    /// iOS 13+ "medium": 8 rounded spokes, #8E8E93, one step every 1/8 s.
    case medium
    /// Pre-iOS 13 "gray": 12 thinner spokes, mid grey, one step every 1/12 s.
    case classic
    /// Pre-iOS 13 "white": the classic spokes in white (SVPullToRefresh's other style).
    case white
    /// Pre-iOS 13 "whiteLarge": the white spokes in a 37-pt box.
    case whiteLarge = "white-large"

    /// The square the spinner is drawn in, in points.
    public var boxSize: Double { self == .whiteLarge ? 37 : 20 }
    /// The large style's scale against the 20-pt ones.
    private var factor: Double { boxSize / 20 }

    /// Number of spokes.
    public var spokeCount: Int { self == .medium ? 8 : 12 }
    /// Spoke colour.
    public var color: RGBAColor {
        switch self {
        case .medium: return .systemGray
        case .classic: return RGBAColor(red: 0x80, green: 0x80, blue: 0x80)
        case .white, .whiteLarge: return RGBAColor(red: 0xFF, green: 0xFF, blue: 0xFF)
        }
    }
    /// Spoke width in points (round caps add half of it at each end).
    public var spokeWidth: Double { self == .medium ? 2 : 1.75 * factor }
    /// Inner and outer radius of a spoke's ink, in points.
    public var radii: (inner: Double, outer: Double) { self == .medium ? (4.5, 9.5) : (5.0 * factor, 9.5 * factor) }

    /// Which spoke is the head `time` microseconds into the spin (one turn a second).
    package func headSpoke(time: Int64) -> Int {
        Int((max(0, time) * Int64(spokeCount) / 1_000_000) % Int64(spokeCount))
    }

    /// Opacity of the spoke `behind` steps behind the head: 1.0 at the head down to 0.3.
    /// - Parameter behind: how many spokes behind the brightest one.
    /// - Returns: 0 to 1.
    public func opacity(behind: Int) -> Double {
        1.0 - 0.7 * Double(behind) / Double(spokeCount - 1)
    }

    /// One spoke as a segment in the ``boxSize`` box, index 0 at 12 o'clock, clockwise.
    /// - Parameter index: from 0 at twelve o'clock, clockwise.
    /// - Returns: the spoke's outline, in the spinner's points.
    public func spoke(_ index: Int) -> VectorPath {
        let angle = -Double.pi / 2 + 2 * Double.pi * Double(index) / Double(spokeCount)
        let half = spokeWidth / 2
        let r0 = radii.inner + half, r1 = radii.outer - half
        let c = boxSize / 2
        var path = VectorPath()
        path.addPolyline([
            RefreshPoint(c + r0 * cos(angle), c + r0 * sin(angle)),
            RefreshPoint(c + r1 * cos(angle), c + r1 * sin(angle)),
        ])
        return path
    }
}
