import Foundation
@_spi(Tools) import RefreshGif
import RefreshLocking

/// The goldens the snapshot assertions of this test process read or wrote, kept in
/// `<artifacts root>/run-<library>.json` so `refresh-render snapshot orphans` can tell which
/// goldens no test uses any more. `swift test` runs XCTest and Swift Testing as two processes
/// of one runner: each keeps its own log, both naming the runner's process. The first assertion
/// of a process starts its log afresh (marked partial until the process ends and writes it whole); a process run with a test filter (`swift test --filter`,
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

    private static let state = Locked<[String: Contents]>([:])

    /// Notes that `golden` was used; the log under `root` is written when the process ends.
    /// The first assertion under a root writes it once marked partial, so a process that stops
    /// before its end leaves a log the orphans command refuses to judge, never one that looks
    /// whole. (Writing it at every assertion cost a sixth of a passing one.)
    static func record(golden: String, root: String) {
        let (first, processFirst) = state.withLock { logs -> (Contents?, Bool) in
            let processFirst = logs.isEmpty
            let started = logs[root] == nil
            var contents = logs[root] ?? Contents(runner: getppid(), partial: isFiltered, goldens: [])
            if !contents.goldens.contains(golden) { contents.goldens.append(golden) }
            logs[root] = contents
            guard started else { return (nil, false) }
            contents.partial = true
            return (contents, processFirst)
        }
        guard let first else { return }
        write(first, root: root)
        // The process's first log: every log is written whole when the process ends.
        if processFirst { atexit { SnapshotRunLog.writeAll() } }
    }

    /// Writes every root's log as it stands: at the process's end.
    static func writeAll() {
        for (root, contents) in state.withLock({ $0 }) { write(contents, root: root) }
    }

    /// Writes one root's log, `run-<library>.json`.
    private static func write(_ contents: Contents, root: String) {
        let library = CommandLine.arguments.contains("swift-testing") ? "swift-testing" : "xctest"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(contents) else { return }
        try? FileIO.makeDirectory(root)
        try? FileIO.writeArtifact(Array(data), to: root + "/run-" + library + ".json")
    }

    /// True when the test process was started for some tests only: a filter, a skip, or a test
    /// named on its command line (how `swift test --parallel` runs each test).
    static var isFiltered: Bool {
        let arguments = CommandLine.arguments.dropFirst()
        return arguments.contains { ["--filter", "--skip", "--testing-library-filter"].contains($0) }
            || arguments.contains { $0.contains("/") && !$0.hasPrefix("-") && !$0.hasPrefix("/") }
    }
}
