import CDeflate

/// The common PNG read without libpng: 8-bit RGB or RGBA, not interlaced, every chunk's CRC
/// right, one run of IDAT chunks holding exactly the image's rows. The image data is inflated
/// by libdeflate in one call and unfiltered here (``PNGUnfilter``).
///
/// Anything else — another colour type or depth, interlacing, a tRNS chunk, an unknown
/// critical chunk, a chunk type that is not four letters, a bad CRC, too much or too little
/// data, a bad filter byte — is not decided
/// here: ``decode(_:limits:)`` returns nil and the caller reads the file with libpng, which
/// gives its own pixels or error. The tests check both readers agree pixel for pixel.
enum PNGFastPath {
    /// Straight RGBA pixels of `data`, or nil when this reader does not take the file. Throws
    /// only ``ImageCodecError/limitExceeded(_:)``, checked before allocating.
    static func decode(_ data: [UInt8], limits: DecodeLimits) throws -> (width: Int, height: Int, pixels: [UInt8])? {
        try data.withUnsafeBufferPointer { bytes -> (width: Int, height: Int, pixels: [UInt8])? in
            guard let layout = Layout(bytes) else { return nil }
            try limits.check(width: layout.width, height: layout.height, what: "PNG image")
            return decode(bytes, layout)
        }
    }

    /// Where the parts of a file this reader takes are.
    private struct Layout {
        var width = 0, height = 0, channels = 0
        /// The IDAT bodies, in order.
        var imageData: [Range<Int>] = []

        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count >= 8, Array(bytes[0..<8]) == PNGDecoder.signature else { return nil }
            var offset = 8
            var seenIHDR = false, seenIEND = false, dataEnded = false
            while offset + 12 <= bytes.count {
                let length = Int(PNGChunks.bigEndian32(bytes, offset))
                let type = PNGChunks.bigEndian32(bytes, offset + 4)
                let body = offset + 8
                guard length <= 0x7FFF_FFFF, length <= bytes.count - body - 4 else { return nil }
                let crc = libdeflate_crc32(0, bytes.baseAddress.map { $0 + offset + 4 }, length + 4)
                guard crc == PNGChunks.bigEndian32(bytes, body + length) else { return nil }
                // libpng refuses a chunk type that is not four ASCII letters.
                guard (offset + 4..<offset + 8).allSatisfy({ (65...90).contains(bytes[$0]) || (97...122).contains(bytes[$0]) }) else {
                    return nil
                }
                let critical = bytes[offset + 4] & 0x20 == 0
                switch type {
                case Self.IHDR:
                    guard !seenIHDR, offset == 8, length == 13 else { return nil }
                    seenIHDR = true
                    width = Int(PNGChunks.bigEndian32(bytes, body))
                    height = Int(PNGChunks.bigEndian32(bytes, body + 4))
                    let depth = bytes[body + 8], colorType = bytes[body + 9]
                    guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF, depth == 8,
                        colorType == 2 || colorType == 6, bytes[body + 10] == 0, bytes[body + 11] == 0, bytes[body + 12] == 0
                    else { return nil }
                    channels = colorType == 6 ? 4 : 3
                case Self.IDAT:
                    guard seenIHDR, !dataEnded else { return nil }
                    imageData.append(body..<(body + length))
                case Self.IEND:
                    seenIEND = true
                case Self.tRNS:
                    return nil
                default:
                    // PLTE is only a suggestion for RGB; other critical chunks are libpng's to judge.
                    guard seenIHDR, !critical || type == Self.PLTE else { return nil }
                }
                if type != Self.IDAT && !imageData.isEmpty { dataEnded = true }
                if seenIEND { break }
                offset = body + length + 4
            }
            guard seenIHDR, seenIEND, !imageData.isEmpty else { return nil }
        }

        // swift-format-ignore: AlwaysUseLowerCamelCase
        static let IHDR: UInt32 = 0x4948_4452, IDAT: UInt32 = 0x4944_4154, IEND: UInt32 = 0x4945_4E44
        // swift-format-ignore: AlwaysUseLowerCamelCase
        static let tRNS: UInt32 = 0x7452_4E53, PLTE: UInt32 = 0x504C_5445

    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ layout: Layout) -> (width: Int, height: Int, pixels: [UInt8])? {
        let rowBytes = layout.width * layout.channels
        let (filteredCount, overflow) = (rowBytes + 1).multipliedReportingOverflow(by: layout.height)
        guard !overflow, let base = bytes.baseAddress else { return nil }
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        let count = layout.width * layout.height * 4
        // RGBA rows are inflated into the pixel array itself and unfiltered in place (each
        // row moves a few bytes towards the front: ``PNGUnfilter`` reads ahead of what it
        // writes); RGB rows go through a buffer of their own.
        let inPlace = layout.channels == 4
        let separate = inPlace ? nil : UnsafeMutableBufferPointer<UInt8>.allocate(capacity: filteredCount)
        defer { separate?.deallocate() }
        var failed = false
        let pixels = [UInt8](unsafeUninitializedCapacity: max(count, filteredCount)) { out, initialized in
            let filtered = separate ?? UnsafeMutableBufferPointer(rebasing: out[0..<filteredCount])
            // One IDAT is inflated where it lies; several are joined first. Exactly the rows,
            // and nothing after the zlib stream.
            func inflate(_ stream: UnsafeBufferPointer<UInt8>) -> Bool {
                var consumed = 0
                let result = libdeflate_zlib_decompress_ex(
                    decompressor, stream.baseAddress, stream.count, filtered.baseAddress,
                    filteredCount, &consumed, nil)
                return result == LIBDEFLATE_SUCCESS && consumed == stream.count
            }
            do {
                let inflated: Bool
                if layout.imageData.count == 1, let only = layout.imageData.first {
                    inflated = inflate(UnsafeBufferPointer(start: base + only.lowerBound, count: only.count))
                } else {
                    var joined: [UInt8] = []
                    joined.reserveCapacity(layout.imageData.reduce(0) { $0 + $1.count })
                    for range in layout.imageData { joined += bytes[range] }
                    inflated = joined.withUnsafeBufferPointer(inflate)
                }
                guard inflated else { throw ImageCodecError.malformed(.png, reason: "image data") }
                if inPlace {
                    try PNGUnfilter.unfilter(
                        UnsafeBufferPointer(filtered), rowBytes: rowBytes, height: layout.height,
                        bytesPerPixel: 4, into: out)
                } else {
                    // RGB rows unfiltered into the last three quarters of the buffer, then spread
                    // to RGBA from the front: pixel i's RGBA (bytes 4i..<4i+4) never reaches the RGB
                    // of a later pixel (from n + 3i + 3, n pixels), and its own is read first.
                    let offset = count - rowBytes * layout.height
                    try PNGUnfilter.unfilter(
                        UnsafeBufferPointer(filtered), rowBytes: rowBytes, height: layout.height,
                        bytesPerPixel: 3, into: UnsafeMutableBufferPointer(rebasing: out[offset..<count]))
                    var i = 0
                    while i < layout.width * layout.height {
                        let r = out[offset + 3 * i], g = out[offset + 3 * i + 1], b = out[offset + 3 * i + 2]
                        out[4 * i] = r; out[4 * i + 1] = g; out[4 * i + 2] = b; out[4 * i + 3] = 255
                        i += 1
                    }
                }
            } catch {
                failed = true
                out.initialize(repeating: 0)
            }
            initialized = count
        }
        return failed ? nil : (layout.width, layout.height, pixels)
    }
}
