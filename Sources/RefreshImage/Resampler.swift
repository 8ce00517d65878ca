/// Resizes premultiplied images with a separable Catmull-Rom filter (docs/images.md).
///
/// Working on premultiplied values keeps transparent pixels from bleeding their colour into
/// the edges. When shrinking, the filter is widened by the scale factor so every source pixel
/// contributes (no aliasing).
package enum Resampler {
    /// `image` resized to `width × height` pixels; equal sizes return it unchanged. Throws
    /// ``ImageBufferError`` for a size that cannot be allocated.
    /// - Parameters:
    ///   - image: the image.
    ///   - width: the new width in pixels.
    ///   - height: the new height in pixels.
    /// - Returns: the resized image.
    /// - Throws: ``ImageBufferError`` for a size that cannot be allocated.
    public static func resize(_ image: RGBAImage, width: Int, height: Int) throws -> RGBAImage {
        guard width > 0, height > 0, !image.isEmpty else { return try RGBAImage(width: max(0, width), height: max(0, height)) }
        if width == image.width && height == image.height { return image }
        let horizontal = weights(source: image.width, target: width)
        let vertical = weights(source: image.height, target: height)
        // The taps flattened (start, count and offset into one array of weights), read through
        // pointers: the same products and sums, in the same order, without an array per tap list.
        let (hStart, hCount, hOffset, hWeights) = flattened(horizontal)
        let (vStart, vCount, vOffset, vWeights) = flattened(vertical)
        // Pass 1: rows, into floats; a fully transparent source row stays zero (and is marked so).
        var middle = [Float](repeating: 0, count: width * image.height * 4)
        var clearRows = [Bool](repeating: false, count: image.height)
        image.pixels.withUnsafeBufferPointer { src in
            middle.withUnsafeMutableBufferPointer { mid in
                let rowBytes = image.width * 4
                for y in 0..<image.height {
                    let row = UnsafeBufferPointer(rebasing: src[y * rowBytes..<(y + 1) * rowBytes])
                    guard row.contains(where: { $0 != 0 }) else {
                        clearRows[y] = true
                        continue
                    }
                    for x in 0..<width {
                        var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                        let first = hStart[x], offset = hOffset[x]
                        for k in 0..<hCount[x] {
                            let weight = hWeights[offset + k]
                            let s = (first + k) * 4
                            acc.0 += weight * Float(row[s]); acc.1 += weight * Float(row[s + 1])
                            acc.2 += weight * Float(row[s + 2]); acc.3 += weight * Float(row[s + 3])
                        }
                        let m = (y * width + x) * 4
                        mid[m] = acc.0; mid[m + 1] = acc.1; mid[m + 2] = acc.2; mid[m + 3] = acc.3
                    }
                }
            }
        }
        // Pass 2: columns, rounding and keeping colour ≤ alpha; a row drawn from clear rows
        // only stays clear (zero times any weight, summed, rounds to zero).
        var out = try RGBAImage(width: width, height: height)
        middle.withUnsafeBufferPointer { mid in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let first = vStart[y], offset = vOffset[y], count = vCount[y]
                    if clearRows[first..<first + count].allSatisfy({ $0 }) { continue }
                    for x in 0..<width {
                        var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                        for k in 0..<count {
                            let weight = vWeights[offset + k]
                            let m = ((first + k) * width + x) * 4
                            acc.0 += weight * mid[m]; acc.1 += weight * mid[m + 1]
                            acc.2 += weight * mid[m + 2]; acc.3 += weight * mid[m + 3]
                        }
                        let a = clamp(acc.3)
                        let d = (y * width + x) * 4
                        dst[d] = min(clamp(acc.0), a); dst[d + 1] = min(clamp(acc.1), a)
                        dst[d + 2] = min(clamp(acc.2), a); dst[d + 3] = a
                    }
                }
            }
        }
        return out
    }

    /// Taps as flat arrays: each target pixel's first source pixel, tap count and offset into
    /// the weights, and the weights one list after another.
    private static func flattened(_ taps: [Taps]) -> ([Int], [Int], [Int], [Float]) {
        var offsets: [Int] = []
        var weights: [Float] = []
        for tap in taps {
            offsets.append(weights.count)
            weights += tap.weights
        }
        return (taps.map(\.start), taps.map(\.weights.count), offsets, weights)
    }

    /// The nearest byte (halves up), in 0...255: the conversion truncates, which is rounding
    /// down once the value is clamped to be non-negative.
    private static func clamp(_ v: Float) -> UInt8 {
        UInt8(max(0, min(255, v + 0.5)))
    }

    /// Catmull-Rom (cubic, B = 0, C = 0.5).
    private static func catmullRom(_ x: Double) -> Double {
        let t = abs(x)
        if t < 1 { return 1.5 * t * t * t - 2.5 * t * t + 1 }
        if t < 2 { return -0.5 * t * t * t + 2.5 * t * t - 4 * t + 2 }
        return 0
    }

    private struct Taps {
        var start: Int
        var weights: [Float]
    }

    /// Normalised filter taps for each target pixel, edges clamped.
    private static func weights(source: Int, target: Int) -> [Taps] {
        let ratio = Double(source) / Double(target)
        let support = 2 * max(1, ratio)
        let filterScale = max(1, ratio)
        return (0..<target).map { i in
            let center = (Double(i) + 0.5) * ratio
            let lo = max(0, Int((center - support).rounded(.down)))
            let hi = min(source - 1, Int((center + support).rounded(.up)))
            var raw: [Double] = []
            for j in lo...hi {
                raw.append(catmullRom((Double(j) + 0.5 - center) / filterScale))
            }
            let sum = raw.reduce(0, +)
            return Taps(start: lo, weights: raw.map { Float(sum == 0 ? 0 : $0 / sum) })
        }
    }
}
