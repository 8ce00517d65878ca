import FoundationEssentials
import ImageCodecs
@_spi(Tools) import RefreshGif
import SnapshotReports

/// What one run of `refresh-render snapshot` found, written with `--results FILE.json` so the
/// shards of a CI matrix can be merged into one report (`snapshot merge`), as Playwright's blob
/// reports are. Self-contained: the pictures each entry shows are copied into `FILE.files/`
/// beside it and named relative to the file, so the results can be moved between machines.
struct ShardResults: Codable {
    /// One case: its JUnit result and its report entry.
    struct Case: Codable {
        var name: String
        var failure: String?
        var isError: Bool
        var entry: HTMLReport.Entry
    }

    /// The cases file the run read, and the slice (`K/N`, or nil for all).
    var suite: String
    var shard: String?
    var cases: [Case]

    /// Writes these results to `path`, their pictures into `path.files/`.
    func write(to path: String) throws {
        let files = path + ".files"
        var portable = self
        for index in portable.cases.indices {
            for key in [\HTMLReport.Entry.expected, \HTMLReport.Entry.actual, \HTMLReport.Entry.diff] {
                guard let source = portable.cases[index].entry[keyPath: key], FileIO.isRegularFile(source) else {
                    portable.cases[index].entry[keyPath: key] = nil
                    continue
                }
                let name = "\(index)-" + URL(fileURLWithPath: source).lastPathComponent
                try FileIO.makeDirectory(files)
                try FileIO.writeArtifact(try FileIO.read(source), to: files + "/" + name)
                portable.cases[index].entry[keyPath: key] = URL(fileURLWithPath: files).lastPathComponent + "/" + name
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try FileIO.write(Array(try encoder.encode(portable)) + [0x0A], to: path)
    }

    /// The results in `path`, their pictures' paths made absolute again.
    static func read(_ path: String) throws -> ShardResults {
        let bytes = try FileIO.read(path)
        var results: ShardResults
        do {
            results = try JSONDecoder().decode(ShardResults.self, from: Data(bytes))
        } catch {
            throw RefreshGifError.badInput(file: path, message: "not a results file of refresh-render snapshot --results")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        for index in results.cases.indices {
            for key in [\HTMLReport.Entry.expected, \HTMLReport.Entry.actual, \HTMLReport.Entry.diff] {
                guard let relative = results.cases[index].entry[keyPath: key] else { continue }
                guard !relative.hasPrefix("/"), !relative.split(separator: "/").contains("..") else {
                    throw RefreshGifError.badInput(file: path, message: "picture path '\(relative)' leaves the results' folder")
                }
                let picture = folder + "/" + relative
                // A link inside the folder may lead anywhere (/etc/passwd): where it leads counts.
                if ResolvedPath.of(picture) != nil, !ResolvedPath.lies(picture, inside: folder) {
                    throw RefreshGifError.badInput(
                        file: path, message: "picture '\(relative)' is a link that leads out of the results' folder")
                }
                results.cases[index].entry[keyPath: key] = picture
            }
        }
        return results
    }
}
