/// Frames made when they are first drawn, not when a file is read: a GIF's frames are
/// composited on demand and only the ones a render needs are kept (docs/robustness.md).
///
/// Implementations are thread-safe and deterministic: the same index and size always give
/// the same pixels, whichever frames were asked for before.
public protocol LazyImageSource: AnyObject, Sendable {
    /// The number of frames.
    var frameCount: Int { get }
    /// The frames' natural width in pixels.
    var frameWidth: Int { get }
    /// The frames' natural height in pixels.
    var frameHeight: Int { get }
    /// Frame `index` at `width` × `height` pixels (resampled when that is not its natural
    /// size). An index out of range gives a transparent image.
    func image(at index: Int, width: Int, height: Int) -> RGBAImage
}
