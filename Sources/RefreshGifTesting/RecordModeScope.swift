import Foundation
import RefreshGif

/// Runs `operation` with every snapshot assertion in it (on this task and its children)
/// using `mode`, unless an assertion names its own: a per-test override.
///
/// ```swift
/// func testHeader() throws {
///     try withSnapshotRecordMode(.all) {
///         assertSnapshot(of: scene, as: .scene)
///     }
/// }
/// ```
/// - Parameters:
///   - mode: the record mode of the assertions inside.
///   - operation: the code whose assertions use it.
/// - Returns: what `operation` returns.
/// - Throws: what `operation` throws.
public func withSnapshotRecordMode<R>(_ mode: SnapshotRecordMode, operation: () throws -> R) rethrows -> R {
    try SnapshotRecordMode.$scoped.withValue(mode, operation: operation)
}

/// The `async` form of `withSnapshotRecordMode(_:operation:)`.
/// - Parameters:
///   - mode: the record mode of the assertions inside.
///   - isolation: the actor `operation` runs on (left to its default).
///   - operation: the code whose assertions use it.
/// - Returns: what `operation` returns.
/// - Throws: what `operation` throws.
public func withSnapshotRecordMode<R>(
    _ mode: SnapshotRecordMode, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
) async rethrows -> R {
    try await SnapshotRecordMode.$scoped.withValue(mode, operation: operation, isolation: isolation)
}
