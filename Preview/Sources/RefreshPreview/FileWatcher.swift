import FoundationEssentials
import Glibc

/// Looks at the files named on the command line every few tenths of a second and calls back
/// when one changed: its size, modification time or inode (an editor's save-by-rename), or,
/// for a folder of PNG frames, any of its files. Polling, so it works on every file system.
struct FileWatcher: Sendable {
    /// The files and folders watched.
    let paths: [String]
    /// Seconds between looks.
    let interval: Double

    /// What a look sees of one path; equal when nothing changed.
    static func signature(of path: String) -> [Int] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [-1] }
        var out = [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_ino)]
        if (info.st_mode & S_IFMT) == S_IFDIR, let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
            for name in names.sorted().prefix(2000) { out += signature(of: path + "/" + name) }
        }
        return out
    }

    /// Watches until the task is cancelled, calling `changed` after each look that saw a change.
    func run(_ changed: @Sendable () -> Void) async {
        guard !paths.isEmpty else { return }
        var last = paths.map(Self.signature)
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
            let now = paths.map(Self.signature)
            if now != last {
                last = now
                changed()
            }
        }
    }
}
