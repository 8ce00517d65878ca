import FoundationEssentials
import Glibc
@_spi(Tools) import RefreshGif

/// A folder of the server's own under the system's temporary folder, registered so that
/// Ctrl-C removes it with everything in it (its files; such folders are flat). Each holds a
/// `.owner` file naming the server process (its PID and start time), so that a server killed
/// outright (SIGKILL, a power cut) has its folders removed by the next one that starts.
enum TemporaryFolder {
    static let prefix = "refresh-preview"
    static let ownerFile = ".owner"

    /// Makes a new folder (mode 0700) and registers it; throws 500 when that fails.
    static func make() throws -> String {
        guard let made = Interruption.makeScratchFolder(prefix: prefix) else {
            throw PreviewError(status: 500, "cannot create a temporary folder")
        }
        if let owner = ProcessIdentity.current {
            try? FileIO.write(Array(owner.line.utf8), to: made + "/" + ownerFile)
        }
        return made
    }

    /// Removes a folder made by ``make()`` and its files.
    static func remove(_ folder: String) {
        Interruption.removeScratchFolder(folder)
    }

    /// Removes the folders of preview servers that are no longer running: this user's
    /// `refresh-preview-XXXXXX` folders whose owner process has ended (or is another process
    /// with the same PID). Folders without an owner file, or another user's, are left alone.
    /// - Returns: the folders removed.
    @discardableResult
    static func removeAbandoned(in base: String = FileManager.default.temporaryDirectory.path) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
        var removed: [String] = []
        for name in names.sorted() where name.hasPrefix(prefix + "-") && name.count == prefix.count + 7 {
            let folder = base + "/" + name
            var info = stat()
            guard lstat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid(),
                let text = try? FileIO.read(folder + "/" + ownerFile, maxBytes: 256),
                let owner = ProcessIdentity(line: String(decoding: text, as: UTF8.self)), !owner.isRunning
            else { continue }
            Interruption.removeScratchFolder(folder)
            removed.append(folder)
        }
        return removed
    }
}

/// A process, told apart from a later one that reuses its PID by its start time.
struct ProcessIdentity: Equatable {
    var pid: Int32
    /// Clock ticks after boot when it started (`/proc/PID/stat`, field 22).
    var started: UInt64

    /// This process, when /proc says when it started.
    static var current: ProcessIdentity? {
        let pid = getpid()
        return startTime(of: pid).map { ProcessIdentity(pid: pid, started: $0) }
    }

    /// `PID START\n`.
    var line: String { "\(pid) \(started)\n" }

    init(pid: Int32, started: UInt64) {
        self.pid = pid
        self.started = started
    }

    init?(line: String) {
        let parts = line.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard parts.count == 2, let pid = Int32(parts[0]), pid > 0, let started = UInt64(parts[1]) else { return nil }
        self.init(pid: pid, started: started)
    }

    /// True while the process that wrote this identity still runs.
    var isRunning: Bool { Self.startTime(of: pid) == started }

    private static func startTime(of pid: Int32) -> UInt64? {
        guard let bytes = try? FileIO.read("/proc/\(pid)/stat", maxBytes: 4096) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        // The command name (field 2) is in parentheses and may hold spaces: count after it.
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // Fields from 3 on; the start time is field 22.
        guard fields.count > 19 else { return nil }
        return UInt64(fields[19])
    }
}
