/// The bounds a Lottie file is held to: checked in its JSON before rlottie reads it, then
/// enforced on the worker process that runs rlottie (docs/robustness.md, "Lottie").
public enum LottieLimits {
    /// The lowest frame rate accepted: one frame a hundred seconds. Lower rates make a
    /// duration no clock can hold (`"fr": 1e-300`).
    public static let minFrameRate = 0.01
    /// The highest frame rate accepted.
    public static let maxFrameRate = 1000.0
}
