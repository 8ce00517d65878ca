import Foundation
import RefreshGif

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
    var tolerance: SnapshotTolerance
    /// Where the record mode came from, so a message says what to change.
    var modeSource: SnapshotRecordMode.Source = .defaultMode
    /// The golden's path under the name earlier versions gave it, if it may be there.
    var formerGolden: String?
    /// The folder of the run's report, which links every failing snapshot of every test
    /// (the artifacts root: `.build/refresh-snapshots/index.html`).
    var runReport: String?

    /// The run report's title.
    static let runReportTitle = "Snapshot failures"

    private static let artifactSuffixes = [".actual.png", ".diff.png", ".compare.png", ".actual.json"]

    /// Checks or records `snapshot`; nil when it matched.
    func run(_ snapshot: SnapshotValue, mode: SnapshotRecordMode) throws -> String? {
        for suffix in Self.artifactSuffixes { try? FileManager.default.removeItem(atPath: artifacts + "/" + baseName + suffix) }
        // What an earlier run reported of this snapshot goes; a failure now adds it again.
        try HTMLReport.remove(named: baseName, title: "Snapshot failures of \(testName)", from: artifacts)
        if let runReport { try HTMLReport.remove(named: testName + "/" + baseName, title: Self.runReportTitle, from: runReport) }
        if !FileManager.default.fileExists(atPath: golden), let former = formerGolden, FileManager.default.fileExists(atPath: former) {
            // A golden recorded before the suite was part of the name: moved where it can be
            // written, else compared where it is.
            let writes = mode != .never && !SnapshotRecordMode.onCI
            if writes, rename(former, golden) == 0 {
                let outcome = try check(snapshot, mode: mode == .all ? .all : .never)
                return "\(header): its golden moved from \(former) to \(golden) (the suite is now part of the name); "
                    + "commit the move" + (outcome.map { ". Then: " + $0 } ?? ".")
            }
            return try SnapshotJob(
                testName: testName, baseName: baseName, golden: former, artifacts: artifacts, filter: filter,
                tolerance: tolerance, modeSource: modeSource, runReport: runReport
            ).run(snapshot, mode: mode)
        }
        return try check(snapshot, mode: mode)
    }

    /// Checks or records `snapshot` against ``golden``; nil when it matched.
    private func check(_ snapshot: SnapshotValue, mode: SnapshotRecordMode) throws -> String? {
        let exists = FileManager.default.fileExists(atPath: golden)
        if !exists {
            switch mode {
            case .never:
                return "\(header) has no golden at \(golden) (record mode never\(sourceNote)).\n  record it: \(recordAdvice(.missing))"
            case .missing where SnapshotRecordMode.onCI, .failed where SnapshotRecordMode.onCI:
                return "\(header) has no golden at \(golden); on CI (CI=true) missing goldens are not recorded.\n"
                    + "  record it where you can look at it: \(recordAdvice(.missing)), then commit it"
            default:
                try write(snapshot)
                return "\(header): recorded a new golden at \(golden). Look at it, commit it, and run the tests again."
            }
        }
        if mode == .all {
            try write(snapshot)
            return "\(header): recorded \(golden) again (record mode all\(sourceNote)). \(compareAdvice)"
        }
        guard let mismatch = try compare(snapshot) else { return nil }
        if mode == .failed {
            try write(snapshot)
            return "\(header): did not match, recorded \(golden) again (record mode failed\(sourceNote)): \(mismatch.summary)"
        }
        let message =
            "\(header) does not match its golden: \(mismatch.summary)\(FontRecord.note(forGoldenAt: golden))\n"
            + "  golden:       \(golden)\n"
            + "  artifacts:    \(artifacts)/ (\(mismatch.files.joined(separator: ", ")), index.html)\n"
            + "  record again: \(recordAdvice(.all, only: true))"
            + diffToolLine(actual: mismatch.files.first { $0.hasSuffix(".actual.png") || $0.hasSuffix(".actual.json") })
        // The artifacts folder is also a page a person opens in a browser (the snapshot report).
        let file = { (suffix: String) -> String? in mismatch.files.contains(baseName + suffix) ? artifacts + "/" + baseName + suffix : nil }
        var entry = HTMLReport.Entry(
            name: baseName, status: .failed, message: message, expected: golden,
            actual: file(".actual.png"), diff: file(".diff.png"), rerecord: recordAdvice(.all, only: true))
        entry.grid = mismatch.grid
        try HTMLReport.add(entry, title: "Snapshot failures of \(testName)", in: artifacts)
        if let runReport {
            var linked = entry
            linked.name = testName + "/" + baseName
            try HTMLReport.add(linked, title: Self.runReportTitle, in: runReport)
        }
        return message
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

    // MARK: - recording

    private func write(_ snapshot: SnapshotValue) throws {
        try FileIO.makeDirectory(URL(fileURLWithPath: golden).deletingLastPathComponent().path)
        switch snapshot {
        case let .image(image):
            try FileIO.write(try PNGEncoder().encode(image), to: golden)
            try FontRecord.store(besideGoldenAt: golden)
        case let .frames(frames, columns):
            try FileIO.write(try PNGEncoder().encode(try Self.grid(frames.map(\.image), columns: columns)), to: golden)
            try FontRecord.store(besideGoldenAt: golden)
        case let .text(text):
            try FileIO.write(Array(text.utf8), to: golden)
        }
    }

    // MARK: - comparing

    /// What differs, and the artifacts written for it.
    struct Mismatch {
        var summary: String
        var files: [String]
        /// For an animation: the grid its pictures are.
        var grid: HTMLReport.Entry.Grid?
    }

    private func compare(_ snapshot: SnapshotValue) throws -> Mismatch? {
        let bytes = try FileIO.read(golden)
        switch snapshot {
        case let .text(text):
            let expected = String(decoding: bytes, as: UTF8.self)
            guard expected != text else { return nil }
            try save(Array(text.utf8), ".actual.json")
            let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let new = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
            let was = line < old.count ? String(old[line]) : "(end)", now = line < new.count ? String(new[line]) : "(end)"
            return Mismatch(
                summary: "line \(line + 1) differs (\(old.count) lines expected, \(new.count) now)\n"
                    + "    expected: \(Self.cut(was))\n    actual:   \(Self.cut(now))",
                files: [baseName + ".actual.json"])
        case let .image(image):
            let expected = try RefreshGifError.translating(file: golden) { try PNGDecoder().decodeStraight(bytes) }
            let actual = StraightImage(image)
            guard expected.width == actual.width, expected.height == actual.height else {
                try save(try PNGEncoder().encode(image), ".actual.png")
                return Mismatch(
                    summary: "its size is \(actual.width)×\(actual.height) px, the golden's \(expected.width)×\(expected.height)",
                    files: [baseName + ".actual.png"])
            }
            let result = try tolerance.diff.compare(expected, actual, drawDiff: true)
            if tolerance.limits.accepts(result) { return nil }
            return try writeArtifacts(
                expected: expected, actual: image, result: result,
                summary: Self.describe(result))
        case let .frames(frames, columns):
            let expectedSheet = try RefreshGifError.translating(file: golden) { try PNGDecoder().decodeStraight(bytes) }
            guard let first = frames.first else { return nil }
            let width = first.image.width, height = first.image.height
            let rows = (frames.count + columns - 1) / columns
            guard expectedSheet.width == width * columns, expectedSheet.height == height * rows else {
                try save(try PNGEncoder().encode(try Self.grid(frames.map(\.image), columns: columns)), ".actual.png")
                return Mismatch(
                    summary:
                        "the golden grid is \(expectedSheet.width)×\(expectedSheet.height) px; \(frames.count) frames of \(width)×\(height) px in \(columns) columns make \(width * columns)×\(height * rows): the frame count or size changed",
                    files: [baseName + ".actual.png"])
            }
            var failing: [(frame: RenderedFrame, result: ImageDiff.Result, expected: StraightImage)] = []
            var diffs: [RGBAImage] = []
            for frame in frames {
                let expected = try Self.cell(of: expectedSheet, index: frame.index, columns: columns, width: width, height: height)
                let result = try tolerance.diff.compare(expected, StraightImage(frame.image), drawDiff: true)
                if let diff = result.diffImage {
                    diffs.append(try RGBAImage(width: diff.width, height: diff.height, straightPixels: diff.pixels))
                }
                if !tolerance.limits.accepts(result) { failing.append((frame, result, expected)) }
            }
            guard let firstBad = failing.first,
                let worst = failing.max(by: { $0.result.differingPixels < $1.result.differingPixels })
            else { return nil }
            func name(_ item: (frame: RenderedFrame, result: ImageDiff.Result, expected: StraightImage)) -> String {
                String(format: "frame %d (%.2f s, %@): ", item.frame.index, item.frame.report.time, item.frame.report.state)
                    + Self.describe(item.result)
            }
            let summary = "\(failing.count) of \(frames.count) frames differ; first \(name(firstBad)); worst \(name(worst))"
            // Grid against grid, as the golden is one: the actual grid and a grid of every frame's
            // diff, so the report's swipe and onion skin line up cell for cell. The worst frame
            // alone goes side by side in the compare picture.
            let encoder = PNGEncoder()
            try save(try encoder.encode(try Self.grid(frames.map(\.image), columns: columns)), ".actual.png")
            try save(try encoder.encode(try Self.grid(diffs, columns: columns)), ".diff.png")
            var mismatch = try writeComparison(expected: worst.expected, actual: worst.frame.image, result: worst.result, summary: summary)
            mismatch.files = [baseName + ".actual.png", baseName + ".diff.png"] + mismatch.files
            mismatch.grid = HTMLReport.Entry.Grid(columns: columns, count: frames.count, width: width, height: height)
            return mismatch
        }
    }

    /// Writes the actual picture, the diff and expected | actual | diff side by side.
    private func writeArtifacts(expected: StraightImage, actual: RGBAImage, result: ImageDiff.Result, summary: String) throws -> Mismatch {
        let encoder = PNGEncoder()
        try save(try encoder.encode(actual), ".actual.png")
        if let diff = result.diffImage { try save(try encoder.encode(diff), ".diff.png") }
        var mismatch = try writeComparison(expected: expected, actual: actual, result: result, summary: summary)
        mismatch.files = [baseName + ".actual.png"] + (result.diffImage == nil ? [] : [baseName + ".diff.png"]) + mismatch.files
        return mismatch
    }

    /// Writes expected | actual | diff side by side (`.compare.png`).
    private func writeComparison(expected: StraightImage, actual: RGBAImage, result: ImageDiff.Result, summary: String) throws -> Mismatch {
        var files: [String] = []
        if let diff = result.diffImage {
            let encoder = PNGEncoder()
            let cells = [
                ContactSheet.Cell(
                    image: try RGBAImage(width: expected.width, height: expected.height, straightPixels: expected.pixels),
                    caption: "expected"),
                ContactSheet.Cell(image: actual, caption: "actual"),
                ContactSheet.Cell(
                    image: try RGBAImage(width: diff.width, height: diff.height, straightPixels: diff.pixels), caption: "diff"),
            ]
            let sideBySide = try ContactSheet(rows: [cells], scale: 2).render(with: try RefreshRenderer())
            try save(try encoder.encode(sideBySide), ".compare.png")
            files.append(baseName + ".compare.png")
        }
        return Mismatch(summary: summary, files: files)
    }

    private func save(_ bytes: [UInt8], _ suffix: String) throws {
        try FileIO.makeDirectory(artifacts)
        try FileIO.writeArtifact(bytes, to: artifacts + "/" + baseName + suffix)
    }

    static func describe(_ result: ImageDiff.Result) -> String {
        String(format: "%d of %d pixels differ (%.3f %%)", result.differingPixels, result.totalPixels, result.ratio * 100)
            + (result.boundingBox.map { ", within \($0)" } ?? "")
    }

    static func cut(_ text: String) -> String {
        text.count > 160 ? String(text.prefix(160)) + "…" : text
    }

    // MARK: - frame grids

    /// Frames side by side, `columns` a row, no gaps: the golden of an animation.
    static func grid(_ images: [RGBAImage], columns: Int) throws -> RGBAImage {
        guard let first = images.first else { return try RGBAImage(width: 1, height: 1) }
        let rows = (images.count + columns - 1) / columns
        var sheet = try RGBAImage(width: first.width * columns, height: first.height * rows)
        for (index, image) in images.enumerated() {
            sheet.draw(image, atX: (index % columns) * first.width, y: (index / columns) * first.height)
        }
        return sheet
    }

    static func cell(of sheet: StraightImage, index: Int, columns: Int, width: Int, height: Int) throws -> StraightImage {
        let x0 = (index % columns) * width, y0 = (index / columns) * height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let from = ((y0 + y) * sheet.width + x0) * 4
            pixels.replaceSubrange(y * width * 4..<(y + 1) * width * 4, with: sheet.pixels[from..<from + width * 4])
        }
        return try StraightImage(width: width, height: height, pixels: pixels)
    }
}
