import CZlib
import RefreshImage

/// Reads Apple's "iPhone-optimised" PNG (the CgBI variant).
///
/// Xcode's `pngcrush -iphone` writes a `CgBI` chunk before IHDR, stores the image data as a
/// raw deflate stream (no zlib header or checksum) and the pixels as premultiplied BGRA.
/// libpng refuses such files. The usual layout (8-bit RGBA or RGB, not interlaced) is read in
/// one pass here: inflate once, unfilter, swap blue and red while copying. Other layouts
/// (rare) get their inflated stream re-wrapped as a zlib stream — a header and a checksum
/// around the same compressed bytes, no second compression — for libpng to read.
struct CgBIConverter {
    /// Limits checked against the IHDR before inflating.
    var limits: DecodeLimits
    /// The standard decoder, for the rare layouts.
    var decoder: PNGDecoder

    /// True when `data` is a PNG whose first chunk is `CgBI`.
    static func isCgBI(_ data: [UInt8]) -> Bool {
        data.count >= 16 && data[12] == 0x43 && data[13] == 0x67 && data[14] == 0x42 && data[15] == 0x49
    }

    /// The premultiplied image of the CgBI file `data`.
    func decode(_ data: [UInt8]) throws -> RGBAImage {
        let chunks = try PNGChunks.read(data)
        guard let header = chunks.first(where: { $0.type == "IHDR" }), header.body.count == 13 else {
            throw ImageCodecError.malformed(.cgbiPNG, reason: "no IHDR chunk")
        }
        let h = Array(header.body)
        let width = Int(PNGChunks.bigEndian32(h, 0)), height = Int(PNGChunks.bigEndian32(h, 4))
        let bitDepth = Int(h[8]), colorType = Int(h[9]), interlaced = h[12] == 1
        guard width > 0, height > 0 else {
            throw ImageCodecError.malformed(.cgbiPNG, reason: "zero image size")
        }
        try limits.check(width: width, height: height, what: "PNG image")
        let channels: Int
        switch colorType {
        case 0, 3: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default:
            throw ImageCodecError.malformed(.cgbiPNG, reason: "colour type \(colorType)")
        }
        guard [1, 2, 4, 8, 16].contains(bitDepth) else {
            throw ImageCodecError.malformed(.cgbiPNG, reason: "bit depth \(bitDepth)")
        }
        let expected = Self.filteredSize(
            width: width, height: height, bitsPerPixel: channels * bitDepth,
            interlaced: interlaced)
        let compressed = chunks.filter { $0.type == "IDAT" }.flatMap { $0.body }
        let scanlines = try Self.inflateRaw(compressed, expectedSize: expected)
        if bitDepth == 8 && !interlaced && (channels == 4 || channels == 3) {
            return try Self.image(fromScanlines: scanlines, width: width, height: height, channels: channels)
        }
        let decoded = try decoder.decodeStandard(Self.standardPNG(header: h, chunks: chunks, compressed: compressed, scanlines: scanlines))
        return try Self.image(fromDecodedBGRA: decoded.2, width: decoded.0, height: decoded.1)
    }

    /// Unfilters 8-bit BGRA or BGR rows and swaps them to RGBA in one pass; colour is kept
    /// premultiplied (clamped to alpha).
    static func image(fromScanlines scanlines: [UInt8], width: Int, height: Int, channels: Int) throws -> RGBAImage {
        let rowBytes = width * channels
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        try scanlines.withUnsafeBufferPointer { data in
            try raw.withUnsafeMutableBufferPointer { out in
                try PNGUnfilter.unfilter(data, rowBytes: rowBytes, height: height, bytesPerPixel: channels, into: out)
            }
        }
        var image = try RGBAImage(width: width, height: height)
        image.withUnsafeMutablePixels { out in
            var s = 0, d = 0
            while d < out.count {
                let a = channels == 4 ? raw[s + 3] : 255
                out[d] = min(raw[s + 2], a)
                out[d + 1] = min(raw[s + 1], a)
                out[d + 2] = min(raw[s], a)
                out[d + 3] = a
                s += channels
                d += 4
            }
        }
        return image
    }

    /// The image for BGRA pixels libpng decoded from a re-wrapped CgBI file: blue and red
    /// swap and colour is clamped to alpha (the values are already premultiplied).
    static func image(fromDecodedBGRA bgra: [UInt8], width: Int, height: Int) throws -> RGBAImage {
        var pixels = bgra
        var i = 0
        while i + 3 < pixels.count {
            let a = pixels[i + 3]
            let blue = pixels[i]
            pixels[i] = min(pixels[i + 2], a)
            pixels[i + 1] = min(pixels[i + 1], a)
            pixels[i + 2] = min(blue, a)
            i += 4
        }
        return try RGBAImage(width: width, height: height, premultipliedPixels: pixels)
    }

    /// A standard PNG around the same compressed bytes: the raw deflate stream gets a zlib
    /// header and the Adler-32 of the inflated scanlines.
    static func standardPNG(header: [UInt8], chunks: [PNGChunks.Chunk], compressed: [UInt8], scanlines: [UInt8]) -> [UInt8] {
        let checksum = scanlines.withUnsafeBufferPointer { UInt32(adler32(adler32(0, nil, 0), $0.baseAddress, UInt32($0.count))) }
        var out = PNGDecoder.signature
        PNGChunks.append("IHDR", header, to: &out)
        for chunk in chunks where chunk.type == "PLTE" || chunk.type == "tRNS" {
            PNGChunks.append(chunk.type, Array(chunk.body), to: &out)
        }
        PNGChunks.append("IDAT", [0x78, 0x01] + compressed + PNGChunks.bigEndian(checksum), to: &out)
        PNGChunks.append("IEND", [], to: &out)
        return out
    }

    /// Bytes of filtered scanlines (one filter byte a row) for the image and its passes.
    static func filteredSize(width: Int, height: Int, bitsPerPixel: Int, interlaced: Bool) -> Int {
        func rows(_ w: Int, _ h: Int) -> Int {
            guard w > 0, h > 0 else { return 0 }
            return h * (1 + (w * bitsPerPixel + 7) / 8)
        }
        guard interlaced else { return rows(width, height) }
        // Adam7: (x start, y start, x step, y step) per pass.
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return passes.reduce(0) { total, p in
            total + rows((width - p.0 + p.2 - 1) / p.2, (height - p.1 + p.3 - 1) / p.3)
        }
    }

    private static func inflateRaw(_ input: [UInt8], expectedSize: Int) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ImageCodecError.libraryFailure("zlib inflateInit2 failed")
        }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: expectedSize)
        let status = ZlibPass.run(&stream, input: input, output: &output) { inflate($0, $1) }
        let produced = expectedSize - Int(stream.avail_out)
        // Z_BUF_ERROR with a full buffer means extra data follows; the image is complete.
        guard status == Z_STREAM_END || (status == Z_BUF_ERROR && produced == expectedSize) else {
            if produced < expectedSize && (status == Z_BUF_ERROR || status == Z_OK) {
                throw ImageCodecError.malformed(.cgbiPNG, reason: "image data ends early")
            }
            throw ImageCodecError.malformed(.cgbiPNG, reason: "corrupt deflate data")
        }
        guard produced == expectedSize else {
            throw ImageCodecError.malformed(.cgbiPNG, reason: "image data ends early")
        }
        return output
    }
}
