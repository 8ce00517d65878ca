import CPNGSupport

/// Encodes ``RGBAImage`` as PNG bytes with libpng, deterministically.
///
/// The output is straight 8-bit RGBA, non-interlaced, with no time stamp, text or other
/// chunk that would differ between two runs: the same pixels give the same bytes.
public struct PNGEncoder: Sendable {
    /// The zlib/libpng settings used to compress the image data.
    public struct Settings: Sendable, Equatable {
        /// The row filters libpng may choose from.
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
            /// All five; libpng picks per row (its adaptive default).
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
        guard !image.isEmpty else {
            throw RefreshGifError.internalError("cannot encode an empty image as PNG")
        }
        return try encodeStraight(image.straightPixels(), width: image.width, height: image.height)
    }

    /// The PNG file for a straight image.
    public func encode(_ image: StraightImage) throws -> [UInt8] {
        guard image.width > 0, image.height > 0 else {
            throw RefreshGifError.internalError("cannot encode an empty image as PNG")
        }
        return try encodeStraight(image.pixels, width: image.width, height: image.height)
    }

    /// The PNG file for straight (non-premultiplied) RGBA rows.
    public func encodeStraight(_ pixels: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        var output = rg_png_output(data: nil, size: 0, capacity: 0)
        var message = [CChar](repeating: 0, count: 256)
        defer { rg_png_output_free(&output) }
        let status = pixels.withUnsafeBufferPointer { buffer in
            rg_png_encode_rgba(buffer.baseAddress, UInt32(width), UInt32(height), width * 4,
                               Int32(settings.level), settings.filters.rawValue, settings.strategy.rawValue,
                               &output, &message, message.count)
        }
        guard status == 0, let data = output.data else {
            throw RefreshGifError.internalError("libpng could not encode: \(PNGDecoder.text(message))")
        }
        return Array(UnsafeBufferPointer(start: data, count: output.size))
    }
}
