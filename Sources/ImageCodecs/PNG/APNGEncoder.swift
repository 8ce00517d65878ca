import RefreshImage

import RefreshImage

/// Writes animated PNGs: each frame is compressed by ``PNGEncoder`` and its image data goes
/// straight into the APNG chunks (IDAT, then fdAT after an fcTL) that browsers play.
/// Frames are full-size, replace the previous one (blend source, dispose none), and carry
/// exact delays as fractions of a second.
public struct APNGEncoder {
    private var frames: [(data: [UInt8], delay: (UInt16, UInt16))] = []
    private var pendingData: [UInt8]?
    private var pendingStart: Int64 = 0
    private let encoder: PNGEncoder
    /// Width and height in pixels.
    public let width: Int, height: Int

    /// An empty animation of the given size.
    public init(width: Int, height: Int, settings: PNGEncoder.Settings = .default) {
        self.width = width
        self.height = height
        encoder = PNGEncoder(settings: settings)
    }

    /// Adds a frame shown from `time` µs; it must have the animation's size.
    public mutating func add(_ image: RGBAImage, at time: Int64) throws {
        try add(try encoder.compress(image), at: time)
    }

    /// Adds a frame already compressed by ``PNGEncoder/compress(_:)``; it must have the
    /// animation's size.
    public mutating func add(_ frame: PNGEncoder.CompressedImage, at time: Int64) throws {
        guard frame.width == width, frame.height == height else {
            throw ImageCodecError.cannotEncode(.apng, reason: "frame is \(frame.width)×\(frame.height) px, the animation \(width)×\(height)")
        }
        closePending(at: time)
        pendingData = frame.data
        pendingStart = time
    }

    private mutating func closePending(at time: Int64) {
        guard let data = pendingData else { return }
        // Delay as a fraction in ms (≤ 65535 ms).
        let ms = UInt16(max(1, min(65535, ((Double(time) - Double(pendingStart)) / 1000).rounded())))
        frames.append((data, (ms, 1000)))
        pendingData = nil
    }

    /// The APNG file; the last frame is shown until `time` µs. Plays forever.
    public mutating func finish(at time: Int64) -> [UInt8] {
        closePending(at: max(time, pendingStart + 1000))
        var out = PNGDecoder.signature
        PNGChunks.append("IHDR", PNGEncoder.CompressedImage(width: width, height: height, data: []).header, to: &out)
        PNGChunks.append("acTL", PNGChunks.bigEndian(UInt32(frames.count)) + PNGChunks.bigEndian(0), to: &out)
        var sequence: UInt32 = 0
        for (i, frame) in frames.enumerated() {
            // Sequence, size, offset (0, 0), delay as numerator/denominator, dispose none, blend source.
            let (numerator, denominator) = frame.delay
            let control = PNGChunks.bigEndian(sequence) + PNGChunks.bigEndian(UInt32(width)) + PNGChunks.bigEndian(UInt32(height))
                + PNGChunks.bigEndian(0) + PNGChunks.bigEndian(0)
                + [UInt8(numerator >> 8), UInt8(numerator & 0xFF), UInt8(denominator >> 8), UInt8(denominator & 0xFF), 0, 0]
            PNGChunks.append("fcTL", control, to: &out)
            sequence += 1
            if i == 0 {
                PNGChunks.append("IDAT", frame.data, to: &out)
            } else {
                PNGChunks.append("fdAT", PNGChunks.bigEndian(sequence) + frame.data, to: &out)
                sequence += 1
            }
        }
        PNGChunks.append("IEND", [], to: &out)
        return out
    }

}
