import RefreshModel

/// What one frame of a scene shows and where: the element frames, the texts and the image
/// picked from the state sequences. ``RefreshRenderer/plan(for:)`` makes it and
/// ``RefreshRenderer/render(_:)`` draws it, so a report made from a plan and the picture
/// cannot disagree.
package struct RenderPlan: Sendable, Equatable {
    /// An image of a state's sequence.
    public struct Image: Sendable, Equatable {
        /// The state whose sequence it is.
        public var sequence: RefreshState
        /// Its index in that sequence.
        public var index: Int
    }

    /// The element frames in points.
    public var layout: ComponentLayout
    /// The control's width in points.
    public var width: Double
    /// The control's height in points.
    public var height: Double
    /// The state title drawn ("" for none).
    public var stateTitle: String
    /// The last-updated line (headers), if the scene has one.
    public var timeText: String?
    /// The image drawn (GIF styles), nil when none is.
    public var image: Image?
}
