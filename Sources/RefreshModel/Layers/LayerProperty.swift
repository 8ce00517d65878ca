/// One property a layer may set, declared once: its JSON key, the kinds of layer that have
/// it, what it takes, and its help. The JSON reader, the checks, the renderer's defaults, the
/// schema and docs/layers.md all derive from ``all`` (docs/layers.md, "Properties").
public struct LayerProperty: Sendable, Hashable, CustomStringConvertible {
    /// What a property's value is.
    public enum ValueType: Sendable, Hashable {
        /// A number, or an expression of the control's values (`LayerExpression`).
        case number
        /// `#RRGGBB` or `#RRGGBBAA`.
        case color
        /// Any text.
        case text
        /// true or false.
        case flag
        /// `[bold|regular] SIZE [FAMILY]`, as the labels' font settings take it.
        case font
        /// A file's path: an image (PNG, GIF, Lottie JSON).
        case file
        /// One of these words.
        case choice([String])

        /// The files it may name, or nil when it names none: a font may be a font file, an
        /// image is read as a state's images are.
        package var accepts: FileTypes? {
            switch self {
            case .font: return .fonts
            case .file: return .layerImage
            case .number, .color, .text, .flag, .choice: return nil
            }
        }

        /// How a value names files — the rule settings declare (``SceneField/fileForm``): an
        /// image is a path (per state too), a font may name its file; nil for the others.
        package var fileForm: FileForm? {
            switch self {
            case .file: return .path
            case .font: return .labelFont
            case .number, .color, .text, .flag, .choice: return nil
            }
        }

        /// How docs and messages name it.
        public var phrase: String {
            switch self {
            case .number: return "a number or an expression"
            case .color: return "a colour #RRGGBB or #RRGGBBAA"
            case .text: return "a string"
            case .flag: return "true or false"
            case .font: return "a font ([bold|regular] SIZE [FAMILY])"
            case .file: return "an image file (PNG, GIF or Lottie JSON)"
            case let .choice(words): return "one of " + words.joined(separator: ", ")
            }
        }
    }

    /// How a property's value may change while the control is on screen: the kind every
    /// declaration shares.
    package typealias Variation = ValueVariation

    /// The JSON key (`centerX`, `text`).
    public let name: String
    /// What it takes.
    public let type: ValueType
    /// The kinds of layer that have it, in the kinds' order.
    public var kinds: [LayerKind] { LayerKind.allCases.filter(rule.includes) }
    /// The kinds of layer it exists on, as a rule like a setting's classes.
    package let rule: Rule<LayerKind>
    /// How it may vary.
    package let variation: Variation
    /// One line for docs and the panel.
    package let help: String
    /// A value it takes, for docs and tests.
    package let example: SceneValue

    private init(
        _ name: String, _ type: ValueType, kinds: [LayerKind] = LayerKind.allCases, variation: Variation = [.byState],
        example: SceneValue, _ help: String
    ) {
        self.name = name
        self.type = type
        rule = .among(kinds)
        self.variation = variation
        self.help = help
        self.example = example
    }

    /// The JSON key.
    public var description: String { name }

    /// Properties are the same when their keys are.
    public static func == (a: LayerProperty, b: LayerProperty) -> Bool { a.name == b.name }
    /// Hashes the key.
    /// - Parameter hasher: the hasher.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The property with this JSON key.
    /// - Parameter name: the key.
    /// - Returns: its declaration, or nil.
    public static func named(_ name: String) -> LayerProperty? { all.first { $0.name == name } }

    // MARK: - Every layer: where it is and whether it shows

    /// The left edge, as `frame.origin.x`; with ``y``, the frame's origin.
    public static let x = LayerProperty("x", .number, variation: [.byState], example: 0, "Left edge in points (frame.origin.x).")
    /// The top edge.
    public static let y = LayerProperty(
        "y", .number, variation: [.byState], example: "h - 20", "Top edge in points (frame.origin.y); may be negative: above the control.")
    /// The horizontal centre, as `center.x`: instead of ``x``.
    public static let centerX = LayerProperty(
        "centerX", .number, variation: [.byState], example: "w * 0.5", "Horizontal centre (center.x), instead of x.")
    /// The vertical centre, as `center.y`: instead of ``y``.
    public static let centerY = LayerProperty(
        "centerY", .number, variation: [.byState], example: "h * 0.5", "Vertical centre (center.y), instead of y.")
    /// The width: the kind's own (a label's text, an image's, 51 pt for a switch) when not given.
    public static let width = LayerProperty(
        "width", .number, variation: [.byState], example: "w",
        "Width in points; the content's own when left out (a label's text, an image's size, a switch's 51 pt).")
    /// The height.
    public static let height = LayerProperty(
        "height", .number, variation: [.byState], example: 100, "Height in points; the content's own when left out.")
    /// Hidden (`hidden = YES`).
    public static let hidden = LayerProperty("hidden", .flag, example: ["refreshing": true, "default": false], "Not drawn (hidden).")
    /// Opacity 0–1 (`alpha`).
    public static let alpha = LayerProperty(
        "alpha", .number, variation: [.byState, .byPercent], example: "clamp(pullingPercent, 0, 1)", "Opacity from 0 to 1 (alpha).")
    /// Turn about the centre, in degrees clockwise (`transform`).
    public static let rotation = LayerProperty(
        "rotation", .number, variation: [.byState, .byPercent], example: "t * 360",
        "Clockwise turn about the centre in degrees (transform); an expression of t spins it.")
    /// A scale about the centre (`transform`).
    public static let scaleFactor = LayerProperty(
        "scaleFactor", .number, variation: [.byState, .byPercent], example: "0.5 + 0.5 * clamp(pullingPercent, 0, 1)",
        "Scale about the centre (transform), 1 for none.")
    /// The view's background colour.
    public static let backgroundColor = LayerProperty(
        "backgroundColor", .color, kinds: [.label, .image, .spinner, .shape], variation: [.byState, .byPercent], example: "#FFFFFF00",
        "Fills the layer's frame (backgroundColor).")

    // MARK: - Labels

    /// The text (`text`).
    public static let text = LayerProperty(
        "text", .text, kinds: [.label], example: ["idle": "Pull down", "pulling": "Release", "refreshing": "Loading…"], "The text (text).")
    /// The text's colour.
    public static let textColor = LayerProperty(
        "textColor", .color, kinds: [.label], variation: [.byState, .byPercent], example: ["from": "#FF8000", "to": "#800080"],
        "The text's colour (textColor); black when left out.")
    /// The font.
    public static let font = LayerProperty(
        "font", .font, kinds: [.label], example: "bold 16", "The font (font), [bold|regular] SIZE [FAMILY]; regular 17 when left out.")
    /// Alignment (`textAlignment`).
    public static let alignment = LayerProperty(
        "alignment", .choice(["left", "center", "right"]), kinds: [.label], example: "center", "textAlignment; left when left out.")
    /// `numberOfLines`: 0 for as many as fit.
    public static let lines = LayerProperty(
        "lines", .number, kinds: [.label], variation: [], example: 2, "numberOfLines: 1 when left out, 0 for as many as fit.")

    // MARK: - Images

    /// The image file, or a file per state: a GIF or Lottie plays in time.
    public static let image = LayerProperty(
        "image", .file, kinds: [.image], example: "Logo.png",
        "The image (UIImage), one per state if given so; a GIF's or Lottie's frames play in time.")
    /// Where a GIF's or Lottie's frames stand, 0 to 1 (`LottieAnimationView.currentProgress`):
    /// the frame at that fraction, instead of playing in time.
    public static let progress = LayerProperty(
        "progress", .number, kinds: [.image], variation: [.byState, .byPercent], example: "clamp(pullingPercent, 0, 1)",
        "The animation's place from 0 to 1 (a Lottie view's currentProgress): that frame is shown instead of playing in time.")
    /// `contentMode`.
    public static let contentMode = LayerProperty(
        "contentMode", .choice(["scaleToFill", "scaleAspectFit", "scaleAspectFill", "center"]), kinds: [.image], variation: [],
        example: "scaleAspectFit", "contentMode; scaleToFill when left out.")

    // MARK: - Spinners

    /// The spinner's style.
    public static let spinnerStyle = LayerProperty(
        "spinnerStyle", .choice(SpinnerStyle.allCases.map(\.rawValue)), kinds: [.spinner], variation: [], example: "classic",
        "The style: medium (iOS 13), classic (UIActivityIndicatorViewStyleGray), white, white-large; medium when left out.")
    /// Animating (`startAnimating`); a stopped spinner is hidden.
    public static let animating = LayerProperty(
        "animating", .flag, kinds: [.spinner], example: ["refreshing": true, "default": false],
        "Turning (startAnimating/stopAnimating); hidden when stopped.")
    /// The spokes' colour (`color`).
    public static let color = LayerProperty(
        "color", .color, kinds: [.spinner, .arrow], variation: [.byState, .byPercent], example: "#FF8000",
        "The spinner's or arrow's colour; the style's or library's own when left out.")

    // MARK: - Switches

    /// On or off (`setOn:animated:YES`): the knob slides over 0.25 s after a state changes it.
    public static let on = LayerProperty(
        "on", .flag, kinds: [.switch], example: ["idle": false, "default": true],
        "On or off (setOn:animated:YES); the knob slides when a state changes it.")
    /// The track's colour when on.
    public static let onTintColor = LayerProperty(
        "onTintColor", .color, kinds: [.switch], variation: [], example: "#007AFF",
        "The track's colour when on (onTintColor); iOS green when left out.")

    // MARK: - Shapes

    /// Which shape.
    public static let shape = LayerProperty(
        "shape", .choice(["rectangle", "oval", "arc", "sector", "star"]), kinds: [.shape], variation: [], example: "arc",
        "rectangle; oval (in the frame); arc (stroked), sector (a filled pie wedge) or star, about the frame's centre.")
    /// The radius of an arc, sector, star or round oval.
    public static let radius = LayerProperty(
        "radius", .number, kinds: [.shape], variation: [.byState, .byPercent], example: "6 + 9 * clamp(pullingPercent, 0, 1)",
        "An arc's, sector's or star's radius (a star's points), or a circle's; half the frame's smaller side when left out.")
    /// A star's number of points.
    public static let points = LayerProperty(
        "points", .number, kinds: [.shape], variation: [], example: 6, "A star's points; 5 when left out.")
    /// A star's inner radius against its outer one.
    public static let innerRadius = LayerProperty(
        "innerRadius", .number, kinds: [.shape], variation: [.byState], example: 0.3,
        "A star's inner corners as a fraction of its radius; 0.45 when left out.")
    /// An arc's start, degrees clockwise from 3 o'clock.
    public static let startAngle = LayerProperty(
        "startAngle", .number, kinds: [.shape], variation: [.byState, .byPercent], example: -90,
        "An arc's start in degrees, clockwise from 3 o'clock; -90 is 12 o'clock.")
    /// An arc's end.
    public static let endAngle = LayerProperty(
        "endAngle", .number, kinds: [.shape], variation: [.byState, .byPercent], example: "-90 + 360 * clamp(pullingPercent, 0, 1)",
        "An arc's end in degrees, clockwise from 3 o'clock.")
    /// The fill colour.
    public static let fillColor = LayerProperty(
        "fillColor", .color, kinds: [.shape], variation: [.byState, .byPercent], example: "#FF800040", "fillColor; none when left out.")
    /// The stroke colour.
    public static let strokeColor = LayerProperty(
        "strokeColor", .color, kinds: [.shape], variation: [.byState, .byPercent], example: "#FF8000", "strokeColor; none when left out.")
    /// The stroke's width.
    public static let lineWidth = LayerProperty(
        "lineWidth", .number, kinds: [.shape], variation: [.byState], example: 3, "lineWidth in points; 1 when left out.")
    /// Round or flat line ends.
    public static let lineCap = LayerProperty(
        "lineCap", .choice(["butt", "round"]), kinds: [.shape], variation: [], example: "round", "lineCap; butt when left out.")
    /// A rectangle's corner radius.
    public static let cornerRadius = LayerProperty(
        "cornerRadius", .number, kinds: [.shape], variation: [.byState], example: 8, "A rectangle's corner radius in points.")

    /// Every property, in the order docs list them.
    public static let all: [LayerProperty] = [
        .x, .y, .centerX, .centerY, .width, .height, .hidden, .alpha, .rotation, .scaleFactor, .backgroundColor,
        .text, .textColor, .font, .alignment, .lines,
        .image, .progress, .contentMode,
        .spinnerStyle, .animating, .color,
        .on, .onTintColor,
        .shape, .radius, .points, .innerRadius, .startAngle, .endAngle, .fillColor, .strokeColor, .lineWidth, .lineCap, .cornerRadius,
    ]

    /// The keys a layer object holds besides its properties.
    package static let layerKeys = ["kind", "name"]
}

extension LayerProperty: Declaration {
    /// How a value names files, from its type.
    package var fileForm: FileForm? { type.fileForm }
    /// The files it takes, from its type.
    package var accepts: FileTypes? { type.accepts }
    /// A choice's words; empty for other types.
    public var choices: [String] {
        if case let .choice(words) = type { return words }
        return []
    }
}
