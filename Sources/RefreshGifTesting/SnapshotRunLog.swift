import Foundation
@_spi(Tools) import RefreshGif
import RefreshLocking

/// The goldens the snapshot assertions of this test process read or wrote, kept in
/// `<artifacts root>/run-<library>.json` so `refresh-render snapshot orphans` can tell which
/// goldens no test uses any more. `swift test` runs XCTest and Swift Testing as two processes
/// of one runner: each keeps its own log, both naming the runner's process. The first assertion
/// of a process starts its log afresh; a process run with a test filter (`swift test --filter`,
/// `--skip`, or one test of XCTest's `--parallel`) marks it partial, and the orphans command
/// then refuses to judge.
enum SnapshotRunLog {
    /// What the log file holds.
    struct Contents: Codable {
        /// The `swift test` process that ran this one (the same for both libraries' logs).
        var runner: Int32
        /// True when not every test ran, so unused goldens prove nothing.
        var partial: Bool
        /// Every golden path read or written, in the order first used.
        var goldens: [String]
    }

    private static let state = Locked<(started: Set<String>, contents: [String: Contents])>(([], [:]))

    /// Notes that `golden` was used; writes the log under `root`.
    static func record(golden: String, root: String) {
        let library = CommandLine.arguments.contains("swift-testing") ? "swift-testing" : "xctest"
        let path = root + "/run-" + library + ".json"
        let contents = state.withLock { state -> Contents in
            if !state.started.contains(root) {
                state.started.insert(root)
                state.contents[root] = Contents(runner: getppid(), partial: isFiltered, goldens: [])
            }
            var contents = state.contents[root] ?? Contents(runner: getppid(), partial: true, goldens: [])
            if !contents.goldens.contains(golden) { contents.goldens.append(golden) }
            state.contents[root] = contents
            return contents
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(contents) else { return }
        try? FileIO.makeDirectory(root)
        try? FileIO.writeArtifact(Array(data), to: path)
    }

    /// True when the test process was started for some tests only: a filter, a skip, or a test
    /// named on its command line (how `swift test --parallel` runs each test).
    static var isFiltered: Bool {
        let arguments = CommandLine.arguments.dropFirst()
        return arguments.contains { ["--filter", "--skip", "--testing-library-filter"].contains($0) }
            || arguments.contains { $0.contains("/") && !$0.hasPrefix("-") && !$0.hasPrefix("/") }
    }
}
