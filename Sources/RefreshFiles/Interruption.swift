import Dispatch
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// What a program built on RefreshGif does when a signal ends it: every catchable signal whose
/// default is to end the process (SIGHUP, SIGINT, SIGQUIT, SIGUSR1/2, SIGALRM, SIGTERM,
/// SIGVTALRM, SIGPWR, …) removes the temporary files and scratch folders being written, prints
/// one line and exits 128 + its number. SIGPIPE and SIGXFSZ are ignored, so a closed pipe or a
/// file-size limit is a write error with a message instead of a silent death. SIGPROF is left
/// to profilers. `refresh-render` and `refresh-render-preview` install it first thing.
@_spi(Tools) public enum Interruption {
    /// Kept alive for the whole run; written once at start-up, before any other thread exists.
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// The signals that end the program cleanly.
    public static let ending: [Int32] = [
        SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGTERM, SIGSTKFLT, SIGVTALRM,
        SIGPOLL, SIGPWR, SIGXCPU,
    ]

    /// Installs the handlers. Call it once, before any other thread starts.
    /// - Parameter program: the name the one line on standard error starts with.
    public static func install(program: String) {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        // A queue of its own: queues made with a label get a thread even when the global pool
        // is busy, and the frame workers keep every thread of that pool busy until the last
        // frame, so a handler on the global queue could run only after the outputs were in place.
        let queue = DispatchQueue(label: "refreshgif.signals", qos: .userInteractive)
        for number in ending {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                Temporaries.removeAll()
                let name = strsignal(number).map { String(cString: $0).lowercased() } ?? "signal \(number)"
                let line = "\(program): \(number == SIGINT || number == SIGTERM ? "interrupted" : "stopped by \(name)")\n"
                _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
                _exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Gives every signal of ``ending`` its default action again and unblocks it: for a program
    /// that is about to replace itself with another (`execv`), which installs its own.
    public static func restoreDefaults() {
        var set = sigset_t()
        sigemptyset(&set)
        for number in ending {
            signal(number, SIG_DFL)
            sigaddset(&set, number)
        }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// Makes a new folder (mode 0700) under the system's temporary folder, named
    /// `prefix-XXXXXX`, that a signal handled by ``install(program:)`` removes with its files
    /// (such folders are flat: files only).
    /// - Parameter prefix: the start of the folder's name.
    /// - Returns: the folder's path, or nil when it cannot be made.
    public static func makeScratchFolder(prefix: String) -> String? {
        var template = Array((FileManager.default.temporaryDirectory.path + "/" + prefix + "-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, let result = mkdtemp(base) else { return nil }
            return String(cString: result)
        }
        guard let made else { return nil }
        Temporaries.registerFolder(made)
        return made
    }

    /// Removes a folder made by ``makeScratchFolder(prefix:)`` and its files.
    /// - Parameter folder: the path ``makeScratchFolder(prefix:)`` returned.
    public static func removeScratchFolder(_ folder: String) {
        Temporaries.removeFolder(folder)
        Temporaries.unregisterFolder(folder)
    }
}
