import FoundationEssentials
import ImageCodecs
import PixelDiff
import RefreshImage
import RefreshRaster

/// What comparing a snapshot with its golden found: whether it matches, how much differs,
/// one line saying so, and the files a person looks at when it does not match (written by
/// `SnapshotEngine` beside the snapshot's other artifacts).
public struct SnapshotComparison: Sendable {
    /// How much differs.
    public enum Measure: Sendable, Equatable {
        /// Pixels of one picture.
        case pixels(differing: Int, total: Int)
        /// The pictures differ in size (`W×H`).
        case size(expected: String, actual: String)
        /// Frames of an animation grid.
        case frames(differing: Int, total: Int)
        /// Lines of text; 0 when equal.
        case lines(firstDiffering: Int)
    }

    /// A file written for a person when the snapshot does not match.
    public struct Artifact: Sendable {
        /// What follows the snapshot's name, e.g. `.actual.png`.
        public var suffix: String
        /// The bytes.
        public var bytes: [UInt8]

        /// An artifact.
        /// - Parameters:
        ///   - suffix: what follows the snapshot's name in the file's name (`.diff.png`).
        ///   - bytes: the file's contents.
        public init(suffix: String, bytes: [UInt8]) {
            self.suffix = suffix
            self.bytes = bytes
        }
    }

    /// Within the tolerance.
    public var matches: Bool
    /// How much differs.
    public var measure: Measure
    /// One line for a person (empty when it matches).
    public var summary: String
    /// The files to write when it does not match, in the order a message lists them.
    public var artifacts: [Artifact]
    /// For an animation: the grid its pictures are (for the report's cell-by-cell views).
    public var grid: FrameGrid.Layout?

    /// A comparison from its parts.
    /// - Parameters:
    ///   - matches: true when within tolerance.
    ///   - measure: how much differs.
    ///   - summary: one line for a person (empty when it matches).
    ///   - artifacts: the files to write when it does not match.
    ///   - grid: for an animation, the grid its pictures are.
    public init(
        matches: Bool, measure: Measure, summary: String = "", artifacts: [Artifact] = [],
        grid: FrameGrid.Layout? = nil
    ) {
        self.matches = matches
        self.measure = measure
        self.summary = summary
        self.artifacts = artifacts
        self.grid = grid
    }

    // MARK: - Pictures

    /// A picture against its golden with `diff`, passing within `limits`. A mismatch keeps the
    /// actual picture, the diff and expected | actual | diff side by side (`.compare.png`).
    /// - Parameters:
    ///   - expected: the golden picture.
    ///   - image: the picture drawn now.
    ///   - diff: how pixels are compared.
    ///   - limits: how many may differ.
    /// - Returns: the comparison, with its artifacts when it does not match.
    /// - Throws: ``ImageCodecError`` when an artifact cannot be encoded.
    public static func images(
        expected: StraightImage, actual image: RGBAImage, diff: ImageDiff,
        limits: DiffTolerance
    ) throws -> SnapshotComparison {
        let actual = StraightImage(image)
        let encoder = PNGEncoder()
        guard expected.width == actual.width, expected.height == actual.height else {
            return SnapshotComparison(
                matches: false,
                measure: .size(expected: "\(expected.width)×\(expected.height)", actual: "\(actual.width)×\(actual.height)"),
                summary: "its size is \(actual.width)×\(actual.height) px, the golden's \(expected.width)×\(expected.height)",
                artifacts: [Artifact(suffix: ".actual.png", bytes: try encoder.encode(image))])
        }
        // A passing assertion draws nothing: equal pixels are compared as bytes, and a diff
        // picture is drawn only for a comparison that fails.
        let total = expected.width * expected.height
        if expected.hasSamePixels(as: actual) { return SnapshotComparison(matches: true, measure: .pixels(differing: 0, total: total)) }
        let counted = try diff.compare(expected, actual, drawDiff: false)
        if limits.accepts(counted) {
            return SnapshotComparison(matches: true, measure: .pixels(differing: counted.differingPixels, total: counted.totalPixels))
        }
        let result = try diff.compare(expected, actual, drawDiff: true)
        let measure = Measure.pixels(differing: result.differingPixels, total: result.totalPixels)
        var artifacts = [Artifact(suffix: ".actual.png", bytes: try encoder.encode(image))]
        if let picture = result.diffImage { artifacts.append(Artifact(suffix: ".diff.png", bytes: try encoder.encode(picture))) }
        artifacts += try sideBySide(expected: expected, actual: image, result: result)
        return SnapshotComparison(matches: false, measure: measure, summary: describe(result), artifacts: artifacts)
    }

    /// An animation's frames against a golden grid, frame by frame. A mismatch keeps the actual
    /// grid, a grid of every frame's diff (so a report's swipe lines up cell for cell) and the
    /// worst frame side by side.
    /// - Parameters:
    ///   - sheet: the golden grid picture.
    ///   - grid: the frames drawn now.
    ///   - diff: how pixels are compared.
    ///   - limits: how many may differ in each frame.
    /// - Returns: the comparison, with its artifacts when it does not match.
    /// - Throws: ``ImageCodecError`` when an artifact cannot be encoded.
    public static func frames(
        expected sheet: StraightImage, actual grid: FrameGrid, diff: ImageDiff,
        limits: DiffTolerance
    ) throws -> SnapshotComparison {
        let frames = grid.frames, columns = grid.columns
        guard let first = frames.first else { return SnapshotComparison(matches: true, measure: .frames(differing: 0, total: 0)) }
        let width = first.image.width, height = first.image.height
        let rows = (frames.count + columns - 1) / columns
        let encoder = PNGEncoder()
        guard sheet.width == width * columns, sheet.height == height * rows else {
            return SnapshotComparison(
                matches: false, measure: .size(expected: "\(sheet.width)×\(sheet.height)", actual: "\(width * columns)×\(height * rows)"),
                summary:
                    "the golden grid is \(sheet.width)×\(sheet.height) px; \(frames.count) frames of \(width)×\(height) px in \(columns) columns make \(width * columns)×\(height * rows): the frame count or size changed",
                artifacts: [Artifact(suffix: ".actual.png", bytes: try encoder.encode(grid.picture))])
        }
        // Un-premultiplying a partly transparent pixel has several answers, and the grid's file
        // took each from the pixel left of it in the grid: the golden cell is brought to the
        // answer of a frame on its own, so equal pixels compare equal exactly.
        func golden(_ frame: RenderedFrame) throws -> StraightImage {
            let cell = try FrameGrid.cell(of: sheet, index: frame.index, columns: columns, width: width, height: height)
            return StraightImage(try RGBAImage(width: cell.width, height: cell.height, straightPixels: cell.pixels))
        }
        // A passing gesture draws nothing: every frame is compared first (equal pixels as bytes),
        // and the diff pictures are drawn only when one fails.
        let passes = try frames.allSatisfy { frame in
            let expected = try golden(frame), actual = StraightImage(frame.image)
            if expected.hasSamePixels(as: actual) { return true }
            return limits.accepts(try diff.compare(expected, actual, drawDiff: false))
        }
        if passes { return SnapshotComparison(matches: true, measure: .frames(differing: 0, total: frames.count)) }
        var failing: [(frame: RenderedFrame, result: ImageDiff.Result, expected: StraightImage)] = []
        var diffs: [RGBAImage] = []
        for frame in frames {
            let expected = try golden(frame)
            let result = try diff.compare(expected, StraightImage(frame.image), drawDiff: true)
            if let picture = result.diffImage {
                diffs.append(try RGBAImage(width: picture.width, height: picture.height, straightPixels: picture.pixels))
            }
            if !limits.accepts(result) { failing.append((frame, result, expected)) }
        }
        let measure = Measure.frames(differing: failing.count, total: frames.count)
        guard let firstBad = failing.first,
            let worst = failing.max(by: { $0.result.differingPixels < $1.result.differingPixels })
        else { return SnapshotComparison(matches: true, measure: measure) }
        func name(_ item: (frame: RenderedFrame, result: ImageDiff.Result, expected: StraightImage)) -> String {
            "frame \(item.frame.index) (\(CFormat.fixed(item.frame.report.time, 2)) s, \(item.frame.report.state)): "
                + describe(item.result)
        }
        let summary = "\(failing.count) of \(frames.count) frames differ; first \(name(firstBad)); worst \(name(worst))"
        let artifacts =
            [
                Artifact(suffix: ".actual.png", bytes: try encoder.encode(grid.picture)),
                Artifact(suffix: ".diff.png", bytes: try encoder.encode(try FrameGrid.grid(diffs, columns: columns))),
            ] + (try sideBySide(expected: worst.expected, actual: worst.frame.image, result: worst.result))
        return SnapshotComparison(
            matches: false, measure: measure, summary: summary, artifacts: artifacts,
            grid: FrameGrid.Layout(columns: columns, count: frames.count, width: width, height: height))
    }

    /// Text against its golden, line by line; a mismatch keeps the actual text (`.actual.<ext>`).
    /// - Parameters:
    ///   - expected: the golden text.
    ///   - actual: the text made now.
    ///   - pathExtension: the artifact's extension.
    /// - Returns: the comparison, naming the first line that differs.
    public static func text(expected: String, actual: String, pathExtension: String = "json") -> SnapshotComparison {
        guard expected != actual else { return SnapshotComparison(matches: true, measure: .lines(firstDiffering: 0)) }
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
        let was = line < old.count ? String(old[line]) : "(end)", now = line < new.count ? String(new[line]) : "(end)"
        return SnapshotComparison(
            matches: false, measure: .lines(firstDiffering: line + 1),
            summary: "line \(line + 1) differs (\(old.count) lines expected, \(new.count) now)\n"
                + "    expected: \(cut(was))\n    actual:   \(cut(now))",
            artifacts: [Artifact(suffix: ".actual." + pathExtension, bytes: Array(actual.utf8))])
    }

    /// Expected | actual | diff side by side (`.compare.png`), when there is a diff picture.
    private static func sideBySide(expected: StraightImage, actual: RGBAImage, result: ImageDiff.Result) throws -> [Artifact] {
        guard let diff = result.diffImage else { return [] }
        let cells = [
            ContactSheet.Cell(
                image: try RGBAImage(width: expected.width, height: expected.height, straightPixels: expected.pixels), caption: "expected"),
            ContactSheet.Cell(image: actual, caption: "actual"),
            ContactSheet.Cell(image: try RGBAImage(width: diff.width, height: diff.height, straightPixels: diff.pixels), caption: "diff"),
        ]
        let picture = try ContactSheet(rows: [cells], scale: 2).render(with: try RefreshRenderer())
        return [Artifact(suffix: ".compare.png", bytes: try PNGEncoder().encode(picture))]
    }

    /// "12 of 4000 pixels differ (0.300 %), within …".
    static func describe(_ result: ImageDiff.Result) -> String {
        "\(result.differingPixels) of \(result.totalPixels) pixels differ (\(CFormat.fixed(result.ratio * 100, 3)) %)"
            + (result.boundingBox.map { ", within \($0)" } ?? "")
    }

    private static func cut(_ text: String) -> String {
        text.count > 160 ? String(text.prefix(160)) + "…" : text
    }
}
