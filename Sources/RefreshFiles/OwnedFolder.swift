import FoundationEssentials
import ImageCodecs
import RefreshModel

#if canImport(Glibc)
    import Glibc
#endif

/// A folder this program writes a set of files into and may later replace them in — the
/// export's folder (docs/robustness.md, "Folders we write into"). It records what it wrote in a
/// manifest inside the folder; a later write replaces exactly those files and removes the ones
/// the new set lacks. A folder holding anything else — a file it did not write, a file of its
/// own changed since, a link, a device — is refused before anything is touched, whatever the
/// path's spelling (`.`, `..`, `~`, `/`, a link to a folder, a sticky folder).
///
/// The new files are written into a hidden staging folder inside the target first; only when
/// every one is written are they moved into place (the replaced ones set aside until the last
/// move succeeds, and put back if one fails), so an error or a signal leaves the folder exactly
/// as it was. The folder itself is never renamed, replaced or removed: its mode, owner and
/// links stay.
package struct OwnedFolder {
    /// One file the manifest records.
    struct Entry: Codable, Equatable {
        var path: String
        var bytes: Int
        var crc32: String
    }

    /// The manifest's contents.
    struct Manifest: Codable, Equatable {
        var writtenBy: String
        var files: [Entry]
    }

    /// The folder as the user named it (errors name it so).
    package let folder: String
    /// The manifest's file name inside the folder.
    package let manifestName: String
    /// What the manifest says wrote the files (`refresh-render export`).
    package let writer: String

    /// The most entries a folder may hold for the check (a folder larger than that is not ours).
    static let maxEntries = 100_000
    /// How deep the check walks.
    static let maxDepth = 16
    /// The bounds of a manifest this program writes: an export lists a few hundred files at
    /// most, never more than four folders deep, with short names. A manifest beyond them was
    /// not written here, and its folder is the user's (docs/robustness.md).
    static let maxManifestEntries = 10_000
    static let maxManifestDepth = 8
    static let maxManifestPath = 1024
    static let maxManifestBytes = 4 << 20

    /// A folder written by `writer`, recorded in `manifestName`.
    /// - Parameters:
    ///   - folder: the folder, as named.
    ///   - manifestName: a hidden file name.
    ///   - writer: the writer's name, kept in the manifest.
    package init(_ folder: String, manifestName: String, writer: String) {
        self.folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        self.manifestName = manifestName
        self.writer = writer
    }

    /// The refusal for a folder that holds something this program did not write.
    private func foreign(_ path: String, _ why: String) -> RefreshGifError {
        .cannotCreateOutput(
            file: folder,
            message: "holds '\(path)', \(why); nothing was changed: name a new or empty folder, or one an earlier export wrote")
    }

    /// The files an earlier write recorded, checked against the folder: every entry of the
    /// folder is the manifest, one of these files unchanged, or a folder holding them.
    /// - Returns: the recorded files (none for a missing or empty folder).
    /// - Throws: ``RefreshGifError/cannotCreateOutput(file:message:)`` naming the folder and the
    ///   first entry that is not ours.
    package func check() throws -> [String] {
        try check(besides: [])
    }

    /// ``check()``, passing over `ours`: names at the folder's top this write made (its staging).
    private func check(besides ours: Set<String>) throws -> [String] {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            if errno == ENOENT { return [] }
            throw RefreshGifError.cannotCreateOutput(file: folder, message: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw RefreshGifError.cannotCreateOutput(file: folder, message: "is not a folder; an export is a folder")
        }
        let manifest = try readManifest()
        var recorded: [String: Entry] = [:]
        var folders: Set<String> = []
        for entry in manifest?.files ?? [] {
            recorded[entry.path] = entry
            folders.formUnion(Self.parents(entry.path))
        }
        var seen = 0
        func walk(_ relative: String, depth: Int) throws {
            let path = relative.isEmpty ? folder : folder + "/" + relative
            for name in try FileIO.entries(of: path).sorted() {
                seen += 1
                guard seen <= Self.maxEntries, depth < Self.maxDepth else {
                    throw foreign(relative.isEmpty ? name : relative + "/" + name, "one of more entries than an export writes")
                }
                let child = relative.isEmpty ? name : relative + "/" + name
                if (child == manifestName && manifest != nil) || (relative.isEmpty && ours.contains(name)) { continue }
                var entry = stat()
                guard lstat(folder + "/" + child, &entry) == 0 else { continue }
                switch entry.st_mode & S_IFMT {
                case S_IFDIR:
                    guard folders.contains(child) else { throw foreign(child, "a folder an earlier export did not write") }
                    try walk(child, depth: depth + 1)
                case S_IFREG:
                    guard let record = recorded[child] else { throw foreign(child, "a file an earlier export did not write") }
                    let same =
                        Int(entry.st_size) == record.bytes
                        && (try? FileIO.read(folder + "/" + child, maxBytes: max(record.bytes, 0))).map(Self.crc) == record.crc32
                    guard same else {
                        throw foreign(child, "a file of an earlier export that was changed since")
                    }
                default:
                    throw foreign(child, "a link or special file, which an export never writes")
                }
            }
        }
        try walk("", depth: 0)
        return recorded.keys.sorted()
    }

    private func readManifest() throws -> Manifest? {
        let path = folder + "/" + manifestName
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw foreign(manifestName, "which is not a file this program wrote") }
        let manifest: Manifest
        do {
            var size = stat()
            guard stat(path, &size) == 0, Int(size.st_size) <= Self.maxManifestBytes else {
                throw foreign(manifestName, "larger than a manifest this program writes (\(Self.maxManifestBytes >> 20) MiB)")
            }
            manifest = try JSONInput.decode(Manifest.self, from: try FileIO.read(path, maxBytes: Self.maxManifestBytes), name: path)
        } catch let error as RefreshGifError {
            throw error
        } catch {
            throw foreign(manifestName, "which is not a manifest this program wrote")
        }
        guard manifest.files.count <= Self.maxManifestEntries else {
            throw foreign(manifestName, "listing more than the \(Self.maxManifestEntries) files an export writes")
        }
        // Only plain relative paths inside the folder: a manifest never makes us touch
        // anything outside it.
        for entry in manifest.files {
            guard entry.path.utf8.count <= Self.maxManifestPath else {
                throw foreign(manifestName, "listing a path longer than the \(Self.maxManifestPath) bytes an export writes")
            }
            let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count <= Self.maxManifestDepth else {
                throw foreign(manifestName, "listing a file deeper than the \(Self.maxManifestDepth) folders an export writes")
            }
            // Every part one file name by the one rule for names (no `.`, `..`, separators,
            // control characters): nothing outside the folder is ever named.
            guard !parts.isEmpty, parts.allSatisfy({ FileName.problem(String($0)) == nil }), entry.path != manifestName
            else {
                throw foreign(manifestName, "which is not a manifest this program wrote")
            }
        }
        return manifest
    }

    static func crc(_ bytes: [UInt8]) -> String {
        let value = Checksum.crc32(bytes)
        return String(repeating: "0", count: 8 - String(value, radix: 16).count) + String(value, radix: 16)
    }

    /// The manifest recording `entries`, as bytes: sorted, no time stamps, the same for the
    /// same files.
    func manifestBytes(_ entries: [Entry]) throws -> [UInt8] {
        let manifest = Manifest(writtenBy: writer, files: entries.sorted { $0.path < $1.path })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(manifest)) + [0x0A]
    }

    /// Replaces what an earlier write put in the folder with the files `produce` hands over
    /// (each a path inside the folder, `/`-separated, and its bytes; made one at a time, so
    /// they are never all in memory).
    /// - Parameter produce: calls its argument once per file.
    /// - Throws: ``RefreshGifError`` when the folder holds anything else (73), a file cannot
    ///   be written (74 for a full disk), or what `produce` throws; the folder is then as it was.
    package func replace(_ produce: ((String, [UInt8]) throws -> Void) throws -> Void) throws {
        let old = try check()
        var done = false
        // Made (and registered) only once it is new: a failure never removes what was there.
        // The folders made to hold it (the export folder, and its missing parents) go again
        // when the write fails, each only if empty.
        let staging = try FileIO.stagingFolder(for: folder + "/" + manifestName)
        defer {
            Temporaries.removeFolder(staging)
            if !done { Temporaries.removeMadeParents(of: staging) }
            Temporaries.unregisterFolder(staging)
        }
        let flush = FolderFlush()
        var entries: [Entry] = []
        try produce { path, bytes in
            guard !path.isEmpty, !path.hasPrefix("/"), !path.split(separator: "/").contains(".."), path != manifestName,
                !entries.contains(where: { $0.path == path })
            else { throw RefreshGifError.internalError("export file '\(path)' is not a new plain path") }
            let target = staging + "/" + path
            try FileIO.naming(folder + "/" + path) {
                try FileIO.makeDirectory(URL(fileURLWithPath: target).deletingLastPathComponent().path)
                try FileIO.writeDeferringSync(bytes, to: target)
            }
            flush.add(target)
            // Only the size and checksum are kept, never the bytes.
            entries.append(Entry(path: path, bytes: bytes.count, crc32: Self.crc(bytes)))
        }
        try FileIO.naming(folder + "/" + manifestName) {
            try FileIO.writeDeferringSync(try manifestBytes(entries), to: staging + "/" + manifestName)
        }
        flush.add(staging + "/" + manifestName)
        try FileIO.naming(folder) { try flush.finish(folder: staging) }
        // The moves run as one step: a signal waits for them to finish or to be undone. The
        // folder is checked again first: what the user put there while the files were made
        // (seconds for a long animation) is theirs, and refuses the write as it would have.
        let moved = Temporaries.whileRunning {
            Result {
                guard try check(besides: [URL(fileURLWithPath: staging).lastPathComponent]) == old else {
                    throw RefreshGifError.cannotCreateOutput(
                        file: folder, message: "changed while the export was written; nothing was changed")
                }
                try commit(from: staging, new: entries.map(\.path) + [manifestName], old: old)
            }
        }
        try moved.get()
        done = true
    }

    /// Moves the staged files into place, the old ones aside first; undoes every move when one
    /// fails. Then removes the set-aside files and the folders only they filled.
    private func commit(from staging: String, new: [String], old: [String]) throws {
        // Not registered with ``Temporaries``: this runs while it is locked, and a signal waits
        // for the moves to finish or be undone.
        let aside = FileIO.temporaryPath(for: folder + "/" + manifestName + ".old")
        guard mkdir(aside, 0o700) == 0 else {
            throw RefreshGifError.cannotCreateOutput(file: folder, message: String(cString: strerror(errno)))
        }
        var setAside: [(from: String, to: String)] = []
        var placed: [String] = []
        var made: [String] = []
        func fail(_ path: String) -> RefreshGifError {
            let code = errno
            let reason = String(cString: strerror(code))
            return code == ENOSPC || code == EDQUOT
                ? .writeFailed(file: folder + "/" + path, message: reason) : .cannotCreateOutput(file: folder + "/" + path, message: reason)
        }
        do {
            for (index, path) in old.enumerated() where FileIO.isRegularFile(folder + "/" + path) {
                guard rename(folder + "/" + path, aside + "/\(index)") == 0 else { throw fail(path) }
                setAside.append((aside + "/\(index)", folder + "/" + path))
            }
            for path in new {
                var parent = ""
                for part in path.split(separator: "/").dropLast() {
                    parent += (parent.isEmpty ? "" : "/") + part
                    if FileIO.isDirectory(folder + "/" + parent) { continue }
                    guard mkdir(folder + "/" + parent, 0o755) == 0 else { throw fail(parent) }
                    made.append(parent)
                }
                guard rename(staging + "/" + path, folder + "/" + path) == 0 else { throw fail(path) }
                placed.append(path)
            }
        } catch {
            for path in placed.reversed() { _ = unlink(folder + "/" + path) }
            for path in made.reversed() { _ = rmdir(folder + "/" + path) }
            for move in setAside.reversed() { _ = rename(move.from, move.to) }
            _ = rmdir(aside)
            throw error
        }
        Temporaries.removeFolder(aside)
        // Folders that held only files of the old set go with them (deepest first; a folder
        // still holding something stays).
        let kept = Set(new.flatMap(Self.parents))
        for parent in Set(old.flatMap(Self.parents)).subtracting(kept).sorted(by: { $0.count > $1.count }) {
            _ = rmdir(folder + "/" + parent)
        }
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            _ = fsync(fd)
            close(fd)
        }
    }

    /// `a/b/c.png` → `a`, `a/b`: each a prefix of the path up to a `/`, in one pass.
    static func parents(_ path: String) -> [String] {
        path.indices.filter { path[$0] == "/" && $0 != path.startIndex }.map { String(path[..<$0]) }
    }
}
