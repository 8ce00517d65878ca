import RefreshImage
import RefreshLocking

#if canImport(Glibc)
    import Glibc
#endif

/// The temporary files being written right now, so an interrupted command can remove them
/// before it exits (the command line's SIGINT/SIGTERM handler calls ``removeAll()``).
package enum Temporaries {
    private struct State {
        var paths: Set<String> = []
        var folders: Set<String> = []
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

    /// Registers a staging folder this process made: removed with everything in it (its files,
    /// not its subfolders: staging folders are flat) if the command is interrupted.
    package static func registerFolder(_ path: String) {
        let accepted = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.folders.insert(path)
            return true
        }
        if !accepted { while true { sleep(60) } }
    }

    package static func unregisterFolder(_ path: String) {
        _ = state.withLock { $0.folders.remove(path) }
    }

    /// Removes a folder and everything in it (an export's staging folder has subfolders).
    package static func removeFolder(_ path: String) {
        removeTree(path, depth: 0)
    }

    /// Removes `path` and what it holds, at most eight folders deep.
    private static func removeTree(_ path: String, depth: Int) {
        if let directory = opendir(path) {
            let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
            while let entry = readdir(directory) {
                // The name is read in place: a record may end before `dirent`'s full size.
                let name = String(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
                guard name != "." && name != ".." else { continue }
                let child = path + "/" + name
                if unlink(child) != 0 && errno == EISDIR && depth < 8 { removeTree(child, depth: depth + 1) }
            }
            closedir(directory)
        }
        _ = rmdir(path)
    }

    /// Runs `body` (putting a finished file in place) unless the process is shutting down on a
    /// signal; then it waits for the exit the signal handler makes. So once a signal is taken,
    /// no output appears: only files finished before it.
    package static func whileRunning<T>(_ body: () -> T) -> T {
        let result = state.withLock { state -> T? in state.closed ? nil : body() }
        guard let result else { while true { sleep(60) } }
        return result
    }

    /// True once a signal handler has started removing the temporaries: the command must not
    /// exit by itself any more (the handler's exit code wins).
    package static var isShuttingDown: Bool { state.withLock { $0.closed } }

    /// Refuses new temporaries from now on and removes every one still registered (twice, a
    /// moment apart, for a file created between the registration and the first removal).
    package static func removeAll() {
        for pass in 0..<2 {
            let (paths, folders) = state.withLock { state -> (Set<String>, Set<String>) in
                state.closed = true
                return (state.paths, state.folders)
            }
            for path in paths { _ = unlink(path) }
            for folder in folders { removeFolder(folder) }
            if pass == 0 { usleep(50_000) }
        }
    }
}
