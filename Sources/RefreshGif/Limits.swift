import RefreshModel

/// The limits of RefreshGif's numeric settings, in one place: each is declared once, in the
/// lowest module that checks it (``RefreshScene/scales`` in the model, the worker's seconds in
/// the codecs), and named here for the façade, the command line's checks, messages and help.
@_spi(Tools) public enum Limits {
    /// Worker threads of a write, a snapshot batch or a diff.
    package static let jobs = Limit(1...256)
    /// Frame rates of an animation.
    package static let fps = Limit(RefreshAnimation.frameRates)
    /// Loops of a looping state's sequence.
    package static let loops = Limit(1...1000)
    /// Render scales.
    package static let scale = RefreshScene.scales
    /// The largest side of a control in device pixels (widths and heights in points are
    /// bounded by it at scale 1).
    public static let pixelSide = RefreshScene.maxPixelSide
    /// The decoded-pixel memory budget, in MiB (`--max-memory`).
    package static let memoryMebibytes = Limit(16...(1 << 20))
    /// The largest decoded frame, in pixels (`--max-pixels`).
    package static let framePixels = Limit(1...(1 << 40))
    /// Seconds one step of Lottie drawing may take (`--max-seconds`).
    package static let workerSeconds = Limit(DecodeLimits.workerSeconds)
    /// Ports the preview server listens on (0 picks a free one).
    package static let port = Limit(0...65535)
    /// Seconds one request to the preview server may take before it is answered 503.
    package static let requestSeconds = Limit(1...3600)
    /// PNG compression levels of a compressor.
    /// - Parameter compressor: libdeflate, zlib or libpng.
    /// - Returns: the levels it takes.
    package static func pngLevel(_ compressor: PNGEncoder.Settings.Compressor) -> Limit { Limit(compressor.levels) }
}
