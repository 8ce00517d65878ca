/// Undoes PNG's per-row filters (none, sub, up, average, Paeth) in place, for images whose
/// pixels are whole bytes (8-bit samples) and not interlaced.
enum PNGUnfilter {
    /// Turns `data` (rows of one filter byte plus `rowBytes` filtered bytes) into the raw rows
    /// in `output` (`height × rowBytes` bytes). `bytesPerPixel` is the distance a filter looks
    /// left. Throws for an unknown filter type.
    static func unfilter(_ data: UnsafeBufferPointer<UInt8>, rowBytes: Int, height: Int, bytesPerPixel bpp: Int,
                         into output: UnsafeMutableBufferPointer<UInt8>) throws {
        for y in 0..<height {
            let filter = data[y * (rowBytes + 1)]
            let source = y * (rowBytes + 1) + 1
            let row = y * rowBytes
            let previous = row - rowBytes
            switch filter {
            case 0:
                for x in 0..<rowBytes { output[row + x] = data[source + x] }
            case 1:
                for x in 0..<rowBytes {
                    let left = x >= bpp ? output[row + x - bpp] : 0
                    output[row + x] = data[source + x] &+ left
                }
            case 2:
                for x in 0..<rowBytes {
                    let up = y > 0 ? output[previous + x] : 0
                    output[row + x] = data[source + x] &+ up
                }
            case 3:
                for x in 0..<rowBytes {
                    let left = x >= bpp ? Int(output[row + x - bpp]) : 0
                    let up = y > 0 ? Int(output[previous + x]) : 0
                    output[row + x] = data[source + x] &+ UInt8((left + up) / 2)
                }
            case 4:
                for x in 0..<rowBytes {
                    let a = x >= bpp ? Int(output[row + x - bpp]) : 0
                    let b = y > 0 ? Int(output[previous + x]) : 0
                    let c = x >= bpp && y > 0 ? Int(output[previous + x - bpp]) : 0
                    output[row + x] = data[source + x] &+ UInt8(paeth(a, b, c))
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
