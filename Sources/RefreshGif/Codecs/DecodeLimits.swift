/// Resource limits checked against image headers before any pixel memory is allocated.
public struct DecodeLimits: Sendable, Equatable {
    /// Largest width or height of one image or canvas, in pixels.
    public var maxSide: Int
    /// Largest number of pixels in one frame.
    public var maxFramePixels: Int
    /// Largest number of decoded pixels in one file, summed over its frames.
    public var maxTotalPixels: Int
    /// Largest number of frames in one file.
    public var maxFrames: Int
    /// Largest input file, in bytes.
    public var maxFileBytes: Int

    /// The defaults: 16384 px a side, 64 M pixels a frame, 1 G pixels a file, 10 000 frames,
    /// 256 MiB a file.
    public static let `default` = DecodeLimits(
        maxSide: 16_384, maxFramePixels: 64 << 20, maxTotalPixels: 1 << 30,
        maxFrames: 10_000, maxFileBytes: 256 << 20)

    /// A limit set from explicit values.
    public init(maxSide: Int, maxFramePixels: Int, maxTotalPixels: Int, maxFrames: Int, maxFileBytes: Int) {
        self.maxSide = maxSide
        self.maxFramePixels = maxFramePixels
        self.maxTotalPixels = maxTotalPixels
        self.maxFrames = maxFrames
        self.maxFileBytes = maxFileBytes
    }

    /// Throws when a `width × height` image would break the side or frame limits.
    func check(width: Int, height: Int, what: String) throws {
        if width > maxSide || height > maxSide {
            throw RefreshGifError.limitExceeded(
                file: "input",
                message: "\(what) is \(width)×\(height) px, above the limit of \(maxSide) px a side (raise it with --max-pixels)")
        }
        if width * height > maxFramePixels {
            throw RefreshGifError.limitExceeded(
                file: "input",
                message: "\(what) has \(width * height) pixels, above the limit of \(maxFramePixels) a frame (raise it with --max-pixels)")
        }
    }
}
