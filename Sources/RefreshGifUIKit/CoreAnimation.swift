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
    /// The layers in the tree below and including this one, and its levels (1 with no
    /// sublayer): kept as the tree is built, so its bounds are checked in constant time.
    private(set) var treeSize = 1
    private(set) var treeHeight = 1
    /// Why the first add to this layer that was refused was (a cycle, a tree past its
    /// bounds): said when the control is drawn, as an error naming the class (docs/app-code.md,
    /// "Errors"). Only the first is kept, however many follow.
    private(set) var refusedAdd: String?
    /// The animations added to it (``add(_:forKey:)``), drawn at the media clock's time.
    var animations: [AddedAnimation] = []

    public init() {}

    /// Puts `layer` on top of the others; refused (and said when drawn) when it would make a
    /// cycle or break the tree's bounds (`LayerTree`).
    open func addSublayer(_ layer: CALayer) {
        guard admits(layer) else { return }
        layer.removeFromSuperlayer()
        sublayers = sublayers ?? []
        sublayers?.append(layer)
        attach(layer)
    }

    /// Puts `layer` at `index` (clamped to the layers held); refused as ``addSublayer(_:)`` is.
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        guard admits(layer) else { return }
        layer.removeFromSuperlayer()
        sublayers = sublayers ?? []
        sublayers?.insert(layer, at: min(Int(index), sublayers?.count ?? 0))
        attach(layer)
    }

    /// Takes the layer out of its superlayer.
    open func removeFromSuperlayer() {
        guard let holder = superlayer else { return }
        holder.sublayers?.removeAll { $0 === self }
        superlayer = nil
        // The sizes and heights above it, without it.
        var node: CALayer? = holder
        while let current = node {
            current.treeSize -= treeSize
            current.treeHeight = 1 + (current.sublayers ?? []).reduce(0) { max($0, $1.treeHeight) }
            node = current.superlayer
        }
    }

    /// True when `layer` may go under this one: not itself or one of its holders (UIKit
    /// refuses a view added as its own subview), and the tree within `LayerTree`'s bounds
    /// after it. A refusal is recorded, to be said when the control is drawn.
    func admits(_ layer: CALayer) -> Bool {
        var levelsAbove = 0
        var root = self
        var node: CALayer? = self
        while let current = node {
            if current === layer {
                refuse(
                    layer === self
                        ? "a view added as its own subview (UIKit refuses it: \"Can't add self as subview\")"
                        : "a view added under one of its own subviews, which would make a cycle (UIKit refuses it)")
                return false
            }
            levelsAbove += 1
            root = current
            node = current.superlayer
        }
        if levelsAbove + layer.treeHeight > LayerTree.maxDepth {
            refuse("views nested more than \(LayerTree.maxDepth) deep; a refresh control nests a few")
            return false
        }
        // A layer moved within the same tree does not grow it.
        var layerRoot = layer
        while let up = layerRoot.superlayer { layerRoot = up }
        if layerRoot !== root, root.treeSize + layer.treeSize > LayerTree.maxLayers {
            refuse(
                "more than \(LayerTree.maxLayers) views and layers in the control; a refresh control has a few")
            return false
        }
        return true
    }

    private func refuse(_ reason: String) {
        if refusedAdd == nil { refusedAdd = reason }
    }

    /// Makes `layer` (already in ``sublayers``) this one's, counting it in the sizes and heights above.
    private func attach(_ layer: CALayer) {
        layer.superlayer = self
        var node: CALayer? = self
        var height = layer.treeHeight
        while let current = node {
            current.treeSize += layer.treeSize
            height += 1
            current.treeHeight = max(current.treeHeight, height)
            height = current.treeHeight
            node = current.superlayer
        }
    }

    /// Its transform about its centre, as an affine one.
    open func setAffineTransform(_ transform: CGAffineTransform) { self.transform = transform }
    /// Its transform about its centre.
    open func affineTransform() -> CGAffineTransform { transform }
}

/// The bounds of a control's tree of views and layers, enforced as it is built (each add
/// walks at most ``maxDepth`` holders), so no tree is too big to draw or too deep to free.
enum LayerTree {
    /// The most views and layers in one tree: a refresh control's, not a screen's.
    static let maxLayers = 1_000
    /// The most levels of nesting.
    static let maxDepth = 64
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
