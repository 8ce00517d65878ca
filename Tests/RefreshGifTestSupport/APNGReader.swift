import RefreshGif

/// An animated PNG played as the APNG specification says, independently of the encoder: each
/// `fcTL` frame's data is rebuilt as a PNG of its own (the file's colour type, palette and
/// `tRNS`), decoded by libpng, and composed onto the canvas at its offset with its blend
/// (source replaces, over composes) and dispose (none, background, previous) operations.
public struct APNGReader {
    /// A frame as shown: the whole canvas (premultiplied) and how long it stays.
    public struct Frame: Equatable {
        /// The canvas after the frame is drawn.
        public var image: RGBAImage
        /// Its delay, `fcTL`'s numerator and denominator (0 means 100).
        public var delay: (numerator: Int, denominator: Int)
        /// Its rectangle: x, y, width, height.
        public var rectangle: (x: Int, y: Int, width: Int, height: Int)
        /// 0 none, 1 background, 2 previous.
        public var dispose: Int
        /// 0 source, 1 over.
        public var blend: Int

        /// The delay in seconds.
        public var seconds: Double { Double(delay.numerator) / Double(delay.denominator == 0 ? 100 : delay.denominator) }

        public static func == (a: Frame, b: Frame) -> Bool {
            a.image == b.image && a.delay == b.delay && a.rectangle == b.rectangle && a.dispose == b.dispose && a.blend == b.blend
        }
    }

    /// What went wrong reading a file.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The frames in order.
    public let frames: [Frame]
    /// `acTL`'s frame count.
    public let announced: Int
    /// IHDR's colour type and bit depth.
    public let colorType: Int, bitDepth: Int

    /// Reads and plays `data`.
    /// - Parameter data: the APNG file.
    /// - Throws: ``Failure`` for a file this reader cannot follow; the decoder's error for bad image data.
    public init(_ data: [UInt8]) throws {
        guard data.count > 8, Array(data[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw Failure(description: "not a PNG")
        }
        var offset = 8
        var header: [UInt8] = [], palette: [UInt8] = [], transparency: [UInt8] = []
        var announced = 0
        var controls: [[UInt8]] = []
        var datas: [[UInt8]] = []
        while offset + 12 <= data.count {
            let length = Self.word(data, offset)
            guard offset + 12 + length <= data.count else { throw Failure(description: "a chunk runs past the end") }
            let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = Array(data[(offset + 8)..<(offset + 8 + length)])
            switch type {
            case "IHDR": header = body
            case "PLTE": palette = body
            case "tRNS": transparency = body
            case "acTL": announced = Self.word(body, 0)
            case "fcTL":
                controls.append(body)
                datas.append([])
            case "IDAT": if !datas.isEmpty { datas[datas.count - 1] += body }
            case "fdAT": if !datas.isEmpty { datas[datas.count - 1] += body.dropFirst(4) }
            default: break
            }
            offset += 12 + length
        }
        guard header.count == 13 else { throw Failure(description: "no IHDR") }
        let width = Self.word(header, 0), height = Self.word(header, 4)
        self.announced = announced
        bitDepth = Int(header[8])
        colorType = Int(header[9])
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var frames: [Frame] = []
        for (control, compressed) in zip(controls, datas) {
            guard control.count == 26 else { throw Failure(description: "an fcTL of \(control.count) bytes") }
            let w = Self.word(control, 4), h = Self.word(control, 8), x = Self.word(control, 12), y = Self.word(control, 16)
            guard w > 0, h > 0, x + w <= width, y + h <= height else { throw Failure(description: "a frame outside the canvas") }
            var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            Self.append("IHDR", Array(control[4..<12]) + Array(header[8..<13]), to: &png)
            if !palette.isEmpty { Self.append("PLTE", palette, to: &png) }
            if !transparency.isEmpty { Self.append("tRNS", transparency, to: &png) }
            Self.append("IDAT", compressed, to: &png)
            Self.append("IEND", [], to: &png)
            let part = try PNGDecoder().decode(png)
            let before = canvas
            let blend = Int(control[25]), dispose = Int(control[24])
            for row in 0..<h {
                for column in 0..<w {
                    let s = (row * w + column) * 4, d = ((y + row) * width + x + column) * 4
                    let alpha = Int(part.pixels[s + 3])
                    if blend == 1 && alpha == 0 { continue }
                    for c in 0..<4 {
                        let source: Int = Int(part.pixels[s + c])
                        if blend == 0 || alpha == 255 {
                            canvas[d + c] = UInt8(source)
                        } else {
                            let kept: Int = (Int(canvas[d + c]) * (255 - alpha) + 127) / 255
                            canvas[d + c] = UInt8(min(255, source + kept))
                        }
                    }
                }
            }
            frames.append(
                Frame(
                    image: try RGBAImage(width: width, height: height, premultipliedPixels: canvas),
                    delay: (Self.half(control, 20), Self.half(control, 22)), rectangle: (x, y, w, h),
                    dispose: dispose, blend: blend))
            switch dispose {
            case 1:
                for row in 0..<h {
                    let start: Int = ((y + row) * width + x) * 4
                    for i in start..<(start + w * 4) { canvas[i] = 0 }
                }
            case 2: canvas = before
            default: break
            }
        }
        self.frames = frames
    }

    /// The picture shown `seconds` after the start (the last frame after the end).
    /// - Parameter seconds: the time.
    /// - Returns: the canvas shown then.
    public func shown(at seconds: Double) -> RGBAImage? {
        var start = 0.0
        var shown: RGBAImage?
        for frame in frames {
            if start > seconds + 1e-9 { break }
            shown = frame.image
            start += frame.seconds
        }
        return shown
    }

    /// The whole duration in seconds.
    public var duration: Double { frames.reduce(0) { $0 + $1.seconds } }

    private static func word(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    private static func half(_ bytes: [UInt8], _ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }

    private static func append(_ type: String, _ body: [UInt8], to out: inout [UInt8]) {
        let count = UInt32(body.count)
        out += [UInt8(count >> 24), UInt8((count >> 16) & 0xFF), UInt8((count >> 8) & 0xFF), UInt8(count & 0xFF)]
        let typed = Array(type.utf8) + body
        out += typed
        let crc = crc32(typed)
        out += [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
