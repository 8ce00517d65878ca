import FoundationEssentials
import RefreshImage

/// MJRefresh's arrows, redrawn as vector strokes from the measurements of docs/layout.md so they
/// can turn to any angle and stay sharp at every scale.
package enum ArrowShape {
    /// The header/footer arrow (`arrow@2x.png`, docs/layout.md) in its 15×40 pt box, pointing
    /// down: a 1.5-pt shaft and an open 45° chevron.
    public static let downArrow: (path: VectorPath, strokeWidth: Double) = {
        var path = VectorPath()
        path.addPolyline([RefreshPoint(7.25, 9.25), RefreshPoint(7.25, 30.5)])
        path.addPolyline([RefreshPoint(1.25, 24.25), RefreshPoint(7.25, 30.5), RefreshPoint(13.25, 24.25)])
        return (path, 1.5)
    }()

    /// The trail arrow (`trail_arrow@2x.png`, docs/layout.md) in its 20×20 pt box, pointing
    /// left: a thin ring open just below 9 o'clock, with a left arrow inside.
    public static let trailArrow: (path: VectorPath, strokeWidth: Double) = {
        var path = VectorPath()
        let degree = Double.pi / 180
        // The opening spans 153°–167° (y downward, clockwise from 3 o'clock).
        path.addArc(center: RefreshPoint(10, 10), radius: 7.75, start: 167 * degree, sweep: 346 * degree)
        path.addPolyline([RefreshPoint(6.3, 10), RefreshPoint(13.7, 10)])
        path.addPolyline([RefreshPoint(8.25, 7.9), RefreshPoint(6.3, 10), RefreshPoint(8.25, 12.0)])
        return (path, 0.6)
    }()

    /// The angle (radians, clockwise on screen) of a kind's arrow in a state (docs/layout.md).
    /// Nil where the arrow is hidden.
    /// - Parameters:
    ///   - kind: the kind of control.
    ///   - state: its state.
    /// - Returns: radians, or nil where the arrow is hidden.
    public static func angle(kind: ComponentKind, state: RefreshState) -> Double? {
        let up = -Double.pi + 1e-6
        switch (kind, state.drawnAs) {
        case (.header, .idle), (.header, .noMoreData): return 0
        case (.header, .pulling): return up
        case (.backFooter, .idle): return up
        case (.backFooter, .pulling): return 0
        case (.trailer, .idle), (.trailer, .noMoreData): return 0
        case (.trailer, .pulling), (.trailer, .refreshing): return Double.pi
        default: return nil
        }
    }
}
