import ArgumentParser
import FoundationEssentials
@_spi(Tools) import RefreshGif
@_spi(Tools) import RefreshSnapshots

/// `refresh-render snapshot orphans`: goldens no test or case uses any more.
struct SnapshotOrphans: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orphans",
        abstract: "List (or --delete) goldens that no test of the last full run, or no case of a cases file, uses.",
        discussion: """
            Swift tests: give the folders holding __Snapshots__ (such as Tests); the snapshot assertions' \
            log of the last run (run-*.json in the artifacts folder) says which goldens were used. Only \
            goldens RefreshGif wrote are judged (each folder's refreshgif-goldens.json names them), never \
            another library's in the same folder. A run with --filter, --skip or XCTest's --parallel is \
            partial and is refused (65). Batch: give --cases and --golden instead. Exits 1 when it lists \
            an orphan (so CI can gate on it), 0 when there is none or --delete removed them.
            """)

    @Argument(help: ArgumentHelp("Folders to search for __Snapshots__ folders (Swift tests).", valueName: "PATH"))
    var paths: [String] = []

    @Option(help: "The artifacts folder holding the run log (default: $REFRESH_ARTIFACTS, else .build/refresh-snapshots).")
    var artifacts: String?

    @Option(help: "A cases file: its goldens are the cases' names (with --golden).")
    var cases: String?

    @Option(help: "The cases file's golden folder (with --cases).")
    var golden: String?

    @Flag(help: "Remove the orphans.")
    var delete = false

    func validate() throws {
        guard (cases == nil) == (golden == nil) else { throw ValidationError("--cases and --golden go together") }
        guard cases != nil || !paths.isEmpty else { throw ValidationError("give the folders of your tests, or --cases and --golden") }
    }

    func run() throws {
        var found = false
        try reportingErrors {
            let goldens: [String], used: Set<String>
            if let cases, let golden {
                let suite = try SnapshotSuite.read(cases)
                // Only goldens a batch run recorded there: another tool's PNGs in the folder are
                // never listed or removed.
                let recorded = GoldenRecord.names(in: golden)
                if recorded == nil {
                    Console.error(
                        "refresh-render: note: \(golden) has no \(GoldenRecord.fileName), so none of its files is judged "
                            + "(recorded before RefreshGif kept one: REFRESH_RECORD=all records it)\n")
                }
                goldens = try FileIO.entries(of: golden).filter { $0.hasSuffix(".png") && recorded?.contains($0) == true }
                    .map { golden + "/" + $0 }
                used = Set(suite.cases.map { OutputGuard.canonical(golden + "/" + $0.name + ".png") })
            } else {
                let searched = paths.map(Self.goldens(under:))
                goldens = searched.flatMap(\.ours)
                for folder in searched.flatMap(\.unrecorded) {
                    Console.error(
                        "refresh-render: note: \(folder) has goldens but no \(GoldenRecord.fileName), so none of them is judged "
                            + "(another library's, or recorded before RefreshGif kept one: REFRESH_RECORD=all records it)\n")
                }
                used = try Self.usedInLastRun(
                    artifacts: artifacts ?? ProcessInfo.processInfo.environment["REFRESH_ARTIFACTS"]
                        ?? ".build/refresh-snapshots")
            }
            let orphans = goldens.filter { !used.contains(OutputGuard.canonical($0)) }.sorted()
            for orphan in orphans {
                if delete {
                    guard (try? FileManager.default.removeItem(atPath: orphan)) != nil else {
                        throw RefreshGifError.cannotCreateOutput(file: orphan, message: "cannot be removed")
                    }
                }
                try Console.line((delete ? "removed " : "") + orphan)
            }
            if delete { try GoldenRecord.remove(orphans) }
            try Console.line("\(orphans.count) of \(goldens.count) goldens unused\(delete && !orphans.isEmpty ? ", removed" : "")")
            found = !orphans.isEmpty && !delete
        }
        if found { throw ExitCode(1) }
    }

    /// The goldens RefreshGif wrote in the `__Snapshots__` folders under `path` (those their
    /// folder's record names), and the folders holding goldens without a record.
    static func goldens(under path: String) -> (ours: [String], unrecorded: [String]) {
        let found = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
        let files = found.filter { item in
            let parts = item.split(separator: "/")
            guard parts.contains("__Snapshots__"), let name = parts.last, name != "fonts.json", name != GoldenRecord.fileName else {
                return false
            }
            return name.hasSuffix(".png") || name.hasSuffix(".json")
        }.map { path + "/" + $0 }
        var ours: [String] = [], unrecorded: Set<String> = []
        for file in files {
            let url = URL(fileURLWithPath: file)
            let folder = url.deletingLastPathComponent().path
            guard let names = GoldenRecord.names(in: folder) else {
                unrecorded.insert(folder)
                continue
            }
            if names.contains(url.lastPathComponent) { ours.append(file) }
        }
        return (ours, unrecorded.sorted())
    }

    /// The goldens the last complete run used: the newest log and the other library's log of
    /// the same `swift test` run.
    static func usedInLastRun(artifacts: String) throws -> Set<String> {
        let names = (try? FileIO.entries(of: artifacts)) ?? []
        let logs = try names.filter { $0.hasPrefix("run-") && $0.hasSuffix(".json") }.map { name -> (RunLog, Double) in
            let path = artifacts + "/" + name
            guard let log = try? JSONDecoder().decode(RunLog.self, from: Data(try FileIO.read(path))) else {
                throw RefreshGifError.badInput(file: path, message: "not a snapshot run log")
            }
            let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return (log, modified)
        }
        guard let newest = logs.max(by: { $0.1 < $1.1 })?.0 else {
            throw RefreshGifError.missingInput(file: artifacts, message: "no snapshot run log: run the whole test suite first")
        }
        let run = logs.map(\.0).filter { $0.runner == newest.runner }
        guard !run.contains(where: \.partial) else {
            throw RefreshGifError.badInput(
                file: artifacts,
                message: "the last run was partial (--filter, --skip or XCTest's --parallel): run the whole suite, then ask again")
        }
        return Set(run.flatMap(\.goldens).map(OutputGuard.canonical))
    }

    /// The snapshot assertions' log (RefreshGifTesting writes it).
    struct RunLog: Decodable {
        var runner: Int32
        var partial: Bool
        var goldens: [String]
    }
}
