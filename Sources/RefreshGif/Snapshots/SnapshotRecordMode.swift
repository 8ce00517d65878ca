import Foundation

/// When an assertion writes its golden file instead of (or after) comparing with it.
///
/// The mode of an assertion is, first found: its `record:` argument, the innermost
/// `withSnapshotRecordMode(_:operation:)` around it, the `REFRESH_RECORD`
/// environment variable (`never`, `missing`, `failed` or `all`), else ``missing``.
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
    /// Never write: a missing golden is a failure.
    case never
    /// Write goldens that do not exist yet (and report each, so a run that recorded fails).
    /// On CI (`CI=true`) nothing is written: a missing golden fails with the command that
    /// records it.
    case missing
    /// Write missing goldens and replace every golden that does not match: one run
    /// re-records every mismatching snapshot of the suite. On CI, as with ``missing``,
    /// missing goldens are not written.
    case failed
    /// Write every golden, matching or not.
    case all

    /// The mode named by `REFRESH_RECORD` (`1` and `true` mean ``all``), if it is set to one
    /// (see `environmentError` for a value that names none).
    public static var environment: SnapshotRecordMode? {
        guard let value = ProcessInfo.processInfo.environment["REFRESH_RECORD"]?.lowercased(), !value.isEmpty else { return nil }
        if value == "1" || value == "true" { return .all }
        return SnapshotRecordMode(rawValue: value)
    }

    /// Why `REFRESH_RECORD` cannot be used, when it is set to a value that names no mode
    /// (`fail` for `failed`): every assertion then fails with this instead of guessing.
    package static var environmentError: String? {
        guard let value = ProcessInfo.processInfo.environment["REFRESH_RECORD"], !value.isEmpty, environment == nil else { return nil }
        return "REFRESH_RECORD=\(value) names no record mode: use never, missing, failed or all (1 and true mean all)"
    }

    /// Where an assertion's mode came from: what a message tells the user to change.
    package enum Source: Sendable, Equatable {
        /// The assertion's `record:` argument (it overrides everything else).
        case argument
        /// `withSnapshotRecordMode(_:operation:)` around it.
        case scope
        /// The `REFRESH_RECORD` environment variable.
        case environment
        /// Nothing: the default, ``missing``.
        case defaultMode
    }

    /// The mode set by the innermost `withSnapshotRecordMode(_:operation:)`.
    @TaskLocal public static var scoped: SnapshotRecordMode?

    /// The mode an assertion uses when given `explicit` (nil: none given), and where it came from.
    /// - Parameter explicit: the assertion's own `record:` argument.
    /// - Returns: the mode, and whether it came from the argument, the scope, `REFRESH_RECORD` or the default.
    package static func effective(_ explicit: SnapshotRecordMode?) -> (mode: SnapshotRecordMode, source: Source) {
        if let explicit { return (explicit, .argument) }
        if let scoped { return (scoped, .scope) }
        if let environment { return (environment, .environment) }
        return (.missing, .defaultMode)
    }

    /// True when the `CI` environment variable says the tests run on a CI server.
    package static var onCI: Bool {
        guard let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() else { return false }
        return value == "true" || value == "1" || value == "yes"
    }
}
