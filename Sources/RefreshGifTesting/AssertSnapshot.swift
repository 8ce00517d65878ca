import Foundation
@_spi(Tools) import RefreshGif
import RefreshLocking
@_spi(Tools) import RefreshSnapshots
import Testing
import XCTest

/// Compares `value`, made into a snapshot `as` the strategy says, with its golden file and
/// reports what it finds at this line: XCTest records a failure, Swift Testing an issue. It
/// never throws, so every assertion of a test runs and every mismatch is reported at its
/// own line.
///
/// - The golden is `__Snapshots__/<TestFile>/<name>.<ext>` beside the test file, where
///   `name` is `named`, or the suite or class, the test function and a counter per test
///   (`HeaderTests.testPulling.1.png`, `HeaderTests.testPulling.2.png`; `pulling.1.png` for a
///   Swift Testing function outside any suite; the cases of a parameterised test add their
///   arguments, `percent.0.6.1.png`). A golden under the name earlier versions gave (the
///   function without its suite) is moved to the new name when it can only have been this
///   test's.
/// - `record` (else `withSnapshotRecordMode(_:operation:)`, else
///   `REFRESH_RECORD`, else RefreshGif's `SnapshotRecordMode.missing`) says when the golden is
///   written. Writing one is reported too, so a run that recorded never passes.
/// - On a mismatch the actual picture, the diff and an expected | actual | diff picture go
///   to this test's own folder under `$REFRESH_ARTIFACTS` (default `.build/refresh-snapshots`
///   in the package, else a private folder in the system's temporary folder); the message
///   names the test, the golden, that folder, the pixels and share that differ, where, and
///   the command that records just this snapshot again. The test's folder and the root each
///   hold a report (`index.html`): the root's links every failing snapshot of every test, and
///   a snapshot that passes again is taken out of both.
/// - `snapshotDirectory` replaces the `__Snapshots__/<TestFile>` folder.
///
/// - Parameters:
///   - value: what is snapshotted; what it throws fails the assertion with the error's line.
///   - strategy: how the value becomes a snapshot and how that is compared (``Snapshotting``).
///   - name: the golden's name instead of the test's and a counter.
///   - record: when the golden is written; nil leaves it to the scope, `REFRESH_RECORD` or `missing`.
///   - snapshotDirectory: the folder of goldens instead of `__Snapshots__/<TestFile>`.
///   - fileID: the test file, as `#fileID` gives it (left to its default).
///   - filePath: the test file's path, as `#filePath` gives it (left to its default).
///   - testName: the test function, as `#function` gives it (left to its default).
///   - line: the assertion's line (left to its default).
///   - column: the assertion's column (left to its default).
public func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: SnapshotRecordMode? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let location = SnapshotLocation(fileID: "\(fileID)", file: filePath, line: line, column: column)
    let identity = SnapshotTestIdentity.current(testName: testName, filePath: location.filePath, line: Int(line))
    if let failure = check(
        value, as: strategy, named: name, record: record, snapshotDirectory: snapshotDirectory,
        identity: identity, location: location)
    {
        location.report(failure, in: identity.framework)
    }
}

/// The check behind ``assertSnapshot(of:as:named:record:snapshotDirectory:fileID:file:testName:line:column:)``
/// without reporting: nil when the snapshot matched, else the message it would report.
/// - Parameters:
///   - value: what is snapshotted; what it throws fails the assertion with the error's line.
///   - strategy: how the value becomes a snapshot and how that is compared (``Snapshotting``).
///   - name: the golden's name instead of the test's and a counter.
///   - record: when the golden is written; nil leaves it to the scope, `REFRESH_RECORD` or `missing`.
///   - snapshotDirectory: the folder of goldens instead of `__Snapshots__/<TestFile>`.
///   - fileID: the test file, as `#fileID` gives it (left to its default).
///   - filePath: the test file's path, as `#filePath` gives it (left to its default).
///   - testName: the test function, as `#function` gives it (left to its default).
///   - line: the assertion's line (left to its default).
///   - column: the assertion's column (left to its default).
/// - Returns: nil when the snapshot matched (or was recorded and the mode allows passing), else
///   the message an assertion reports.
public func verifySnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: SnapshotRecordMode? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) -> String? {
    let location = SnapshotLocation(fileID: "\(fileID)", file: filePath, line: line, column: column)
    let identity = SnapshotTestIdentity.current(testName: testName, filePath: location.filePath, line: Int(line))
    return check(
        value, as: strategy, named: name, record: record, snapshotDirectory: snapshotDirectory,
        identity: identity, location: location)?.message
}

/// What an assertion reports: its message, and the pictures that go with it (the golden and
/// the artifacts written for this snapshot), attached to the test where the framework can.
struct SnapshotFailure {
    var message: String
    /// The golden compared with, when there is one.
    var expected: String?
    /// The artifacts written for this snapshot (actual, diff, compare).
    var artifacts: [String] = []
}

/// Checks one snapshot; nil when it matched.
func check<Value, Format>(
    _ value: () throws -> Value, as strategy: Snapshotting<Value, Format>, named name: String?,
    record: SnapshotRecordMode?, snapshotDirectory: String?, identity: SnapshotTestIdentity,
    location: SnapshotLocation
) -> SnapshotFailure? {
    let index = identity.nextIndex()
    let baseName = name.map(SnapshotTestIdentity.safeName) ?? SnapshotTestIdentity.safeName(identity.goldenName(index: index))
    let testFile = URL(fileURLWithPath: location.filePath)
    let folder =
        snapshotDirectory
        ?? testFile.deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")
        .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent).path
    let golden = folder + "/" + baseName + "." + strategy.pathExtension
    let former =
        name == nil
        ? identity.formerGoldenName(index: index, filePath: location.filePath).map {
            folder + "/" + SnapshotTestIdentity.safeName($0) + "." + strategy.pathExtension
        } : nil
    let root: String
    do {
        root = try SnapshotArtifacts.root(near: testFile)
    } catch {
        return SnapshotFailure(message: "\(identity.components.joined(separator: "/")): no folder for artifacts: \(error)")
    }
    let artifacts = identity.artifactsFolder(root: root, testFile: testFile.deletingPathExtension().lastPathComponent)
    var (mode, source) = SnapshotRecordMode.effective(record)
    if source == .environment || source == .defaultMode, let problem = SnapshotRecordMode.environmentError {
        return SnapshotFailure(message: "\(identity.components.joined(separator: "/")): \(problem)")
    }
    EnvironmentWarnings.printOnce()
    // REFRESH_RECORD_ONLY naming another snapshot: this one only compares, and says why.
    var onlyNote = ""
    if let only = ProcessInfo.processInfo.environment["REFRESH_RECORD_ONLY"], !only.isEmpty,
        only != baseName, only != baseName + "." + strategy.pathExtension
    {
        mode = .never
        onlyNote =
            "\n  not recorded: REFRESH_RECORD_ONLY=\(ShellWord.quoted(only)) names another snapshot (this one is \(baseName));"
            + " a name that matches none records nothing"
    }
    let job = SnapshotJob(
        testName: identity.components.joined(separator: "/"), baseName: baseName, golden: golden,
        artifacts: artifacts, filter: identity.filter, modeSource: source,
        formerGolden: former, runReport: root)
    SnapshotRunLog.record(golden: golden, root: root)
    // What the strategy noticed while making the snapshot (the app's resources that resolved
    // to nothing) goes into its failure message: a wrong resource folder is never a silent blank.
    let notes = SnapshotNotes()
    func noted(_ message: String) -> String {
        message + notes.lines.map { "\n  " + $0 }.joined()
    }
    do {
        let snapshot = try SnapshotNotes.$current.withValue(notes) { try strategy.snapshot(try value()) }
        let diffing = strategy.diffing
        let candidate = SnapshotEngine.Candidate(
            data: { try diffing.toData(snapshot) }, compare: { try diffing.diff($0, snapshot) }, drawsText: diffing.drawsText)
        guard let message = try job.run(candidate, mode: mode) else { return nil }
        let written = ((try? FileIO.entries(of: artifacts)) ?? []).sorted().filter {
            $0.hasPrefix(baseName + ".") && $0 != baseName + ".json"
        }
        return SnapshotFailure(
            message: noted(message + onlyNote), expected: FileManager.default.fileExists(atPath: golden) ? golden : nil,
            artifacts: written.map { artifacts + "/" + $0 })
    } catch {
        return SnapshotFailure(message: noted("\(job.testName): could not make snapshot \(baseName): \(error)"))
    }
}

/// Lines a strategy adds to its snapshot's failure message, collected while the snapshot is
/// made (``SnapshotNotes/current``).
final class SnapshotNotes: Sendable {
    private let collected = Locked<[String]>([])

    /// The notes of the snapshot being made on this task, if one is.
    @TaskLocal static var current: SnapshotNotes?

    /// Adds `lines` to the current snapshot's notes (none when no snapshot is being made).
    static func add(_ lines: [String]) {
        current?.collected.withLock { $0 += lines }
    }

    /// The notes so far.
    var lines: [String] { collected.withLock { $0 } }
}

/// Misspelt RefreshGif variables (`REFERSH_RECORD`), said once a test process on standard error.
enum EnvironmentWarnings {
    private static let printed = Locked(false)

    static func printOnce() {
        guard
            !printed.withLock({ done in
                defer { done = true }; return done
            })
        else { return }
        for line in RefreshEnvironment.warnings(ProcessInfo.processInfo.environment) {
            FileHandle.standardError.write(Data(("RefreshGifTesting: " + line + "\n").utf8))
        }
    }
}

/// Where an assertion was written.
struct SnapshotLocation: Sendable {
    var fileID: String
    var file: StaticString
    var line: UInt
    var column: UInt

    var filePath: String { "\(file)" }

    /// Reports `failure` at this line; Swift Testing also gets its pictures as attachments
    /// (expected, actual, diff, compare). XCTest on Linux has no attachments: the message names
    /// the files instead.
    func report(_ failure: SnapshotFailure, in framework: SnapshotTestIdentity.Framework) {
        switch framework {
        case .swiftTesting:
            let location = SourceLocation(fileID: fileID, filePath: filePath, line: Int(line), column: Int(column))
            let named =
                (failure.expected.map { [($0, "expected." + URL(fileURLWithPath: $0).lastPathComponent)] } ?? [])
                + failure.artifacts.map { ($0, URL(fileURLWithPath: $0).lastPathComponent) }
            for (path, name) in named {
                guard let bytes = try? FileIO.read(path) else { continue }
                Attachment.record(bytes, named: name, sourceLocation: location)
            }
            Issue.record(Comment(rawValue: failure.message), sourceLocation: location)
        case .xcTest:
            XCTFail(failure.message, file: file, line: line)
        }
    }
}
