import RefreshImage

/// pixelmatch's comparison (v7 semantics), in Swift: a perceptual YIQ colour delta per pixel
/// with a threshold, anti-aliasing detection, and a diff picture a person can read; or, with
/// ``Method/perceptual``, the CIEDE2000 colour difference of each pixel.
public struct ImageDiff: Sendable {
    /// How semi-transparent pixels are compared.
    public enum Blend: String, Sendable, CaseIterable, Codable {
        /// pixelmatch v7: both pixels composed over a fixed checkerboard-like background, so
        /// a change of alpha alone is seen.
        case checkerboard
        /// pixelmatch ≤ 6 (and the PyPI port): each pixel blended with white.
        case white
    }

    /// How two pixels are compared.
    public enum Method: String, Sendable, CaseIterable, Codable {
        /// pixelmatch: a YIQ colour delta against ``Options/threshold``, anti-aliasing detected.
        case pixelmatch
        /// CIEDE2000 colour difference against ``Options/maxDeltaE``.
        case perceptual
    }

    /// The comparison and drawing options (pixelmatch's names and defaults).
    public struct Options: Sendable, Equatable {
        /// Matching threshold 0–1; a pixel differs when its delta exceeds 35215 × threshold².
        public var threshold: Double = 0.1
        /// Count anti-aliased pixels as differences instead of detecting them.
        public var includeAA = false
        /// Opacity of the faded grey copy of the first image in the diff picture.
        public var alpha: Double = 0.1
        /// Colour of anti-aliased pixels in the diff picture.
        public var aaColor = RGBAColor(red: 255, green: 255, blue: 0)
        /// Colour of differing pixels.
        public var diffColor = RGBAColor(red: 255, green: 0, blue: 0)
        /// Colour of differing pixels where the second image is darker (nil: `diffColor`).
        public var diffColorAlt: RGBAColor?
        /// Draw only the differences, over transparency.
        public var diffMask = false
        /// How semi-transparent pixels are compared.
        public var blend: Blend = .checkerboard
        /// pixelmatch (the default) or a perceptual CIEDE2000 comparison.
        public var method: Method = .pixelmatch
        /// With ``Method/perceptual``: the largest ΔE₀₀ a pixel may change by and count as the
        /// same (2 by default: about the smallest difference people notice side by side).
        public var maxDeltaE: Double = 2

        /// The defaults.
        public init() {}
    }

    /// What a comparison found.
    public struct Result: Sendable {
        /// Pixels that differ beyond the threshold and are not anti-aliasing.
        public var differingPixels: Int
        /// Pixels in each image.
        public var totalPixels: Int
        /// The diff picture (nil when not asked for).
        public var diffImage: StraightImage?
        /// The smallest rectangle holding every differing pixel, in pixels (nil when none differ).
        public var boundingBox: PixelBox?

        /// A result from its parts.
        /// - Parameters:
        ///   - differingPixels: the pixels that differ.
        ///   - totalPixels: the pixels compared.
        ///   - diffImage: the diff picture, when one was drawn.
        ///   - boundingBox: the smallest box holding every differing pixel; nil when none differ.
        public init(differingPixels: Int, totalPixels: Int, diffImage: StraightImage? = nil, boundingBox: PixelBox? = nil) {
            self.differingPixels = differingPixels
            self.totalPixels = totalPixels
            self.diffImage = diffImage
            self.boundingBox = boundingBox
        }

        /// `differingPixels / totalPixels`.
        public var ratio: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }
    }

    /// The options.
    public var options: Options

    /// A diff with the given options.
    /// - Parameter options: threshold, anti-aliasing, method and colours of the diff picture.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Compares two images of the same size.
    /// - Parameters:
    ///   - first: the expected image.
    ///   - second: the actual image.
    ///   - drawDiff: true draws the diff picture.
    /// - Returns: the pixels that differ, where, and the diff picture.
    /// - Throws: ``DiffError/sizeMismatch(expectedWidth:expectedHeight:actualWidth:actualHeight:)``
    ///   when the sizes differ; ``DiffError/invalidOption(name:value:)`` for an option out of range.
    public func compare(_ first: StraightImage, _ second: StraightImage, drawDiff: Bool = true) throws -> Result {
        guard first.width == second.width, first.height == second.height else {
            throw DiffError.sizeMismatch(
                expectedWidth: first.width, expectedHeight: first.height,
                actualWidth: second.width, actualHeight: second.height)
        }
        for (name, value) in [("threshold", options.threshold), ("alpha", options.alpha)] where !(0...1).contains(value) {
            throw DiffError.invalidOption(name: name, value: value)
        }
        if options.method == .perceptual {
            guard options.maxDeltaE.isFinite, options.maxDeltaE >= 0, options.maxDeltaE <= 100 else {
                throw DiffError.invalidOption(name: "maxDeltaE", value: options.maxDeltaE)
            }
            return try PerceptualDiff.compare(first, second, options: options, drawDiff: drawDiff)
        }
        let width = first.width, height = first.height
        let total = width * height
        var output = [UInt8](repeating: 0, count: drawDiff ? total * 4 : 0)
        let maxDelta = 35215 * options.threshold * options.threshold
        let options = self.options
        let identical = first.hasSamePixels(as: second)
        var count = 0
        // The differing pixels' extent, as plain bounds in the loop; a box at the end.
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        output.withUnsafeMutableBufferPointer { out in
            first.pixels.withUnsafeBufferPointer { a in
                second.pixels.withUnsafeBufferPointer { b in
                    if identical {
                        if drawDiff && !options.diffMask {
                            for i in 0..<total { Self.drawGray(a, i * 4, options.alpha, out) }
                        }
                        return
                    }
                    for y in 0..<height {
                        for x in 0..<width {
                            let pos = (y * width + x) * 4
                            let same = a[pos] == b[pos] && a[pos + 1] == b[pos + 1] && a[pos + 2] == b[pos + 2] && a[pos + 3] == b[pos + 3]
                            let delta = same ? 0 : Self.colorDelta(a, b, pos, pos, yOnly: false, blend: options.blend)
                            if abs(delta) > maxDelta {
                                let aa =
                                    !options.includeAA
                                    && (Self.antialiased(a, x, y, width, height, other: b, blend: options.blend)
                                        || Self.antialiased(b, x, y, width, height, other: a, blend: options.blend))
                                if aa {
                                    if drawDiff && !options.diffMask { Self.draw(out, pos, options.aaColor) }
                                } else {
                                    if drawDiff {
                                        Self.draw(out, pos, delta < 0 ? (options.diffColorAlt ?? options.diffColor) : options.diffColor)
                                    }
                                    count += 1
                                    minX = min(minX, x); maxX = max(maxX, x)
                                    minY = min(minY, y); maxY = max(maxY, y)
                                }
                            } else if drawDiff && !options.diffMask {
                                Self.drawGray(a, pos, options.alpha, out)
                            }
                        }
                    }
                }
            }
        }
        return Result(
            differingPixels: count, totalPixels: total,
            diffImage: drawDiff ? try StraightImage(width: width, height: height, pixels: output) : nil,
            boundingBox: count > 0 ? PixelBox(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) : nil)
    }

    // MARK: - pixelmatch's building blocks

    static let yR = 0.29889531, yG = 0.58662247, yB = 0.11448223
    static let iR = 0.59597799, iG = 0.27417610, iB = 0.32180189
    static let qR = 0.21147017, qG = 0.52261711, qB = 0.31114694

    /// The squared YIQ distance between pixel `k` of `img1` and pixel `m` of `img2`
    /// (Kotsarenko & Ramos), negative when the second is darker; with `yOnly`, the signed
    /// brightness difference alone.
    @inline(__always)
    static func colorDelta(
        _ img1: UnsafeBufferPointer<UInt8>, _ img2: UnsafeBufferPointer<UInt8>, _ k: Int, _ m: Int,
        yOnly: Bool, blend: Blend
    ) -> Double {
        let r1 = Double(img1[k]), g1 = Double(img1[k + 1]), b1 = Double(img1[k + 2]), a1 = Double(img1[k + 3])
        let r2 = Double(img2[m]), g2 = Double(img2[m + 1]), b2 = Double(img2[m + 2]), a2 = Double(img2[m + 3])
        if r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2 { return 0 }
        switch blend {
        case .checkerboard:
            var dr = r1 - r2, dg = g1 - g2, db = b1 - b2
            if a1 < 255 || a2 < 255 {
                let da = a1 - a2
                let rb = 48 + 159 * Double(k % 2)
                let gb = 48 + 159 * Double(Int(Double(k) / 1.618033988749895) % 2)
                let bb = 48 + 159 * Double(Int(Double(k) / 2.618033988749895) % 2)
                dr = (r1 * a1 - r2 * a2 - rb * da) / 255
                dg = (g1 * a1 - g2 * a2 - gb * da) / 255
                db = (b1 * a1 - b2 * a2 - bb * da) / 255
            }
            let y = dr * yR + dg * yG + db * yB
            if yOnly { return y }
            let i = dr * iR - dg * iG - db * iB
            let q = dr * qR - dg * qG + db * qB
            let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
            return y > 0 ? -delta : delta
        case .white:
            var (pr, pg, pb) = (r1, g1, b1), (sr, sg, sb) = (r2, g2, b2)
            if a1 < 255 {
                let a = a1 / 255
                pr = 255 + (pr - 255) * a; pg = 255 + (pg - 255) * a; pb = 255 + (pb - 255) * a
            }
            if a2 < 255 {
                let a = a2 / 255
                sr = 255 + (sr - 255) * a; sg = 255 + (sg - 255) * a; sb = 255 + (sb - 255) * a
            }
            let y1 = pr * yR + pg * yG + pb * yB, y2 = sr * yR + sg * yG + sb * yB
            let y = y1 - y2
            if yOnly { return y }
            let i = (pr * iR - pg * iG - pb * iB) - (sr * iR - sg * iG - sb * iB)
            let q = (pr * qR - pg * qG + pb * qB) - (sr * qR - sg * qG + sb * qB)
            let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
            return y > 0 ? -delta : delta
        }
    }

    /// Vyšniauskas (2009): the pixel sits between a darker and a brighter neighbour, one of
    /// which has three or more identical neighbours in both images.
    static func antialiased(
        _ img: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int,
        other: UnsafeBufferPointer<UInt8>, blend: Blend
    ) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = colorDelta(img, img, pos, (y * width + x) * 4, yOnly: true, blend: blend)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta; minX = x; minY = y
                } else if delta > maxDelta {
                    maxDelta = delta; maxX = x; maxY = y
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(img, minX, minY, width, height) && hasManySiblings(other, minX, minY, width, height))
            || (hasManySiblings(img, maxX, maxY, width, height) && hasManySiblings(other, maxX, maxY, width, height))
    }

    /// True when the pixel has three or more identical neighbours (image edges count as one).
    static func hasManySiblings(_ img: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let p = (y * width + x) * 4
                if img[pos] == img[p] && img[pos + 1] == img[p + 1] && img[pos + 2] == img[p + 2] && img[pos + 3] == img[p + 3] {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    @inline(__always)
    static func draw(_ out: UnsafeMutableBufferPointer<UInt8>, _ pos: Int, _ color: RGBAColor) {
        out[pos] = color.red; out[pos + 1] = color.green; out[pos + 2] = color.blue; out[pos + 3] = 255
    }

    /// The first image's brightness, faded towards white by `alpha`.
    @inline(__always)
    static func drawGray(_ img: UnsafeBufferPointer<UInt8>, _ pos: Int, _ alpha: Double, _ out: UnsafeMutableBufferPointer<UInt8>) {
        let y = Double(img[pos]) * yR + Double(img[pos + 1]) * yG + Double(img[pos + 2]) * yB
        let value = 255 + (y - 255) * alpha * Double(img[pos + 3]) / 255
        let v = UInt8(max(0, min(255, value + 0.5)))
        out[pos] = v; out[pos + 1] = v; out[pos + 2] = v; out[pos + 3] = 255
    }
}

/// Pass/fail limits shared by the diff command, the snapshot assertion and batch runs.
public struct DiffTolerance: Sendable, Equatable {
    /// Differing pixels allowed.
    public var maxDiffPixels: Int
    /// Share of differing pixels allowed (0–1).
    public var maxDiffRatio: Double

    /// Limits from their parts (both 0: no difference allowed).
    /// - Parameters:
    ///   - maxDiffPixels: how many pixels may differ.
    ///   - maxDiffRatio: the share of pixels, 0 to 1, that may differ.
    public init(maxDiffPixels: Int = 0, maxDiffRatio: Double = 0) {
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
    }

    /// True when the result is within either limit.
    /// - Parameter result: a comparison's result.
    /// - Returns: true when it passes.
    public func accepts(_ result: ImageDiff.Result) -> Bool {
        result.differingPixels <= maxDiffPixels || result.ratio <= maxDiffRatio
    }
}

/// A rectangle of whole pixels.
public struct PixelBox: Sendable, Equatable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// A box from its origin and size.
    /// - Parameters:
    ///   - x: the left column.
    ///   - y: the top row.
    ///   - width: columns.
    ///   - height: rows.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `W×H at (X, Y)`.
    public var description: String { "\(width)×\(height) px at (\(x), \(y))" }
}
