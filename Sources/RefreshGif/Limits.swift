import RefreshModel

/// The limits of RefreshGif's numeric settings, in one place: each is declared once, in the
/// lowest module that checks it (``RefreshScene/scales`` in the model, the worker's seconds in
/// the codecs), and named here for the façade, the command line's checks, messages and help.
public enum Limits {
    /// Worker threads of a write, a snapshot batch or a diff.
    public static let jobs = Limit(1...256)
    /// Frame rates of an animation.
    public static let fps = Limit(RefreshAnimation.frameRates)
    /// Loops of a looping state's sequence.
    public static let loops = Limit(1...1000)
    /// Render scales.
    public static let scale = RefreshScene.scales
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
    /// - Parameter compressor: libdeflate, zlib or libpng.
    /// - Returns: the levels it takes.
    public static func pngLevel(_ compressor: PNGEncoder.Settings.Compressor) -> Limit { Limit(compressor.levels) }
}
