import RefreshImage

#if canImport(Glibc)
    import Glibc
#endif

/// Colour difference as people see it: CIEDE2000 (ΔE₀₀) between the two pictures' pixels in
/// CIELAB, each pixel composited over white and over black and the larger difference taken (so
/// a change of transparency counts). A pixel differs when its ΔE₀₀ exceeds
/// ``ImageDiff/Options/maxDeltaE`` (2: about what a trained eye notices side by side); a
/// snapshot passes when the share of such pixels is within its tolerance, which is what
/// swift-snapshot-testing calls `perceptualPrecision` (precision 0.98 = a ratio of 0.02).
enum PerceptualDiff {
    /// Compares two images of the same size (checked by the caller).
    static func compare(_ first: StraightImage, _ second: StraightImage, options: ImageDiff.Options, drawDiff: Bool) throws
        -> ImageDiff.Result
    {
        let width = first.width, height = first.height, total = width * height
        var output = [UInt8](repeating: 0, count: drawDiff ? total * 4 : 0)
        var count = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        first.pixels.withUnsafeBufferPointer { a in
            second.pixels.withUnsafeBufferPointer { b in
                output.withUnsafeMutableBufferPointer { out in
                    for y in 0..<height {
                        for x in 0..<width {
                            let pos = (y * width + x) * 4
                            let same = a[pos] == b[pos] && a[pos + 1] == b[pos + 1] && a[pos + 2] == b[pos + 2] && a[pos + 3] == b[pos + 3]
                            if !same && deltaE(a, b, pos) > options.maxDeltaE {
                                count += 1
                                minX = min(minX, x); maxX = max(maxX, x)
                                minY = min(minY, y); maxY = max(maxY, y)
                                if drawDiff { ImageDiff.draw(out, pos, options.diffColor) }
                            } else if drawDiff && !options.diffMask {
                                ImageDiff.drawGray(a, pos, options.alpha, out)
                            }
                        }
                    }
                }
            }
        }
        return ImageDiff.Result(
            differingPixels: count, totalPixels: total,
            diffImage: drawDiff ? try StraightImage(width: width, height: height, pixels: output) : nil,
            boundingBox: count > 0 ? PixelBox(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) : nil)
    }

    /// The larger ΔE₀₀ of pixel `pos` of `a` and `b`, composited over white and over black.
    static func deltaE(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ pos: Int) -> Double {
        var worst = 0.0
        for background in [255.0, 0.0] {
            worst = max(worst, ciede2000(lab(a, pos, over: background), lab(b, pos, over: background)))
        }
        return worst
    }

    /// A straight RGBA pixel over a grey `background` (0–255), in CIELAB (D65).
    static func lab(_ p: UnsafeBufferPointer<UInt8>, _ pos: Int, over background: Double) -> (l: Double, a: Double, b: Double) {
        let alpha = Double(p[pos + 3]) / 255
        func linear(_ value: UInt8) -> Double {
            let c = (Double(value) * alpha + background * (1 - alpha)) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let r = linear(p[pos]), g = linear(p[pos + 1]), bl = linear(p[pos + 2])
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * bl) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * bl
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * bl) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// CIEDE2000 (Sharma, Wu and Dalal, 2005) with kL = kC = kH = 1.
    static func ciede2000(_ one: (l: Double, a: Double, b: Double), _ two: (l: Double, a: Double, b: Double)) -> Double {
        let c1 = (one.a * one.a + one.b * one.b).squareRoot(), c2 = (two.a * two.a + two.b * two.b).squareRoot()
        let cMean = (c1 + c2) / 2
        let c7 = pow(cMean, 7)
        let g = 0.5 * (1 - (c7 / (c7 + pow(25, 7))).squareRoot())
        let a1 = (1 + g) * one.a, a2 = (1 + g) * two.a
        let cp1 = (a1 * a1 + one.b * one.b).squareRoot(), cp2 = (a2 * a2 + two.b * two.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            guard a != 0 || b != 0 else { return 0 }
            let h = atan2(b, a) * 180 / .pi
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(one.b, a1), h2 = hue(two.b, a2)
        let dL = two.l - one.l, dC = cp2 - cp1
        var dh = 0.0
        if cp1 * cp2 != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * (cp1 * cp2).squareRoot() * sin(dh * .pi / 360)
        let lMean = (one.l + two.l) / 2, cpMean = (cp1 + cp2) / 2
        var hMean = h1 + h2
        if cp1 * cp2 != 0 {
            hMean = abs(h1 - h2) <= 180 ? (h1 + h2) / 2 : (h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2)
        }
        let rad = Double.pi / 180
        let t =
            1 - 0.17 * cos((hMean - 30) * rad) + 0.24 * cos(2 * hMean * rad) + 0.32 * cos((3 * hMean + 6) * rad)
            - 0.20 * cos((4 * hMean - 63) * rad)
        let dTheta = 30 * exp(-pow((hMean - 275) / 25, 2))
        let cp7 = pow(cpMean, 7)
        let rC = 2 * (cp7 / (cp7 + pow(25, 7))).squareRoot()
        let l50 = (lMean - 50) * (lMean - 50)
        let sL = 1 + 0.015 * l50 / (20 + l50).squareRoot(), sC = 1 + 0.045 * cpMean, sH = 1 + 0.015 * cpMean * t
        let rT = -sin(2 * dTheta * rad) * rC
        let terms = pow(dL / sL, 2) + pow(dC / sC, 2) + pow(dH / sH, 2) + rT * (dC / sC) * (dH / sH)
        return max(0, terms).squareRoot()
    }
}
