import RefreshGif
import Testing

/// A Swift Testing trait that sets the record mode of every snapshot assertion in a test or
/// suite (the suite's tests included), as `withSnapshotRecordMode(_:operation:)` does for part
/// of a test. An assertion's own `record:` argument still wins.
///
/// ```swift
/// @Suite(.refreshSnapshots(record: .failed))
/// struct HeaderSnapshots {
///     @Test func header() { assertSnapshot(of: RefreshScene(), as: .scene) }
/// }
/// ```
public struct RefreshSnapshotsTrait: TestTrait, SuiteTrait, TestScoping {
    /// The mode, or nil to leave it to `REFRESH_RECORD`.
    public var record: SnapshotRecordMode?

    /// Applies to every test of a suite it is put on.
    public var isRecursive: Bool { true }

    /// Runs the test with the record mode in scope.
    /// - Parameters:
    ///   - test: the test or suite.
    ///   - testCase: the test case, for a parameterised test.
    ///   - function: runs the test.
    /// - Throws: what the test throws.
    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        guard let record else { return try await function() }
        try await SnapshotRecordMode.$scoped.withValue(record) { try await function() }
    }
}

extension Trait where Self == RefreshSnapshotsTrait {
    /// Snapshot assertions in this test or suite use `record` (see RefreshGif's `SnapshotRecordMode`).
    /// - Parameter record: the mode; nil leaves it to `REFRESH_RECORD`.
    /// - Returns: the trait.
    public static func refreshSnapshots(record: SnapshotRecordMode? = nil) -> Self {
        RefreshSnapshotsTrait(record: record)
    }
}
