/// Undoes PNG's per-row filters (none, sub, up, average, Paeth), for images whose pixels are
/// whole bytes (8-bit samples) and not interlaced.
enum PNGUnfilter {
    /// Turns `data` (rows of one filter byte plus `rowBytes` filtered bytes) into the raw rows
    /// in `output` (`height × rowBytes` bytes). `bytesPerPixel` is the distance a filter looks
    /// left. Throws for an unknown filter type or buffers of the wrong size.
    static func unfilter(_ data: UnsafeBufferPointer<UInt8>, rowBytes: Int, height: Int, bytesPerPixel bpp: Int,
                         into output: UnsafeMutableBufferPointer<UInt8>) throws {
        guard rowBytes > 0, height > 0, bpp > 0, data.count >= (rowBytes + 1) * height, output.count >= rowBytes * height,
              let input = data.baseAddress, let out = output.baseAddress else {
            throw ImageCodecError.malformed(.png, reason: "image data does not match the image size")
        }
        let left = min(bpp, rowBytes)
        for y in 0..<height {
            let filter = input[y * (rowBytes + 1)]
            let src = input + y * (rowBytes + 1) + 1
            let row = out + y * rowBytes
            // The row above; the first row's is all zeros, which makes up = none, average =
            // half the left byte and Paeth = sub.
            let up: UnsafeMutablePointer<UInt8>? = y > 0 ? row - rowBytes : nil
            switch (filter, up) {
            case (0, _), (2, nil):
                row.update(from: src, count: rowBytes)
            case (1, _), (4, nil):
                row.update(from: src, count: left)
                for x in left..<rowBytes { row[x] = src[x] &+ row[x - bpp] }
            case (2, let up?):
                for x in 0..<rowBytes { row[x] = src[x] &+ up[x] }
            case (3, nil):
                row.update(from: src, count: left)
                for x in left..<rowBytes { row[x] = src[x] &+ row[x - bpp] / 2 }
            case (3, let up?):
                for x in 0..<left { row[x] = src[x] &+ up[x] / 2 }
                for x in left..<rowBytes { row[x] = src[x] &+ UInt8((UInt16(row[x - bpp]) + UInt16(up[x])) / 2) }
            case (4, let up?):
                // Paeth with nothing on the left predicts the byte above.
                for x in 0..<left { row[x] = src[x] &+ up[x] }
                for x in left..<rowBytes {
                    row[x] = src[x] &+ UInt8(paeth(Int(row[x - bpp]), Int(up[x]), Int(up[x - bpp])))
                }
            default:
                throw ImageCodecError.malformed(.png, reason: "row \(y) has unknown filter type \(filter)")
            }
        }
    }

    /// The Paeth predictor: whichever of left, up and upper-left is closest to left + up − upper-left.
    @inline(__always)
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
