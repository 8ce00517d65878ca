import ArgumentParser
import RefreshGif

/// The decoding limits of commands that read images outside a scene (`extract`, `diff`):
/// the scene's own `--max-pixels`, `--max-memory` and `--max-seconds` settings, the same
/// declaration, checks and messages.
typealias LimitOptions = SettingOptions<LimitSettings>

extension SettingOptions {
    /// The limits these options ask for.
    var limits: DecodeLimits {
        ((try? description()) ?? SceneDescription()).limits
    }
}
