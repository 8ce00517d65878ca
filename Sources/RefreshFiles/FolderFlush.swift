import Dispatch
import RefreshImage
import RefreshLocking

#if canImport(Glibc)
    import Glibc
#endif

/// Makes a folder of files durable while they are still being written: each file written
/// with ``FileIO/writeDeferringSync(_:to:)`` is handed to ``add(_:)``, flushed (fsync) on a
/// background queue while the next frames are made, and ``finish(folder:)`` waits for the
/// last flush and then flushes the folder itself.
///
/// When `finish` returns, every file and the folder are on disk, as with an fsync per file;
/// the flushes no longer stand between the last frame and the end of the command
/// (docs/benchmarks.md). Files are renamed into place before they are added, so a flush never
/// sees half a file; a file removed before its turn (a failed command cleaning up) is skipped.
package final class FolderFlush: Sendable {
    private let queue = DispatchQueue(label: "RefreshGif.FolderFlush")
    private let failure = Locked<RefreshGifError?>(nil)

    /// A flusher with nothing queued.
    package init() {}

    /// Queues `path`, a file already written and renamed into place, for an fsync.
    package func add(_ path: String) {
        queue.async { [failure] in
            let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return }
            defer { _ = close(fd) }
            if fsync(fd) != 0 {
                let message = String(cString: strerror(errno))
                failure.withLock { $0 = $0 ?? .writeFailed(file: path, message: message) }
            }
        }
    }

    /// Waits until every queued file is flushed, then flushes `folder` (its entries, the
    /// renames); throws the first flush that failed.
    package func finish(folder: String) throws {
        queue.sync {}
        if let error = failure.withLock({ $0 }) { throw error }
        let fd = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { _ = close(fd) }
        if fsync(fd) != 0 { throw RefreshGifError.writeFailed(file: folder, message: String(cString: strerror(errno))) }
    }
}
