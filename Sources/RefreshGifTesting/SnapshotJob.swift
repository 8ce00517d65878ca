import Foundation
@_spi(Tools) import RefreshGif
@_spi(Tools) import RefreshSnapshots
import SnapshotReports

/// Where artifacts go when `$REFRESH_ARTIFACTS` is not set.
enum SnapshotArtifacts {
    /// `$REFRESH_ARTIFACTS`, else `.build/refresh-snapshots` in the package that holds the
    /// test file, else a private folder made for this process in the system's temporary folder.
    static func root(near testFile: URL) throws -> String {
        if let set = ProcessInfo.processInfo.environment["REFRESH_ARTIFACTS"], !set.isEmpty { return set }
        var folder = testFile.deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.appendingPathComponent(".build/refresh-snapshots").path
            }
            folder = folder.deletingLastPathComponent()
        }
        return try FileIO.privateTemporaryFolder(prefix: "refresh-snapshots")
    }
}

/// One assertion's golden, artifacts and outcome.
struct SnapshotJob {
    /// `Suite/test`.
    var testName: String
    /// The golden's name without extension (`testPulling.1`).
    var baseName: String
    /// The golden's path.
    var golden: String
    /// This test's artifacts folder.
    var artifacts: String
    /// `swift test --filter` for this test.
    var filter: String
    /// Where the record mode came from, so a message says what to change.
    var modeSource: SnapshotRecordMode.Source = .defaultMode
    /// The golden's path under the name earlier versions gave it, if it may be there.
    var formerGolden: String?
    /// The folder of the run's report, which links every failing snapshot of every test
    /// (the artifacts root: `.build/refresh-snapshots/index.html`).
    var runReport: String?

    /// The run report's title.
    static let runReportTitle = "Snapshot failures"

    /// Checks or records `candidate`; nil when it matched, else the message to report.
    func run(_ candidate: SnapshotEngine.Candidate, mode: SnapshotRecordMode) throws -> String? {
        // What an earlier run reported of this snapshot goes; a failure now adds it again.
        try HTMLReport.remove(named: baseName, title: "Snapshot failures of \(testName)", from: artifacts)
        if let runReport { try HTMLReport.remove(named: testName + "/" + baseName, title: Self.runReportTitle, from: runReport) }
        let engine = SnapshotEngine(
            golden: golden, artifacts: artifacts, baseName: baseName, formerGolden: formerGolden,
            refusesMissingOnCI: true, recordsOnCI: modeSource == .argument || modeSource == .scope)
        let outcome = try engine.run(candidate, mode: mode)
        var job = self
        job.golden = outcome.checkedGolden
        if let former = outcome.movedFrom {
            let message = try job.message(for: outcome.result, mode: mode == .all ? .all : .never)
            return "\(header): its golden moved from \(former) to \(golden) (goldens are named by suite and case now); "
                + "commit the move" + (message.map { ". Then: " + $0 } ?? ".")
        }
        let message = try job.message(for: outcome.result, mode: mode)
        guard outcome.recordingRefusedOnCI, let wouldRecord = outcome.wouldRecord, let message else { return message }
        return message
            + "\n  on CI (CI=true) nothing under the source tree is written, whatever the record mode (\(mode.rawValue)\(sourceNote)):"
            + " what it would have recorded is \(wouldRecord)"
    }

    /// The message of what the engine found; nil when it matched.
    private func message(for result: SnapshotEngine.Result, mode: SnapshotRecordMode) throws -> String? {
        switch result {
        case .matched:
            return nil
        case .missing(onCI: false):
            return "\(header) has no golden at \(golden) (record mode never\(sourceNote)).\n  record it: \(recordAdvice(.missing))"
        case .missing(onCI: true):
            return "\(header) has no golden at \(golden); on CI (CI=true) missing goldens are not recorded.\n"
                + "  record it where you can look at it: \(recordAdvice(.missing)), then commit it"
        case .recorded(wasMissing: true):
            return "\(header): recorded a new golden at \(golden). Look at it, commit it, and run the tests again."
        case .recorded(wasMissing: false):
            return "\(header): recorded \(golden) again (record mode all\(sourceNote)). \(compareAdvice)"
        case let .mismatched(comparison, _, rerecorded: true):
            return "\(header): did not match, recorded \(golden) again (record mode failed\(sourceNote)): \(comparison.summary)"
        case let .mismatched(comparison, files, rerecorded: false):
            let message =
                "\(header) does not match its golden: \(comparison.summary)\(FontRecord.note(forGoldenAt: golden))\n"
                + "  golden:       \(golden)\n"
                + "  artifacts:    \(artifacts)/ (\(files.joined(separator: ", ")), index.html)\n"
                + "  record again: \(recordAdvice(.all, only: true))"
                + diffToolLine(actual: files.first { $0.hasSuffix(".actual.png") || $0.hasSuffix(".actual.json") })
            // The artifacts folder is also a page a person opens in a browser (the snapshot report).
            let file = { (suffix: String) -> String? in files.contains(baseName + suffix) ? artifacts + "/" + baseName + suffix : nil }
            var entry = HTMLReport.Entry(
                name: baseName, status: .failed, message: message, expected: golden,
                actual: file(".actual.png"), diff: file(".diff.png"), rerecord: recordAdvice(.all, only: true))
            entry.grid = comparison.grid
            try HTMLReport.add(entry, title: "Snapshot failures of \(testName)", in: artifacts)
            if let runReport {
                var linked = entry
                linked.name = testName + "/" + baseName
                try HTMLReport.add(linked, title: Self.runReportTitle, in: runReport)
            }
            return message
        }
    }

    private var header: String { "snapshot \(baseName) of \(testName)" }

    /// Where the mode came from, for messages: `, from record:` …
    private var sourceNote: String {
        switch modeSource {
        case .argument: return ", from the assertion's record: argument"
        case .scope: return ", from withSnapshotRecordMode or .refreshSnapshots(record:)"
        case .environment: return ", from REFRESH_RECORD"
        case .defaultMode: return ""
        }
    }

    /// How to compare again after a run that re-recorded everything.
    private var compareAdvice: String {
        switch modeSource {
        case .argument: return "Remove the record: argument to compare."
        case .scope: return "Remove withSnapshotRecordMode or the .refreshSnapshots(record:) trait to compare."
        case .environment, .defaultMode: return "Run without REFRESH_RECORD to compare."
        }
    }

    /// How to record: the command, or (when the assertion's `record:` argument decides, which
    /// no environment variable overrides) the argument to change.
    private func recordAdvice(_ mode: SnapshotRecordMode, only: Bool = false) -> String {
        switch modeSource {
        case .argument:
            return "change the assertion's record: argument to .\(mode.rawValue) (it overrides REFRESH_RECORD) and run \(testCommand)"
        case .scope:
            return
                "change withSnapshotRecordMode or the .refreshSnapshots(record:) trait to .\(mode.rawValue) (it overrides REFRESH_RECORD) and run \(testCommand)"
        case .environment, .defaultMode: return recordCommand(mode, only: only)
        }
    }

    /// `\n  diff tool: TOOL 'golden' 'actual'` when `REFRESH_DIFF_TOOL` names a program (as
    /// swift-snapshot-testing's `diffTool`), so a failure can be opened in it by pasting.
    private func diffToolLine(actual: String?) -> String {
        guard let tool = ProcessInfo.processInfo.environment["REFRESH_DIFF_TOOL"], !tool.isEmpty, let actual else { return "" }
        return "\n  diff tool:    \(tool) \(ShellWord.quoted(golden)) \(ShellWord.quoted(artifacts + "/" + actual))"
    }

    private var testCommand: String { "swift test --filter \(ShellWord.singleQuoted(filter))" }

    private func recordCommand(_ mode: SnapshotRecordMode, only: Bool = false) -> String {
        "REFRESH_RECORD=\(mode.rawValue) " + (only ? "REFRESH_RECORD_ONLY=\(ShellWord.quoted(baseName)) " : "") + testCommand
    }
}
