import FoundationEssentials
import ImageCodecs
import RefreshImage

/// The image formats RefreshGif writes, and the one place a file's extension picks one: a
/// still frame (`render -o`) and an animation's files both come through here.
public enum ImageFileFormat: String, CaseIterable, Sendable {
    /// PNG; a PNG with several frames is an APNG.
    case png
    /// GIF.
    case gif
    /// Animated PNG under its own extension.
    case apng

    /// The format `path`'s extension names (`.png` or none: PNG); nil for an extension
    /// there is no encoder for.
    /// - Parameter path: an output path.
    public init?(path: String) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "png", "": self = .png
        case "gif": self = .gif
        case "apng": self = .apng
        default: return nil
        }
    }

    /// A still image in this format: one frame shown for 0.1 s in the animated formats.
    /// - Parameters:
    ///   - image: the picture.
    ///   - settings: the PNG compression (PNG and APNG).
    /// - Returns: the file's bytes.
    /// - Throws: ``ImageCodecError`` when encoding fails.
    public func encode(_ image: RGBAImage, settings: PNGEncoder.Settings = .default) throws -> [UInt8] {
        switch self {
        case .png:
            return try PNGEncoder(settings: settings).encode(image)
        case .gif:
            let gif = try GIFEncoder(width: image.width, height: image.height)
            try gif.add(image, at: 0)
            return try gif.finish(at: 0.1)
        case .apng:
            var apng = APNGEncoder(width: image.width, height: image.height, frameCount: 1, settings: settings)
            try apng.add(image, at: 0)
            return try apng.finish(at: 0.1)
        }
    }

    /// A sink writing an animation of `frameCount` frames to `path` in this format; a GIF's
    /// soft edges go onto `gifMatte` when one is given, and its frames with too many colours
    /// are dithered as `gifDithering` says.
    /// - Parameters:
    ///   - path: the file; `-` for standard output.
    ///   - frameCount: the frames it will be given.
    ///   - settings: the PNG compression.
    ///   - gifMatte: a GIF's page colour.
    ///   - gifDithering: a GIF's dithering.
    /// - Returns: the sink.
    /// - Throws: ``RefreshGifError`` when the file cannot be created.
    package func sink(
        path: String, frameCount: Int, settings: PNGEncoder.Settings = .default, gifMatte: RGBAColor? = nil,
        gifDithering: GIFDithering = .none
    ) throws -> any FrameSink {
        try sink(path: path, frameCount: frameCount, settings: settings, gifMatte: gifMatte, gifDithering: gifDithering, gifColorError: 0)
    }

    /// A sink as ``sink(path:frameCount:settings:gifMatte:gifDithering:)`` makes, whose GIF
    /// frames may take up to `gifColorError` to share the global colour table
    /// (``GIFSink/init(path:matte:dithering:colorError:)``).
    /// - Parameters:
    ///   - path: the file; `-` for standard output.
    ///   - frameCount: the frames it will be given.
    ///   - settings: the PNG compression.
    ///   - gifMatte: a GIF's page colour.
    ///   - gifDithering: a GIF's dithering.
    ///   - gifColorError: a GIF's colour error, 0 (exact colours) to 100.
    /// - Returns: the sink.
    /// - Throws: ``RefreshGifError`` for an error out of range or when the file cannot be created.
    package func sink(
        path: String, frameCount: Int, settings: PNGEncoder.Settings, gifMatte: RGBAColor?,
        gifDithering: GIFDithering, gifColorError: Double
    ) throws -> any FrameSink {
        switch self {
        case .gif: return try GIFSink(path: path, matte: gifMatte, dithering: gifDithering, colorError: gifColorError)
        case .png, .apng: return try APNGSink(path: path, frameCount: frameCount, settings: settings)
        }
    }
}
