import RefreshImage
import RefreshModel

/// A grid of rendered frames, each on a white card with a caption underneath: the gallery
/// of every kind and style, and (later) the contact sheet of an animation.
package struct ContactSheet {
    /// One picture and its caption.
    public struct Cell {
        /// The picture (premultiplied RGBA).
        public var image: RGBAImage
        /// The text under it.
        public var caption: String

        /// A cell from its parts.
        /// - Parameters:
        ///   - image: the picture.
        ///   - caption: one line under it.
        public init(image: RGBAImage, caption: String) {
            self.image = image
            self.caption = caption
        }
    }

    /// The rows of cells; rows may differ in length.
    public var rows: [[Cell]]
    /// Pixels per point of the captions and spacing (use the cells' render scale).
    public var scale: Int

    /// A sheet from its rows.
    /// - Parameters:
    ///   - rows: the cells, row by row.
    ///   - scale: the captions' scale.
    public init(rows: [[Cell]], scale: Int) {
        self.rows = rows
        self.scale = scale
    }

    static let sheetColor = RGBAColor(red: 0xF2, green: 0xF2, blue: 0xF7)
    static let cardColor = RGBAColor(red: 0xFF, green: 0xFF, blue: 0xFF)
    static let captionColor = RGBAColor(red: 0x3C, green: 0x3C, blue: 0x43)

    /// Composes the sheet: columns as wide as their widest cell, rows as tall as their
    /// tallest, each cell on a white card with its caption below.
    /// - Parameter renderer: draws the captions.
    /// - Returns: the sheet.
    /// - Throws: the renderer's errors.
    public func render(with renderer: RefreshRenderer) throws -> RGBAImage {
        try RefreshScene.scales.check(scale, field: "scale")
        let s = Double(scale)
        let gap = Int(8 * s), captionHeight = Int(20 * s)
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.image.width) } }
        let heights = rows.map { row in (row.map(\.image.height).max() ?? 0) + captionHeight }
        let width = widths.reduce(gap) { $0 + $1 + gap }
        let height = heights.reduce(gap) { $0 + $1 + gap }
        var sheet = try RGBAImage(width: width, height: height)
        sheet.fill(with: Self.sheetColor)
        let text = try renderer.text(scale: scale, font: nil)
        var y = gap
        for (r, row) in rows.enumerated() {
            var x = gap
            for (i, cell) in row.enumerated() {
                var card = try RGBAImage(width: widths[i], height: heights[r])
                card.fill(with: Self.cardColor)
                sheet.draw(card, atX: x, y: y)
                sheet.draw(cell.image, atX: x, y: y)
                let captionFrame = RefreshRect(
                    x: Double(x) / s, y: Double(y + heights[r] - captionHeight) / s,
                    width: Double(widths[i]) / s, height: Double(captionHeight) / s)
                text.draw(cell.caption, in: captionFrame, color: Self.captionColor, into: &sheet)
                x += widths[i] + gap
            }
            y += heights[r] + gap
        }
        return sheet
    }
}

extension ContactSheet {
    /// The gallery of a family (``Gallery/cases(family:language:scale:images:)``) as one
    /// sheet: a row per kind and style, a column per state, captioned.
    /// - Parameters:
    ///   - family: the library.
    ///   - language: the titles' language.
    ///   - scale: pixels a point.
    ///   - images: the GIF styles' images.
    ///   - renderer: draws the cells and captions.
    /// - Returns: the sheet.
    /// - Throws: the renderer's errors.
    public static func gallery(
        of family: any RefreshFamily, language: TitleLanguage, scale: Int, images: StateImages,
        renderer: RefreshRenderer
    ) throws -> RGBAImage {
        let rows = try Gallery.cases(family: family, language: language, scale: scale, images: images).map { row in
            try row.map { Cell(image: try renderer.render($0.scene), caption: $0.caption) }
        }
        return try ContactSheet(rows: rows, scale: scale).render(with: renderer)
    }
}
