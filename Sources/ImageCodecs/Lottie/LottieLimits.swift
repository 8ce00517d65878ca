/// The bounds a Lottie file is held to: checked in its JSON before rlottie reads it, then
/// enforced on the worker process that runs rlottie (docs/robustness.md, "Lottie").
package enum LottieLimits {
    /// The lowest frame rate accepted: one frame a hundred seconds. Lower rates make a
    /// duration no clock can hold (`"fr": 1e-300`).
    public static let minFrameRate = 0.01
    /// The highest frame rate accepted.
    public static let maxFrameRate = 1000.0
    /// The largest Lottie file, in bytes (16 MiB; Bodymovin exports are kilobytes to a few
    /// megabytes, embedded images included). With what the check keeps, the process that
    /// reads the file stays within its memory budget plus 64 MiB whatever the file holds.
    public static let maxFileBytes = 16 << 20
    /// What the check may keep of a file's JSON (the layers', shapes' and assets' fields it
    /// reads), in bytes as it counts them; past it the file is refused.
    public static let maxCheckedBytes = 16 << 20
}
