import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The temporary files being written right now, so an interrupted command can remove them
/// before it exits (the command line's SIGINT/SIGTERM handler calls ``removeAll()``).
package enum Temporaries {
    /// Paths as C strings, kept ready so removal needs no allocation in a signal handler.
    private static let paths = Mutex<[String: [CChar]]>([:])

    static func register(_ path: String) {
        paths.withLock { $0[path] = Array(path.utf8CString) }
    }

    static func unregister(_ path: String) {
        _ = paths.withLock { $0.removeValue(forKey: path) }
    }

    /// Removes every temporary file still registered.
    package static func removeAll() {
        let all = paths.withLock { $0 }
        for (_, name) in all { name.withUnsafeBufferPointer { if let base = $0.baseAddress { _ = unlink(base) } } }
    }
}
