import RefreshGif

/// A colour as app code makes one: by components, by white, a system colour, or a colour set
/// of the app's asset catalogs (`UIColor(named:)`). Drawn as the sRGB colour it names; a
/// dynamic system colour in its light appearance (docs/app-code.md).
open class UIColor: Equatable, _ExpressibleByColorLiteral, @unchecked Sendable {
    /// The components given, 0 to 1.
    private let own: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
    /// A dynamic colour's provider, asked whenever the colour is read or drawn.
    private let provider: ((UITraitCollection) -> UIColor)?

    /// The components as drawn now: a dynamic colour's for the device's appearance then
    /// (``AppDevice/userInterfaceStyle``), so a colour made in light mode is drawn dark in a
    /// dark appearance, as on the phone.
    private var resolved: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        guard let provider else { return own }
        let color = provider(UITraitCollection.current)
        return (color.red, color.green, color.blue, color.alpha)
    }
    /// The components, 0 to 1.
    public var red: CGFloat { resolved.red }
    public var green: CGFloat { resolved.green }
    public var blue: CGFloat { resolved.blue }
    public var alpha: CGFloat { resolved.alpha }

    /// A colour by its sRGB components (clamped to 0…1; a NaN is 0).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func clamp(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(1, max(0, v)) }
        own = (clamp(red), clamp(green), clamp(blue), clamp(alpha))
        provider = nil
    }

    /// The colour `provider` gives for the device's appearance, asked each time it is drawn.
    public init(dynamicProvider provider: @escaping (UITraitCollection) -> UIColor) {
        own = (0, 0, 0, 1)
        self.provider = provider
    }

    /// `#colorLiteral(red:green:blue:alpha:)`, as Xcode's colour literal writes it.
    public required convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    /// A grey.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour set of the app's asset catalogs (``AppResources``); nil when none has that name.
    /// A set with a dark appearance is a dynamic colour, drawn dark in a dark appearance
    /// (``AppDevice/userInterfaceStyle``), as on the phone.
    public convenience init?(named name: String) {
        let found: ColorSetContents.Appearances?
        do {
            found = try AppResources.color(named: name)
        } catch {
            // A colour set that is there but cannot be read: its file, and why.
            AppResources.problem("UIColor(named: \"\(name)\")", error)
            return nil
        }
        guard let found else {
            AppResources.miss("UIColor(named: \"\(name)\")")
            return nil
        }
        let light = UIColor(red: found.any.red, green: found.any.green, blue: found.any.blue, alpha: found.any.alpha)
        let dark = found.dark.map { UIColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha) } ?? light
        self.init(dynamicProvider: { $0.userInterfaceStyle == .dark ? dark : light })
    }

    /// Its components, 0 to 1, written where given (as UIKit gives them for an sRGB colour).
    @discardableResult
    public func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?, blue: UnsafeMutablePointer<CGFloat>?,
        alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        red?.pointee = self.red
        green?.pointee = self.green
        blue?.pointee = self.blue
        alpha?.pointee = self.alpha
        return true
    }

    /// The same colour at another opacity.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public static func == (a: UIColor, b: UIColor) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
    }

    /// The colour as the model holds it, each component rounded to 8 bits and kept in 0...255.
    var rgbaColor: RGBAColor {
        func byte(_ component: CGFloat) -> UInt8 {
            guard component.isFinite else { return 0 }
            return UInt8(min(max((component * 255).rounded(), 0), 255))
        }
        return RGBAColor(red: byte(red), green: byte(green), blue: byte(blue), alpha: byte(alpha))
    }

    /// `#RRGGBB` or `#RRGGBBAA`, as a scene's colour settings take it.
    var sceneText: String { rgbaColor.hexText }

    private static func rgb(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: a)
    }

    public static var black: UIColor { UIColor(white: 0, alpha: 1) }
    public static var white: UIColor { UIColor(white: 1, alpha: 1) }
    public static var clear: UIColor { UIColor(white: 0, alpha: 0) }
    public static var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    public static var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    public static var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    public static var red: UIColor { rgb(255, 0, 0) }
    public static var green: UIColor { rgb(0, 255, 0) }
    public static var blue: UIColor { rgb(0, 0, 255) }
    public static var orange: UIColor { rgb(255, 128, 0) }
    // The dynamic system colours, light appearance (iOS 17).
    public static var label: UIColor { black }
    public static var secondaryLabel: UIColor { rgb(60, 60, 67, 0.6) }
    public static var tertiaryLabel: UIColor { rgb(60, 60, 67, 0.3) }
    public static var systemBackground: UIColor { white }
    public static var secondarySystemBackground: UIColor { rgb(242, 242, 247) }
    public static var systemGroupedBackground: UIColor { rgb(242, 242, 247) }
    public static var systemBlue: UIColor { rgb(0, 122, 255) }
    public static var systemRed: UIColor { rgb(255, 59, 48) }
    public static var systemGreen: UIColor { rgb(52, 199, 89) }
    public static var systemOrange: UIColor { rgb(255, 149, 0) }
    public static var systemGray: UIColor { rgb(142, 142, 147) }
    public static var systemGray6: UIColor { rgb(242, 242, 247) }
}

/// The type `#colorLiteral(…)` makes, as on the phone.
public typealias _ColorLiteralType = UIColor
