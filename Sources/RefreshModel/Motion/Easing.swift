import RefreshImage

/// UIKit's default animation curve: ease-in-out, cubic Bézier (0.42, 0, 0.58, 1).
package enum Easing {
    /// Progress 0–1 of an ease-in-out animation at time fraction `x` (clamped to 0–1).
    /// - Parameter x: the time fraction.
    /// - Returns: the progress.
    public static func easeInOut(_ x: Double) -> Double {
        bezier(x, p1: (0.42, 0), p2: (0.58, 1))
    }

    /// The y of a unit cubic Bézier (0,0)–p1–p2–(1,1) at the given x, solved by bisection
    /// (deterministic; 50 halvings reach double precision).
    static func bezier(_ x: Double, p1: (Double, Double), p2: (Double, Double)) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        func coordinate(_ t: Double, _ a: Double, _ b: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if coordinate(mid, p1.0, p2.0) < x { lo = mid } else { hi = mid }
        }
        return coordinate((lo + hi) / 2, p1.1, p2.1)
    }
}

/// A value animated from one number to another over a duration, with UIKit's curve.
package struct Animation: Sendable, Equatable {
    /// Start value.
    public var from: Double
    /// End value.
    public var to: Double
    /// Start time in microseconds.
    package var start: Int64
    /// Duration in microseconds (0: jumps at `start`).
    package var duration: Int64

    /// An animation from its parts.
    package init(from: Double, to: Double, start: Int64, duration: Int64) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
    }

    /// A value that stays `value`.
    /// - Parameter value: the value.
    /// - Returns: an animation that never moves.
    public static func constant(_ value: Double) -> Animation {
        Animation(from: value, to: value, start: 0, duration: 0)
    }

    /// The value at time `t` (µs).
    package func value(at t: Int64) -> Double {
        guard duration > 0 else { return t >= start ? to : from }
        let fraction = Double(t - start) / Double(duration)
        return from + (to - from) * Easing.easeInOut(fraction)
    }
}
