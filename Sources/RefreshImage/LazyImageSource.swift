/// Frames made when they are first drawn, not when a file is read: a GIF's frames are
/// composited on demand and only the ones a render needs are kept, and a Lottie animation's
/// frames are drawn only when a render asks for them (docs/robustness.md).
///
/// Implementations are thread-safe and deterministic: the same index and size always give
/// the same pixels, whichever frames were asked for before.
package protocol LazyImageSource: AnyObject, Sendable {
    /// The number of frames.
    var frameCount: Int { get }
    /// The frames' natural width in pixels.
    var frameWidth: Int { get }
    /// The frames' natural height in pixels.
    var frameHeight: Int { get }
    /// Frame `index` at `width` × `height` pixels (resampled when that is not its natural
    /// size). An index out of range gives a transparent image.
    func image(at index: Int, width: Int, height: Int) -> RGBAImage
    /// Frame `index` as ``image(at:width:height:)`` makes it, or the error that kept it from
    /// being made (a source whose frames are drawn by another process can fail late); by
    /// default it never throws.
    func checkedImage(at index: Int, width: Int, height: Int) throws -> RGBAImage
}

extension LazyImageSource {
    /// Frame `index` from ``image(at:width:height:)``: sources made in this process cannot fail.
    /// - Parameters:
    ///   - index: the frame.
    ///   - width: its width in pixels.
    ///   - height: its height in pixels.
    /// - Returns: the frame's pixels.
    /// - Throws: what the source's decoding throws.
    public func checkedImage(at index: Int, width: Int, height: Int) throws -> RGBAImage {
        image(at: index, width: width, height: height)
    }
}
