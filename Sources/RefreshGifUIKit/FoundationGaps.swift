// What iOS's Foundation and Core Graphics give refresh code that Linux's Foundation lacks.

/// A key of a key-value observation's change dictionary (the argument of MJRefresh's
/// `scrollViewContentOffsetDidChange(_:)`).
public struct NSKeyValueChangeKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let newKey = NSKeyValueChangeKey(rawValue: "new")
    public static let oldKey = NSKeyValueChangeKey(rawValue: "old")
}

/// An affine transform, as views take one: a turn and a scale are drawn (about the view's
/// centre); a shear is refused when drawn.
public struct CGAffineTransform: Equatable, Sendable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// No change.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A turn by `angle` radians (clockwise on the screen).
    public init(rotationAngle angle: CGFloat) {
        self.init(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
    }

    /// A scale.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A move.
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// This transform, then `t`.
    public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d, c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// Turned by `angle` radians first.
    public func rotated(by angle: CGFloat) -> CGAffineTransform { CGAffineTransform(rotationAngle: angle).concatenating(self) }
    /// Scaled first.
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform { CGAffineTransform(scaleX: sx, y: sy).concatenating(self) }

    /// The turn in degrees and the uniform scale, when that is all it is.
    var turnAndScale: (degrees: Double, scale: Double)? {
        let sx = (a * a + b * b).squareRoot(), sy = (c * c + d * d).squareRoot()
        guard tx == 0, ty == 0, abs(sx - sy) < 1e-9, abs(a * c + b * d) < 1e-9 else { return nil }
        return (Double(atan2(b, a)) * 180 / .pi, Double(sx))
    }
}

/// An Objective-C method's name, as `#selector(loadNew)` gives one on the phone: kept by the
/// controls that take a target and an action (`init(refreshingTarget:refreshingAction:)`),
/// never sent here. App code compiled as it is gets `Selector("loadNew")` for `#selector(loadNew)`
/// (docs/app-code.md, "Compiling the app's files as they are").
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method's name.
    public let name: String
    /// The selector named `name`.
    /// - Parameter name: the method's name (`loadNew`, `refresh:`).
    public init(_ name: String) { self.name = name }
    /// The selector named by a literal.
    /// - Parameter value: the method's name.
    public init(stringLiteral value: String) { self.init(value) }
    public var description: String { name }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The selector named `name`, as Foundation makes one.
/// - Parameter name: the method's name.
/// - Returns: the selector.
public func NSSelectorFromString(_ name: String) -> Selector { Selector(name) }

/// Insets of a rectangle's four edges, in points.
public struct UIEdgeInsets: Equatable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    /// Insets by edge.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    /// No inset.
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// Core Foundation's seconds, as Core Animation's timing takes them.
public typealias CFTimeInterval = Double
