import RefreshImage
import RefreshModel

/// The part of the screen around a control, for previews of a gesture: the control drawn
/// where the scroll offset puts it, optionally over a plain list that moves with the offset.
package struct ScreenWindow: Sendable {
    /// The control's kind (decides which edge of the scroll view is shown).
    public var kind: ComponentKind
    /// The scroll view.
    public var geometry: ScrollGeometry
    /// Draw the content as a list of plain rows (columns for a trailer).
    public var showContent: Bool
    /// How far the control sits beyond its usual place, away from the content (MJRefresh's
    /// `ignoredScrollViewContentInset…`), in points.
    public var ignoredInset = 0.0
    /// Show the whole scroll view, not only the part around the control (the preview page's
    /// phone screen).
    public var showsWholeView = false

    /// A window for a control on a scroll view.
    /// - Parameters:
    ///   - kind: the control's kind (where it sits).
    ///   - geometry: the scroll view.
    ///   - showContent: true draws a plain list that moves with the offset.
    public init(kind: ComponentKind, geometry: ScrollGeometry, showContent: Bool) {
        self.kind = kind
        self.geometry = geometry
        self.showContent = showContent
    }

    /// The plain list's colours: the phone's light or dark appearance (iOS's grouped
    /// backgrounds). The control draws as the app set it in either: MJRefresh's label and
    /// arrow colours are fixed, not the system's dynamic ones.
    public var appearance = ListAppearance.light

    static let rowHeight = 44.0

    /// The window's size in points: the scroll view's width by 2.5 control heights (at
    /// least 150 pt), or by the whole view when ``showsWholeView``; for a trailer, 3 trailer
    /// widths (or the whole view) by the view's height.
    /// - Parameter controlHeight: the control's height in points.
    /// - Returns: the window's size in points.
    public func size(controlHeight: Double) -> (width: Double, height: Double) {
        if kind == .trailer { return (showsWholeView ? geometry.viewWidth : 3 * ComponentLayout.trailerWidth, geometry.viewHeight) }
        if showsWholeView { return (geometry.viewWidth, geometry.viewHeight) }
        return (geometry.viewWidth, min(geometry.viewHeight, max(150, 2.5 * controlHeight)))
    }

    /// Where the control's top-left corner is in the window, in points, at `offset`.
    /// - Parameters:
    ///   - controlHeight: the control's height in points.
    ///   - offset: the scroll offset along the control's axis.
    /// - Returns: the corner, in points.
    public func controlOrigin(controlHeight: Double, offset: Double) -> (x: Double, y: Double) {
        let window = size(controlHeight: controlHeight)
        let g = geometry
        switch kind {
        case .header:
            return (0, -controlHeight - ignoredInset - offset - g.insetTop)
        case .backFooter, .autoFooter:
            return (0, g.controlEdge(for: kind) + ignoredInset - offset - (g.viewHeight - g.insetBottom - window.height))
        case .trailer:
            return (g.controlEdge(for: kind) + ignoredInset - offset - (g.viewWidth - g.insetRight - window.width), 0)
        }
    }

    /// The window with `control` (rendered at `scale`) placed for `offset`; its canvas comes
    /// from `renderer`'s recycled buffers when one is given.
    /// - Parameters:
    ///   - control: the control's picture.
    ///   - controlHeight: its height in points.
    ///   - offset: the scroll offset along its axis.
    ///   - scale: pixels a point.
    ///   - background: what is behind the list.
    ///   - renderer: gives a recycled canvas; nil for a new one.
    /// - Returns: the window's picture.
    /// - Throws: ``InvalidValue`` for a scale, offset or height out of range.
    public func compose(
        control: RGBAImage, controlHeight: Double, offset: Double, scale: Int,
        background: RGBAColor, renderer: RefreshRenderer? = nil
    ) throws -> RGBAImage {
        try compose(
            control: control, controlHeight: controlHeight, offset: offset, scale: scale, background: background, region: nil,
            renderer: renderer)
    }

    /// The pixels of the window that `control` covers at `offset` (its picture's rectangle,
    /// cut to the window): what changes while the list alone stays still. Empty (no width or
    /// no height) when the control is out of sight.
    /// - Parameters:
    ///   - control: the control's picture.
    ///   - controlHeight: its height in points.
    ///   - offset: the scroll offset along its axis.
    ///   - scale: pixels a point.
    /// - Returns: the rectangle, in the window's pixels.
    package func controlBand(control: RGBAImage, controlHeight: Double, offset: Double, scale: Int) -> (
        x: Int, y: Int, width: Int, height: Int
    ) {
        let s = Double(scale)
        let window = size(controlHeight: controlHeight)
        let (width, height) = (Int((window.width * s).rounded()), Int((window.height * s).rounded()))
        let origin = controlOrigin(controlHeight: controlHeight, offset: offset)
        guard origin.x.isFinite, origin.y.isFinite, abs(origin.x) < 1e7, abs(origin.y) < 1e7 else { return (0, 0, 0, 0) }
        let x = TextRenderer.snap(origin.x * s), y = TextRenderer.snap(origin.y * s)
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + control.width), y1 = min(height, y + control.height)
        return x1 > x0 && y1 > y0 ? (x0, y0, x1 - x0, y1 - y0) : (x0, y0, 0, 0)
    }

    /// Only `region` (pixels of the window) of what
    /// ``compose(control:controlHeight:offset:scale:background:renderer:)`` draws, on a canvas
    /// that size: the preview page draws the list around it itself.
    package func compose(
        control: RGBAImage, controlHeight: Double, offset: Double, scale: Int,
        background: RGBAColor, region: (x: Int, y: Int, width: Int, height: Int)?, renderer: RefreshRenderer? = nil,
        layers: RefreshScene? = nil
    ) throws -> RGBAImage {
        try RefreshScene.scales.check(scale, field: "scale")
        guard offset.isFinite, abs(offset) < 1e7, controlHeight.isFinite, controlHeight >= 0, controlHeight < 1e6 else {
            throw InvalidValue(field: "offset", reason: "offset and control height must be finite numbers of points")
        }
        try geometry.validate()
        let s = Double(scale)
        let window = size(controlHeight: controlHeight)
        let whole = (x: 0, y: 0, width: Int((window.width * s).rounded()), height: Int((window.height * s).rounded()))
        let cut = region ?? whole
        guard cut.x >= 0, cut.y >= 0, cut.width >= 0, cut.height >= 0,
            cut.x + cut.width <= whole.width, cut.y + cut.height <= whole.height
        else {
            throw InvalidValue(field: "region", reason: "must lie inside the window's \(whole.width)×\(whole.height) pixels")
        }
        var image = try renderer?.canvas(width: cut.width, height: cut.height) ?? RGBAImage(width: cut.width, height: cut.height)
        let origin = controlOrigin(controlHeight: controlHeight, offset: offset)
        if showContent {
            image.fill(with: appearance.palette.background)
        } else if background.alpha > 0 {
            image.fill(with: background)
        }
        image.draw(control, atX: TextRenderer.snap(origin.x * s) - cut.x, y: TextRenderer.snap(origin.y * s) - cut.y)
        // The app's own subviews may reach beyond the control (a logo above a header): drawn
        // here, in the window, under the content as the control itself is (docs/layers.md).
        if let scene = layers, !scene.hidden, let renderer {
            try renderer.drawLayers(
                of: scene, into: &image, originX: TextRenderer.snap(origin.x * s) - cut.x, originY: TextRenderer.snap(origin.y * s) - cut.y,
                opacity: scene.alpha)
        }
        if showContent {
            try drawContent(into: &image, offset: offset, windowHeight: window.height, scale: s, shift: (cut.x, cut.y))
        }
        return image
    }

    /// Content rows (or columns) in window coordinates, drawn over the control as the
    /// scroll view's content is.
    /// `shift`: the window's pixel at the image's top-left corner.
    private func drawContent(
        into image: inout RGBAImage, offset: Double, windowHeight: Double, scale s: Double, shift cut: (x: Int, y: Int)
    ) throws {
        let g = geometry
        let palette = appearance.palette
        func fill(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: RGBAColor, hairline: Bool = false) throws {
            // A separator is a hairline, as UIKit draws one: at least one pixel thick at every
            // scale and offset (half a point snapped to none at 1x whenever the list stood between
            // pixels: the live phone lost its lines where a still frame kept them).
            var sx0 = TextRenderer.snap(x * s), sy0 = TextRenderer.snap(y * s)
            let sx1 = TextRenderer.snap((x + w) * s), sy1 = TextRenderer.snap((y + h) * s)
            // The pixel that ends where the line ends: the next row starts there.
            if hairline { sx0 = min(sx0, sx1 - 1); sy0 = min(sy0, sy1 - 1) }
            let x0 = max(0, sx0 - cut.x), y0 = max(0, sy0 - cut.y)
            let x1 = min(image.width, sx1 - cut.x)
            let y1 = min(image.height, sy1 - cut.y)
            guard x1 > x0, y1 > y0 else { return }
            // The colours are opaque: filling replaces, as drawing an opaque block would.
            image.fill(x0: x0, y0: y0, x1: x1, y1: y1, with: color)
        }
        if kind == .trailer {
            let windowWidth = size(controlHeight: 0).width
            let windowLeft = g.viewWidth - g.insetRight - windowWidth
            let shift = -offset - windowLeft
            var x = 0.0
            var i = 0
            while x < g.contentWidth {
                let left = x + shift
                if left < windowWidth && left + 120 > 0 {
                    try fill(left, 0, min(120, g.contentWidth - x), g.viewHeight, palette.row)
                    try fill(left + 119.5, 0, 0.5, g.viewHeight, palette.separator, hairline: true)
                    try fill(left + 16, g.viewHeight / 2 - 30 + Double(i % 3) * 12, 80, 10, palette.placeholder)
                }
                x += 120
                i += 1
            }
            return
        }
        let windowTop: Double = kind == .header ? g.insetTop : g.viewHeight - g.insetBottom - windowHeight
        let shift = -offset - windowTop
        let first = max(0, Int(((windowTop + offset) / Self.rowHeight).rounded(.down)))
        var i = first
        while Double(i) * Self.rowHeight < g.contentHeight {
            let top = Double(i) * Self.rowHeight + shift
            if top > windowHeight { break }
            let height = min(Self.rowHeight, g.contentHeight - Double(i) * Self.rowHeight)
            try fill(0, top, g.viewWidth, height, palette.row)
            try fill(16, top + height - 0.5, g.viewWidth - 16, 0.5, palette.separator, hairline: true)
            try fill(16, top + 17, 90 + Double((i * 37) % 120), 10, palette.placeholder)
            i += 1
        }
    }
}

/// The phone's appearance behind a control: the colours of the plain list a preview draws.
public enum ListAppearance: String, Sendable, CaseIterable {
    /// Light: a grey-blue background (#F2F2F7), white rows.
    case light
    /// Dark: a black background, rows #1C1C1E.
    case dark

    /// The list's four colours.
    package struct Palette: Sendable, Equatable {
        /// Behind the rows.
        public let background: RGBAColor
        /// A row.
        public let row: RGBAColor
        /// The line under a row.
        public let separator: RGBAColor
        /// The grey bar standing for a row's text.
        public let placeholder: RGBAColor
    }

    /// This appearance's colours (the preview page draws the same).
    package var palette: Palette {
        switch self {
        case .light:
            Palette(
                background: RGBAColor(red: 0xF2, green: 0xF2, blue: 0xF7), row: RGBAColor(red: 0xFF, green: 0xFF, blue: 0xFF),
                separator: RGBAColor(red: 0xE5, green: 0xE5, blue: 0xEA), placeholder: RGBAColor(red: 0xD8, green: 0xD8, blue: 0xDC))
        case .dark:
            Palette(
                background: RGBAColor(red: 0x00, green: 0x00, blue: 0x00), row: RGBAColor(red: 0x1C, green: 0x1C, blue: 0x1E),
                separator: RGBAColor(red: 0x38, green: 0x38, blue: 0x3A), placeholder: RGBAColor(red: 0x3A, green: 0x3A, blue: 0x3C))
        }
    }
}
