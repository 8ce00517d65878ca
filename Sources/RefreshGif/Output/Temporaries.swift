import RefreshImage
#if canImport(Glibc)
import Glibc
#endif

/// The temporary files being written right now, so an interrupted command can remove them
/// before it exits (the command line's SIGINT/SIGTERM handler calls ``removeAll()``).
package enum Temporaries {
    private struct State {
        var paths: Set<String> = []
        var closed = false
    }

    private static let state = Locked(State())

    /// Registers `path` before it is created. Once the process is shutting down no new
    /// temporary file may be made: the caller waits here for the exit the signal handler makes.
    static func register(_ path: String) {
        let accepted = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.paths.insert(path)
            return true
        }
        if !accepted { while true { sleep(60) } }
    }

    static func unregister(_ path: String) {
        _ = state.withLock { $0.paths.remove(path) }
    }

    /// Refuses new temporaries from now on and removes every one still registered (twice, a
    /// moment apart, for a file created between the registration and the first removal).
    package static func removeAll() {
        for pass in 0..<2 {
            let paths = state.withLock { state -> Set<String> in
                state.closed = true
                return state.paths
            }
            for path in paths { _ = unlink(path) }
            if pass == 0 { usleep(50_000) }
        }
    }
}
