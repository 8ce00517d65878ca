import RefreshImage

/// A rectangle in points, origin top-left, y downward (UIKit's convention).
package struct RefreshRect: Sendable, Equatable, CustomStringConvertible {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// A rectangle from its origin and size.
    /// - Parameters:
    ///   - x: the left edge.
    ///   - y: the top edge.
    ///   - width: points.
    ///   - height: points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// A rectangle of the given size centred on (`centerX`, `centerY`).
    /// - Parameters:
    ///   - centerX: the centre's x.
    ///   - centerY: the centre's y.
    ///   - width: points.
    ///   - height: points.
    public init(centerX: Double, centerY: Double, width: Double, height: Double) {
        self.init(x: centerX - width / 2, y: centerY - height / 2, width: width, height: height)
    }

    /// Right edge.
    public var maxX: Double { x + width }
    /// Bottom edge.
    public var maxY: Double { y + height }
    /// Horizontal centre.
    public var midX: Double { x + width / 2 }
    /// Vertical centre.
    public var midY: Double { y + height / 2 }

    /// The rectangle mirrored left-to-right inside a container `containerWidth` wide.
    /// - Parameter containerWidth: the width it is mirrored across.
    /// - Returns: the rectangle flipped left to right.
    public func mirrored(inWidth containerWidth: Double) -> RefreshRect {
        RefreshRect(x: containerWidth - x - width, y: y, width: width, height: height)
    }

    /// The smallest rectangle on whole points holding this one (`CGRectIntegral`): origin
    /// rounded down, far edges rounded up.
    public var integral: RefreshRect {
        let left = x.rounded(.down), top = y.rounded(.down)
        return RefreshRect(x: left, y: top, width: maxX.rounded(.up) - left, height: maxY.rounded(.up) - top)
    }

    /// `x y w h` with up to three decimals.
    public var description: String {
        func f(_ v: Double) -> String {
            let r = (v * 1000).rounded() / 1000
            // Infinite, NaN or past Int's range (a layer's expression gone wrong): as Double writes it.
            guard r.isFinite, abs(r) < 1e15 else { return String(v) }
            return r == r.rounded() ? String(Int(r)) : String(r)
        }
        return "(\(f(x)), \(f(y)), \(f(width)), \(f(height)))"
    }
}
