// A stand-in for the few UIKit types the generated setup code uses, recording what is set.
import Foundation

typealias CGFloat = Double

class UIColor {
    let red: Double, green: Double, blue: Double, alpha: Double
    init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

class UIFont {
    let pointSize: Double
    let bold: Bool
    /// The face asked for by its PostScript name; nil for the system font.
    var name: String?
    init(pointSize: Double, bold: Bool) {
        self.pointSize = pointSize
        self.bold = bold
    }
    class func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(pointSize: size, bold: false) }
    class func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(pointSize: size, bold: true) }
    /// A face the app ships (UIAppFonts) or the phone has, by its PostScript name.
    convenience init?(name: String, size: CGFloat) {
        self.init(pointSize: size, bold: false)
        self.name = name
    }
}

class UIImage {
    enum RenderingMode { case automatic, alwaysOriginal, alwaysTemplate }
    let name: String
    var renderingMode = RenderingMode.automatic
    init?(named name: String) { self.name = name }
    func withRenderingMode(_ mode: RenderingMode) -> UIImage {
        let copy = UIImage(named: name)!
        copy.renderingMode = mode
        return copy
    }
}

class UIView {
    /// Where what is set on this view is recorded: nil records nothing.
    var role: String?
    var backgroundColor: UIColor? { didSet { if let backgroundColor { Record.set("controlColor", Record.hex(backgroundColor)) } } }
    /// The control's own `hidden` (a label's is recorded by the label).
    var isHidden = false { didSet { if role == nil { Record.set("hidden", isHidden) } } }
}

class UILabel: UIView {
    var font: UIFont? { didSet { if let font, let role { Record.set(role + "Font", Record.font(font)) } } }
    var textColor: UIColor? { didSet { if let textColor, let role { Record.set(role + "Color", Record.hex(textColor)) } } }
    override var isHidden: Bool {
        didSet { if let role { Record.set(role == "stateLabel" ? "hideStateLabel" : "hideTimeLabel", isHidden) } }
    }
}

class UIImageView: UIView {
    var image: UIImage?
    var animationImages: [UIImage]?
    var animationDuration: TimeInterval = 0
    init(image: UIImage?) { self.image = image }
    func startAnimating() {}
}

class UIActivityIndicatorView: UIView {
    enum Style { case medium, large, gray, white, whiteLarge }
    var style = Style.medium {
        didSet {
            let words: [Style: String] = [.medium: "medium", .gray: "classic", .white: "white", .whiteLarge: "white-large"]
            Record.set("spinner", words[style] ?? "medium")
        }
    }
    var color: UIColor? { didSet { if let color { Record.set("spinnerColor", Record.hex(color)) } } }
}

class UIScrollView: UIView {}
