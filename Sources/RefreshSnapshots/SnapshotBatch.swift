import FoundationEssentials
import PixelDiff
@_spi(Tools) import RefreshFiles
@_spi(Tools) import RefreshGif
import RefreshImage
import RefreshModel
import RefreshRaster

/// A batch of snapshot cases checked against a folder of golden PNGs: what
/// `refresh-render snapshot` runs, on the same `SnapshotEngine` as the Swift assertions.
///
/// Goldens are written as the record mode says, the same modes as the Swift assertions
/// (``SnapshotRecordMode``): by default a missing golden is recorded (and reported as new), except
/// on CI (`CI=true`) or with `never`, where it fails and nothing is written, so a retried job
/// cannot pass; `all` records every golden. A mismatch writes the actual, diff and side-by-side
/// pictures to ``artifactsDirectory``.
package struct SnapshotBatch: Sendable {
    /// What checking one case found, in the batch's terms.
    public enum Outcome: Sendable, Equatable {
        /// Within tolerance; the count of differing pixels.
        case matched(differingPixels: Int)
        /// The golden was written (record mode, or it was missing: `wasMissing`).
        case recorded(goldenPath: String, wasMissing: Bool)
        /// Beyond tolerance, with the pictures written for a person to look at.
        case mismatched(differingPixels: Int, totalPixels: Int, actualPath: String, diffPath: String)
        /// The golden has another size; the actual picture was written.
        case sizeMismatch(expected: String, actual: String, actualPath: String)
        /// No golden, and the mode does not record one: on CI (`onCI`) or in mode `never`.
        case missing(goldenPath: String, onCI: Bool)

        /// True for `.matched` only.
        public var passed: Bool {
            if case .matched = self { return true }
            return false
        }

        /// One line describing the outcome.
        /// - Parameters:
        ///   - name: the case's name.
        ///   - goldenPath: its golden's path.
        /// - Returns: the line, naming the pictures written for a failure.
        public func message(name: String, goldenPath: String) -> String {
            switch self {
            case let .matched(count):
                return "\(name): matches \(goldenPath)" + (count > 0 ? " (\(count) pixels within tolerance)" : "")
            case let .recorded(path, missing):
                return missing
                    ? "\(name): no golden image existed; recorded \(path). Look at it, commit it and run again."
                    : "\(name): recorded \(path) (record mode). Run again without record mode to compare."
            case let .mismatched(count, total, actual, diff):
                let share = CFormat.fixed(Double(count) / Double(max(1, total)) * 100, 3)
                return "\(name): \(count) of \(total) pixels differ (\(share) %) from \(goldenPath); actual: \(actual); diff: \(diff)"
                    + FontRecord.note(forGoldenAt: goldenPath)
            case let .sizeMismatch(expected, actual, actualPath):
                return "\(name): size \(actual) differs from the golden's \(expected) (\(goldenPath)); actual: \(actualPath)"
                    + FontRecord.note(forGoldenAt: goldenPath)
            case let .missing(path, onCI):
                return "\(name): no golden image at \(path); "
                    + (onCI
                        ? "not recorded on CI (CI=true): record it where you can look at it and commit it"
                        : "not recorded (REFRESH_RECORD=never): run without it, or with --record, to record it")
            }
        }
    }

    /// One case's result: its outcome, or the error that stopped it.
    public struct Row: Sendable {
        /// The case name.
        public var name: String
        /// Its golden's path.
        public var goldenPath: String
        /// What the check found (nil after an error).
        public var outcome: Outcome?
        /// What stopped the case (bad settings, an unreadable file).
        public var error: (any Error)?
    }

    /// How pictures are compared and what passes.
    public var tolerance: SnapshotTolerance
    /// Where actual and diff pictures of failures go.
    public var artifactsDirectory: String
    /// The record mode given to ``check(_:goldenPath:name:mode:)`` and ``run(_:defaults:baseDirectory:casesFile:indexInFile:goldenFolder:mode:jobs:)``
    /// comes from `REFRESH_RECORD` (or is the default), not from code or `--record`: on CI it
    /// then writes no golden, and what it would record goes to the artifacts.
    public var modeFromEnvironment = false

    /// A batch with a diff, tolerance and artifacts folder (default: `$REFRESH_ARTIFACTS`,
    /// else a private folder this process makes in the system's temporary directory, never a
    /// shared name another user could plant a link in).
    /// - Parameters:
    ///   - diff: how two pictures are compared.
    ///   - tolerance: what may differ and still pass.
    ///   - artifactsDirectory: where failures' pictures go.
    /// - Throws: ``RefreshGifError/cannotCreateOutput(file:message:)`` when no private folder can be made.
    public init(diff: ImageDiff = ImageDiff(), tolerance: DiffTolerance = DiffTolerance(), artifactsDirectory: String? = nil) throws {
        var settings = SnapshotTolerance(
            threshold: diff.options.threshold, includeAA: diff.options.includeAA,
            maxDiffPixels: tolerance.maxDiffPixels, maxDiffRatio: tolerance.maxDiffRatio)
        settings.method = diff.options.method
        settings.maxDeltaE = diff.options.maxDeltaE
        settings.diffOptions = diff.options
        self.tolerance = settings
        if let folder = artifactsDirectory ?? ProcessInfo.processInfo.environment["REFRESH_ARTIFACTS"].flatMap({ $0.isEmpty ? nil : $0 }) {
            self.artifactsDirectory = folder
        } else {
            self.artifactsDirectory = try FileIO.privateTemporaryFolder(prefix: "refresh-snapshots")
        }
    }

    /// Checks `image` against the golden at `goldenPath` (recording it when `record` or when
    /// it is missing).
    /// - Parameters:
    ///   - image: the picture drawn now.
    ///   - goldenPath: the golden PNG.
    ///   - name: names the artifacts.
    ///   - record: true writes the golden whatever it holds.
    /// - Returns: what the check found.
    /// - Throws: ``RefreshGifError`` for an unreadable golden or an artifact that cannot be written.
    public func check(_ image: RGBAImage, goldenPath: String, name: String, record: Bool) throws -> Outcome {
        try check(image, goldenPath: goldenPath, name: name, mode: record ? .all : .missing)
    }

    /// Checks `image` against the golden at `goldenPath`, writing it as `mode` says (a missing
    /// golden is not written on CI, as for the Swift assertions).
    /// - Parameters:
    ///   - image: the picture drawn now.
    ///   - goldenPath: the golden PNG.
    ///   - name: names the artifacts.
    ///   - mode: when the golden is written.
    /// - Returns: what the check found.
    /// - Throws: ``RefreshGifError`` for an unreadable golden or an artifact that cannot be written.
    public func check(_ image: RGBAImage, goldenPath: String, name: String, mode: SnapshotRecordMode) throws -> Outcome {
        let safeName = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        let engine = SnapshotEngine(
            golden: goldenPath, artifacts: artifactsDirectory, baseName: safeName, refusesMissingOnCI: true,
            recordsOnCI: !modeFromEnvironment)
        let outcome = try engine.run(.image(image, tolerance: tolerance), mode: mode)
        let path = { (suffix: String) in self.artifactsDirectory + "/" + safeName + suffix }
        switch outcome.result {
        case let .matched(comparison):
            guard case let .pixels(count, _) = comparison.measure else { return .matched(differingPixels: 0) }
            return .matched(differingPixels: count)
        case let .recorded(wasMissing):
            return .recorded(goldenPath: goldenPath, wasMissing: wasMissing)
        case let .mismatched(comparison, _, _):
            switch comparison.measure {
            case let .size(expected, actual):
                return .sizeMismatch(expected: expected, actual: actual, actualPath: path(".actual.png"))
            case let .pixels(count, total):
                return .mismatched(differingPixels: count, totalPixels: total, actualPath: path(".actual.png"), diffPath: path(".diff.png"))
            case .frames, .lines:
                throw RefreshGifError.internalError("a picture compared as \(comparison.measure)")
            }
        case let .missing(onCI):
            return .missing(goldenPath: goldenPath, onCI: onCI)
        }
    }

    /// Renders `cases` (each merged over `defaults`, relative paths from `baseDirectory`) on
    /// `jobs` threads and checks each against `goldenFolder/<name>.png`; the rows are in the
    /// cases' order. A case's bad setting is an error naming `casesFile` and the case's index
    /// in it (`indexInFile`).
    /// - Parameters:
    ///   - cases: the cases to check.
    ///   - defaults: the suite's settings, under every case's.
    ///   - baseDirectory: where relative paths start.
    ///   - casesFile: the suite's file, for messages.
    ///   - indexInFile: each case's index in that file, by name.
    ///   - goldenFolder: the folder of golden PNGs.
    ///   - record: true writes every golden.
    ///   - jobs: worker threads.
    /// - Returns: one row per case, in order: its outcome or its error.
    public func run(
        _ cases: [SnapshotSuite.Case], defaults: SceneDescription, baseDirectory: String, casesFile: String,
        indexInFile: [String: Int], goldenFolder: String, record: Bool, jobs: Int
    ) -> [Row] {
        run(
            cases, defaults: defaults, baseDirectory: baseDirectory, casesFile: casesFile, indexInFile: indexInFile,
            goldenFolder: goldenFolder, mode: record ? .all : .missing, jobs: jobs)
    }

    /// ``run(_:defaults:baseDirectory:casesFile:indexInFile:goldenFolder:record:jobs:)`` in a
    /// record mode (`REFRESH_RECORD`, `--record`).
    /// - Parameters:
    ///   - cases: the cases to check.
    ///   - defaults: the suite's settings, under every case's.
    ///   - baseDirectory: where relative paths start.
    ///   - casesFile: the suite's file, for messages.
    ///   - indexInFile: each case's index in that file, by name.
    ///   - goldenFolder: the folder of golden PNGs.
    ///   - mode: when goldens are written.
    ///   - jobs: worker threads.
    /// - Returns: one row per case, in order: its outcome or its error.
    public func run(
        _ cases: [SnapshotSuite.Case], defaults: SceneDescription, baseDirectory: String, casesFile: String,
        indexInFile: [String: Int], goldenFolder: String, mode: SnapshotRecordMode, jobs: Int
    ) -> [Row] {
        ParallelMap.map(count: cases.count, jobs: jobs) { i -> Row in
            let item = cases[i]
            let goldenPath = goldenFolder + "/" + item.name + ".png"
            var row = Row(name: item.name, goldenPath: goldenPath)
            do {
                let scene: RefreshScene
                do {
                    scene = try defaults.merged(with: item.scene).makeScene(baseDirectory: baseDirectory)
                } catch let error as InvalidValue {
                    throw RefreshGifError.badInput(
                        file: casesFile, message: "$.cases[\(indexInFile[item.name] ?? i)].\(error.field): \(error.reason)")
                }
                let image = try RefreshGifError.translating(file: item.name) { try RefreshRenderer().render(scene) }
                row.outcome = try check(image, goldenPath: goldenPath, name: item.name, mode: mode)
            } catch {
                row.error = error
            }
            return row
        }
    }
}
