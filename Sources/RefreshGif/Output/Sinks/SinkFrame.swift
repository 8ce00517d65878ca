import ImageCodecs
import RefreshImage

/// One rendered frame on a worker thread, on its way to the sinks: the picture, what it
/// shows, and its PNG and GIF encodings, each made at most once whichever sinks ask. A
/// frame with the same pixels as the worker's previous one (a looping picture held for
/// several frames) takes that frame's encodings: the same bytes, made once.
public final class SinkFrame {
    /// The frame's number, from 0.
    public let index: Int
    /// The picture (premultiplied RGBA).
    public let image: RGBAImage
    /// What it shows.
    public let report: FrameReport
    let encoder: PNGEncoder
    let memo: PNGCompressionMemo
    private var compressed: PNGEncoder.CompressedImage?
    private var compressedFile: PNGEncoder.CompressedImage?
    private var quantizedFrame: GIFEncoder.QuantizedFrame?

    init(
        index: Int, image: RGBAImage, report: FrameReport, encoder: PNGEncoder, memo: PNGCompressionMemo,
        previous: SinkFrame?
    ) {
        self.index = index
        self.image = image
        self.report = report
        self.encoder = encoder
        self.memo = memo
        if let previous, previous.image == image {
            compressed = previous.compressed
            compressedFile = previous.compressedFile
            quantizedFrame = previous.quantizedFrame
        }
    }

    /// The frame compressed as 8-bit RGBA PNG image data with the write's settings, at their
    /// animation level (once, whichever sink asks first).
    /// - Returns: the compressed image data.
    /// - Throws: ``ImageCodecError`` when compression fails.
    package func png() throws -> PNGEncoder.CompressedImage {
        if let compressed { return compressed }
        var settings = encoder.settings.forAnimation
        settings.colors = .rgba
        let made = try PNGEncoder(settings: settings).compress(image, memo: memo)
        compressed = made
        return made
    }

    /// The frame as a whole PNG file.
    /// - Returns: the file's bytes.
    /// - Throws: ``ImageCodecError`` when compression fails.
    public func pngFile() throws -> [UInt8] {
        if let compressedFile { return try encoder.file(for: compressedFile) }
        let made = try encoder.compressFile(image, memo: memo)
        compressedFile = made
        return try encoder.file(for: made)
    }

    /// The frame's pixels as the GIF encoder compares them.
    /// - Returns: the frame, quantised.
    /// - Throws: ``ImageCodecError`` for a frame the encoder cannot take.
    public func quantized() throws -> GIFEncoder.QuantizedFrame {
        if let quantizedFrame { return quantizedFrame }
        let made = try GIFEncoder.QuantizedFrame(image)
        quantizedFrame = made
        return made
    }
}
