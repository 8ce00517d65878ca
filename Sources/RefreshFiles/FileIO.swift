import Dispatch
import FoundationEssentials
import ImageCodecs
import RefreshImage
import RefreshLocking

#if canImport(Glibc)
    import Glibc
#endif

/// Reading inputs and writing outputs for the command line, the preview server and the snapshot
/// helpers. Every output goes to a temporary file beside its target, is flushed and renamed into
/// place, so an error never leaves a partial file behind.
@_spi(Tools) public enum FileIO {
    /// The whole file at `path`, refusing directories, unreadable files and files larger
    /// than `maxBytes`.
    /// - Parameters:
    ///   - path: the file to read.
    ///   - maxBytes: the largest file accepted.
    /// - Returns: the file's bytes.
    /// - Throws: ``RefreshGifError/missingInput(file:message:)`` for a missing, unreadable or
    ///   irregular file; ``RefreshGifError/limitExceeded(file:violation:)`` past `maxBytes`.
    public static func read(_ path: String, maxBytes: Int = DecodeLimits.default.maxFileBytes) throws -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw RefreshGifError.missingInput(file: path, message: "no such file")
        }
        // Opened without blocking (a FIFO put in the file's place after the look above would
        // otherwise block open(2) for ever), then judged by what was opened, not by its name.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            let reason = errno == EACCES ? "permission denied" : String(cString: strerror(errno))
            throw RefreshGifError.missingInput(file: path, message: "cannot be read (\(reason))")
        }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else {
            throw RefreshGifError.missingInput(file: path, message: "cannot be read (\(String(cString: strerror(errno))))")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw RefreshGifError.missingInput(file: path, message: "is a directory, not a file")
        }
        // A FIFO, socket or device could block forever or never end: inputs are regular files.
        if (info.st_mode & S_IFMT) != S_IFREG {
            throw RefreshGifError.missingInput(file: path, message: "is not a regular file (a FIFO, socket or device)")
        }
        if Int(info.st_size) > maxBytes {
            throw RefreshGifError.limitExceeded(file: path, violation: .fileBytes(bytes: Int(info.st_size), limit: maxBytes))
        }
        // The size stat gave is a hint: the file may grow or shrink while it is read. The buffer
        // never grows past one byte over the limit, and filling that byte is the refusal.
        let cap = maxBytes < Int.max ? maxBytes + 1 : maxBytes
        var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size) + 1, cap))
        var count = 0
        while true {
            if count == bytes.count {
                guard count < cap else {
                    throw RefreshGifError.limitExceeded(file: path, violation: .fileBytes(bytes: count, limit: maxBytes))
                }
                bytes.append(contentsOf: repeatElement(0, count: min(max(count, 4096), cap - count)))
            }
            let got = bytes.withUnsafeMutableBytes { raw in Glibc.read(descriptor, raw.baseAddress.map { $0 + count }, raw.count - count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw RefreshGifError.missingInput(file: path, message: "cannot be read (\(String(cString: strerror(errno))))")
            }
            if got == 0 { break }
            count += got
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// True when `path` names an existing directory.
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The system call that writes a chunk: `write(2)` in the product, a failing stand-in in
    /// tests (the seam for "disk full" and other I/O errors). Returns bytes written or −1
    /// with `errno` set.
    typealias ChunkWriter = (Int32, UnsafeRawPointer?, Int) -> Int

    /// Writes `bytes` to `path` atomically; `-` writes to standard output.
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - path: where they go; a symbolic link is written through, a device is written to.
    /// - Throws: ``RefreshGifError/cannotCreateOutput(file:message:)`` or
    ///   ``RefreshGifError/writeFailed(file:message:)``; no partial file is left behind.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try write(bytes, to: path, writer: { Glibc.write($0, $1, $2) })
    }

    /// Writes a report or artifact into a folder this program owns: like ``write(_:to:)``,
    /// except that the path must be a plain file or nothing, never a symbolic link or device
    /// (a link planted in a shared folder would otherwise turn a victim's file into a PNG).
    package static func writeArtifact(_ bytes: [UInt8], to path: String) throws {
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            throw RefreshGifError.cannotCreateOutput(
                file: path, message: "is not a plain file; reports and artifacts are not written through links or devices")
        }
        try write(bytes, to: path)
    }

    /// A folder only this process's user can enter, made once per process under the system's
    /// temporary folder (`$TMPDIR`, else /tmp) with a name no one can predict:
    /// `PREFIX-XXXXXX` from mkdtemp(3).
    package static func privateTemporaryFolder(prefix: String) throws -> String {
        try privateFolders.withLock { made in
            if let folder = made[prefix] { return folder }
            let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            var template = Array((base + "/" + prefix + "-XXXXXX").utf8CString)
            let created = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
            guard let created else {
                throw RefreshGifError.cannotCreateOutput(
                    file: base, message: "cannot make a private folder: \(String(cString: strerror(errno)))")
            }
            let folder = String(cString: created)
            made[prefix] = folder
            return folder
        }
    }

    private static let privateFolders = Locked<[String: String]>([:])

    /// Writes one of many files into a folder: atomically (temporary file, rename) like
    /// ``write(_:to:)``, but without its own fsync: a ``FolderFlush`` flushes the set in the
    /// background and the folder once at the end.
    package static func writeDeferringSync(_ bytes: [UInt8], to path: String) throws {
        try write(bytes, to: path, writer: { Glibc.write($0, $1, $2) }, sync: false)
    }

    /// Writes `bytes` to `path` through `writer`.
    ///
    /// - A regular file (or a new path) is replaced atomically: the bytes go to a temporary
    ///   file beside it, are flushed with fsync and renamed into place; on any error the
    ///   temporary file is removed and the old file is left as it was.
    /// - A symbolic link is followed: its target is replaced that way and the link stays.
    /// - A character device, FIFO or socket (`/dev/stdout`, `/dev/full`) is written through
    ///   directly, so its errors are write errors.
    /// - A directory is refused.
    static func write(_ bytes: [UInt8], to path: String, writer: ChunkWriter, sync: Bool = true) throws {
        if path == "-" {
            try writeAll(bytes, fd: STDOUT_FILENO, name: "standard output", writer: writer)
            return
        }
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                throw RefreshGifError.cannotCreateOutput(file: path, message: "is a directory")
            case S_IFCHR, S_IFIFO, S_IFSOCK:
                // Opened by its own name, so /dev/stdout and /proc/self/fd/N work too.
                try writeThrough(bytes, to: path, name: path, writer: writer)
                return
            default:
                break
            }
        }
        try replaceAtomically(try resolvingLinks(path), with: bytes, name: path, writer: writer, sync: sync)
    }

    /// The file a path finally names: symbolic links followed (at most 40 of them), relative
    /// link targets taken from the link's folder. A dangling link gives its target's path.
    static func resolvingLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return current }
            let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                destination.hasPrefix("/")
                ? destination
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(destination).path
        }
        throw RefreshGifError.cannotCreateOutput(file: path, message: "too many levels of symbolic links")
    }

    private static func writeThrough(_ bytes: [UInt8], to target: String, name: String, writer: ChunkWriter) throws {
        let fd = open(target, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw RefreshGifError.cannotCreateOutput(file: name, message: String(cString: strerror(errno))) }
        do {
            try writeAll(bytes, fd: fd, name: name, writer: writer)
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw RefreshGifError.writeFailed(file: name, message: String(cString: strerror(errno))) }
    }

    private static func replaceAtomically(_ target: String, with bytes: [UInt8], name: String, writer: ChunkWriter, sync: Bool) throws {
        let temporary = temporaryPath(for: target)
        // Registered before it exists, so an interruption can always find it.
        Temporaries.register(temporary)
        defer { Temporaries.unregister(temporary) }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw RefreshGifError.cannotCreateOutput(file: name, message: String(cString: strerror(errno)))
        }
        keepAttributes(of: target, on: fd)
        var open = true
        do {
            try writeAll(bytes, fd: fd, name: name, writer: writer)
            guard !sync || fsync(fd) == 0 else {
                throw RefreshGifError.writeFailed(file: name, message: String(cString: strerror(errno)))
            }
            // The descriptor is released by close whether it succeeds or not: never close twice.
            open = false
            guard close(fd) == 0 else {
                throw RefreshGifError.writeFailed(file: name, message: String(cString: strerror(errno)))
            }
        } catch {
            if open { close(fd) }
            unlink(temporary)
            throw error
        }
        guard Temporaries.whileRunning({ rename(temporary, target) }) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw RefreshGifError.cannotCreateOutput(file: name, message: message)
        }
    }

    /// An output written piece by piece (a long animation), with the same rules as
    /// ``write(_:to:)``: a regular file goes to a temporary file that ``commit()`` renames
    /// into place; a device or FIFO is written through; a folder is refused. Until it is
    /// committed, ``abandon()`` (or an interruption) removes the temporary file.
    package final class StreamingFile {
        private let name: String
        private let target: String
        private let temporary: String?
        private var fd: Int32
        private var open = true

        package init(_ path: String) throws {
            name = path == "-" ? "standard output" : path
            var info = stat()
            if path == "-" {
                target = path; temporary = nil; fd = STDOUT_FILENO
                return
            }
            if stat(path, &info) == 0 {
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    throw RefreshGifError.cannotCreateOutput(file: path, message: "is a directory")
                case S_IFCHR, S_IFIFO, S_IFSOCK:
                    target = path; temporary = nil
                    fd = Glibc.open(path, O_WRONLY | O_CLOEXEC)
                    guard fd >= 0 else { throw RefreshGifError.cannotCreateOutput(file: path, message: String(cString: strerror(errno))) }
                    return
                default:
                    break
                }
            }
            target = try FileIO.resolvingLinks(path)
            let temporary = FileIO.temporaryPath(for: target)
            self.temporary = temporary
            Temporaries.register(temporary)
            fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                Temporaries.unregister(temporary)
                throw RefreshGifError.cannotCreateOutput(file: path, message: String(cString: strerror(errno)))
            }
            FileIO.keepAttributes(of: target, on: fd)
        }

        deinit { abandon() }

        /// Appends `bytes`.
        package func write(_ bytes: [UInt8]) throws {
            guard open else { throw RefreshGifError.writeFailed(file: name, message: "already closed") }
            do {
                try FileIO.writeAll(bytes, fd: fd, name: name, writer: { Glibc.write($0, $1, $2) })
            } catch {
                abandon()
                throw error
            }
        }

        /// Flushes and puts the file in place.
        package func commit() throws {
            guard open else { throw RefreshGifError.writeFailed(file: name, message: "already closed") }
            open = false
            guard let temporary else {
                if fd != STDOUT_FILENO { _ = close(fd) }
                return
            }
            defer { Temporaries.unregister(temporary) }
            let synced = fsync(fd) == 0
            let closed = close(fd) == 0
            guard synced, closed else {
                let message = String(cString: strerror(errno))
                unlink(temporary)
                throw RefreshGifError.writeFailed(file: name, message: message)
            }
            guard Temporaries.whileRunning({ rename(temporary, target) }) == 0 else {
                let message = String(cString: strerror(errno))
                unlink(temporary)
                throw RefreshGifError.cannotCreateOutput(file: name, message: message)
            }
        }

        /// Removes what was written (a regular file's temporary); nothing is left behind.
        package func abandon() {
            guard open else { return }
            open = false
            if fd != STDOUT_FILENO { _ = close(fd) }
            if let temporary {
                unlink(temporary)
                Temporaries.unregister(temporary)
            }
        }
    }

    /// The hidden temporary file beside `target` that becomes it: `.NAME.tmp-PID-N`, the name
    /// cut (on a character boundary) so the whole stays inside the 255 bytes a file name may have.
    static func temporaryPath(for target: String) -> String {
        let url = URL(fileURLWithPath: target)
        let suffix = ".tmp-\(getpid())-\(nextSerial())"
        var name = Substring(url.lastPathComponent)
        while 1 + name.utf8.count + suffix.utf8.count > 255 { name = name.dropLast() }
        return url.deletingLastPathComponent().path + "/." + name + suffix
    }

    /// Gives a replacement the mode and owner of the file it replaces (when there is one), so
    /// replacing a private 0600 file does not publish it; owner changes that need privileges
    /// this process lacks are skipped.
    static func keepAttributes(of target: String, on fd: Int32) {
        var info = stat()
        guard stat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        _ = fchmod(fd, info.st_mode & 0o7777)
        if info.st_uid != geteuid() || info.st_gid != getegid() { _ = fchown(fd, info.st_uid, info.st_gid) }
    }

    /// True when `path` is a regular file (links followed).
    package static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The names in a folder (without `.` and `..`).
    package static func entries(of folder: String) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw RefreshGifError.cannotCreateOutput(file: folder, message: "cannot read the folder")
        }
    }

    /// A new hidden folder beside `target` (`.NAME.tmp-PID-N`), registered so an interruption
    /// removes it; the caller removes it when done.
    package static func stagingFolder(for target: String) throws -> String {
        let parent = URL(fileURLWithPath: target).deletingLastPathComponent().path
        let staging = temporaryPath(for: URL(fileURLWithPath: target).standardizedFileURL.path)
        // The folders missing on the way are made here and registered with the staging folder,
        // so a failure or a signal removes every one of them again, not only the last.
        let missing = missingFolders(upTo: parent)
        Temporaries.registerFolder(staging, madeParents: missing)
        for folder in missing where mkdir(folder, 0o755) != 0 {
            // Made by someone else in between: theirs, never removed by us.
            if errno == EEXIST && isDirectory(folder) {
                Temporaries.forgetMadeParent(folder, of: staging)
                continue
            }
            let reason = String(cString: strerror(errno))
            Temporaries.removeMadeParents(of: staging)
            Temporaries.unregisterFolder(staging)
            throw RefreshGifError.cannotCreateOutput(file: folder, message: reason)
        }
        guard mkdir(staging, 0o755) == 0 else {
            let reason = String(cString: strerror(errno))
            Temporaries.removeMadeParents(of: staging)
            Temporaries.unregisterFolder(staging)
            throw RefreshGifError.cannotCreateOutput(file: target, message: reason)
        }
        return staging
    }

    /// The folders of `path` (itself included) that do not exist yet, shallowest first.
    static func missingFolders(upTo path: String) -> [String] {
        var missing: [String] = []
        var current = path
        var info = stat()
        while !current.isEmpty, current != "/", current != ".", lstat(current, &info) != 0, errno == ENOENT {
            missing.append(current)
            let up = URL(fileURLWithPath: current).deletingLastPathComponent().path
            guard up != current else { break }
            current = up
        }
        return missing.reversed()
    }

    /// Puts a staging folder's files in `folder`: `whole` renames the staging folder onto it
    /// (which must then be missing or empty) in one step; otherwise file by file.
    package static func moveContents(of staging: String, into folder: String, whole: Bool) throws {
        if whole {
            if isDirectory(folder) { _ = rmdir(folder) }
            if Temporaries.whileRunning({ rename(staging, folder) }) == 0 {
                syncFolder(URL(fileURLWithPath: folder).deletingLastPathComponent().path)
                return
            }
            try makeDirectory(folder)
        }
        for name in try entries(of: staging) {
            guard Temporaries.whileRunning({ rename(staging + "/" + name, folder + "/" + name) }) == 0 else {
                throw RefreshGifError.cannotCreateOutput(file: folder + "/" + name, message: String(cString: strerror(errno)))
            }
        }
        syncFolder(folder)
    }

    /// Runs a write into a staging folder, its errors naming `shown`, the file the user asked
    /// for, instead of the hidden staging path.
    package static func naming<T>(_ shown: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let RefreshGifError.writeFailed(_, message) {
            throw RefreshGifError.writeFailed(file: shown, message: message)
        } catch let RefreshGifError.cannotCreateOutput(_, message) {
            throw RefreshGifError.cannotCreateOutput(file: shown, message: message)
        }
    }

    /// Puts a staging folder's frames in `folder`: the old `frame_*.png` files there go first
    /// (other files stay), so the folder holds exactly the new set.
    package static func replaceFrames(in folder: String, from staging: String) throws {
        let existing = isDirectory(folder) ? try entries(of: folder) : []
        for name in existing where name.hasPrefix("frame_") && name.hasSuffix(".png") { _ = unlink(folder + "/" + name) }
        try moveContents(of: staging, into: folder, whole: existing.allSatisfy { $0.hasPrefix("frame_") && $0.hasSuffix(".png") })
    }

    private static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// Creates `path` (and its parents) as a directory if it is not one already.
    package static func makeDirectory(_ path: String) throws {
        if isDirectory(path) { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw RefreshGifError.cannotCreateOutput(file: path, message: "cannot create directory")
        }
    }

    static func writeAll(_ bytes: [UInt8], fd: Int32, name: String, writer: ChunkWriter) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                writer(fd, raw.baseAddress.map { UnsafeRawPointer($0 + offset) }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw RefreshGifError.writeFailed(file: name, message: String(cString: strerror(errno)))
            }
            offset += written
        }
    }

    private static let serial = Locked<Int>(0)

    static func nextSerial() -> Int {
        serial.withLock { value in
            value += 1
            return value
        }
    }
}

/// Words made safe to paste into a POSIX shell, for the commands reports print ("record
/// again"): a word of plain characters stays as it is, anything else goes in single quotes.
@_spi(Tools) public enum ShellWord {
    private static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=@%+,-".unicodeScalars)

    /// `word` quoted for a shell: `c$(touch x).json` → `'c$(touch x).json'`.
    /// - Parameter word: any text.
    /// - Returns: the word as a shell reads it back.
    public static func quoted(_ word: String) -> String {
        if !word.isEmpty && word.unicodeScalars.allSatisfy(plain.contains) { return word }
        return singleQuoted(word)
    }

    /// `word` in single quotes whatever it holds (a regular expression reads better so).
    /// - Parameter word: any text.
    /// - Returns: the word between single quotes.
    public static func singleQuoted(_ word: String) -> String {
        "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
