import ImageCodecs
@_spi(Tools) import RefreshFiles

/// An animated GIF (``GIFEncoder``; docs/images.md), streamed to its file as frames come.
public final class GIFSink: FrameSink {
    private let file: FileIO.StreamingFile
    private let matte: RGBAColor?
    private let dithering: GIFDithering
    private let colorError: Double
    private var encoder: GIFEncoder?

    /// A sink writing the GIF at `path` (`-` for standard output). With a `matte` (the colour of
    /// the page it will sit on), soft edges are composited onto it instead of cut at half
    /// opacity (``GIFEncoder/QuantizedFrame/init(_:matte:)``); `dithering` applies to frames
    /// with more colours than a palette holds.
    /// - Parameters:
    ///   - path: the GIF file; `-` for standard output.
    ///   - matte: the page's colour, or nil to cut soft edges.
    ///   - dithering: how missing colours are shown.
    /// - Throws: ``RefreshGifError`` when the file cannot be created.
    public convenience init(path: String, matte: RGBAColor? = nil, dithering: GIFDithering = .none) throws {
        try self.init(path: path, matte: matte, dithering: dithering, colorError: 0)
    }

    /// A sink as ``init(path:matte:dithering:)`` makes, whose frames may differ from their
    /// source by up to `colorError` (mean squared error per channel over each frame's picture)
    /// to share one palette (``GIFEncoder/init(width:height:dithering:colorError:)``).
    /// - Parameters:
    ///   - path: the GIF file; `-` for standard output.
    ///   - matte: the page's colour, or nil to cut soft edges.
    ///   - dithering: how missing colours are shown.
    ///   - colorError: mean squared error per channel, 0 (exact colours) to 100.
    /// - Throws: ``RefreshGifError/invalidSetting(field:message:)`` for an error out of range
    ///   (before the file is made); ``RefreshGifError`` when the file cannot be created.
    public init(path: String, matte: RGBAColor?, dithering: GIFDithering, colorError: Double) throws {
        guard GIFEncoder.colorErrors.contains(colorError) else {
            throw RefreshGifError.invalidSetting(
                field: "gifColorError", message: "must be between 0 and 100, got \(colorError)")
        }
        file = try FileIO.StreamingFile(path)
        self.matte = matte
        self.dithering = dithering
        self.colorError = colorError
    }

    /// Prepares the frame's pixels for the encoder.
    public var prepare: @Sendable (SinkFrame) throws -> GIFEncoder.QuantizedFrame {
        { [matte] frame in
            guard let matte else { return try frame.quantized() }
            return try GIFEncoder.QuantizedFrame(frame.image, matte: matte)
        }
    }

    /// Encodes the frame and writes what is ready.
    public func add(_ prepared: GIFEncoder.QuantizedFrame, info: FrameInfo) throws {
        let gif = try encoder ?? GIFEncoder(width: info.width, height: info.height, dithering: dithering, colorError: colorError)
        encoder = gif
        try gif.add(prepared, atMicroseconds: info.timeMicroseconds)
        let bytes = gif.takeBytes()
        if !bytes.isEmpty { try file.write(bytes) }
    }

    /// Writes the last frame's delay and the trailer, and puts the file in place.
    public func finish(endMicroseconds: Int64) throws {
        guard let encoder else { return abandon() }
        try file.write(try encoder.finish(atMicroseconds: endMicroseconds))
        try file.commit()
    }

    /// Removes the unfinished file.
    public func abandon() { file.abandon() }
}
