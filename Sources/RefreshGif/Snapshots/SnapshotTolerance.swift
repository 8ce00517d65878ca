import PixelDiff

/// How closely pictures must match (pixelmatch's options and the pass limits).
public struct SnapshotTolerance: Sendable, Equatable {
    /// The perceptual colour threshold, 0–1 (pixelmatch's default 0.1).
    public var threshold: Double
    /// Count anti-aliased pixels as differences.
    public var includeAA: Bool
    /// Pass when at most this many pixels differ.
    public var maxDiffPixels: Int
    /// Pass when at most this share of the pixels (0–1) differs.
    public var maxDiffRatio: Double
    /// How pixels are compared: pixelmatch (the default) or perceptual (CIEDE2000, see
    /// ``perceptual(precision:maxDeltaE:)``).
    public var method: ImageDiff.Method = .pixelmatch
    /// With the perceptual method: the largest ΔE₀₀ a pixel may change by and match.
    public var maxDeltaE: Double = 2

    /// Exact by default: threshold 0 with anti-aliased pixels counted, so a pixel whose colour
    /// or opacity changes at all fails (a title tinted from #5A5A5A to #6A5A5A, one level of one
    /// channel). pixelmatch's own default, threshold 0.1 without anti-aliased pixels, passes
    /// changes a person sees on a phone; give it, or ``perceptual(precision:maxDeltaE:)``,
    /// for pictures drawn on another machine.
    /// - Parameters:
    ///   - threshold: how different two pixels' colours may be and still match, 0 (exact) to 1.
    ///   - includeAA: true counts pixels that look anti-aliased as differences too.
    ///   - maxDiffPixels: how many pixels may differ and still pass.
    ///   - maxDiffRatio: the share of pixels, 0 to 1, that may differ.
    public init(threshold: Double = 0, includeAA: Bool = true, maxDiffPixels: Int = 0, maxDiffRatio: Double = 0) {
        self.threshold = threshold
        self.includeAA = includeAA
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
    }

    /// A perceptual comparison: at least `precision` of the pixels (0–1) must be within
    /// `maxDeltaE` (CIEDE2000) of the golden's, as swift-snapshot-testing's
    /// `perceptualPrecision` reads. For pictures re-encoded or drawn on another machine, where
    /// pixelmatch counts invisible changes.
    /// - Parameters:
    ///   - precision: the share of pixels, 0 to 1, that must match.
    ///   - maxDeltaE: the largest CIEDE2000 difference a matching pixel may have.
    /// - Returns: the tolerance.
    public static func perceptual(precision: Double, maxDeltaE: Double = 2) -> SnapshotTolerance {
        var tolerance = SnapshotTolerance(maxDiffRatio: 1 - precision)
        tolerance.method = .perceptual
        tolerance.maxDeltaE = maxDeltaE
        return tolerance
    }

    /// The rest of the diff's options (its picture's colours and blend); the fields above win.
    public var diffOptions = ImageDiff.Options()

    /// The image diff these settings make.
    public var diff: ImageDiff {
        var options = diffOptions
        options.threshold = threshold
        options.includeAA = includeAA
        options.method = method
        options.maxDeltaE = maxDeltaE
        return ImageDiff(options: options)
    }

    /// The pass limits.
    public var limits: DiffTolerance { DiffTolerance(maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio) }
}
