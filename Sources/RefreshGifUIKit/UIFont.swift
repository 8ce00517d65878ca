import RefreshGif

/// A font as app code asks for one: the system font by size and weight, or a face by its
/// PostScript name among the app's font files (``AppResources``). Drawn by the faces that
/// measure closest to the iOS system font (docs/fonts.md): weights up to medium as regular,
/// semibold and heavier as bold.
open class UIFont: Equatable, @unchecked Sendable {
    /// A font weight (its value as UIKit gives it).
    public struct Weight: Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)
    }

    /// The size in points.
    public let pointSize: CGFloat
    /// True when drawn bold.
    let bold: Bool
    /// The font file of a face asked for by name.
    let file: String?
    /// The PostScript name asked for, when one was.
    public let fontName: String

    init(pointSize: CGFloat, bold: Bool, file: String?, name: String) {
        self.pointSize = pointSize.isFinite ? min(max(pointSize, 0), 1000) : 0
        self.bold = bold
        self.file = file
        fontName = name
    }

    /// The system font of `size` points.
    open class func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(pointSize: size, bold: false, file: nil, name: ".SFUI-Regular") }
    /// The italic system font of `size` points (drawn upright: the scene's faces have no italic).
    open class func italicSystemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(pointSize: size, bold: false, file: nil, name: ".SFUI-Italic")
    }
    /// The bold system font of `size` points.
    open class func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(pointSize: size, bold: true, file: nil, name: ".SFUI-Bold") }
    /// The system font of `size` points in `weight`.
    open class func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(pointSize: size, bold: weight.rawValue >= Weight.semibold.rawValue, file: nil, name: ".SFUI")
    }

    /// The face named `name` (a PostScript name) among the app's font files, else a face iOS
    /// itself has (`PingFangSC-Medium`, `HelveticaNeue-Bold`: drawn as the system font in its
    /// weight); nil for any other name — a font this machine has and the phone does not — as on
    /// the phone.
    public convenience init?(name: String, size: CGFloat) {
        if let file = AppResources.fontFile(postScriptName: name) {
            self.init(pointSize: size, bold: false, file: file, name: name)
        } else if AppResources.isSystemFace(name) {
            let weight = name.split(separator: "-").dropFirst().first.map { $0.lowercased() } ?? ""
            let bold = ["bold", "semibold", "heavy", "black", "boldmt", "demibold"].contains(weight)
            self.init(pointSize: size, bold: bold, file: nil, name: name)
        } else {
            AppResources.miss("UIFont(name: \"\(name)\")")
            return nil
        }
    }

    /// This font at another size.
    public func withSize(_ size: CGFloat) -> UIFont { UIFont(pointSize: size, bold: bold, file: file, name: fontName) }

    public static func == (a: UIFont, b: UIFont) -> Bool {
        a.pointSize == b.pointSize && a.bold == b.bold && a.file == b.file && a.fontName == b.fontName
    }

    /// The font as a label font setting takes it: its size and weight, and the file it is
    /// drawn from when the app named one.
    var labelFont: LabelFonts.Font { LabelFonts.Font(pointSize: Double(pointSize), bold: bold, family: file) }

    /// The font as a scene's label font settings take it: `bold 16`, `regular 12 PATH`.
    var sceneText: String { labelFont.sceneValue?.argumentText ?? "" }
}
