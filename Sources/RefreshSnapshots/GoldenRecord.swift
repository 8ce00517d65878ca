import FoundationEssentials
@_spi(Tools) import RefreshFiles
@_spi(Tools) import RefreshGif
import RefreshImage
import RefreshLocking

#if canImport(Glibc)
    import Glibc
#endif

/// The `refreshgif-goldens.json` kept beside golden files: the names of the goldens RefreshGif's
/// assertions and batch runs wrote in that folder. `snapshot orphans` judges only those, so the
/// goldens of another library sharing the folder (swift-snapshot-testing's `__Snapshots__`) are
/// never listed or deleted.
package enum GoldenRecord {
    /// The record's file name.
    public static let fileName = "refreshgif-goldens.json"

    private struct Contents: Codable {
        var goldens: [String]
    }

    /// One writer at a time in this process; `flock` on the folder keeps processes apart.
    private static let lock = Locked(())

    /// Adds `goldenPath`'s name to its folder's record (and removes `removing`'s, a former name).
    package static func add(_ goldenPath: String, removing former: String? = nil) throws {
        let url = URL(fileURLWithPath: goldenPath)
        try update(folder: url.deletingLastPathComponent().path) { names in
            if let former { names.remove(URL(fileURLWithPath: former).lastPathComponent) }
            names.insert(url.lastPathComponent)
        }
    }

    /// Removes the names of `goldenPaths` (deleted goldens) from their folders' records.
    /// - Parameter goldenPaths: the goldens deleted.
    /// - Throws: ``RefreshGifError`` when a record cannot be read or written.
    public static func remove(_ goldenPaths: [String]) throws {
        let byFolder = Dictionary(grouping: goldenPaths) { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        for (folder, paths) in byFolder.sorted(by: { $0.key < $1.key }) {
            try update(folder: folder) { names in
                for path in paths { names.remove(URL(fileURLWithPath: path).lastPathComponent) }
            }
        }
    }

    /// The golden names recorded in `folder`, or nil when it has no record (goldens written by
    /// another library, or by RefreshGif before it kept one).
    /// - Parameter folder: a folder of goldens.
    /// - Returns: the names, or nil without a record.
    public static func names(in folder: String) -> Set<String>? {
        guard let data = FileManager.default.contents(atPath: folder + "/" + fileName),
            let contents = try? JSONDecoder().decode(Contents.self, from: data)
        else { return nil }
        return Set(contents.goldens)
    }

    private static func update(folder: String, _ change: (inout Set<String>) -> Void) throws {
        try lock.withLock { _ in
            let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if descriptor >= 0 { flock(descriptor, LOCK_EX) }
            defer { if descriptor >= 0 { close(descriptor) } }
            var names = Self.names(in: folder) ?? []
            let before = names
            change(&names)
            guard names != before || !FileManager.default.fileExists(atPath: folder + "/" + fileName) else { return }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try FileIO.write(Array(try encoder.encode(Contents(goldens: names.sorted()))) + [0x0A], to: folder + "/" + fileName)
        }
    }
}
