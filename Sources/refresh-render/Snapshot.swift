import ArgumentParser
import Dispatch
import FoundationEssentials
@_spi(Tools) import RefreshGif
import RefreshImage
@_spi(Tools) import RefreshSnapshots
import SnapshotReports

/// `refresh-render snapshot`: a batch run (the default) or the merge of several shards' results.
struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Render many cases, compare each with DIR/NAME.png, print a table, optionally write JUnit XML and an HTML report.",
        subcommands: [SnapshotRun.self, SnapshotMerge.self, SnapshotOrphans.self],
        defaultSubcommand: SnapshotRun.self)
}

/// Renders a batch of cases and compares each with its golden PNG.
struct SnapshotRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Render many cases, compare each with DIR/NAME.png, print a table, optionally write JUnit XML and an HTML report.",
        discussion: """
            Goldens are written as the Swift assertions write them: a missing golden is recorded and the run fails \
            (look at it, commit it, run again); with CI=true, or REFRESH_RECORD=never, a missing golden fails and \
            nothing is written, so a retried CI job cannot pass. REFRESH_RECORD=failed re-records mismatches, \
            REFRESH_RECORD=all (or --record) every golden.
            """)

    @Argument(help: "The cases file (JSON; see README).")
    var cases: String

    @Option(help: "Folder of golden PNGs.")
    var golden: String

    @Flag(help: "Record every golden instead of comparing (REFRESH_RECORD=all).")
    var record = false

    @Option(help: "Write a JUnit XML report here.")
    var junit: String?

    @Option(help: "Write an HTML report (index.html and its pictures) into this folder.")
    var html: String?

    @Option(
        help: ArgumentHelp("Write this run's results (and their pictures, into FILE.files/) for 'snapshot merge'.", valueName: "FILE.json"))
    var results: String?

    @Flag(help: "Succeed when --shard selects no case (otherwise a usage error).")
    var allowEmptyShard = false

    @Option(name: .customLong("case"), help: ArgumentHelp("Run only the case of this name (repeatable).", valueName: "NAME"))
    var only: [String] = []

    @Option(
        help:
            "Folder for actual and diff pictures of failures (default: $REFRESH_ARTIFACTS, else .refresh-artifacts beside the cases file).")
    var artifacts: String?

    @Option(help: "Cases rendered at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .customLong("scene"), help: sceneFileHelp("the cases file's defaults and each case win"))
    var sceneFile: String?

    @Option(help: ArgumentHelp("Run only slice K of N (1-based), for CI matrices.", valueName: "K/N"))
    var shard: ShardSlice?

    @OptionGroup var options: DiffOptions

    func validate() throws {
        try Limits.jobs.validate(jobs, option: "--jobs")
    }

    typealias Row = SnapshotBatch.Row

    /// The HTML report's entry for a row.
    /// `text` cut or filled with spaces to `width` characters, a column of the results table.
    private func padded(_ text: String, _ width: Int) -> String {
        String(text.prefix(width)) + String(repeating: " ", count: max(0, width - text.count))
    }

    func htmlEntry(_ row: Row, failure: String?, scene: String?) -> HTMLReport.Entry {
        let rerecord = ["refresh-render", "snapshot", cases, "--golden", golden, "--record", "--case", row.name].map(ShellWord.quoted)
            .joined(separator: " ")
        let golden = FileManager.default.fileExists(atPath: row.goldenPath) ? row.goldenPath : nil
        if let error = row.error {
            return HTMLReport.Entry(
                name: row.name, status: .error, message: CLIError.describe(error).message, scene: scene, rerecord: rerecord)
        }
        switch row.outcome {
        case let .matched(count)?:
            return HTMLReport.Entry(
                name: row.name, status: .passed, differingPixels: count, message: "matches " + row.goldenPath,
                expected: golden, scene: scene, rerecord: rerecord)
        case .recorded?:
            return HTMLReport.Entry(
                name: row.name, status: failure == nil ? .recorded : .new, message: failure ?? "recorded " + row.goldenPath,
                expected: golden, scene: scene, rerecord: rerecord)
        case let .mismatched(count, total, actual, diff)?:
            return HTMLReport.Entry(
                name: row.name, status: .failed, differingPixels: count, totalPixels: total, message: failure ?? "",
                expected: golden, actual: actual, diff: diff, scene: scene, rerecord: rerecord)
        case let .sizeMismatch(_, _, actual)?:
            return HTMLReport.Entry(
                name: row.name, status: .failed, message: failure ?? "", expected: golden, actual: actual,
                scene: scene, rerecord: rerecord)
        case .missing?:
            return HTMLReport.Entry(name: row.name, status: .failed, message: failure ?? "", scene: scene, rerecord: rerecord)
        case nil:
            return HTMLReport.Entry(name: row.name, status: .error, message: "not rendered", scene: scene, rerecord: rerecord)
        }
    }

    func run() throws {
        var failed = false
        var worstError: Error?
        try reportingErrors {
            let suite = try SnapshotSuite.read(cases)
            let base = URL(fileURLWithPath: cases).deletingLastPathComponent().path
            let selected = try selectedCases(of: suite)
            let defaults = try self.defaults(of: suite)
            try checkOutputs(selected, defaults: defaults, base: base)
            let besideCases = URL(fileURLWithPath: cases).deletingLastPathComponent().appendingPathComponent(".refresh-artifacts").path
            let environment = ProcessInfo.processInfo.environment["REFRESH_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 }
            var batch = try SnapshotBatch(
                diff: options.diff, tolerance: options.tolerance, artifactsDirectory: artifacts ?? environment ?? besideCases)
            // --record is asked for here; REFRESH_RECORD on CI writes no golden.
            batch.modeFromEnvironment = !record
            let indexInFile = Dictionary(uniqueKeysWithValues: suite.cases.enumerated().map { ($1.name, $0) })
            let mode = try recordMode()
            let results = batch.run(
                selected, defaults: defaults, baseDirectory: base, casesFile: cases, indexInFile: indexInFile, goldenFolder: golden,
                mode: mode, jobs: jobs)
            var report: [JUnitReport.Case] = []
            var entries: [HTMLReport.Entry] = []
            var shardCases: [ShardResults.Case] = []
            let scenes = Dictionary(uniqueKeysWithValues: selected.map { ($0.name, defaults.merged(with: $0.scene).jsonText) })
            try Console.line(padded("case", 40) + " result     pixels")
            for row in results {
                let (status, pixels, failure) = tableRow(row, mode: mode)
                if let error = row.error {
                    Console.error("refresh-render: \(failure ?? "")\n")
                    if worstError == nil { worstError = error }
                }
                try Console.line(padded(row.name, 40) + " " + padded(status, 10) + " " + pixels)
                if let failure { try Console.line("  " + failure) }
                report.append(JUnitReport.Case(name: row.name, failure: failure, isError: row.error != nil))
                entries.append(htmlEntry(row, failure: failure, scene: scenes[row.name]))
                shardCases.append(
                    ShardResults.Case(name: row.name, failure: failure, isError: row.error != nil, entry: entries[entries.count - 1]))
            }
            let failures = report.filter { $0.failure != nil }.count
            try Console.line("\(report.count - failures) passed, \(failures) failed")
            try writeReports(report, entries: entries, shardCases: shardCases)
            failed = failures > 0
        }
        if let worstError {
            throw ExitCode(CLIError.describe(worstError).code)
        }
        if failed { throw ExitCode(1) }
    }

    /// When goldens are written: `--record` records all; else `REFRESH_RECORD`, as for the
    /// Swift assertions; else missing ones, never on CI.
    private func recordMode() throws -> SnapshotRecordMode {
        if record { return .all }
        if SnapshotRecordMode.environmentError != nil {
            let value = ProcessInfo.processInfo.environment["REFRESH_RECORD"] ?? ""
            throw RefreshGifError.invalidSetting(
                field: "$REFRESH_RECORD",
                message: "'\(value)' names no record mode: use never, missing, failed or all (1 and true mean all)")
        }
        return SnapshotRecordMode.environment ?? .missing
    }

    /// The cases `--shard` and `--case` select, in file order.
    private func selectedCases(of suite: SnapshotSuite) throws -> [SnapshotSuite.Case] {
        var chosen =
            try shard.map { try suite.shard($0.index, of: $0.count) } ?? suite.cases
        if !only.isEmpty {
            let names = Set(suite.cases.map(\.name))
            for name in only where !names.contains(name) {
                throw RefreshGifError.invalidSetting(field: "case", message: "no case named '\(name)' in \(cases)")
            }
            chosen = chosen.filter { only.contains($0.name) }
        }
        if chosen.isEmpty && shard != nil && !allowEmptyShard {
            throw RefreshGifError.invalidSetting(
                field: "shard",
                message:
                    "shard \(shard?.description ?? "") of \(suite.cases.count) cases selects none (use --allow-empty-shard in CI matrices wider than the suite)"
            )
        }
        return chosen
    }

    /// What every case starts from: the scene file's settings and layers (`--scene`, its paths
    /// from its own folder, read and checked once: a mistake is the file's, 65, before any case
    /// is drawn), under the cases file's defaults.
    private func defaults(of suite: SnapshotSuite) throws -> SceneDescription {
        var scene = SceneDescription()
        if let sceneFile {
            scene = try SceneDescription(contentsOfFile: sceneFile)
            do {
                try scene.validate()
            } catch let error as InvalidValue {
                throw sceneFileError(error, file: sceneFile)
            }
        }
        return scene.merged(with: suite.defaults ?? SceneDescription())
    }

    /// Nothing this command writes may replace what it reads: the cases file, the cases'
    /// images and fonts, and (when recording) the goldens it would write.
    private func checkOutputs(_ selected: [SnapshotSuite.Case], defaults: SceneDescription, base: String) throws {
        let caseInputs =
            [cases] + (sceneFile.map { [$0] } ?? []) + selected.flatMap { defaults.merged(with: $0.scene).inputPaths(baseDirectory: base) }
        var planned = [junit, html.map { $0 + "/index.html" }, results].compactMap { $0 }
        if record { planned += selected.map { self.golden + "/" + $0.name + ".png" } }
        try OutputGuard.check(outputs: planned, inputs: caseInputs)
    }

    /// A row of the results table: its status, pixels column and failure line.
    private func tableRow(_ row: Row, mode: SnapshotRecordMode) -> (status: String, pixels: String, failure: String?) {
        if let error = row.error { return ("ERROR", "-", CLIError.describe(error).message) }
        guard let outcome = row.outcome else { return ("ERROR", "-", nil) }
        let message = outcome.message(name: row.name, goldenPath: row.goldenPath)
        switch outcome {
        case let .matched(count): return ("ok", "\(count)", nil)
        // A golden written where there was none fails the run (look at it, commit it, run
        // again), unless recording was asked for.
        case let .recorded(_, wasMissing):
            let new = wasMissing && mode != .all
            return (new ? "NEW" : "recorded", "-", new ? message : nil)
        case let .mismatched(count, _, _, _): return ("FAIL", "\(count)", message)
        case .sizeMismatch: return ("FAIL", "size", message)
        case .missing: return ("MISSING", "-", message)
        }
    }

    /// The JUnit XML, HTML report and shard results asked for.
    private func writeReports(_ report: [JUnitReport.Case], entries: [HTMLReport.Entry], shardCases: [ShardResults.Case]) throws {
        if let junit {
            try FileIO.write(Array(JUnitReport(suite: "refresh-render snapshot", cases: report).xml.utf8), to: junit)
        }
        if let html {
            try HTMLReport(title: "Snapshots of \(URL(fileURLWithPath: cases).lastPathComponent)", entries: entries).write(to: html)
            Console.error("refresh-render: report in \(html)/index.html\n")
        }
        if let path = self.results {
            try ShardResults(suite: cases, shard: shard?.description, cases: shardCases).write(to: path)
        }
    }
}

/// `refresh-render snapshot merge`: one report from the results of several shards.
struct SnapshotMerge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the --results files of several snapshot shards into one table, JUnit XML and HTML report.")

    @Argument(help: ArgumentHelp("Results files written by 'snapshot --results'.", valueName: "RESULTS.json"))
    var inputs: [String]

    @Option(help: "Write a JUnit XML report here.")
    var junit: String?

    @Option(help: "Write an HTML report (index.html and its pictures) into this folder.")
    var html: String?

    @Flag(help: "Merge even when some shards' results are missing (otherwise an error naming them).")
    var allowPartial = false

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give at least one results file") }
    }

    func run() throws {
        var failed = false
        try reportingErrors {
            let shards = try inputs.map(ShardResults.read)
            var seen: [String: String] = [:]
            var cases: [ShardResults.Case] = []
            for (shard, path) in zip(shards, inputs) {
                for item in shard.cases {
                    if let other = seen[item.name] {
                        throw RefreshGifError.badInput(
                            file: path, message: "case '\(item.name)' is also in \(other): shards must not overlap")
                    }
                    seen[item.name] = path
                    cases.append(item)
                }
            }
            let missing = try missingShards(shards)
            if !missing.isEmpty && !allowPartial {
                throw RefreshGifError.badInput(
                    file: missing[0].suite,
                    message:
                        "the results of shard\(missing.count == 1 ? "" : "s") \(missing.map(\.slice).joined(separator: ", ")) are missing "
                        + "(a job that failed or was not downloaded?); give them, or --allow-partial")
            }
            try OutputGuard.check(outputs: [junit, html.map { $0 + "/index.html" }].compactMap { $0 }, inputs: inputs)
            let failures = cases.filter { $0.failure != nil }.count
            for item in cases where item.failure != nil { try Console.line("FAIL \(item.name): \(item.failure ?? "")") }
            let partial = missing.isEmpty ? "" : " (partial: shards \(missing.map(\.slice).joined(separator: ", ")) missing)"
            try Console.line("\(cases.count - failures) passed, \(failures) failed\(partial)")
            if let junit {
                let report = JUnitReport(
                    suite: "refresh-render snapshot",
                    cases: cases.map { JUnitReport.Case(name: $0.name, failure: $0.failure, isError: $0.isError) })
                try FileIO.write(Array(report.xml.utf8), to: junit)
            }
            if let html {
                let suites = Set(shards.map { URL(fileURLWithPath: $0.suite).lastPathComponent }).sorted().joined(separator: ", ")
                try HTMLReport(title: "Snapshots of \(suites) (\(shards.count) shards)", entries: cases.map(\.entry)).write(to: html)
                Console.error("refresh-render: report in \(html)/index.html\n")
            }
            failed = failures > 0
        }
        if failed { throw ExitCode(1) }
    }

    /// The slices of each cases file that no results file holds. A run without `--shard` is
    /// complete on its own; shards of one cases file must agree on N and appear once each.
    private func missingShards(_ shards: [ShardResults]) throws -> [(suite: String, slice: String)] {
        var slices: [String: [(ShardSlice?, String)]] = [:]
        for (results, path) in zip(shards, inputs) {
            var slice: ShardSlice?
            if let text = results.shard {
                guard let parsed = ShardSlice(argument: text) else {
                    throw RefreshGifError.badInput(file: path, message: "shard '\(text)' is not K/N")
                }
                slice = parsed
            }
            slices[results.suite, default: []].append((slice, path))
        }
        var missing: [(suite: String, slice: String)] = []
        for suite in slices.keys.sorted() {
            let given = slices[suite] ?? []
            if given.contains(where: { $0.0 == nil }) && given.count == 1 { continue }
            let counts = Set(given.map { $0.0?.count ?? 1 })
            guard counts.count == 1, let count = counts.first, !given.contains(where: { $0.0 == nil }) else {
                throw RefreshGifError.badInput(
                    file: given[0].1, message: "the results of \(suite) come from runs split in different ways (K/N with different N)")
            }
            var present = Set<Int>()
            for (slice, path) in given {
                guard let slice, present.insert(slice.index).inserted else {
                    throw RefreshGifError.badInput(file: path, message: "shard \(slice?.description ?? "") of \(suite) is given twice")
                }
            }
            missing += ShardSlice.missing(of: count, present: present).map { (suite, $0) }
        }
        return missing
    }
}
