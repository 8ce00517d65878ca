import FoundationEssentials
@_spi(Tools) import RefreshFiles
@_spi(Tools) import RefreshGif

#if canImport(Glibc)
    import Glibc
#endif

/// Checks one snapshot against its golden file: the engine below both the Swift assertions
/// (`RefreshGifTesting`) and `refresh-render snapshot`.
///
/// It decides by the record mode whether the golden is written or compared, compares through
/// the snapshot's own ``Candidate/compare``, writes the artifacts of a mismatch beside each
/// other (`<name>.actual.png`, `.diff.png`, `.compare.png`), keeps the fonts a picture was
/// recorded with beside its golden, and moves a golden from a former name. It reports what
/// happened as a ``Result``; each front end words it for its own readers.
package struct SnapshotEngine: Sendable {
    /// The golden file.
    public var golden: String
    /// The folder the artifacts go to.
    public var artifacts: String
    /// The snapshot's name in artifact file names.
    public var baseName: String
    /// Where the golden was under the name earlier versions gave it, if it may be there.
    public var formerGolden: String?
    /// On CI (`CI=true`), a missing golden is not recorded under the `missing` and `failed`
    /// modes (it fails instead): on for assertions, off for the batch command.
    public var refusesMissingOnCI = false
    /// The mode was asked for in code or on the command line (`record:`,
    /// `withSnapshotRecordMode`, `--record`), not by the environment: it records on CI too. A
    /// mode from `REFRESH_RECORD` or the default writes nothing under the source tree on CI
    /// (with ``refusesMissingOnCI``): what it would record goes to the artifacts.
    public var recordsOnCI = false

    /// An engine for one snapshot.
    /// - Parameters:
    ///   - golden: the golden file's path.
    ///   - artifacts: the folder a mismatch's pictures go to.
    ///   - baseName: the snapshot's name in artifact file names.
    ///   - formerGolden: where the golden was under an earlier name, if it may be there.
    ///   - refusesMissingOnCI: true fails a missing golden on CI instead of recording it.
    ///   - recordsOnCI: true when the mode was asked for in code or on the command line, not by
    ///     the environment.
    public init(
        golden: String, artifacts: String, baseName: String, formerGolden: String? = nil, refusesMissingOnCI: Bool = false,
        recordsOnCI: Bool = false
    ) {
        self.golden = golden
        self.artifacts = artifacts
        self.baseName = baseName
        self.formerGolden = formerGolden
        self.refusesMissingOnCI = refusesMissingOnCI
        self.recordsOnCI = recordsOnCI
    }

    /// A snapshot made from a value: its file's bytes, and how it compares with a golden's.
    public struct Candidate {
        /// The golden file's bytes for this snapshot.
        public var data: () throws -> [UInt8]
        /// Compares with a golden's bytes.
        public var compare: (_ golden: [UInt8]) throws -> SnapshotComparison
        /// It is a picture drawn with fonts: the fonts are recorded beside the golden.
        public var drawsText: Bool

        /// A candidate from its parts.
        /// - Parameters:
        ///   - data: makes the golden file's bytes for this snapshot.
        ///   - compare: compares with a golden's bytes.
        ///   - drawsText: true when the picture is drawn with fonts.
        public init(
            data: @escaping () throws -> [UInt8], compare: @escaping ([UInt8]) throws -> SnapshotComparison,
            drawsText: Bool
        ) {
            self.data = data
            self.compare = compare
            self.drawsText = drawsText
        }
    }

    /// What happened.
    public enum Result {
        /// It matches its golden (the comparison says how closely).
        case matched(SnapshotComparison)
        /// The golden was written: it was missing, or the mode records every snapshot.
        case recorded(wasMissing: Bool)
        /// The golden is missing and was not written: the mode is `never`, or (`onCI`) the run is on CI.
        case missing(onCI: Bool)
        /// It does not match; `artifacts` are the files written (names in ``artifacts``);
        /// `rerecorded` when the `failed` mode then wrote the golden again.
        case mismatched(SnapshotComparison, artifacts: [String], rerecorded: Bool)
    }

    /// What happened, and the former name its golden was moved from (nil when it was not).
    public struct Outcome {
        /// What happened.
        public var result: Result
        /// The golden's former path, when it was moved to ``golden`` in this check.
        public var movedFrom: String?
        /// The golden the snapshot was checked against (``golden``, or the former one when it
        /// could not be moved).
        public var checkedGolden: String
        /// The mode would have written the golden, but the run is on CI, where nothing under the
        /// source tree is written: what it would have written is ``wouldRecord``, in the artifacts.
        public var recordingRefusedOnCI = false
        /// The artifact holding what would have been recorded, when ``recordingRefusedOnCI``.
        public var wouldRecord: String?
    }

    /// The artifact suffixes a check removes before it runs, so none is left from an earlier run.
    public static let artifactSuffixes = [".actual.png", ".diff.png", ".compare.png", ".actual.json"]

    /// Checks or records `candidate` in `mode`.
    /// - Parameters:
    ///   - candidate: the snapshot made now.
    ///   - mode: when the golden is written.
    /// - Returns: what happened, with the paths of what was written.
    /// - Throws: what making the snapshot throws; ``RefreshGifError`` when a golden or an
    ///   artifact cannot be read or written.
    public func run(_ candidate: Candidate, mode: SnapshotRecordMode) throws -> Outcome {
        for suffix in Self.artifactSuffixes { _ = unlink(artifacts + "/" + baseName + suffix) }
        // On CI nothing under the source tree is written, whatever the mode: the golden is
        // compared as in mode never, and what the mode would have written goes to the artifacts.
        if refusesMissingOnCI && SnapshotRecordMode.onCI && !recordsOnCI && mode != .never {
            return try checkOnCI(candidate, mode: mode)
        }
        if !FileManager.default.fileExists(atPath: golden), let former = formerGolden, FileManager.default.fileExists(atPath: former) {
            // A golden under its former name: moved where it can be written, else compared where it is.
            let writes = mode != .never && !SnapshotRecordMode.onCI
            if writes, rename(former, golden) == 0 {
                try GoldenRecord.add(golden, removing: former)
                return Outcome(result: try check(candidate, mode: mode == .all ? .all : .never), movedFrom: former, checkedGolden: golden)
            }
            var there = self
            there.golden = former
            there.formerGolden = nil
            return Outcome(result: try there.check(candidate, mode: mode), movedFrom: nil, checkedGolden: former)
        }
        return Outcome(result: try check(candidate, mode: mode), movedFrom: nil, checkedGolden: golden)
    }

    /// The check on CI: compared, never written; a golden the mode would have written (a
    /// missing one; with `all` or `failed`, one that does not match) is written to the artifacts
    /// as `NAME.actual.EXT` instead, and the outcome says so.
    private func checkOnCI(_ candidate: Candidate, mode: SnapshotRecordMode) throws -> Outcome {
        var there = self
        if !FileManager.default.fileExists(atPath: golden), let former = formerGolden, FileManager.default.fileExists(atPath: former) {
            there.golden = former
        }
        there.formerGolden = nil
        let result = try there.check(candidate, mode: .never)
        var outcome = Outcome(result: result, movedFrom: nil, checkedGolden: there.golden)
        let recorded: Bool
        switch result {
        case .missing: recorded = true
        case .mismatched: recorded = mode == .all || mode == .failed
        case .matched, .recorded: recorded = false
        }
        guard recorded else { return outcome }
        let ext = URL(fileURLWithPath: golden).pathExtension
        let name = baseName + ".actual" + (ext.isEmpty ? "" : "." + ext)
        let path = artifacts + "/" + name
        if !FileManager.default.fileExists(atPath: path) {
            try FileIO.makeDirectory(artifacts)
            try FileIO.writeArtifact(try candidate.data(), to: path)
        }
        outcome.result = result.onCI
        outcome.recordingRefusedOnCI = true
        outcome.wouldRecord = path
        return outcome
    }

    private func check(_ candidate: Candidate, mode: SnapshotRecordMode) throws -> Result {
        guard FileManager.default.fileExists(atPath: golden) else {
            switch mode {
            case .never:
                return .missing(onCI: false)
            case .missing where refusesMissingOnCI && SnapshotRecordMode.onCI, .failed where refusesMissingOnCI && SnapshotRecordMode.onCI:
                return .missing(onCI: true)
            default:
                try write(candidate)
                return .recorded(wasMissing: true)
            }
        }
        if mode == .all {
            try write(candidate)
            return .recorded(wasMissing: false)
        }
        let bytes = try FileIO.read(golden)
        let comparison = try RefreshGifError.translating(file: golden) { try candidate.compare(bytes) }
        if comparison.matches { return .matched(comparison) }
        if !comparison.artifacts.isEmpty { try FileIO.makeDirectory(artifacts) }
        for artifact in comparison.artifacts {
            try FileIO.writeArtifact(artifact.bytes, to: artifacts + "/" + baseName + artifact.suffix)
        }
        let written = comparison.artifacts.map { baseName + $0.suffix }
        if mode == .failed { try write(candidate) }
        return .mismatched(comparison, artifacts: written, rerecorded: mode == .failed)
    }

    private func write(_ candidate: Candidate) throws {
        try FileIO.makeDirectory(URL(fileURLWithPath: golden).deletingLastPathComponent().path)
        try FileIO.write(try candidate.data(), to: golden)
        try GoldenRecord.add(golden)
        if candidate.drawsText { try FontRecord.store(besideGoldenAt: golden) }
    }
}

extension SnapshotEngine.Result {
    /// The result as CI reports it: a missing golden is one CI did not record.
    fileprivate var onCI: Self {
        if case .missing = self { return .missing(onCI: true) }
        return self
    }
}

extension SnapshotEngine.Candidate {
    /// A picture compared as `tolerance` says.
    /// - Parameters:
    ///   - image: the picture drawn now.
    ///   - tolerance: what may differ.
    /// - Returns: the candidate.
    package static func image(_ image: RGBAImage, tolerance: SnapshotTolerance) -> Self {
        Self(
            data: { try PNGEncoder().encode(image) },
            compare: { bytes in
                let expected = try PNGDecoder().decodeStraight(bytes)
                return try SnapshotComparison.images(expected: expected, actual: image, diff: tolerance.diff, limits: tolerance.limits)
            },
            drawsText: true)
    }
}
