import RefreshImage

/// PNG's row filters for 8-bit RGBA rows: the one filter set, or per row the filter whose
/// output bytes, read as signed, sum smallest in magnitude (the heuristic libpng uses).
enum PNGRowFilter {
    /// The number of bytes the filtered rows of a `width × height` RGBA image take.
    static func filteredCount(width: Int, height: Int) -> Int { (width * 4 + 1) * height }

    /// Filters the rows of a premultiplied image into `out` (``filteredCount(width:height:)``
    /// bytes), un-premultiplied one row at a time (the same values as
    /// ``RefreshImage/RGBAImage/straightPixels()``, without a whole-frame copy). With no filter
    /// to choose, rows are un-premultiplied straight into `out`.
    static func filter(premultiplied image: RGBAImage, filters: PNGEncoder.Settings.Filters, into out: UnsafeMutableBufferPointer<UInt8>) {
        let rowBytes = image.width * 4
        var unpremultiply = RGBAImage.Unpremultiplier()
        let candidates = Self.candidates(filters)
        image.pixels.withUnsafeBufferPointer { src in
            if candidates == [0] {
                for y in 0..<image.height {
                    out[y * (rowBytes + 1)] = 0
                    unpremultiply.convert(
                        UnsafeBufferPointer(rebasing: src[(y * rowBytes)..<((y + 1) * rowBytes)]),
                        into: UnsafeMutableBufferPointer(rebasing: out[(y * (rowBytes + 1) + 1)..<((y + 1) * (rowBytes + 1))]))
                }
                return
            }
            var rows = [UInt8](repeating: 0, count: rowBytes * 2)
            var trial = [UInt8](repeating: 0, count: rowBytes)
            rows.withUnsafeMutableBufferPointer { ring in
                trial.withUnsafeMutableBufferPointer { scratch in
                    for y in 0..<image.height {
                        let current = UnsafeMutableBufferPointer(rebasing: ring[((y % 2) * rowBytes)..<((y % 2 + 1) * rowBytes)])
                        unpremultiply.convert(UnsafeBufferPointer(rebasing: src[(y * rowBytes)..<((y + 1) * rowBytes)]), into: current)
                        let previous =
                            y > 0
                            ? UnsafeBufferPointer(rebasing: ring[(((y + 1) % 2) * rowBytes)..<(((y + 1) % 2 + 1) * rowBytes)]) : nil
                        filterRow(
                            UnsafeBufferPointer(current), previous: previous, bpp: 4, candidates: candidates, scratch: scratch,
                            into: UnsafeMutableBufferPointer(rebasing: out[(y * (rowBytes + 1))..<((y + 1) * (rowBytes + 1))]))
                    }
                }
            }
        }
    }

    /// Filters rows of straight `pixels` (`width × bytesPerPixel` bytes each: 4 for RGBA, 3
    /// for RGB) into `out`, each row prefixed with its filter type.
    static func filter(
        _ pixels: [UInt8], width: Int, height: Int, bytesPerPixel bpp: Int = 4, filters: PNGEncoder.Settings.Filters,
        into out: UnsafeMutableBufferPointer<UInt8>
    ) {
        let rowBytes = width * bpp
        var trial = [UInt8](repeating: 0, count: rowBytes)
        let candidates = Self.candidates(filters)
        pixels.withUnsafeBufferPointer { src in
            trial.withUnsafeMutableBufferPointer { scratch in
                for y in 0..<height {
                    let current = UnsafeBufferPointer(rebasing: src[(y * rowBytes)..<((y + 1) * rowBytes)])
                    let previous = y > 0 ? UnsafeBufferPointer(rebasing: src[((y - 1) * rowBytes)..<(y * rowBytes)]) : nil
                    filterRow(
                        current, previous: previous, bpp: bpp, candidates: candidates, scratch: scratch,
                        into: UnsafeMutableBufferPointer(rebasing: out[(y * (rowBytes + 1))..<((y + 1) * (rowBytes + 1))]))
                }
            }
        }
    }

    /// The filter types a set allows (none when it allows nothing).
    static func candidates(_ filters: PNGEncoder.Settings.Filters) -> [UInt8] {
        var candidates: [UInt8] = []
        if filters.contains(.none) { candidates.append(0) }
        if filters.contains(.sub) { candidates.append(1) }
        if filters.contains(.up) { candidates.append(2) }
        if filters.contains(.average) { candidates.append(3) }
        if filters.contains(.paeth) { candidates.append(4) }
        return candidates.isEmpty ? [0] : candidates
    }

    /// Filters one row into `out`: the filter type byte, then the filtered bytes.
    private static func filterRow(
        _ row: UnsafeBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>?, bpp: Int, candidates: [UInt8],
        scratch: UnsafeMutableBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>
    ) {
        let target = UnsafeMutableBufferPointer(rebasing: out[1...])
        var chosen = candidates[0]
        if candidates.count > 1 {
            var best = Int.max
            for type in candidates {
                apply(type, row, previous, bpp: bpp, into: scratch)
                var cost = 0
                for x in 0..<row.count { let v = Int(Int8(bitPattern: scratch[x])); cost += v < 0 ? -v : v }
                if cost < best { best = cost; chosen = type }
            }
        }
        out[0] = chosen
        apply(chosen, row, previous, bpp: bpp, into: target)
    }

    /// Filters one row with `type` into the first `row.count` bytes of `out`; `bpp` is the
    /// distance to the pixel on the left.
    private static func apply(
        _ type: UInt8, _ row: UnsafeBufferPointer<UInt8>, _ previous: UnsafeBufferPointer<UInt8>?, bpp: Int,
        into out: UnsafeMutableBufferPointer<UInt8>
    ) {
        let count = row.count
        switch (type, previous) {
        case (1, _):
            for x in 0..<count { out[x] = row[x] &- (x >= bpp ? row[x - bpp] : 0) }
        case (2, let up?):
            for x in 0..<count { out[x] = row[x] &- up[x] }
        case (3, let up?):
            for x in 0..<count { out[x] = row[x] &- UInt8((Int(x >= bpp ? row[x - bpp] : 0) + Int(up[x])) / 2) }
        case (3, nil):
            for x in 0..<count { out[x] = row[x] &- ((x >= bpp ? row[x - bpp] : 0) / 2) }
        case (4, let up?):
            for x in 0..<count {
                let a = x >= bpp ? Int(row[x - bpp]) : 0, b = Int(up[x]), c = x >= bpp ? Int(up[x - bpp]) : 0
                out[x] = row[x] &- UInt8(PNGUnfilter.paeth(a, b, c))
            }
        case (4, nil):
            // Paeth with no row above predicts the left pixel.
            for x in 0..<count { out[x] = row[x] &- (x >= bpp ? row[x - bpp] : 0) }
        default:
            // None, and Up on the first row (the row above counts as zeros).
            for x in 0..<count { out[x] = row[x] }
        }
    }
}
