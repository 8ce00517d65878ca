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

    /// Each value against the limit the scene's setting of the same name is held to, with the
    /// same line (`--max-pixels: must be between 1 and …, got 0`).
    func validate() throws {
        let given: [(Int?, Limit, String)] = [
            (maxPixels, Limits.framePixels, "maxPixels"), (maxMemory, Limits.memoryMebibytes, "maxMemory"),
            (maxSeconds, Limits.workerSeconds, "maxSeconds"),
        ]
        for case let (value?, limit, field) in given {
            do {
                try limit.check(value, field: field)
            } catch let error as InvalidValue {
                throw ValidationError(CLIError.message(for: error))
            }
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
