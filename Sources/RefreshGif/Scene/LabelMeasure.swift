import RefreshModel
import RefreshRaster

extension RefreshRenderer {
    /// A label's own size: its text on one line in `font` at `scale`, as a label layer without
    /// a width or height is sized — what `UILabel.intrinsicContentSize` gives app code drawn
    /// through RefreshGifUIKit, so that code sizing a label by its content draws as the scene.
    /// - Parameters:
    ///   - text: the text.
    ///   - font: a label font as the settings write one (`bold 13`, `15 Brand.ttf`).
    ///   - scale: the screen's scale.
    /// - Returns: the size in points.
    /// - Throws: ``InvalidValue`` for a font no face has.
    package func labelSize(of text: String, font: String, scale: Int) throws -> (width: Double, height: Double) {
        var description = SceneDescription()
        description[.scale] = .integer(scale)
        description.layers = [ControlLayer(.label, name: "measured", [.text: .text(text), .font: .text(font), .x: 0, .y: 0])]
        guard let placed = try placeLayers(of: try description.makeScene()).first else { return (0, 0) }
        return (placed.frame.width, placed.frame.height)
    }
}
