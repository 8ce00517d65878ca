/// Undoes PNG's per-row filters (none, sub, up, average, Paeth), for images whose pixels are
/// whole bytes (8-bit samples) and not interlaced.
enum PNGUnfilter {
    /// Turns `data` (rows of one filter byte plus `rowBytes` filtered bytes) into the raw rows
    /// in `output` (`height × rowBytes` bytes). `bytesPerPixel` is the distance a filter looks
    /// left. Throws for an unknown filter type or buffers of the wrong size. `output` may be
    /// the same memory as `data` (unfiltering in place): each byte is read before the bytes
    /// written so far reach it.
    static func unfilter(
        _ data: UnsafeBufferPointer<UInt8>, rowBytes: Int, height: Int, bytesPerPixel bpp: Int,
        into output: UnsafeMutableBufferPointer<UInt8>
    ) throws {
        guard rowBytes > 0, height > 0, bpp > 0, data.count >= (rowBytes + 1) * height, output.count >= rowBytes * height,
            let input = data.baseAddress, let out = output.baseAddress
        else {
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
            if bpp == 4, rowBytes % 4 == 0, filter != 0, let up {
                try unfilterRGBA(filter, src, up: up, into: row, count: rowBytes, row: y)
                continue
            }
            switch (filter, up) {
            case (0, _), (2, nil):
                UnsafeMutableRawPointer(row).copyMemory(from: src, byteCount: rowBytes)
            case (1, _), (4, nil):
                UnsafeMutableRawPointer(row).copyMemory(from: src, byteCount: left)
                for x in left..<rowBytes { row[x] = src[x] &+ row[x - bpp] }
            case (2, let up?):
                for x in 0..<rowBytes { row[x] = src[x] &+ up[x] }
            case (3, nil):
                UnsafeMutableRawPointer(row).copyMemory(from: src, byteCount: left)
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

    /// One RGBA row with a row above: a pixel (four bytes) at a time in SIMD lanes, sixteen
    /// bytes at a time for Up. The same values as the byte loops.
    @inline(__always)
    private static func unfilterRGBA(
        _ filter: UInt8, _ src: UnsafePointer<UInt8>, up: UnsafeMutablePointer<UInt8>,
        into row: UnsafeMutablePointer<UInt8>, count: Int, row y: Int
    ) throws {
        let source = UnsafeRawPointer(src), above = UnsafeRawPointer(up), out = UnsafeMutableRawPointer(row)
        switch filter {
        case 1:
            var left = SIMD4<UInt8>()
            for x in stride(from: 0, to: count, by: 4) {
                left = source.loadUnaligned(fromByteOffset: x, as: SIMD4<UInt8>.self) &+ left
                out.storeBytes(of: left, toByteOffset: x, as: SIMD4<UInt8>.self)
            }
        case 2:
            var x = 0
            while x + 16 <= count {
                let sum =
                    source.loadUnaligned(fromByteOffset: x, as: SIMD16<UInt8>.self)
                    &+ above.loadUnaligned(fromByteOffset: x, as: SIMD16<UInt8>.self)
                out.storeBytes(of: sum, toByteOffset: x, as: SIMD16<UInt8>.self)
                x += 16
            }
            while x < count {
                row[x] = src[x] &+ up[x]
                x += 1
            }
        case 3:
            var left = SIMD4<UInt16>()
            for x in stride(from: 0, to: count, by: 4) {
                let b = SIMD4<UInt16>(truncatingIfNeeded: above.loadUnaligned(fromByteOffset: x, as: SIMD4<UInt8>.self))
                let raw = SIMD4<UInt16>(truncatingIfNeeded: source.loadUnaligned(fromByteOffset: x, as: SIMD4<UInt8>.self))
                left = (raw &+ (left &+ b) / 2) & 0xFF
                out.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: left), toByteOffset: x, as: SIMD4<UInt8>.self)
            }
        case 4:
            // Left and upper-left start at zero, which makes the first pixel's prediction the one above.
            var a = SIMD4<Int16>(), c = SIMD4<Int16>()
            for x in stride(from: 0, to: count, by: 4) {
                let b = SIMD4<Int16>(truncatingIfNeeded: above.loadUnaligned(fromByteOffset: x, as: SIMD4<UInt8>.self))
                let db = b &- c, da = a &- c, dp = db &+ da
                let pa = db.replacing(with: 0 &- db, where: db .< 0)
                let pb = da.replacing(with: 0 &- da, where: da .< 0)
                let pc = dp.replacing(with: 0 &- dp, where: dp .< 0)
                var predicted = c
                predicted.replace(with: b, where: pb .<= pc)
                predicted.replace(with: a, where: (pa .<= pb) .& (pa .<= pc))
                let raw = SIMD4<Int16>(truncatingIfNeeded: source.loadUnaligned(fromByteOffset: x, as: SIMD4<UInt8>.self))
                a = (raw &+ predicted) & 0xFF
                c = b
                out.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: a), toByteOffset: x, as: SIMD4<UInt8>.self)
            }
        default:
            throw ImageCodecError.malformed(.png, reason: "row \(y) has unknown filter type \(filter)")
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
