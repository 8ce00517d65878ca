/// Resizes premultiplied images with a separable Catmull-Rom filter (docs/images.md).
///
/// Working on premultiplied values keeps transparent pixels from bleeding their colour into
/// the edges. When shrinking, the filter is widened by the scale factor so every source pixel
/// contributes (no aliasing).
public enum Resampler {
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
        // Pass 1: rows, into floats.
        var middle = [Float](repeating: 0, count: width * image.height * 4)
        image.pixels.withUnsafeBufferPointer { src in
            for y in 0..<image.height {
                for x in 0..<width {
                    let w = horizontal[x]
                    var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                    for (k, weight) in w.weights.enumerated() {
                        let s = (y * image.width + w.start + k) * 4
                        acc.0 += weight * Float(src[s]); acc.1 += weight * Float(src[s + 1])
                        acc.2 += weight * Float(src[s + 2]); acc.3 += weight * Float(src[s + 3])
                    }
                    let m = (y * width + x) * 4
                    middle[m] = acc.0; middle[m + 1] = acc.1; middle[m + 2] = acc.2; middle[m + 3] = acc.3
                }
            }
        }
        // Pass 2: columns, rounding and keeping colour ≤ alpha.
        var out = try RGBAImage(width: width, height: height)
        out.pixels.withUnsafeMutableBufferPointer { dst in
            for y in 0..<height {
                let w = vertical[y]
                for x in 0..<width {
                    var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                    for (k, weight) in w.weights.enumerated() {
                        let m = ((w.start + k) * width + x) * 4
                        acc.0 += weight * middle[m]; acc.1 += weight * middle[m + 1]
                        acc.2 += weight * middle[m + 2]; acc.3 += weight * middle[m + 3]
                    }
                    let a = clamp(acc.3)
                    let d = (y * width + x) * 4
                    dst[d] = min(clamp(acc.0), a); dst[d + 1] = min(clamp(acc.1), a)
                    dst[d + 2] = min(clamp(acc.2), a); dst[d + 3] = a
                }
            }
        }
        return out
    }

    private static func clamp(_ v: Float) -> UInt8 {
        UInt8(max(0, min(255, (v + 0.5).rounded(.down))))
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
