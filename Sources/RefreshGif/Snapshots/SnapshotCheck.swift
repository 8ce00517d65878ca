import FoundationEssentials
import ImageCodecs
import PixelDiff
import RefreshImage
import RefreshModel
import RefreshRaster

/// Compares a rendered image with its golden PNG, records the golden when asked or missing,
/// and writes the actual and diff pictures of a mismatch: what `refresh-render snapshot`
/// runs for each case.
public struct SnapshotCheck: Sendable {
    /// What a check found.
    public enum Outcome: Sendable, Equatable {
        /// Within tolerance; the count of differing pixels.
        case matched(differingPixels: Int)
        /// The golden was written (record mode, or it was missing: `wasMissing`).
        case recorded(goldenPath: String, wasMissing: Bool)
        /// Beyond tolerance, with the pictures written for a person to look at.
        case mismatched(differingPixels: Int, totalPixels: Int, actualPath: String, diffPath: String)
        /// The golden has another size; the actual picture was written.
        case sizeMismatch(expected: String, actual: String, actualPath: String)

        /// True for `.matched` only.
        public var passed: Bool {
            if case .matched = self { return true }
            return false
        }

        /// One line describing the outcome.
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
            }
        }
    }

    /// The diff and its options.
    public var diff: ImageDiff
    /// Pass/fail limits.
    public var tolerance: DiffTolerance
    /// Where actual and diff pictures of failures go.
    public var artifactsDirectory: String

    /// A check with a diff, tolerance and artifacts folder (default: `$REFRESH_ARTIFACTS`,
    /// else a private folder this process makes in the system's temporary directory, never a
    /// shared name another user could plant a link in).
    public init(diff: ImageDiff = ImageDiff(), tolerance: DiffTolerance = DiffTolerance(), artifactsDirectory: String? = nil) throws {
        self.diff = diff
        self.tolerance = tolerance
        if let folder = artifactsDirectory ?? ProcessInfo.processInfo.environment["REFRESH_ARTIFACTS"].flatMap({ $0.isEmpty ? nil : $0 }) {
            self.artifactsDirectory = folder
        } else {
            self.artifactsDirectory = try FileIO.privateTemporaryFolder(prefix: "refresh-snapshots")
        }
    }

    /// True when `REFRESH_RECORD=1` is set.
    public static var recordFromEnvironment: Bool {
        ProcessInfo.processInfo.environment["REFRESH_RECORD"] == "1"
    }

    /// Checks `image` against the golden at `goldenPath`; `name` names the artifacts.
    public func check(_ image: RGBAImage, goldenPath: String, name: String, record: Bool) throws -> Outcome {
        let actual = StraightImage(image)
        let encoder = PNGEncoder()
        let missing = !FileManager.default.fileExists(atPath: goldenPath)
        if record || missing {
            try FileIO.makeDirectory(URL(fileURLWithPath: goldenPath).deletingLastPathComponent().path)
            try FileIO.write(try encoder.encode(actual), to: goldenPath)
            try FontRecord.store(besideGoldenAt: goldenPath)
            return .recorded(goldenPath: goldenPath, wasMissing: missing)
        }
        let goldenBytes = try FileIO.read(goldenPath)
        let golden: StraightImage
        golden = try RefreshGifError.translating(file: goldenPath) { try PNGDecoder().decodeStraight(goldenBytes) }
        let safeName = name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }
        let actualPath = artifactsDirectory + "/" + String(safeName) + ".actual.png"
        guard golden.width == actual.width, golden.height == actual.height else {
            try FileIO.makeDirectory(artifactsDirectory)
            try FileIO.writeArtifact(try encoder.encode(actual), to: actualPath)
            return .sizeMismatch(
                expected: "\(golden.width)×\(golden.height)", actual: "\(actual.width)×\(actual.height)",
                actualPath: actualPath)
        }
        let result = try diff.compare(golden, actual, drawDiff: true)
        if tolerance.accepts(result) { return .matched(differingPixels: result.differingPixels) }
        let diffPath = artifactsDirectory + "/" + String(safeName) + ".diff.png"
        try FileIO.makeDirectory(artifactsDirectory)
        try FileIO.writeArtifact(try encoder.encode(actual), to: actualPath)
        if let picture = result.diffImage { try FileIO.writeArtifact(try encoder.encode(picture), to: diffPath) }
        return .mismatched(
            differingPixels: result.differingPixels, totalPixels: result.totalPixels,
            actualPath: actualPath, diffPath: diffPath)
    }
}
