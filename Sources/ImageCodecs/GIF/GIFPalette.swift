/// The palette of the pixels a GIF frame draws (docs/images.md, "GIF output").
///
/// At most `limit` distinct colours are kept exactly (lossless). Up to ``mergeLimit`` times
/// as many are merged, the nearest first (``merged(_:counts:limit:)``). Beyond that a
/// weighted median cut of the distinct colours gives a first palette and three k-means passes
/// refine it: the cut alone leaves entries far from many of their pixels. Everything works on
/// the sorted distinct colours in a fixed order, so the result is the same in every run, on
/// any thread.
enum GIFPalette {
    /// An RGB colour as three channels.
    typealias RGB = (Int, Int, Int)

    /// The palette for `counts` (24-bit RGB keys with their pixel counts): its colours, and
    /// whether they are exactly the colours counted.
    static func colors(for counts: ColorTable, limit: Int = 255) -> (colors: [RGB], exact: Bool) {
        let distinct = counts.keys.sorted()
        if distinct.count <= limit { return (distinct.map(rgb), true) }
        if distinct.count <= limit * mergeLimit { return (merged(distinct, counts: counts, limit: limit), false) }
        return (refined(medianCut(distinct, counts: counts, limit: limit), distinct: distinct, counts: counts), false)
    }

    /// Up to this many times `limit` distinct colours, the palette comes from merging them
    /// (``merged(_:counts:limit:)``); beyond, from a median cut.
    static let mergeLimit = 4

    /// The distinct colours merged two at a time until `limit` remain, each time the two
    /// whose merging adds the least squared error over their pixels (Ward's criterion:
    /// w₁w₂/(w₁+w₂) × distance²); each entry is its colours' weighted mean. Near the limit
    /// this keeps every colour that stands apart and merges only near twins, where a cut
    /// would split the colour space into boxes.
    static func merged(_ distinct: [UInt32], counts: ColorTable, limit: Int) -> [RGB] {
        struct Cluster {
            var r: Double, g: Double, b: Double, weight: Double
        }
        var clusters = distinct.map { key -> Cluster in
            let (r, g, b) = rgb(key)
            return Cluster(r: Double(r), g: Double(g), b: Double(b), weight: Double(max(1, counts.count(of: key))))
        }
        var alive = [Bool](repeating: true, count: clusters.count)
        func cost(_ i: Int, _ j: Int) -> Double {
            let a = clusters[i], b = clusters[j]
            let dr = a.r - b.r, dg = a.g - b.g, db = a.b - b.b
            return a.weight * b.weight / (a.weight + b.weight) * (dr * dr + dg * dg + db * db)
        }
        // Each cluster's cheapest partner and the cost of merging with it.
        var partner = [Int](repeating: -1, count: clusters.count)
        var partnerCost = [Double](repeating: .infinity, count: clusters.count)
        func findPartner(_ i: Int) {
            partner[i] = -1
            partnerCost[i] = .infinity
            for j in clusters.indices where j != i && alive[j] {
                let c = cost(i, j)
                if c < partnerCost[i] {
                    partnerCost[i] = c
                    partner[i] = j
                }
            }
        }
        for i in clusters.indices { findPartner(i) }
        var count = clusters.count
        while count > limit {
            var i = -1
            for k in clusters.indices where alive[k] && (i < 0 || partnerCost[k] < partnerCost[i]) { i = k }
            let j = partner[i]
            guard i >= 0, j >= 0 else { break }
            let a = clusters[i], b = clusters[j], w = a.weight + b.weight
            clusters[i] = Cluster(
                r: (a.r * a.weight + b.r * b.weight) / w, g: (a.g * a.weight + b.g * b.weight) / w,
                b: (a.b * a.weight + b.b * b.weight) / w, weight: w)
            alive[j] = false
            count -= 1
            findPartner(i)
            for k in clusters.indices where alive[k] && k != i {
                if partner[k] == i || partner[k] == j {
                    findPartner(k)
                } else {
                    let c = cost(k, i)
                    if c < partnerCost[k] {
                        partnerCost[k] = c
                        partner[k] = i
                    }
                }
            }
        }
        return clusters.indices.filter { alive[$0] }.map {
            let c = clusters[$0]
            return (Int(c.r.rounded()), Int(c.g.rounded()), Int(c.b.rounded()))
        }
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

    /// Gives each counted colour the index of its nearest `palette` colour; returns the summed
    /// squared error of that mapping and the pixels counted.
    static func map(_ counts: inout ColorTable, onto palette: [GIFPalette.RGB]) -> (error: Int, pixels: Int) {
        var error = 0, pixels = 0
        for key in counts.keys {
            let (r, g, b) = GIFPalette.rgb(key)
            let index = GIFPalette.nearest(r, g, b, in: palette)
            counts.setValue(index, for: key)
            let n = counts.count(of: key)
            error += GIFPictureErrors.squared(palette[index], (r, g, b)) * n
            pixels += n
        }
        return (error, pixels)
    }
}
