import CDeflate
import CPNGSupport
import CZlib
import RefreshImage

/// Encodes ``RGBAImage`` as PNG bytes, deterministically.
///
/// The output is straight 8-bit RGBA, non-interlaced, with no time stamp, text or other
/// chunk that would differ between two runs: the same pixels give the same bytes. Rows are
/// filtered here and compressed with libdeflate into the image data, which the PNG file and
/// the frames of an animated PNG (the APNG encoder) both take as it is. (The command line can
/// also compress with zlib, or write with libpng's own writer, for comparison.)
public struct PNGEncoder: Sendable {
    /// The zlib/libpng settings used to compress the image data.
    public struct Settings: Sendable, Equatable {
        /// The row filters the encoder may choose from.
        package struct Filters: OptionSet, Sendable, Hashable {
            /// libpng's PNG_FILTER_* bit mask.
            public let rawValue: Int32
            /// A filter set from libpng's bit mask.
            /// - Parameter rawValue: libpng's `PNG_FILTER_*` bits.
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
        package enum Strategy: Int32, Sendable, CaseIterable {
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

        /// What compresses the filtered rows: the tools' choice (`--png-encoder`), not the
        /// library's API (adopters get libdeflate).
        package enum Compressor: String, Sendable, CaseIterable {
            /// libdeflate: levels 0–12, faster and smaller than zlib at the same level.
            case libdeflate
            /// zlib, with its strategy: levels 0–9.
            case zlib
            /// libpng's own writer (its filters and zlib): the reference.
            case libpng

            /// The level used when none is given: 6 for libdeflate (the default settings), 6 —
            /// zlib's own default — for zlib and libpng.
            package var defaultLevel: Int { self == .libdeflate ? Settings.default.level : 6 }
            /// The levels it has: libdeflate 0–12, zlib 0–9.
            package var levels: ClosedRange<Int> { self == .libdeflate ? 0...12 : 0...9 }
        }

        /// How a PNG file's pixels are stored.
        public enum Colors: String, Sendable, CaseIterable {
            /// The smallest lossless form for each image: RGB when opaque, a palette (alpha in
            /// `tRNS`) for 256 colours or fewer, grey for grey, the smallest bit depth; the
            /// same pixels decoded.
            case reduced
            /// Always 8-bit RGBA: no look at the colours first, a little faster, larger files.
            case rgba
        }

        /// Compression level, 0 (store) – 12 (smallest; zlib and libpng stop at 9).
        public var level: Int
        /// The row filters.
        package var filters: Filters
        /// The zlib strategy.
        package var strategy: Strategy
        /// The compressor.
        package var compressor: Compressor
        /// How a file's pixels are stored (libpng's writer: always RGBA); an animated PNG's
        /// frames share the smallest form they all fit, or are RGBA when this says so.
        public var colors: Colors
        /// The level of an animated PNG's frames: a preview of many frames, kept fast. The level
        /// unless set apart.
        public var animationLevel: Int

        /// These settings for an animated PNG's frames: ``animationLevel``, the same colours.
        public var forAnimation: Settings {
            Settings(level: animationLevel, filters: filters, strategy: strategy, compressor: compressor, colors: colors)
        }

        /// Settings from their parts; the level is clamped to what the compressor has.
        /// - Parameters:
        ///   - level: the compression level.
        ///   - filters: the row filters tried.
        ///   - strategy: zlib's strategy.
        ///   - compressor: libdeflate, zlib or libpng.
        ///   - colors: reduced (the smallest lossless form) or always RGBA.
        ///   - animationLevel: the level of an animated PNG's frames; nil for `level`.
        package init(
            level: Int, filters: Filters, strategy: Strategy = .default, compressor: Compressor = .libdeflate, colors: Colors = .reduced,
            animationLevel: Int? = nil
        ) {
            self.level = max(compressor.levels.lowerBound, min(compressor.levels.upperBound, level))
            self.filters = filters
            self.strategy = strategy
            self.compressor = compressor
            self.colors = colors
            self.animationLevel = max(compressor.levels.lowerBound, min(compressor.levels.upperBound, animationLevel ?? level))
        }

        /// Settings without row filters (the fastest and, on flat UI frames, the smallest),
        /// compressed by libdeflate.
        /// - Parameters:
        ///   - level: the compression level, clamped to 0–12.
        ///   - colors: reduced (the smallest lossless form) or always RGBA.
        ///   - animationLevel: the level of an animated PNG's frames; nil for `level`.
        public init(level: Int, colors: Colors = .reduced, animationLevel: Int? = nil) {
            self.init(level: level, filters: .none, colors: colors, animationLevel: animationLevel)
        }

        /// The default, for frames, goldens and previews (a designer's loop, a snapshot suite):
        /// each file in its smallest lossless colour form (``Colors/reduced``), libdeflate level
        /// 6, no row filter. On the design's frame sequences a whole `simulate --frames` is about
        /// four times faster than at level 10, its files 9–12 % above `oxipng -o2`'s bytes
        /// (docs/benchmarks.md). On flat UI frames row filters make the files larger.
        public static let `default` = Settings(level: 6, filters: .none)
        /// The smallest, for files an app ships (`export`'s assets): level 10, within 3 % of
        /// `oxipng -o2`'s bytes and still several times faster than its optimisation alone.
        package static let smallest = Settings(level: 10, filters: .none)
        /// The encoder before colour reduction: 8-bit RGBA at libdeflate level 7, no filter —
        /// about three times faster to write than the default, files a fifth larger.
        package static let rgbaLevel7 = Settings(level: 7, filters: .none, colors: .rgba)
        /// The fastest on refresh-control frames: libdeflate level 3, no filter (an eighth larger
        /// than the default, a fifth faster; libdeflate's level 1 is slower still on long
        /// transparent runs, docs/benchmarks.md).
        package static let fastUI = Settings(level: 3, filters: .none)
        /// libpng's own writer with its defaults: zlib level 6, adaptive filters.
        package static let libpngDefault = Settings(level: 6, filters: .all, strategy: .filtered, compressor: .libpng)
    }

    /// The compression settings.
    public var settings: Settings

    /// An encoder with the given settings (default ``Settings/default``).
    /// - Parameter settings: level, filters, strategy and compressor.
    public init(settings: Settings = .default) {
        self.settings = settings
    }

    /// The PNG file for `image`.
    /// - Parameter image: the picture, premultiplied.
    /// - Returns: the PNG file's bytes.
    /// - Throws: ``ImageCodecError/cannotEncode(_:reason:)`` when compression fails.
    public func encode(_ image: RGBAImage) throws -> [UInt8] {
        if settings.compressor == .libpng { return try encodeWithLibpng(image) }
        return try file(for: compressFile(image))
    }

    /// The compressed data of `image` for a PNG file of its own: in its smallest lossless
    /// colour form when ``Settings/colors`` is `.reduced`, else as ``compress(_:)``.
    /// - Parameter image: the picture.
    /// - Returns: the compressed data, header and colour form.
    /// - Throws: ``ImageCodecError/cannotEncode(_:reason:)`` when compression fails.
    package func compressFile(_ image: RGBAImage) throws -> CompressedImage {
        try compressFile(image, memo: nil)
    }

    /// ``compressFile(_:)`` with a memo of recent frames (``compress(_:memo:)``).
    package func compressFile(_ image: RGBAImage, memo: PNGCompressionMemo?) throws -> CompressedImage {
        guard settings.colors == .reduced else { return try compress(image, memo: memo) }
        guard !image.isEmpty, image.width <= Int(Int32.max), image.height <= Int(Int32.max) else {
            throw ImageCodecError.cannotEncode(.png, reason: "the image is \(image.width)×\(image.height) px")
        }
        return try reduced(straight: image.straightPixels(), width: image.width, height: image.height, memo: memo) {
            try compress(image, memo: memo)
        }
    }

    /// `pixels` (straight RGBA) in their smallest lossless colour form, compressed; a small
    /// picture that does not pay for its palette's chunks as `rgba()` makes it instead.
    private func reduced(
        straight pixels: [UInt8], width: Int, height: Int, memo: PNGCompressionMemo?, rgba: () throws -> CompressedImage
    ) throws -> CompressedImage {
        let (form, rows, _) = PNGReduction.reduce(straight: pixels, width: width, height: height)
        let reduced = try compress(packedRows: rows, width: width, height: height, form: form, memo: memo)
        guard width * height <= Self.smallImagePixels, form != .rgba else { return reduced }
        let whole = try rgba()
        let chunks = (form.palette.isEmpty ? 0 : 12 + form.palette.count) + (form.transparency.isEmpty ? 0 : 12 + form.transparency.count)
        return whole.data.count < reduced.data.count + chunks ? whole : reduced
    }

    /// Rows already in `form` (packed, no filter bytes) filtered and compressed: palette indices
    /// and samples under 8 bits unfiltered (filters predict neighbouring values, which indices
    /// are not), 8-bit samples with the settings' filters.
    package func compress(
        packedRows rows: [UInt8], width: Int, height: Int, form: PNGColorForm, memo: PNGCompressionMemo? = nil
    ) throws -> CompressedImage {
        let rowBytes = form.rowBytes(width: width)
        let filters = form.colorType == 3 || form.bitDepth < 8 ? Settings.Filters.none : settings.filters
        return try compressRows(width: width, height: height, rowBytes: rowBytes, form: form, memo: memo) { out in
            PNGRowFilter.filter(
                rows, width: rowBytes / form.filterStride, height: height, bytesPerPixel: form.filterStride, filters: filters,
                into: out)
        }
    }

    /// Pictures up to this many pixels are also compressed as RGBA and the smaller file kept.
    static let smallImagePixels = 16_384

    /// The PNG file for a straight image, in its smallest lossless colour form when
    /// ``Settings/colors`` is `.reduced`, as for a premultiplied image.
    /// - Parameter image: the picture, straight.
    /// - Returns: the PNG file's bytes.
    /// - Throws: ``ImageCodecError/cannotEncode(_:reason:)`` when compression fails.
    public func encode(_ image: StraightImage) throws -> [UInt8] {
        let pixels = image.pixels, width = image.width, height = image.height
        guard settings.colors == .reduced, width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            return try file(for: compress(straight: pixels, width: width, height: height))
        }
        return try file(
            for: reduced(straight: pixels, width: width, height: height, memo: nil) {
                try compress(straight: pixels, width: width, height: height)
            })
    }

    /// The compressed image data (the zlib stream IDAT chunks hold) and the IHDR body of `image`.
    /// - Parameter image: the picture.
    /// - Returns: the compressed data and header.
    /// - Throws: ``ImageCodecError/cannotEncode(_:reason:)`` when compression fails.
    package func compress(_ image: RGBAImage) throws -> CompressedImage {
        try compress(image, memo: nil)
    }

    /// ``compress(_:)``, taking the data from `memo` when it holds a frame with the same
    /// filtered rows and keeping what it compresses there (libdeflate only).
    package func compress(_ image: RGBAImage, memo: PNGCompressionMemo?) throws -> CompressedImage {
        guard !image.isEmpty, image.width <= Int(Int32.max), image.height <= Int(Int32.max) else {
            throw ImageCodecError.cannotEncode(.png, reason: "the image is \(image.width)×\(image.height) px")
        }
        // Un-premultiplied row by row as the rows are filtered: no whole-frame straight copy.
        return try compressRows(width: image.width, height: image.height, memo: memo) { rows in
            PNGRowFilter.filter(premultiplied: image, filters: settings.filters, into: rows)
        }
    }

    /// A PNG image's header and its compressed, filtered rows.
    package struct CompressedImage: Sendable, Equatable {
        /// Width in pixels.
        public let width: Int
        /// Height in pixels.
        public let height: Int
        /// The zlib stream of the filtered rows.
        public let data: [UInt8]
        /// How the rows store the pixels (8-bit RGBA unless reduced).
        package let form: PNGColorForm

        /// Compressed 8-bit RGBA rows.
        /// - Parameters:
        ///   - width: width in pixels.
        ///   - height: height in pixels.
        ///   - data: the zlib stream of the filtered rows.
        public init(width: Int, height: Int, data: [UInt8]) {
            self.init(width: width, height: height, data: data, form: .rgba)
        }

        package init(width: Int, height: Int, data: [UInt8], form: PNGColorForm) {
            self.width = width
            self.height = height
            self.data = data
            self.form = form
        }

        /// True for 8-bit RGBA rows (what an animated PNG's frames hold).
        public var isRGBA: Bool { form == .rgba }

        /// The 13-byte IHDR body: size, colour type and depth, no interlace.
        var header: [UInt8] {
            PNGChunks.bigEndian(UInt32(width)) + PNGChunks.bigEndian(UInt32(height)) + [form.bitDepth, form.colorType, 0, 0, 0]
        }
    }

    /// Largest IDAT chunk written.
    static let chunkSize = 1 << 20

    /// The PNG file holding a compressed image.
    /// - Parameter image: data from ``compress(_:)``.
    /// - Returns: the file's bytes.
    /// - Throws: nothing for data made by ``compress(_:)`` (the chunks are split to fit).
    package func file(for image: CompressedImage) throws -> [UInt8] {
        var out = PNGDecoder.signature
        out.reserveCapacity(image.data.count + 64)
        PNGChunks.append("IHDR", image.header, to: &out)
        if !image.form.palette.isEmpty { PNGChunks.append("PLTE", image.form.palette, to: &out) }
        if !image.form.transparency.isEmpty { PNGChunks.append("tRNS", image.form.transparency, to: &out) }
        var start = 0
        repeat {
            let end = min(image.data.count, start + Self.chunkSize)
            PNGChunks.append("IDAT", image.data[start..<end], to: &out)
            start = end
        } while start < image.data.count
        PNGChunks.append("IEND", [], to: &out)
        return out
    }

    func compress(straight pixels: [UInt8], width: Int, height: Int) throws -> CompressedImage {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw ImageCodecError.cannotEncode(.png, reason: "the image is \(width)×\(height) px")
        }
        return try compressRows(width: width, height: height) { rows in
            PNGRowFilter.filter(pixels, width: width, height: height, filters: settings.filters, into: rows)
        }
    }

    /// Compresses the filtered rows `fill` writes. libdeflate works in a reused
    /// ``PNGWorkspace`` (compressor and buffers kept from frame to frame); zlib in fresh buffers.
    private func compressRows(
        width: Int, height: Int, rowBytes: Int? = nil, form: PNGColorForm = .rgba, memo: PNGCompressionMemo? = nil,
        _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Void
    ) throws -> CompressedImage {
        let count = ((rowBytes ?? width * 4) + 1) * height
        switch settings.compressor {
        case .libdeflate:
            return try PNGWorkspace.with(level: settings.level) { workspace in
                let buffer = workspace.filtered(count)
                fill(buffer)
                let rows = UnsafeBufferPointer(buffer)
                // The level is part of the key: a file's and an animation's frames share a memo
                // and are compressed at different levels.
                let hash = memo.map { _ in PNGCompressionMemo.hash(rows) ^ (UInt64(settings.level) &* 0x9E37_79B9_7F4A_7C15) }
                if let memo, let hash,
                    let kept = memo.lookUp(rows, width: width, height: height, form: form, hash: hash, in: workspace)
                {
                    return kept
                }
                let made = Result {
                    CompressedImage(width: width, height: height, data: try Self.libdeflate(rows, in: workspace), form: form)
                }
                if let memo, let hash { memo.keep(try? made.get(), hash: hash) }
                return try made.get()
            }
        case .zlib, .libpng:
            var rows = [UInt8](repeating: 0, count: count)
            rows.withUnsafeMutableBufferPointer { fill($0) }
            return CompressedImage(
                width: width, height: height,
                data: try Self.deflate(rows, level: settings.level, strategy: settings.strategy.rawValue), form: form)
        }
    }

    /// A zlib stream of `input` from the workspace's libdeflate compressor (one shot: the
    /// whole input is in memory), made in the workspace's buffer and copied out at its size.
    static func libdeflate(_ input: UnsafeBufferPointer<UInt8>, in workspace: PNGWorkspace) throws -> [UInt8] {
        let output = workspace.compressed(libdeflate_zlib_compress_bound(workspace.compressor, input.count))
        let written = libdeflate_zlib_compress(workspace.compressor, input.baseAddress, input.count, output.baseAddress, output.count)
        guard written > 0 else { throw ImageCodecError.libraryFailure("libdeflate could not compress \(input.count) bytes") }
        return Array(UnsafeBufferPointer(rebasing: output[0..<written]))
    }

    /// A zlib stream of `input` (window 32 KiB, memory level 8, as libpng uses).
    static func deflate(_ input: [UInt8], level: Int, strategy: Int32) throws -> [UInt8] {
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, Int32(level), Z_DEFLATED, 15, 8, strategy, zlibVersion(),
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else {
            throw ImageCodecError.libraryFailure("zlib deflateInit2 failed")
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.count)))
        var output = [UInt8](repeating: 0, count: bound)
        let status = ZlibPass.run(&stream, input: input, output: &output) { CZlib.deflate($0, $1) }
        guard status == Z_STREAM_END else { throw ImageCodecError.libraryFailure("zlib deflate failed (\(status))") }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }

    /// The PNG file for `image` written by libpng with the same settings: the reference the
    /// tests and benchmarks compare this encoder with.
    /// - Parameter image: the picture.
    /// - Returns: the file's bytes.
    /// - Throws: ``ImageCodecError/cannotEncode(_:reason:)`` when libpng fails.
    package func encodeWithLibpng(_ image: RGBAImage) throws -> [UInt8] {
        guard !image.isEmpty else { throw ImageCodecError.cannotEncode(.png, reason: "the image is empty") }
        let pixels = image.straightPixels()
        let width = image.width, height = image.height
        var output = rg_png_output(data: nil, size: 0, capacity: 0)
        var message = [CChar](repeating: 0, count: 256)
        defer { rg_png_output_free(&output) }
        let status = pixels.withUnsafeBufferPointer { buffer in
            rg_png_encode_rgba(
                buffer.baseAddress, UInt32(width), UInt32(height), width * 4,
                Int32(settings.level), settings.filters.rawValue, settings.strategy.rawValue,
                &output, &message, message.count)
        }
        guard status == 0, let data = output.data else {
            throw ImageCodecError.libraryFailure("libpng could not encode: \(PNGDecoder.text(message))")
        }
        return Array(UnsafeBufferPointer(start: data, count: output.size))
    }
}
