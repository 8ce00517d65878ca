import RefreshImage

/// The fonts of a control's two labels (the family's own face or the scene's font file, at
/// these sizes).
package struct LabelFonts: Sendable, Equatable {
    /// One label's font.
    public struct Font: Sendable, Equatable {
        /// Size in points.
        public var pointSize: Double
        /// Bold face.
        public var bold: Bool
        /// An installed font family (`UIFont(name:size:)`), found by fontconfig at this weight,
        /// or a font file's path (ending `.ttf`, `.otf` or `.ttc`, a font the app bundles);
        /// nil for the system face (docs/fonts.md).
        public var family: String?
        /// The face the app's code asks for (`UIFont(name:size:)`) when it is not on this
        /// machine: a phone's own font (`Georgia-Bold`), drawn here with the file `family`
        /// names (`Georgia-Bold=Fonts/SerifBold.ttf`); nil when the code asks for what is drawn.
        public var appName: String?

        /// True when `family` names a font file rather than an installed family.
        public var namesFile: Bool {
            guard let family else { return false }
            let lower = family.lowercased()
            return lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc")
        }

        /// A font.
        /// - Parameters:
        ///   - pointSize: the size in points.
        ///   - bold: the bold face; false for the regular one.
        ///   - family: an installed family's name; nil for the system face.
        public init(pointSize: Double = 14, bold: Bool = true, family: String? = nil) {
            self.pointSize = pointSize
            self.bold = bold
            self.family = family
        }
    }

    /// The state label's.
    public var title: Font
    /// The second line's (last-updated time, subtitle).
    public var second: Font

    /// Two fonts; bold 14 pt for both by default.
    /// - Parameters:
    ///   - title: the state label's font.
    ///   - second: the second line's.
    public init(title: Font = Font(), second: Font = Font()) {
        self.title = title
        self.second = second
    }
}

/// Measures text in one label font, for layouts that depend on it.
package protocol TextMeasuring {
    /// The advance width of `text` in points.
    func width(of text: String) -> Double
    /// The height of one line in points.
    var lineHeight: Double { get }
}

/// What a family lays out: the labels' texts with their fonts, and the image's size.
package struct LabelText {
    /// The state title shown ("" for none).
    public var title: String
    /// The second line shown, nil for none.
    public var second: String?
    /// The state label's font.
    public var titleFont: any TextMeasuring
    /// The second line's font.
    public var secondFont: any TextMeasuring
    /// The image's size in points, when one is shown.
    public var image: (width: Double, height: Double)?

    /// The labels and image of one frame.
    /// - Parameters:
    ///   - title: the state title ("" for none).
    ///   - second: the second line; nil for none.
    ///   - titleFont: measures the title.
    ///   - secondFont: measures the second line.
    ///   - image: the image's size in points; nil for none.
    public init(
        title: String, second: String?, titleFont: any TextMeasuring, secondFont: any TextMeasuring,
        image: (width: Double, height: Double)?
    ) {
        self.title = title
        self.second = second
        self.titleFont = titleFont
        self.secondFont = secondFont
        self.image = image
    }
}

/// The arrow and spinner a control draws where it shows no image.
package struct Indicator: Sendable {
    /// The arrow; nil for none.
    public var arrow: Arrow?
    /// The spinner shows, turning.
    public var spinnerTurns: Bool

    /// An indicator.
    /// - Parameters:
    ///   - arrow: the arrow drawn; nil for none.
    ///   - spinnerTurns: true shows the spinner turning.
    public init(arrow: Arrow?, spinnerTurns: Bool) {
        self.arrow = arrow
        self.spinnerTurns = spinnerTurns
    }

    /// An arrow: a path in its frame's coordinates, pointing down at angle 0, turned about
    /// the frame's centre.
    public struct Arrow: Sendable {
        /// How the path becomes pixels.
        public enum Paint: Sendable, Equatable {
            /// Stroked with a line this many points wide.
            case stroke(width: Double)
            /// Filled.
            case fill
            /// Filled, faded from transparent at the top of its frame to opaque at this
            /// fraction of the height, in the arrow's own coordinates.
            case fadingFill(opaqueAt: Double)
        }

        /// The outline, in points within the arrow's frame.
        public var path: VectorPath
        /// How it is painted.
        public var paint: Paint
        /// Its colour.
        public var color: RGBAColor
        /// Its opacity at rest, 0–1 (a transition's value wins).
        public var opacity: Double
        /// Flipped left to right after turning (right-to-left layouts).
        public var mirrored: Bool
        /// The arrow is an image view whose image apps replace (MJRefresh's `arrowView`), so a
        /// scene's ``RefreshScene/arrowImage`` is drawn in its place.
        public var isImageView = false

        /// An arrow.
        /// - Parameters:
        ///   - path: its shape, in its own points.
        ///   - paint: filled or stroked.
        ///   - color: its colour.
        ///   - opacity: 0 to 1.
        ///   - mirrored: true flips it left to right.
        public init(path: VectorPath, paint: Paint, color: RGBAColor, opacity: Double = 1, mirrored: Bool = false) {
            self.path = path
            self.paint = paint
            self.color = color
            self.opacity = opacity
            self.mirrored = mirrored
        }
    }
}

/// One column of a library's gallery: a state under the library's name, and the pull it is
/// shown with.
package struct GalleryColumn: Sendable, Equatable {
    /// The column's name, e.g. `triggered`.
    public var name: String
    /// The state drawn.
    public var state: RefreshState
    /// The pulling percent drawn.
    public var percent: Double

    /// A column.
    /// - Parameters:
    ///   - name: the column's heading and part of the case names.
    ///   - state: the state drawn.
    ///   - percent: the pull drawn.
    public init(name: String, state: RefreshState, percent: Double) {
        self.name = name
        self.state = state
        self.percent = percent
    }
}
