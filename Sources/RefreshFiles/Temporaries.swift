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
        /// The folders made to hold a staging folder (its missing parents), shallowest first.
        var madeParents: [String: [String]] = [:]
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
    /// - Parameters:
    ///   - path: the staging folder, before it is made.
    ///   - madeParents: the folders made to hold it, shallowest first: removed again (only
    ///     when empty) when the command fails or is interrupted (``removeMadeParents(of:)``).
    package static func registerFolder(_ path: String, madeParents: [String] = []) {
        let accepted = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.folders.insert(path)
            if !madeParents.isEmpty { state.madeParents[path] = madeParents }
            return true
        }
        if !accepted { while true { sleep(60) } }
    }

    /// Forgets a staging folder and the folders made for it (they stay: the write succeeded).
    package static func unregisterFolder(_ path: String) {
        state.withLock {
            $0.folders.remove(path)
            $0.madeParents[path] = nil
        }
    }

    /// Removes the folders made to hold `staging` (deepest first, each only when empty): a
    /// failed write leaves no folder it made behind, however deep (docs/robustness.md).
    /// Forgets `folder` as made for `staging`: it was there already (another process made it).
    package static func forgetMadeParent(_ folder: String, of staging: String) {
        state.withLock { $0.madeParents[staging]?.removeAll { $0 == folder } }
    }

    package static func removeMadeParents(of staging: String) {
        let made = state.withLock { $0.madeParents.removeValue(forKey: staging) } ?? []
        for folder in made.reversed() { _ = rmdir(folder) }
    }

    /// Removes a folder and everything in it (an export's staging folder has subfolders).
    package static func removeFolder(_ path: String) {
        removeTree(path)
    }

    /// Removes `path` and what it holds, whatever its depth: folders are opened relative to
    /// their parent (`openat` with `O_NOFOLLOW`: a link is removed, never followed), so no path
    /// grows with the depth; each folder's names are read once, and the walk keeps its own
    /// stack instead of recursing. What cannot be removed stays, and so do the folders holding it.
    private static func removeTree(_ path: String) {
        let top = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard top >= 0 else {
            _ = rmdir(path)
            return
        }
        // Each level: its descriptor, its name in the level above, the names not yet removed.
        var stack: [(fd: Int32, name: String, pending: [String])] = [(top, "", names(in: top))]
        while var level = stack.popLast() {
            if let child = level.pending.popLast() {
                stack.append(level)
                guard unlinkat(level.fd, child, 0) != 0, errno == EISDIR else { continue }
                let sub = openat(level.fd, child, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if sub >= 0 { stack.append((sub, child, names(in: sub))) }
                continue
            }
            close(level.fd)
            // Only an emptied folder goes; one holding what could not be removed stays.
            if let parent = stack.last { _ = unlinkat(parent.fd, level.name, AT_REMOVEDIR) }
        }
        _ = rmdir(path)
    }

    /// The names in the folder `fd` other than `.` and `..`, read once.
    private static func names(in fd: Int32) -> [String] {
        let copy = dup(fd)
        guard copy >= 0, let directory = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(directory) }
        var found: [String] = []
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
        while let entry = readdir(directory) {
            // The name is read in place: a record may end before `dirent`'s full size.
            let name = String(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
            if name != "." && name != ".." { found.append(name) }
        }
        return found
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
            let made = state.withLock { $0.madeParents }
            for parents in made.values { for folder in parents.reversed() { _ = rmdir(folder) } }
            if pass == 0 { usleep(50_000) }
        }
    }
}
