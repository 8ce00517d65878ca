import ArgumentParser
import RefreshGif

/// The decoding limits of commands that read images outside a scene (`extract`, `diff`):
/// the same flags, meanings and defaults as the scene's `--max-pixels` and `--max-memory`.
struct LimitOptions: ParsableArguments {
    @Option(name: .customLong("max-pixels"), help: ArgumentHelp(SceneSchema.help(.maxPixels), valueName: "N"))
    var maxPixels: Int?

    @Option(name: .customLong("max-memory"), help: ArgumentHelp(SceneSchema.help(.maxMemory), valueName: "MIB"))
    var maxMemory: Int?

    @Option(name: .customLong("max-seconds"), help: ArgumentHelp(SceneSchema.help(.maxSeconds), valueName: "S"))
    var maxSeconds: Int?

    func validate() throws {
        if let maxPixels, maxPixels < 1 { throw ValidationError("--max-pixels must be at least 1, got \(maxPixels)") }
        if let maxMemory, !Limits.memoryMebibytes.range.contains(maxMemory) {
            throw ValidationError("--max-memory must be \(Limits.memoryMebibytes.phrase) MiB, got \(maxMemory)")
        }
        if let maxSeconds, !Limits.workerSeconds.range.contains(maxSeconds) {
            throw ValidationError("--max-seconds must be \(Limits.workerSeconds.phrase), got \(maxSeconds)")
        }
    }

    /// The limits these flags ask for.
    var limits: DecodeLimits {
        var limits = DecodeLimits.default
        if let maxPixels { limits = limits.allowing(framePixels: maxPixels) }
        // After --max-pixels, which raises the budget to hold one frame: a budget given is kept.
        if let maxMemory { limits = limits.withMemoryBudget(mebibytes: maxMemory) }
        if let maxSeconds { limits.maxWorkerSeconds = maxSeconds }
        return limits
    }
}
