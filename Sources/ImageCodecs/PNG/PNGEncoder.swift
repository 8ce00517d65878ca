import CPNGSupport
import CZlib
import RefreshImage

/// Encodes ``RGBAImage`` as PNG bytes, deterministically.
///
/// The output is straight 8-bit RGBA, non-interlaced, with no time stamp, text or other
/// chunk that would differ between two runs: the same pixels give the same bytes. Rows are
/// filtered here and compressed with zlib into the image data, which the PNG file and the
/// frames of an animated PNG (``APNGEncoder``) both take as it is. libpng's own writer is
/// kept as a reference (``encodeWithLibpng(_:)``).
public struct PNGEncoder: Sendable {
    /// The zlib/libpng settings used to compress the image data.
    public struct Settings: Sendable, Equatable {
        /// The row filters the encoder may choose from.
        public struct Filters: OptionSet, Sendable, Hashable {
            /// libpng's PNG_FILTER_* bit mask.
            public let rawValue: Int32
            /// A filter set from libpng's bit mask.
            public init(rawValue: Int32) { self.rawValue = rawValue }
            /// No filtering.
            public static let none = Filters(rawValue: 0x08)
            /// Difference to the pixel on the left.
            public static let sub = Filters(rawValue: 0x10)
            /// Difference to the pixel above.
            public static let up = Filters(rawValue: 0x20)
            /// Difference to the mean of left and above.
            public static let average = Filters(rawValue: 0x40)
            /// Paeth predictor.
            public static let paeth = Filters(rawValue: 0x80)
            /// All five; the encoder picks per row the one whose bytes sum smallest (libpng's
            /// adaptive heuristic).
            public static let all: Filters = [.none, .sub, .up, .average, .paeth]
        }

        /// zlib's compression strategies.
        public enum Strategy: Int32, Sendable, CaseIterable {
            /// zlib's default.
            case `default` = 0
            /// Tuned for filtered data.
            case filtered = 1
            /// Huffman coding only.
            case huffmanOnly = 2
            /// Run-length matches only.
            case rle = 3
            /// Fixed Huffman codes.
            case fixed = 4
        }

        /// zlib level, 0 (store) – 9 (smallest).
        public var level: Int
        /// The row filters.
        public var filters: Filters
        /// The zlib strategy.
        public var strategy: Strategy

        /// Settings from their three parts.
        public init(level: Int, filters: Filters, strategy: Strategy) {
            self.level = max(0, min(9, level))
            self.filters = filters
            self.strategy = strategy
        }

        /// The default for refresh-control frames: zlib level 1, no row filter. On flat UI
        /// frames (large transparent or flat areas, grey text, a small picture) this is about
        /// five times faster than libpng's adaptive default and within a few per cent of
        /// its size (measured in the README).
        public static let fastUI = Settings(level: 1, filters: .none, strategy: .default)
        /// libpng's own defaults: zlib level 6, adaptive filters.
        public static let libpngDefault = Settings(level: 6, filters: .all, strategy: .filtered)
    }

    /// The compression settings.
    public var settings: Settings

    /// An encoder with the given settings (default ``Settings/fastUI``).
    public init(settings: Settings = .fastUI) {
        self.settings = settings
    }

    /// The PNG file for `image`.
    public func encode(_ image: RGBAImage) throws -> [UInt8] {
        try file(for: compress(image))
    }

    /// The PNG file for a straight image.
    public func encode(_ image: StraightImage) throws -> [UInt8] {
        try file(for: compress(straight: image.pixels, width: image.width, height: image.height))
    }

    /// The compressed image data (the zlib stream IDAT chunks hold) and the IHDR body of `image`.
    public func compress(_ image: RGBAImage) throws -> CompressedImage {
        try compress(straight: image.straightPixels(), width: image.width, height: image.height)
    }

    /// A PNG image's header and its compressed, filtered rows.
    public struct CompressedImage: Sendable, Equatable {
        /// Width in pixels.
        public let width: Int
        /// Height in pixels.
        public let height: Int
        /// The zlib stream of the filtered rows.
        public let data: [UInt8]

        /// The 13-byte IHDR body: size, 8-bit RGBA, no interlace.
        var header: [UInt8] {
            PNGChunks.bigEndian(UInt32(width)) + PNGChunks.bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]
        }
    }

    /// Largest IDAT chunk written.
    static let chunkSize = 1 << 20

    /// The PNG file holding a compressed image.
    public func file(for image: CompressedImage) throws -> [UInt8] {
        var out = PNGDecoder.signature
        out.reserveCapacity(image.data.count + 64)
        PNGChunks.append("IHDR", image.header, to: &out)
        var start = 0
        repeat {
            let end = min(image.data.count, start + Self.chunkSize)
            PNGChunks.append("IDAT", Array(image.data[start..<end]), to: &out)
            start = end
        } while start < image.data.count
        PNGChunks.append("IEND", [], to: &out)
        return out
    }

    func compress(straight pixels: [UInt8], width: Int, height: Int) throws -> CompressedImage {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw ImageCodecError.cannotEncode(.png, reason: "the image is \(width)×\(height) px")
        }
        let filtered = PNGRowFilter.filter(pixels, width: width, height: height, filters: settings.filters)
        return CompressedImage(width: width, height: height, data: try Self.deflate(filtered, level: settings.level,
                                                                                   strategy: settings.strategy.rawValue))
    }

    /// A zlib stream of `input` (window 32 KiB, memory level 8, as libpng uses).
    static func deflate(_ input: [UInt8], level: Int, strategy: Int32) throws -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, Int32(level), Z_DEFLATED, 15, 8, strategy, zlibVersion(),
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ImageCodecError.libraryFailure("zlib deflateInit2 failed")
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.count)))
        var output = [UInt8](repeating: 0, count: bound)
        var input = input
        let status: Int32 = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = UInt32(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = UInt32(outBuffer.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw ImageCodecError.libraryFailure("zlib deflate failed (\(status))") }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }

    /// The PNG file for `image` written by libpng with the same settings: the reference the
    /// tests and benchmarks compare this encoder with.
    public func encodeWithLibpng(_ image: RGBAImage) throws -> [UInt8] {
        guard !image.isEmpty else { throw ImageCodecError.cannotEncode(.png, reason: "the image is empty") }
        let pixels = image.straightPixels()
        let width = image.width, height = image.height
        var output = rg_png_output(data: nil, size: 0, capacity: 0)
        var message = [CChar](repeating: 0, count: 256)
        defer { rg_png_output_free(&output) }
        let status = pixels.withUnsafeBufferPointer { buffer in
            rg_png_encode_rgba(buffer.baseAddress, UInt32(width), UInt32(height), width * 4,
                               Int32(settings.level), settings.filters.rawValue, settings.strategy.rawValue,
                               &output, &message, message.count)
        }
        guard status == 0, let data = output.data else {
            throw ImageCodecError.libraryFailure("libpng could not encode: \(PNGDecoder.text(message))")
        }
        return Array(UnsafeBufferPointer(start: data, count: output.size))
    }
}
