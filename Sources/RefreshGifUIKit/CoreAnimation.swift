// swift-format-ignore-file: AlwaysUseLowerCamelCase

import RefreshGif

/// A colour as Core Graphics holds it (`UIColor.cgColor`): what a shape layer fills and
/// strokes with.
public final class CGColor: Equatable, @unchecked Sendable {
    /// The colour it was made from.
    let color: UIColor

    init(_ color: UIColor) { self.color = color }

    public static func == (a: CGColor, b: CGColor) -> Bool { a.color == b.color }
}

extension UIColor {
    /// The colour as Core Graphics holds it.
    public var cgColor: CGColor { CGColor(self) }
}

/// A path as Core Graphics holds it (`UIBezierPath.cgPath`): the elements it was built from.
public final class CGPath: @unchecked Sendable {
    /// The elements, in order.
    let elements: [UIBezierPath.Element]

    init(_ elements: [UIBezierPath.Element]) { self.elements = elements }
}

/// A path as app code builds one: a rectangle (rounded or not), an oval, an arc, a pie wedge
/// (a move to the centre, an arc, a close), a star (lines through its corners, the first
/// straight up). These are what a shape layer draws here
/// (docs/app-code.md, "Shape layers"); a path of other lines is refused when drawn, naming the view.
open class UIBezierPath {
    /// One step of a path.
    enum Element: Equatable {
        case rect(CGRect, cornerRadius: CGFloat)
        case oval(CGRect)
        case move(CGPoint)
        case line(CGPoint)
        case arc(center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat, clockwise: Bool)
        case close
    }

    private(set) var elements: [Element] = []
    /// The width its own stroke takes (kept; a shape layer's `lineWidth` is what is drawn).
    open var lineWidth: CGFloat = 1

    /// An empty path.
    public init() {}
    /// A rectangle.
    public init(rect: CGRect) { elements = [.rect(rect, cornerRadius: 0)] }
    /// A rectangle with round corners.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) { elements = [.rect(rect, cornerRadius: cornerRadius)] }
    /// The oval in `rect`.
    public init(ovalIn rect: CGRect) { elements = [.oval(rect)] }
    /// An arc about `center`, angles in radians from 3 o'clock, clockwise on the screen when `clockwise`.
    public init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        elements = [.arc(center: center, radius: radius, start: startAngle, end: endAngle, clockwise: clockwise)]
    }

    /// Starts a new part at `point`.
    open func move(to point: CGPoint) { elements.append(.move(point)) }
    /// A straight line to `point`.
    open func addLine(to point: CGPoint) { elements.append(.line(point)) }
    /// An arc, from the current point's line to its start.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        elements.append(.arc(center: center, radius: radius, start: startAngle, end: endAngle, clockwise: clockwise))
    }
    /// Closes the part with a line to its start.
    open func close() { elements.append(.close) }

    /// The path as Core Graphics holds it.
    open var cgPath: CGPath { CGPath(elements) }
}

/// A layer: where it is, whether and how opaque it shows, its background, corner radius and
/// border, the layers it holds. A view's own layer holds its subviews' layers, so a shape layer
/// added to it draws in the order added, among the subviews.
open class CALayer {
    open var frame: CGRect = .zero
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }
    open var isHidden = false
    open var opacity: Float = 1
    open var backgroundColor: CGColor?
    open var cornerRadius: CGFloat = 0
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor?
    open var masksToBounds = false
    /// The layers it holds, in drawing order.
    public private(set) var sublayers: [CALayer]?
    /// The layer holding it.
    public private(set) weak var superlayer: CALayer?
    /// The view whose layer it is; nil for a layer the app made.
    weak var view: UIView?
    private var transform: CGAffineTransform = .identity

    public init() {}

    /// Puts `layer` on top of the others.
    open func addSublayer(_ layer: CALayer) {
        layer.removeFromSuperlayer()
        sublayers = (sublayers ?? []) + [layer]
        layer.superlayer = self
    }

    /// Puts `layer` at `index` (clamped to the layers held).
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        layer.removeFromSuperlayer()
        var held = sublayers ?? []
        held.insert(layer, at: min(Int(index), held.count))
        sublayers = held
        layer.superlayer = self
    }

    /// Takes the layer out of its superlayer.
    open func removeFromSuperlayer() {
        superlayer?.sublayers?.removeAll { $0 === self }
        superlayer = nil
    }

    /// Its transform about its centre, as an affine one.
    open func setAffineTransform(_ transform: CGAffineTransform) { self.transform = transform }
    /// Its transform about its centre.
    open func affineTransform() -> CGAffineTransform { transform }
}

/// How a stroke's ends are drawn.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// A layer that draws a path: filled (black unless told otherwise, as Core Animation fills),
/// stroked when given a stroke colour, trimmed by `strokeStart`/`strokeEnd`.
open class CAShapeLayer: CALayer {
    open var path: CGPath?
    open var fillColor: CGColor? = UIColor(red: 0, green: 0, blue: 0, alpha: 1).cgColor
    open var strokeColor: CGColor?
    open var lineWidth: CGFloat = 1
    open var lineCap: CAShapeLayerLineCap = .butt
    open var strokeStart: CGFloat = 0
    open var strokeEnd: CGFloat = 1
}
