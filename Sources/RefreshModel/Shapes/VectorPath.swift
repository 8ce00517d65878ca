import FoundationEssentials
import RefreshImage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A point in a drawing's coordinate space (points or pixels, y downward).
package struct RefreshPoint: Sendable, Equatable {
    /// Horizontal position.
    public var x: Double
    /// Vertical position (downward).
    public var y: Double

    /// A point from its coordinates.
    /// - Parameters:
    ///   - x: points to the right.
    ///   - y: points down.
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// A shape made of straight segments: what the arrow, spinner and built-in animation are
/// drawn from before `VectorRasterizer` fills or strokes them.
package struct VectorPath: Sendable, Equatable {
    /// One open or closed run of connected points.
    public struct Contour: Sendable, Equatable {
        /// The points, in drawing order.
        public var points: [RefreshPoint]
        /// True when the last point joins the first.
        public var closed: Bool
    }

    /// The contours in drawing order.
    public private(set) var contours: [Contour] = []

    /// An empty path.
    public init() {}

    /// Starts a new contour at `point`.
    /// - Parameter point: where the next contour starts.
    public mutating func move(to point: RefreshPoint) {
        contours.append(Contour(points: [point], closed: false))
    }

    /// Adds a straight segment to `point` (starting a contour if none is open).
    /// - Parameter point: where the line ends.
    public mutating func line(to point: RefreshPoint) {
        if contours.isEmpty { move(to: point) } else { contours[contours.count - 1].points.append(point) }
    }

    /// Closes the current contour.
    public mutating func close() {
        if !contours.isEmpty { contours[contours.count - 1].closed = true }
    }

    /// Adds an open polyline through `points`.
    /// - Parameter points: the corners, in order.
    public mutating func addPolyline(_ points: [RefreshPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { line(to: p) }
    }

    /// Adds a closed polygon through `points`.
    /// - Parameter points: the corners, in order.
    public mutating func addPolygon(_ points: [RefreshPoint]) {
        addPolyline(points)
        close()
    }

    /// Adds a circular arc as a polyline; angles in radians, 0 at 3 o'clock, clockwise on
    /// screen (y downward), from `start` through `start + sweep`. As Core Graphics adds an
    /// arc, it continues an open contour with a line to its start (a move to the centre, an
    /// arc and a close make a pie wedge); otherwise it starts a contour of its own.
    /// - Parameters:
    ///   - center: the circle's centre.
    ///   - radius: points.
    ///   - start: radians, clockwise from the right.
    ///   - sweep: radians, clockwise.
    public mutating func addArc(center: RefreshPoint, radius: Double, start: Double, sweep: Double) {
        let steps = max(2, Int((abs(sweep) / (2 * Double.pi) * 96).rounded(.up)))
        let points = (0...steps).map { i in
            let a = start + sweep * Double(i) / Double(steps)
            return RefreshPoint(center.x + radius * cos(a), center.y + radius * sin(a))
        }
        if let last = contours.last, !last.closed {
            for point in points { line(to: point) }
        } else {
            addPolyline(points)
        }
    }

    /// Adds a closed circle (a 96-gon).
    /// - Parameters:
    ///   - center: its centre.
    ///   - radius: points.
    public mutating func addCircle(center: RefreshPoint, radius: Double) {
        addArc(center: center, radius: radius, start: 0, sweep: 2 * Double.pi)
        contours[contours.count - 1].points.removeLast()
        close()
    }

    /// The path with every point mapped by `transform`.
    /// - Parameter transform: moves one point.
    /// - Returns: the path with every point moved.
    public func map(_ transform: (RefreshPoint) -> RefreshPoint) -> VectorPath {
        var out = self
        for i in out.contours.indices { out.contours[i].points = out.contours[i].points.map(transform) }
        return out
    }

    /// The path turned by `angle` radians (clockwise on screen) about `center`.
    /// - Parameters:
    ///   - angle: radians, clockwise.
    ///   - center: the fixed point.
    /// - Returns: the rotated path.
    public func rotated(by angle: Double, about center: RefreshPoint) -> VectorPath {
        let c = cos(angle), s = sin(angle)
        return map { p in
            let dx = p.x - center.x, dy = p.y - center.y
            return RefreshPoint(center.x + dx * c - dy * s, center.y + dx * s + dy * c)
        }
    }

    /// The path scaled by `factor` about the origin, then moved by (`dx`, `dy`).
    /// - Parameters:
    ///   - factor: the scale.
    ///   - dx: then moved right by this many points.
    ///   - dy: then moved down by this many points.
    /// - Returns: the scaled path.
    public func scaled(by factor: Double, dx: Double = 0, dy: Double = 0) -> VectorPath {
        map { RefreshPoint($0.x * factor + dx, $0.y * factor + dy) }
    }

    /// The smallest box holding every point, or nil for an empty path.
    public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        let all = contours.flatMap(\.points)
        guard let first = all.first else { return nil }
        return all.reduce((first.x, first.y, first.x, first.y)) { b, p in
            (min(b.0, p.x), min(b.1, p.y), max(b.2, p.x), max(b.3, p.y))
        }
    }
}
