import CZlib

/// Turns Apple's "iPhone-optimised" PNG (the CgBI variant) into a standard PNG.
///
/// Xcode's `pngcrush -iphone` writes a `CgBI` chunk before IHDR, stores the image data as a
/// raw deflate stream (no zlib header or checksum) and the pixels as premultiplied BGRA.
/// libpng refuses such files, so this type inflates the raw stream with zlib, re-wraps the
/// still-filtered scanlines as a normal zlib stream, and writes a standard PNG that libpng
/// reads. The caller then swaps blue and red and keeps the values as premultiplied.
struct CgBIConverter {
    /// Limits checked against the IHDR before inflating.
    var limits: DecodeLimits

    /// True when `data` is a PNG whose first chunk is `CgBI`.
    static func isCgBI(_ data: [UInt8]) -> Bool {
        data.count >= 16 && data[12] == 0x43 && data[13] == 0x67 && data[14] == 0x42 && data[15] == 0x49
    }

    /// The standard PNG bytes equivalent to the CgBI file `data`.
    func standardPNG(from data: [UInt8]) throws -> [UInt8] {
        let chunks = try PNGChunks.read(data)
        guard let header = chunks.first(where: { $0.type == "IHDR" }), header.body.count == 13 else {
            throw RefreshGifError.badInput(file: "input", message: "invalid CgBI PNG: no IHDR chunk")
        }
        let h = Array(header.body)
        let width = Int(PNGChunks.bigEndian32(h, 0)), height = Int(PNGChunks.bigEndian32(h, 4))
        let bitDepth = Int(h[8]), colorType = Int(h[9]), interlaced = h[12] == 1
        guard width > 0, height > 0 else {
            throw RefreshGifError.badInput(file: "input", message: "invalid CgBI PNG: zero image size")
        }
        try limits.check(width: width, height: height, what: "PNG image")
        let channels: Int
        switch colorType {
        case 0, 3: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default:
            throw RefreshGifError.badInput(file: "input", message: "invalid CgBI PNG: colour type \(colorType)")
        }
        guard [1, 2, 4, 8, 16].contains(bitDepth) else {
            throw RefreshGifError.badInput(file: "input", message: "invalid CgBI PNG: bit depth \(bitDepth)")
        }
        let expected = Self.filteredSize(width: width, height: height, bitsPerPixel: channels * bitDepth,
                                         interlaced: interlaced)
        let compressed = chunks.filter { $0.type == "IDAT" }.flatMap { $0.body }
        let scanlines = try Self.inflateRaw(compressed, expectedSize: expected)
        let rewrapped = try Self.deflate(scanlines)

        var out = PNGDecoder.signature
        PNGChunks.append("IHDR", h, to: &out)
        for chunk in chunks where chunk.type == "PLTE" || chunk.type == "tRNS" {
            PNGChunks.append(chunk.type, Array(chunk.body), to: &out)
        }
        PNGChunks.append("IDAT", rewrapped, to: &out)
        PNGChunks.append("IEND", [], to: &out)
        return out
    }

    /// The image for pixels libpng decoded from a converted CgBI file: the bytes are BGRA and
    /// already premultiplied, so blue and red swap and colour is clamped to alpha.
    static func imageFromDecodedCgBI(_ decoded: (Int, Int, [UInt8])) -> RGBAImage {
        var pixels = decoded.2
        var i = 0
        while i + 3 < pixels.count {
            let a = pixels[i + 3]
            let blue = pixels[i]
            pixels[i] = min(pixels[i + 2], a)
            pixels[i + 1] = min(pixels[i + 1], a)
            pixels[i + 2] = min(blue, a)
            i += 4
        }
        return RGBAImage(width: decoded.0, height: decoded.1, premultipliedPixels: pixels)
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
            throw RefreshGifError.internalError("zlib inflateInit2 failed")
        }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: expectedSize)
        var input = input
        let status: Int32 = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = UInt32(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = UInt32(outBuffer.count)
                return inflate(&stream, Z_FINISH)
            }
        }
        let produced = expectedSize - Int(stream.avail_out)
        // Z_BUF_ERROR with a full buffer means extra data follows; the image is complete.
        guard status == Z_STREAM_END || (status == Z_BUF_ERROR && produced == expectedSize) else {
            if produced < expectedSize && (status == Z_BUF_ERROR || status == Z_OK) {
                throw RefreshGifError.badInput(file: "input", message: "invalid CgBI PNG: image data ends early")
            }
            throw RefreshGifError.badInput(file: "input", message: "invalid CgBI PNG: corrupt deflate data")
        }
        guard produced == expectedSize else {
            throw RefreshGifError.badInput(file: "input", message: "invalid CgBI PNG: image data ends early")
        }
        return output
    }

    private static func deflate(_ input: [UInt8]) throws -> [UInt8] {
        var length = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { inBuffer in
                compress2(out.baseAddress, &length, inBuffer.baseAddress, uLong(inBuffer.count), 1)
            }
        }
        guard status == Z_OK else { throw RefreshGifError.internalError("zlib compress2 failed (\(status))") }
        output.removeSubrange(Int(length)...)
        return output
    }

}
