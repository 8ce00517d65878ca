import RefreshImage

/// Writes animated PNGs: each frame is compressed by ``PNGEncoder`` and its image data goes
/// straight into the APNG chunks (IDAT, then fdAT after an fcTL) that browsers play. The
/// frame count is given up front (the acTL chunk comes first), so the file can be written out
/// as it is made (``takeBytes()``).
/// Frames are full-size, replace the previous one (blend source, dispose none), and carry
/// exact delays as fractions of a second.
package struct APNGEncoder {
    private var output: [UInt8] = []
    private var headerWritten = false
    private var sequence: UInt32 = 0
    private var written = 0
    private var pendingData: [UInt8]?
    private var pendingStart: Int64 = 0
    private let encoder: PNGEncoder
    /// Width and height in pixels.
    public let width: Int, height: Int
    /// The number of frames the file will hold (its `acTL` says so before the frames come).
    public let frameCount: Int

    /// An empty animation of `frameCount` frames of the given size.
    /// - Parameters:
    ///   - width: pixels.
    ///   - height: pixels.
    ///   - frameCount: the frames that will be added.
    ///   - settings: the compression (its ``PNGEncoder/Settings/forAnimation``: RGBA frames at the animation level).
    public init(width: Int, height: Int, frameCount: Int, settings: PNGEncoder.Settings = .default) {
        self.width = width
        self.height = height
        self.frameCount = max(1, frameCount)
        encoder = PNGEncoder(settings: settings.forAnimation)
    }

    /// Adds a frame shown from `seconds` after the start; it must have the animation's size.
    /// - Parameters:
    ///   - image: the frame.
    ///   - seconds: when it shows.
    /// - Throws: ``ImageCodecError/cannotEncode(_:reason:)`` for another size, a bad time or one frame too many.
    public mutating func add(_ image: RGBAImage, at seconds: Double) throws {
        try add(try encoder.compress(image), atMicroseconds: try encoderMicroseconds(seconds, format: .apng))
    }

    /// Adds a frame already compressed by ``PNGEncoder/compress(_:)``, shown from `seconds`
    /// after the start; it must have the animation's size, and there may be no more than
    /// ``frameCount`` frames.
    /// - Parameters:
    ///   - frame: the frame, compressed.
    ///   - seconds: when it shows.
    /// - Throws: ``ImageCodecError/cannotEncode(_:reason:)`` for another size, a bad time or one frame too many.
    public mutating func add(_ frame: PNGEncoder.CompressedImage, at seconds: Double) throws {
        try add(frame, atMicroseconds: try encoderMicroseconds(seconds, format: .apng))
    }

    /// `add(_:at:)` in microseconds.
    package mutating func add(_ frame: PNGEncoder.CompressedImage, atMicroseconds time: Int64) throws {
        guard frame.isRGBA else {
            throw ImageCodecError.cannotEncode(.apng, reason: "a frame must be 8-bit RGBA (PNGEncoder.compress), not a reduced file's data")
        }
        guard frame.width == width, frame.height == height else {
            throw ImageCodecError.cannotEncode(
                .apng, reason: "frame is \(frame.width)×\(frame.height) px, the animation \(width)×\(height)")
        }
        guard written + (pendingData == nil ? 0 : 1) < frameCount else {
            throw ImageCodecError.cannotEncode(.apng, reason: "more than the \(frameCount) frames announced")
        }
        closePending(at: time)
        pendingData = frame.data
        pendingStart = time
    }

    /// The bytes made since the last call: the file so far, written to disk as it is made.
    /// - Returns: the bytes written since the last call.
    public mutating func takeBytes() -> [UInt8] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    /// The rest of the file; the last frame is shown until `seconds` after the start. Plays forever.
    /// - Parameter seconds: when the last frame ends.
    /// - Returns: the bytes not handed out yet.
    /// - Throws: ``ImageCodecError/cannotEncode(_:reason:)`` for fewer frames than announced or a bad time.
    public mutating func finish(at seconds: Double) throws -> [UInt8] {
        try finish(atMicroseconds: try encoderMicroseconds(seconds, format: .apng))
    }

    /// ``finish(at:)`` in microseconds.
    package mutating func finish(atMicroseconds time: Int64) throws -> [UInt8] {
        closePending(at: max(time, pendingStart + 1000))
        guard written == frameCount else {
            throw ImageCodecError.cannotEncode(.apng, reason: "\(written) frames came of the \(frameCount) announced")
        }
        PNGChunks.append("IEND", [], to: &output)
        return takeBytes()
    }

    private mutating func writeHeader() {
        guard !headerWritten else { return }
        headerWritten = true
        output += PNGDecoder.signature
        PNGChunks.append("IHDR", PNGEncoder.CompressedImage(width: width, height: height, data: []).header, to: &output)
        PNGChunks.append("acTL", PNGChunks.bigEndian(UInt32(frameCount)) + PNGChunks.bigEndian(0), to: &output)
    }

    /// Writes the pending frame, now that its delay (until `time`) is known: an fcTL (size,
    /// offset 0, delay as a fraction, dispose none, blend source), then IDAT for the first frame and
    /// fdAT after it.
    private mutating func closePending(at time: Int64) {
        guard let data = pendingData else { return }
        writeHeader()
        let (numerator, denominator) = Self.delay(microseconds: time - pendingStart)
        let control =
            PNGChunks.bigEndian(sequence) + PNGChunks.bigEndian(UInt32(width)) + PNGChunks.bigEndian(UInt32(height))
            + PNGChunks.bigEndian(0) + PNGChunks.bigEndian(0)
            + [UInt8(numerator >> 8), UInt8(numerator & 0xFF), UInt8(denominator >> 8), UInt8(denominator & 0xFF), 0, 0]
        PNGChunks.append("fcTL", control, to: &output)
        sequence += 1
        if written == 0 {
            PNGChunks.append("IDAT", data, to: &output)
        } else {
            PNGChunks.append("fdAT", PNGChunks.bigEndian(sequence) + data, to: &output)
            sequence += 1
        }
        written += 1
        pendingData = nil
    }

    /// A frame's delay as `fcTL` holds it, a fraction of a second: the simplest fraction within
    /// a microsecond of `microseconds` (times arrive rounded to microseconds, so 33 333 and
    /// 33 334 µs are both 1/30 s, and 70 ms stays 7/100), with both terms at most 65 535; else
    /// whole milliseconds (docs/images.md, "APNG output").
    /// - Parameter microseconds: the delay.
    /// - Returns: the numerator and denominator.
    static func delay(microseconds: Int64) -> (UInt16, UInt16) {
        let d = max(microseconds, 1)
        let (p, q) = simplest(low: (max(d - 1, 1), 1_000_000), high: (d + 1, 1_000_000))
        if p >= 1, p <= 65535, q >= 1, q <= 65535 { return (UInt16(p), UInt16(q)) }
        let ms = max(1, min(65535, (d + 500) / 1000))
        return (UInt16(ms), 1000)
    }

    /// The fraction with the smallest denominator in [low, high] (both positive), by continued
    /// fractions (the Stern–Brocot tree's walk).
    private static func simplest(low: (Int64, Int64), high: (Int64, Int64)) -> (Int64, Int64) {
        let whole = low.0 / low.1
        if whole * low.1 == low.0 { return (whole, 1) }
        if (whole + 1) * high.1 <= high.0 { return (whole + 1, 1) }
        // The same whole part: the simplest of the reciprocals of what is left, in reverse order.
        let (p, q) = simplest(low: (high.1, high.0 - whole * high.1), high: (low.1, low.0 - whole * low.1))
        return (whole * p + q, p)
    }
}
