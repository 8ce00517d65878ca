// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The few UIKit, Core Animation and MJRefresh names an exported layer subclass uses, with
// UIKit's signatures, holding what is set so the proof can print it (docs/layers.md, "Export").
import Foundation

typealias CGFloat = Double

struct CGPoint { var x: CGFloat, y: CGFloat }
struct CGSize {
    var width: CGFloat, height: CGFloat
    static let zero = CGSize(width: 0, height: 0)
}
struct CGRect {
    var origin: CGPoint, size: CGSize
    init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        origin = CGPoint(x: x, y: y)
        size = CGSize(width: width, height: height)
    }
    func insetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        CGRect(x: origin.x + dx, y: origin.y + dy, width: size.width - 2 * dx, height: size.height - 2 * dy)
    }
}
struct CGAffineTransform {
    var angle: CGFloat = 0, scale: CGFloat = 1
    static let identity = CGAffineTransform()
    init() {}
    init(rotationAngle: CGFloat) { angle = rotationAngle }
    func rotated(by a: CGFloat) -> CGAffineTransform { var t = self; t.angle += a; return t }
    func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform { var t = self; t.scale *= x; return t }
}

final class CGColor { let color: UIColor; init(_ color: UIColor) { self.color = color } }
final class CGPath { let text: String; init(_ text: String) { self.text = text } }

class UIColor {
    let r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat
    init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { (r, g, b, a) = (red, green, blue, alpha) }
    static let black = UIColor(red: 0, green: 0, blue: 0, alpha: 1)
    static let gray = UIColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
    static let clear = UIColor(red: 0, green: 0, blue: 0, alpha: 0)
    var cgColor: CGColor { CGColor(self) }
    @discardableResult
    func getRed(_ red: inout CGFloat, green: inout CGFloat, blue: inout CGFloat, alpha: inout CGFloat) -> Bool {
        (red, green, blue, alpha) = (r, g, b, a)
        return true
    }
    /// `#RRGGBBAA`, each channel rounded as a screen shows it.
    var hex: String {
        [r, g, b, a].map { String(format: "%02X", Int((min(1, max(0, $0)) * 255).rounded())) }.joined()
    }
}

class UIFont {
    let size: CGFloat, bold: Bool
    init(size: CGFloat, bold: Bool) { (self.size, self.bold) = (size, bold) }
    class func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(size: size, bold: false) }
    class func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(size: size, bold: true) }
}

class UIImage {
    let name: String
    init?(named name: String) { self.name = name }
    init(animated names: [String]) { name = names.joined(separator: ",") }
    static func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        UIImage(animated: images.map(\.name))
    }
    var size: CGSize { .zero }
}

enum NSTextAlignment { case left, center, right }
enum ContentMode { case scaleToFill, scaleAspectFit, scaleAspectFill, center }
enum CAShapeLayerLineCap { case butt, round }

class CALayer {
    var sublayers: [CALayer] = []
    func addSublayer(_ layer: CALayer) { sublayers.append(layer) }
}

final class CAShapeLayer: CALayer {
    var frame = CGRect(x: 0, y: 0, width: 0, height: 0)
    var path: CGPath?
    var fillColor: CGColor?
    var strokeColor: CGColor?
    var lineWidth: CGFloat = 1
    var lineCap = CAShapeLayerLineCap.butt
    var isHidden = false
    var opacity: Float = 1
    var transform = CGAffineTransform.identity
    func setAffineTransform(_ t: CGAffineTransform) { transform = t }
}

final class UIBezierPath {
    private var parts: [String] = []
    init() {}
    init(ovalIn rect: CGRect) { parts = ["oval \(rect.origin.x) \(rect.origin.y) \(rect.size.width) \(rect.size.height)"] }
    init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        parts = ["rect \(rect.origin.x) \(rect.origin.y) \(rect.size.width) \(rect.size.height) \(cornerRadius)"]
    }
    init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        parts = ["arc \(center.x) \(center.y) \(radius) \(startAngle) \(endAngle)"]
    }
    func move(to p: CGPoint) { parts.append("move \(p.x) \(p.y)") }
    func addLine(to p: CGPoint) { parts.append("line \(p.x) \(p.y)") }
    func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        parts.append("arc \(center.x) \(center.y) \(radius) \(startAngle) \(endAngle)")
    }
    func close() { parts.append("close") }
    var cgPath: CGPath { CGPath(parts.joined(separator: "; ")) }
}

class UIView {
    var frame = CGRect(x: 0, y: 0, width: 0, height: 0)
    var transform = CGAffineTransform.identity
    var isHidden = false
    var alpha: CGFloat = 1
    var backgroundColor: UIColor?
    var tintColor: UIColor?
    var window: AnyObject?
    let layer = CALayer()
    var subviews: [UIView] = []
    init() {}
    func addSubview(_ view: UIView) { subviews.append(view) }
    var intrinsicContentSize: CGSize { .zero }
}

final class UILabel: UIView {
    var text: String?
    var textColor: UIColor?
    var font: UIFont?
    var textAlignment = NSTextAlignment.left
    var numberOfLines = 1
}

final class UIImageView: UIView {
    var image: UIImage?
    var contentMode = ContentMode.scaleToFill
    init(image: UIImage? = nil) {
        self.image = image
        super.init()
    }
}

final class UIActivityIndicatorView: UIView {
    enum Style { case medium, large, gray, white, whiteLarge }
    let style: Style
    var color: UIColor?
    private(set) var isAnimating = false
    init(style: Style) {
        self.style = style
        super.init()
    }
    func startAnimating() { isAnimating = true }
    func stopAnimating() { isAnimating = false }
    override var intrinsicContentSize: CGSize { style == .whiteLarge ? CGSize(width: 37, height: 37) : CGSize(width: 20, height: 20) }
}

final class UISwitch: UIView {
    private(set) var isOn = false
    var onTintColor: UIColor?
    func setOn(_ on: Bool, animated: Bool) { isOn = on }
}

/// The clock: the proof sets it.
nonisolated(unsafe) var proofNow: Double = 0
func CACurrentMediaTime() -> Double { proofNow }

struct Selector {
    init(_ name: String) {}
}

final class CADisplayLink {
    init(target: Any, selector: Selector) {}
    func add(to runLoop: RunLoop, forMode mode: RunLoop.Mode) {}
    func invalidate() {}
}

extension Bundle {
    static func mj_arrowImage() -> UIImage? { UIImage(named: "arrow") }
}

enum MJRefreshState: Int {
    case idle = 1, pulling, refreshing, willRefresh, noMoreData
}

class MJRefreshComponent: UIView {
    var state = MJRefreshState.idle
    var pullingPercent: CGFloat = 0
    var mj_w: CGFloat { frame.size.width }
    var mj_h: CGFloat {
        get { frame.size.height }
        set { frame.size.height = newValue }
    }
    override init() {
        super.init()
        prepare()
    }
    func prepare() {}
    func placeSubviews() {}
}

class MJRefreshHeader: MJRefreshComponent {}
class MJRefreshAutoFooter: MJRefreshComponent {}
class MJRefreshBackFooter: MJRefreshComponent {}
class MJRefreshTrailer: MJRefreshComponent {}
class MJRefreshStateHeader: MJRefreshComponent {}
class MJRefreshAutoStateFooter: MJRefreshComponent {}
class MJRefreshBackStateFooter: MJRefreshComponent {}
class MJRefreshStateTrailer: MJRefreshComponent {}
class MJRefreshNormalHeader: MJRefreshComponent {}
class MJRefreshGifHeader: MJRefreshComponent {}
