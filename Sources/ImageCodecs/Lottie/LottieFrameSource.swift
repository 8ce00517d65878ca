import RefreshImage
import RefreshLocking

/// A segment of a Lottie animation whose frames are drawn when a render first asks for them,
/// at one natural size, and kept: a still draws one frame, not the whole file
/// (docs/robustness.md).
///
/// Frames of other sizes are resampled from the kept frame, as a decoded image would be. A
/// frame the worker could not draw is an error from ``checkedImage(at:width:height:)`` (and a
/// transparent frame from ``image(at:width:height:)``).
package final class LottieFrameSource: LazyImageSource {
    /// The number of frames in the segment.
    public let frameCount: Int
    /// The width frames are drawn at, in pixels.
    public let frameWidth: Int
    /// The height frames are drawn at, in pixels.
    public let frameHeight: Int
    /// The pixels this source may keep: every frame of the segment.
    public var reservedPixels: Int { frameCount * frameWidth * frameHeight }

    private let frames: Range<Int>
    /// The animation (shared with other segments of the same file, which it serves one frame at a time).
    private let animation: LottieAnimation
    /// The frames drawn so far (a frame is drawn under this lock, so once).
    private let kept = Locked<[Int: RGBAImage]>([:])

    /// The frames `frames` (the file's timeline) of `animation`, drawn at `width × height`
    /// pixels.
    /// - Parameters:
    ///   - animation: the file.
    ///   - frames: the segment's frames on its timeline.
    ///   - width: pixels.
    ///   - height: pixels.
    public init(_ animation: LottieAnimation, frames: Range<Int>, width: Int, height: Int) {
        self.frames = frames
        frameCount = frames.count
        frameWidth = max(1, width)
        frameHeight = max(1, height)
        self.animation = animation
    }

    /// Frame `index` of the segment, or a transparent image when it is out of range or could
    /// not be drawn.
    /// - Parameters:
    ///   - index: the frame, from the segment's start.
    ///   - width: pixels.
    ///   - height: pixels.
    /// - Returns: the frame.
    public func image(at index: Int, width: Int, height: Int) -> RGBAImage {
        (try? checkedImage(at: index, width: width, height: height)) ?? RGBAImage.transparent(width: width, height: height)
    }

    /// Frame `index` of the segment at `width × height` pixels (transparent out of range), or
    /// why the worker could not draw it.
    /// - Parameters:
    ///   - index: the frame, from the segment's start.
    ///   - width: pixels.
    ///   - height: pixels.
    /// - Returns: the frame.
    /// - Throws: ``ImageCodecError`` when the worker could not draw it.
    public func checkedImage(at index: Int, width: Int, height: Int) throws -> RGBAImage {
        guard (0..<frameCount).contains(index) else { return RGBAImage.transparent(width: width, height: height) }
        let natural = try kept.withLock { kept in
            if let frame = kept[index] { return frame }
            let drawn = try animation.render(frame: frames.lowerBound + index, width: frameWidth, height: frameHeight)
            kept[index] = drawn
            return drawn
        }
        guard width != frameWidth || height != frameHeight else { return natural }
        return try Resampler.resize(natural, width: width, height: height)
    }
}
