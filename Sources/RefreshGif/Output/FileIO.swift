import Foundation
import ImageCodecs
import PixelDiff
import RefreshImage
import RefreshModel
import RefreshRaster
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Reading inputs and writing outputs for the command line and the snapshot helpers (not
/// part of the public API). Every output goes to a temporary file beside its target, is flushed and
/// renamed into place, so an error never leaves a partial file behind.
package enum FileIO {
    /// The whole file at `path`, refusing directories, unreadable files and files larger
    /// than `maxBytes`.
    package static func read(_ path: String, maxBytes: Int = DecodeLimits.default.maxFileBytes) throws -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw RefreshGifError.missingInput(file: path, message: "no such file")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw RefreshGifError.missingInput(file: path, message: "is a directory, not a file")
        }
        if Int(info.st_size) > maxBytes {
            throw RefreshGifError.limitExceeded(file: path, violation: .fileBytes(bytes: Int(info.st_size), limit: maxBytes))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw RefreshGifError.missingInput(file: path, message: "cannot be read (permission denied)")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: maxBytes < Int.max ? maxBytes + 1 : maxBytes) ?? Data()
            if data.count > maxBytes {
                throw RefreshGifError.limitExceeded(file: path, violation: .fileBytes(bytes: data.count, limit: maxBytes))
            }
            return [UInt8](data)
        } catch let error as RefreshGifError {
            throw error
        } catch {
            throw RefreshGifError.missingInput(file: path, message: "cannot be read (\(error.localizedDescription))")
        }
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
    package static func write(_ bytes: [UInt8], to path: String) throws {
        try write(bytes, to: path, writer: { Glibc.write($0, $1, $2) })
    }

    /// Writes `bytes` to `path` through `writer`: to a temporary file beside it, flushed with
    /// fsync, then renamed; on any error the temporary file is removed.
    static func write(_ bytes: [UInt8], to path: String, writer: ChunkWriter) throws {
        if path == "-" {
            try writeAll(bytes, fd: STDOUT_FILENO, name: "standard output", writer: writer)
            return
        }
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        if isDirectory(path) {
            throw RefreshGifError.cannotCreateOutput(file: path, message: "is a directory")
        }
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(nextSerial())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw RefreshGifError.cannotCreateOutput(file: path, message: String(cString: strerror(errno)))
        }
        do {
            try writeAll(bytes, fd: fd, name: path, writer: writer)
            guard fsync(fd) == 0 else {
                throw RefreshGifError.writeFailed(file: path, message: String(cString: strerror(errno)))
            }
            guard close(fd) == 0 else {
                unlink(temporary)
                throw RefreshGifError.writeFailed(file: path, message: String(cString: strerror(errno)))
            }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw RefreshGifError.cannotCreateOutput(file: path, message: message)
        }
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

    private static func writeAll(_ bytes: [UInt8], fd: Int32, name: String, writer: ChunkWriter) throws {
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

    private static let serial = Mutex<Int>(0)

    private static func nextSerial() -> Int {
        serial.withLock { value in
            value += 1
            return value
        }
    }
}
