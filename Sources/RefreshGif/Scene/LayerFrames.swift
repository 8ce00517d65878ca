import RefreshModel
import RefreshRaster

/// Where a scene's own layer is placed in one frame: for tools that show it (the preview
/// outlines the layer chosen on its still picture and moves it by dragging).
@_spi(Tools) public struct LayerFrame: Sendable, Equatable {
    /// The layer's name.
    public var name: String
    /// Its frame in the control's points, as placed for the scene's state, pull and time.
    public var x, y, width, height: Double
    /// False when it draws nothing in this frame: hidden, fully transparent, a stopped spinner.
    public var visible: Bool
}

extension RefreshRenderer {
    /// Where each of the scene's own layers is placed, in drawing order (docs/layers.md,
    /// "Moving a layer on the picture").
    /// - Parameter scene: the control at one moment.
    /// - Returns: each layer's frame in points.
    /// - Throws: ``InvalidValue`` for a value no layer can take (as drawing would).
    @_spi(Tools) public func layerFrames(of scene: RefreshScene) throws -> [LayerFrame] {
        try placeLayers(of: scene).map {
            LayerFrame(
                name: $0.name, x: $0.frame.x, y: $0.frame.y, width: $0.frame.width, height: $0.frame.height, visible: !$0.invisible)
        }
    }
}
