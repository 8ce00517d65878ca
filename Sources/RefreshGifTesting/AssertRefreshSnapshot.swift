import Foundation
import RefreshGif

/// A snapshot assertion that failed: its message names the pixel count and the files.
public struct RefreshSnapshotFailure: Error, CustomStringConvertible {
    /// What was found, and where the pictures are.
    public let description: String
    /// The file and line of the assertion.
    public let file: StaticString, line: UInt
}

/// Renders `scene` and compares it with `__Snapshots__/<TestFile>/<name>.png` beside the test
/// file, as pixelmatch would (threshold, anti-aliasing detection). Usable from XCTest and
/// Swift Testing: it throws ``RefreshSnapshotFailure`` on a mismatch.
///
/// - The golden is recorded when it is missing (and the assertion fails, so CI never passes
///   without one), or when `record` is true or `REFRESH_RECORD=1` is set.
/// - On a mismatch the actual and diff pictures are written to `$REFRESH_ARTIFACTS` (or a
///   temporary folder) and their paths are in the failure message.
/// - `snapshotDirectory` replaces the folder beside the test file; `artifactsDirectory` the
///   folder of the actual and diff pictures.
public func assertRefreshSnapshot(
    of scene: RefreshScene,
    named name: String,
    threshold: Double = 0.1,
    maxDiffPixels: Int = 0,
    record: Bool? = nil,
    snapshotDirectory: String? = nil,
    artifactsDirectory: String? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
) throws {
    let image = try RefreshRenderer().render(scene)
    try assertRefreshSnapshot(of: image, named: name, threshold: threshold, maxDiffPixels: maxDiffPixels,
                              record: record, snapshotDirectory: snapshotDirectory,
                              artifactsDirectory: artifactsDirectory, file: file, line: line)
}

/// The same assertion for an image that is already rendered.
public func assertRefreshSnapshot(
    of image: RGBAImage,
    named name: String,
    threshold: Double = 0.1,
    maxDiffPixels: Int = 0,
    record: Bool? = nil,
    snapshotDirectory: String? = nil,
    artifactsDirectory: String? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
) throws {
    let testFile = URL(fileURLWithPath: "\(file)")
    let folder = snapshotDirectory.map { URL(fileURLWithPath: $0) } ?? testFile.deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")
        .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
    let goldenPath = folder.appendingPathComponent(name + ".png").path
    var options = ImageDiff.Options()
    options.threshold = threshold
    var check = SnapshotCheck(diff: ImageDiff(options: options), tolerance: DiffTolerance(maxDiffPixels: maxDiffPixels))
    if let artifactsDirectory { check.artifactsDirectory = artifactsDirectory }
    let outcome = try check.check(image, goldenPath: goldenPath, name: name,
                                  record: record ?? SnapshotCheck.recordFromEnvironment)
    guard outcome.passed else {
        var message = outcome.message(name: name, goldenPath: goldenPath)
        if let entry = reportEntry(outcome, name: name, goldenPath: goldenPath, message: message) {
            try HTMLReport.add(entry, title: "Snapshot failures", in: check.artifactsDirectory)
            message += "; report: \(check.artifactsDirectory)/index.html"
        }
        throw RefreshSnapshotFailure(description: message, file: file, line: line)
    }
}

/// The HTML report's entry for a failed or recorded assertion.
private func reportEntry(_ outcome: SnapshotCheck.Outcome, name: String, goldenPath: String, message: String) -> HTMLReport.Entry? {
    let rerecord = "REFRESH_RECORD=1 swift test"
    switch outcome {
    case .matched:
        return nil
    case .recorded:
        return HTMLReport.Entry(name: name, status: .new, message: message, expected: goldenPath, rerecord: rerecord)
    case let .mismatched(count, total, actual, diff):
        return HTMLReport.Entry(name: name, status: .failed, differingPixels: count, totalPixels: total, message: message,
                                expected: goldenPath, actual: actual, diff: diff, rerecord: rerecord)
    case let .sizeMismatch(_, _, actual):
        return HTMLReport.Entry(name: name, status: .failed, message: message, expected: goldenPath, actual: actual, rerecord: rerecord)
    }
}
