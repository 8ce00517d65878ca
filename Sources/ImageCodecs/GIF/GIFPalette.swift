/// The palette of the pixels a GIF frame draws (docs/images.md, "GIF output").
///
/// At most `limit` distinct colours are kept exactly (lossless). Beyond that a weighted median
/// cut of the distinct colours gives a first palette and three k-means passes refine it:
/// the cut alone leaves entries far from many of their pixels. Everything works on the sorted
/// distinct colours with integer sums, so the result is the same in every run, on any thread.
enum GIFPalette {
    /// An RGB colour as three channels.
    typealias RGB = (Int, Int, Int)

    /// The palette for `counts` (24-bit RGB keys with their pixel counts): its colours, and
    /// whether they are exactly the colours counted.
    static func colors(for counts: ColorTable, limit: Int = 255) -> (colors: [RGB], exact: Bool) {
        let distinct = counts.keys.sorted()
        if distinct.count <= limit { return (distinct.map(rgb), true) }
        return (refined(medianCut(distinct, counts: counts, limit: limit), distinct: distinct, counts: counts), false)
    }

    /// The channels of a 24-bit key.
    static func rgb(_ key: UInt32) -> RGB { (Int(key >> 16), Int(key >> 8 & 0xFF), Int(key & 0xFF)) }

    /// The 24-bit key of a colour.
    static func key(_ color: RGB) -> UInt32 { UInt32(color.0) << 16 | UInt32(color.1) << 8 | UInt32(color.2) }

    /// A median cut of the distinct colours, weighted by their pixel counts: the box holding
    /// the most pixels × its longest side is split at the weighted median of that side, until
    /// there are `limit` boxes; each gives its weighted mean. Works on full 8-bit channels
    /// (giflib's cut uses 5 bits) and over distinct colours rather than pixels; it keeps no
    /// state between calls (giflib's keeps process-wide state and is not thread-safe).
    static func medianCut(_ distinct: [UInt32], counts: ColorTable, limit: Int) -> [RGB] {
        struct Box {
            var colors: ArraySlice<UInt32>
            var weight: Int
            var axis = 0
            var spread = 0
        }
        func channel(_ key: UInt32, _ axis: Int) -> Int { Int(key >> UInt32(16 - 8 * axis) & 0xFF) }
        func measured(_ colors: ArraySlice<UInt32>) -> Box {
            var low = [255, 255, 255], high = [0, 0, 0], weight = 0
            for key in colors {
                for axis in 0..<3 {
                    let v = channel(key, axis)
                    low[axis] = min(low[axis], v)
                    high[axis] = max(high[axis], v)
                }
                weight += counts.count(of: key)
            }
            let spreads = (0..<3).map { high[$0] - low[$0] }
            let axis = spreads.firstIndex(of: spreads.max() ?? 0) ?? 0
            return Box(colors: colors, weight: weight, axis: axis, spread: spreads[axis])
        }
        var boxes = [measured(distinct[...])]
        while boxes.count < limit {
            // The box to split: most pixels × widest side (ties: the first).
            guard
                let index = boxes.indices.max(by: { a, b in
                    let x = boxes[a].weight * boxes[a].spread, y = boxes[b].weight * boxes[b].spread
                    return x != y ? x < y : a > b
                }), boxes[index].spread > 0, boxes[index].colors.count > 1
            else { break }
            let box = boxes[index]
            let sorted = box.colors.sorted {
                let a = channel($0, box.axis), b = channel($1, box.axis)
                return a != b ? a < b : $0 < $1
            }
            var running = 0, cut = 1
            for (offset, key) in sorted.enumerated() {
                running += counts.count(of: key)
                if running * 2 >= box.weight {
                    cut = max(1, min(sorted.count - 1, offset + 1))
                    break
                }
            }
            boxes[index] = measured(sorted[0..<cut])
            boxes.append(measured(sorted[cut...]))
        }
        return boxes.map { box in
            var sums = (0, 0, 0), weight = 0
            for key in box.colors {
                let w = counts.count(of: key)
                sums.0 += channel(key, 0) * w
                sums.1 += channel(key, 1) * w
                sums.2 += channel(key, 2) * w
                weight += w
            }
            let total = max(1, weight), half = total / 2
            return ((sums.0 + half) / total, (sums.1 + half) / total, (sums.2 + half) / total)
        }
    }

    /// `palette` after three k-means passes over the distinct colours, weighted by their counts.
    static func refined(_ start: [RGB], distinct: [UInt32], counts: ColorTable) -> [RGB] {
        var palette = start
        for _ in 0..<3 {
            var sums = [(Int, Int, Int, Int)](repeating: (0, 0, 0, 0), count: palette.count)
            for key in distinct {
                let weight = counts.count(of: key)
                let (r, g, b) = rgb(key)
                let index = nearest(r, g, b, in: palette)
                sums[index].0 += r * weight
                sums[index].1 += g * weight
                sums[index].2 += b * weight
                sums[index].3 += weight
            }
            palette = zip(palette, sums).map { old, sum in
                guard sum.3 > 0 else { return old }
                let half = sum.3 / 2
                return ((sum.0 + half) / sum.3, (sum.1 + half) / sum.3, (sum.2 + half) / sum.3)
            }
        }
        return palette
    }

    /// The index of the palette colour nearest `(r, g, b)` (squared distance; the first of equals).
    static func nearest(_ r: Int, _ g: Int, _ b: Int, in palette: [RGB]) -> Int {
        var best = 0, bestDistance = Int.max
        for (index, color) in palette.enumerated() {
            let dr = color.0 - r, dg = color.1 - g, db = color.2 - b
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                best = index
                bestDistance = distance
                if distance == 0 { break }
            }
        }
        return best
    }
}
