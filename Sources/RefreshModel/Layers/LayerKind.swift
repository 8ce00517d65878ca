/// The kinds of subview a custom control adds in its `prepare` (docs/layers.md).
public enum LayerKind: String, CaseIterable, Sendable, Codable, Hashable {
    /// A `UILabel`: one text per state, a font, a colour, an alignment, a number of lines.
    case label
    /// A `UIImageView`: a file, one per state, a GIF or Lottie that plays in time.
    case image
    /// A `UIActivityIndicatorView`: animating in some states, hidden when stopped.
    case spinner
    /// A `UISwitch`, 51 × 31 pt, on or off per state, moving as iOS moves it.
    case `switch`
    /// A `CAShapeLayer`: a rectangle, an oval or an arc, stroked or filled.
    case shape
    /// The library's own arrow (MJRefresh's `arrowView`), turning as the library turns it.
    case arrow

    /// The size a layer of this kind takes when its width or height is not given, in points,
    /// where the kind has one of its own (a label and an image measure their content).
    public var intrinsicSize: (width: Double, height: Double)? {
        switch self {
        case .switch: return SwitchShape.size
        case .arrow: return ComponentLayout.arrowSize
        case .label, .image, .spinner, .shape: return nil
        }
    }
}
