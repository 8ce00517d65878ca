import CZlib

/// Writes animated PNGs: each frame is compressed by libpng (through ``PNGEncoder``), and
/// its image data is re-wrapped in the APNG chunks (acTL, fcTL, fdAT) that browsers play.
/// Frames are full-size, replace the previous one (blend source, dispose none), and carry
/// exact delays as fractions of a second.
public struct APNGEncoder {
    private var header: [UInt8] = []
    private var frames: [(data: [UInt8], delay: (UInt16, UInt16))] = []
    private var pendingData: [UInt8]?
    private var pendingStart: Int64 = 0
    private let encoder: PNGEncoder
    /// Width and height in pixels.
    public let width: Int, height: Int

    /// An empty animation of the given size.
    public init(width: Int, height: Int, settings: PNGEncoder.Settings = .fastUI) {
        self.width = width
        self.height = height
        encoder = PNGEncoder(settings: settings)
    }

    /// Adds a frame shown from `time` µs.
    public mutating func add(_ image: RGBAImage, at time: Int64) throws {
        precondition(image.width == width && image.height == height, "every APNG frame must have the animation's size")
        add(png: try encoder.encode(image), at: time)
    }

    /// Adds a frame already encoded as a PNG of the animation's size (by ``PNGEncoder``).
    public mutating func add(png: [UInt8], at time: Int64) {
        var data: [UInt8] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(CgBIConverter.bigEndian32(png, offset))
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = png[(offset + 8)..<(offset + 8 + length)]
            if type == "IHDR" && header.isEmpty { header = Array(body) }
            if type == "IDAT" { data += body }
            offset += 12 + length
        }
        closePending(at: time)
        pendingData = data
        pendingStart = time
    }

    private mutating func closePending(at time: Int64) {
        guard let data = pendingData else { return }
        // Delay as a fraction in ms (≤ 65535 ms).
        let ms = UInt16(max(1, min(65535, (time - pendingStart + 500) / 1000)))
        frames.append((data, (ms, 1000)))
        pendingData = nil
    }

    /// The APNG file; the last frame is shown until `time` µs. Plays forever.
    public mutating func finish(at time: Int64) -> [UInt8] {
        closePending(at: max(time, pendingStart + 1000))
        var out = PNGDecoder.signature
        Self.chunk("IHDR", header, into: &out)
        Self.chunk("acTL", Self.be32(UInt32(frames.count)) + Self.be32(0), into: &out)
        var sequence: UInt32 = 0
        for (i, frame) in frames.enumerated() {
            let control = Self.be32(sequence) + Self.be32(UInt32(width)) + Self.be32(UInt32(height))
                + Self.be32(0) + Self.be32(0) + Self.be16(frame.delay.0) + Self.be16(frame.delay.1) + [0, 0]
            Self.chunk("fcTL", control, into: &out)
            sequence += 1
            if i == 0 {
                Self.chunk("IDAT", frame.data, into: &out)
            } else {
                Self.chunk("fdAT", Self.be32(sequence) + frame.data, into: &out)
                sequence += 1
            }
        }
        Self.chunk("IEND", [], into: &out)
        return out
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ body: [UInt8], into out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        out += be32(UInt32(body.count)) + typeBytes + body
        var crc = crc32(0, nil, 0)
        crc = typeBytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        crc = body.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        out += be32(UInt32(crc))
    }
}
