import RefreshModel

/// A range of whole numbers a setting accepts, with its check and the words messages use.
public struct Limit: Sendable, Equatable {
    /// The values accepted.
    public let range: ClosedRange<Int>

    /// A limit of `range`.
    public init(_ range: ClosedRange<Int>) {
        self.range = range
    }

    /// "between 1 and 256".
    public var phrase: String { "between \(range.lowerBound) and \(range.upperBound)" }

    /// Throws ``RefreshGifError/invalidSetting(field:message:)`` naming `field` for a value outside the range.
    public func check(_ value: Int, field: String) throws {
        guard range.contains(value) else {
            throw RefreshGifError.invalidSetting(field: field, message: "must be \(phrase), got \(value)")
        }
    }
}

/// The limits of RefreshGif's numeric settings, defined once: the library checks them and
/// the command line reads them for its checks, messages and help.
public enum Limits {
    /// Worker threads of a write, a snapshot batch or a diff.
    public static let jobs = Limit(1...256)
    /// Frame rates of an animation.
    public static let fps = Limit(RefreshAnimation.frameRates)
    /// Loops of a looping state's sequence.
    public static let loops = Limit(1...1000)
    /// Render scales.
    public static let scale = Limit(1...3)
    /// The largest side of a control in device pixels (widths and heights in points are
    /// bounded by it at scale 1).
    public static let pixelSide = RefreshScene.maxPixelSide
    /// The decoded-pixel memory budget, in MiB (`--max-memory`).
    public static let memoryMebibytes = Limit(16...(1 << 20))
    /// The largest decoded frame, in pixels (`--max-pixels`).
    public static let framePixels = Limit(1...(1 << 40))
    /// Seconds one step of Lottie drawing may take (`--max-seconds`).
    public static let workerSeconds = Limit(DecodeLimits.workerSeconds)
    /// Ports the preview server listens on (0 picks a free one).
    public static let port = Limit(0...65535)
    /// Seconds one request to the preview server may take before it is answered 503.
    public static let requestSeconds = Limit(1...3600)
    /// PNG compression levels of a compressor.
    public static func pngLevel(_ compressor: PNGEncoder.Settings.Compressor) -> Limit { Limit(compressor.levels) }
}
