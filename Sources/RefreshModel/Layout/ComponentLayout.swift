import RefreshImage

/// What `placeSubviews` needs to know about a control (docs/layout.md).
package struct LayoutInput: Sendable, Equatable {
    /// The kind of control.
    public var kind: ComponentKind
    /// Its style.
    public var style: ComponentStyle
    /// Component width W in points (60 for a trailer).
    public var width: Double
    /// Component height H in points (grown by images; a trailer's is the scroll view's).
    public var height: Double
    /// Width of the state label's current text, Ts (0 for no text).
    public var stateTextWidth: Double = 0
    /// Width of the last-updated label's text, Tt (headers).
    public var timeTextWidth: Double = 0
    /// The app hid the state label.
    public var stateLabelHidden = false
    /// The app hid the last-updated label (headers; footers have none).
    public var timeLabelHidden = false
    /// Auto footers: `refreshingTitleHidden`.
    public var refreshingTitleHidden = false
    /// The size of the image the image view shows now, in points (GIF styles).
    public var imageSize: (width: Double, height: Double)?
    /// `labelLeftInset`: the gap between the text and the arrow, spinner or image; nil for the
    /// style's own (25 pt, 20 pt for GIF styles).
    public var labelLeftInset: Double?
    /// The size of the app's arrow image in points (`arrowView.mj_size = image.size`); nil for
    /// the library's arrow.
    public var arrowSize: (width: Double, height: Double)?

    /// An input with no text and no image.
    /// - Parameters:
    ///   - kind: the kind of control.
    ///   - style: its style.
    ///   - width: points.
    ///   - height: points.
    public init(kind: ComponentKind, style: ComponentStyle, width: Double, height: Double) {
        self.kind = kind
        self.style = style
        self.width = width
        self.height = height
    }

    /// Field-by-field equality (the image size is a tuple).
    public static func == (a: LayoutInput, b: LayoutInput) -> Bool {
        a.kind == b.kind && a.style == b.style && a.width == b.width && a.height == b.height
            && a.stateTextWidth == b.stateTextWidth && a.timeTextWidth == b.timeTextWidth
            && a.stateLabelHidden == b.stateLabelHidden && a.timeLabelHidden == b.timeLabelHidden
            && a.refreshingTitleHidden == b.refreshingTitleHidden
            && a.imageSize?.width == b.imageSize?.width && a.imageSize?.height == b.imageSize?.height
            && a.labelLeftInset == b.labelLeftInset
            && a.arrowSize?.width == b.arrowSize?.width && a.arrowSize?.height == b.arrowSize?.height
    }
}

/// The frames MJRefresh's `placeSubviews` gives each element, in points (docs/layout.md).
/// An element that is not laid out (hidden, or absent from the style) is nil.
package struct ComponentLayout: Sendable, Equatable {
    /// The state label.
    public var stateLabel: RefreshRect?
    /// The last-updated label (headers).
    public var timeLabel: RefreshRect?
    /// Where the current image is drawn at its natural size (GIF styles).
    public var image: RefreshRect?
    /// The arrow's box (15×40 pt; 20×20 pt for the trail arrow).
    public var arrow: RefreshRect?
    /// The spinner's 20×20 pt box.
    public var spinner: RefreshRect?
    /// How the labels' text sits in their frames: centred (MJRefresh, ZJRefresh) or at the
    /// left edge (SVPullToRefresh); either way centred vertically.
    public var textAlignment: TextAlignment = .center

    /// How a label places its line in its frame.
    public enum TextAlignment: String, Sendable, Equatable {
        /// Centred horizontally.
        case center
        /// At the frame's left edge.
        case left
    }

    /// Gap between the widest text line and the arrow/spinner (State/Normal variants).
    public static let labelLeftInset = 25.0
    /// Gap between the widest text line and the image (GIF variants).
    public static let gifLabelLeftInset = 20.0
    /// The header/footer arrow's size in points.
    public static let arrowSize = (width: 15.0, height: 40.0)
    /// The trail arrow's size in points.
    public static let trailArrowSize = 20.0
    /// The spinner's size in points.
    public static let spinnerSize = 20.0
    /// A trailer's width.
    public static let trailerWidth = 60.0

    /// No element laid out.
    public init() {}

    /// Lays out a control as its `placeSubviews` does.
    /// - Parameter input: the control, its texts' widths and its image's size.
    public init(_ input: LayoutInput) {
        switch input.kind {
        case .header: self = Self.header(input)
        case .backFooter, .autoFooter: self = Self.footer(input)
        case .trailer: self = Self.trailer(input)
        }
    }

    /// This layout mirrored for a right-to-left collection view (docs/layout.md).
    /// - Parameter width: the control's width.
    /// - Returns: every frame flipped left to right.
    public func mirrored(inWidth width: Double) -> ComponentLayout {
        var out = self
        out.stateLabel = stateLabel?.mirrored(inWidth: width)
        out.timeLabel = timeLabel?.mirrored(inWidth: width)
        out.image = image?.mirrored(inWidth: width)
        out.arrow = arrow?.mirrored(inWidth: width)
        out.spinner = spinner?.mirrored(inWidth: width)
        return out
    }

    // docs/layout.md
    private static func header(_ input: LayoutInput) -> ComponentLayout {
        let w = input.width, h = input.height
        var layout = ComponentLayout()
        if !input.stateLabelHidden {
            if input.timeLabelHidden {
                layout.stateLabel = RefreshRect(x: 0, y: 0, width: w, height: h)
            } else {
                layout.stateLabel = RefreshRect(x: 0, y: 0, width: w, height: h / 2)
                layout.timeLabel = RefreshRect(x: 0, y: h / 2, width: w, height: h - h / 2)
            }
        }
        // Quirk (docs/layout.md): with the state label hidden the time label is not laid out.
        let widest = max(input.stateTextWidth, input.timeLabelHidden ? 0 : input.timeTextWidth)
        switch input.style {
        case .normal:
            let cx = input.stateLabelHidden ? w / 2 : w / 2 - (widest / 2 + (input.labelLeftInset ?? labelLeftInset))
            layout.placeArrowAndSpinner(centerX: cx, centerY: h / 2, arrowSize: input.arrowSize)
        case .gif:
            let centered = input.stateLabelHidden && input.timeLabelHidden
            layout.placeImage(input, centered: centered, rightEdge: w / 2 - widest / 2 - (input.labelLeftInset ?? gifLabelLeftInset))
        case .state:
            break
        }
        return layout
    }

    // docs/layout.md, docs/layout.md
    private static func footer(_ input: LayoutInput) -> ComponentLayout {
        let w = input.width, h = input.height
        var layout = ComponentLayout()
        if !input.stateLabelHidden {
            layout.stateLabel = RefreshRect(x: 0, y: 0, width: w, height: h)
        }
        // The auto footer decides by its refreshingTitleHidden flag, the back footer by
        // the label's visibility.
        let centered = input.kind == .autoFooter ? input.refreshingTitleHidden : input.stateLabelHidden
        switch input.style {
        case .normal:
            let cx = centered ? w / 2 : w / 2 - (input.stateTextWidth / 2 + (input.labelLeftInset ?? labelLeftInset))
            layout.placeArrowAndSpinner(centerX: cx, centerY: h / 2, arrowSize: input.arrowSize)
            if input.kind == .autoFooter { layout.arrow = nil }
        case .gif:
            layout.placeImage(
                input, centered: centered, rightEdge: w / 2 - (input.labelLeftInset ?? gifLabelLeftInset) - input.stateTextWidth / 2)
        case .state:
            break
        }
        return layout
    }

    // docs/layout.md (steady-state geometry)
    private static func trailer(_ input: LayoutInput) -> ComponentLayout {
        let w = input.width, h = input.height
        var layout = ComponentLayout()
        let labelWidth = 14.0 // ceil(font point size)
        let showArrow = input.style == .normal
        if showArrow {
            let arrowX = input.stateLabelHidden ? w / 2 : trailArrowSize / 2 + 5
            let size = input.arrowSize ?? (trailArrowSize, trailArrowSize)
            layout.arrow = RefreshRect(centerX: arrowX, centerY: h / 2, width: size.width, height: size.height)
        }
        if !input.stateLabelHidden {
            let labelX = showArrow ? (w + trailArrowSize) / 2 : w / 2
            layout.stateLabel = RefreshRect(centerX: labelX, centerY: h / 2, width: labelWidth, height: h)
        }
        return layout
    }

    private mutating func placeArrowAndSpinner(centerX: Double, centerY: Double, arrowSize: (width: Double, height: Double)?) {
        let size = arrowSize ?? Self.arrowSize
        arrow = RefreshRect(centerX: centerX, centerY: centerY, width: size.width, height: size.height)
        spinner = RefreshRect(centerX: centerX, centerY: centerY, width: Self.spinnerSize, height: Self.spinnerSize)
    }

    /// Content mode Center (`centered`) or Right with the frame's right edge at `rightEdge`.
    private mutating func placeImage(_ input: LayoutInput, centered: Bool, rightEdge: Double) {
        guard let size = input.imageSize else { return }
        let y = (input.height - size.height) / 2
        if centered {
            image = RefreshRect(x: (input.width - size.width) / 2, y: y, width: size.width, height: size.height)
        } else {
            image = RefreshRect(x: rightEdge - size.width, y: y, width: size.width, height: size.height)
        }
    }
}
