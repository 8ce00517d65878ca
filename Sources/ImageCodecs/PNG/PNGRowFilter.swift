/// PNG's row filters for 8-bit RGBA rows: the one filter set, or per row the filter whose
/// output bytes, read as signed, sum smallest in magnitude (the heuristic libpng uses).
enum PNGRowFilter {
    /// Rows of `width × 4` bytes, each prefixed with its filter type.
    static func filter(_ pixels: [UInt8], width: Int, height: Int, filters: PNGEncoder.Settings.Filters) -> [UInt8] {
        let rowBytes = width * 4
        var candidates: [UInt8] = []
        if filters.contains(.none) { candidates.append(0) }
        if filters.contains(.sub) { candidates.append(1) }
        if filters.contains(.up) { candidates.append(2) }
        if filters.contains(.average) { candidates.append(3) }
        if filters.contains(.paeth) { candidates.append(4) }
        if candidates.isEmpty { candidates = [0] }
        var out = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        var scratch = [UInt8](repeating: 0, count: rowBytes)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                scratch.withUnsafeMutableBufferPointer { trial in
                    for y in 0..<height {
                        let row = y * rowBytes
                        let target = y * (rowBytes + 1)
                        if candidates.count == 1 {
                            dst[target] = candidates[0]
                            apply(candidates[0], src, row: row, y: y, rowBytes: rowBytes,
                                  into: UnsafeMutableBufferPointer(rebasing: dst[(target + 1)...]))
                            continue
                        }
                        var best: (type: UInt8, cost: Int) = (0, .max)
                        for type in candidates {
                            apply(type, src, row: row, y: y, rowBytes: rowBytes, into: trial)
                            var cost = 0
                            for x in 0..<rowBytes { let v = Int(Int8(bitPattern: trial[x])); cost += v < 0 ? -v : v }
                            if cost < best.cost { best = (type, cost) }
                        }
                        dst[target] = best.type
                        apply(best.type, src, row: row, y: y, rowBytes: rowBytes,
                              into: UnsafeMutableBufferPointer(rebasing: dst[(target + 1)...]))
                    }
                }
            }
        }
        return out
    }

    /// Filters one row with `type` into the first `rowBytes` bytes of `out`.
    private static func apply(_ type: UInt8, _ src: UnsafeBufferPointer<UInt8>, row: Int, y: Int, rowBytes: Int,
                              into out: UnsafeMutableBufferPointer<UInt8>) {
        let up = row - rowBytes
        for x in 0..<rowBytes {
            let value = src[row + x]
            let a = x >= 4 ? Int(src[row + x - 4]) : 0
            let b = y > 0 ? Int(src[up + x]) : 0
            switch type {
            case 1: out[x] = value &- UInt8(a)
            case 2: out[x] = value &- UInt8(b)
            case 3: out[x] = value &- UInt8((a + b) / 2)
            case 4:
                let c = x >= 4 && y > 0 ? Int(src[up + x - 4]) : 0
                out[x] = value &- UInt8(PNGUnfilter.paeth(a, b, c))
            default: out[x] = value
            }
        }
    }
}
