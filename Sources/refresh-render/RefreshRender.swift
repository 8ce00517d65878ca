import ArgumentParser
import Dispatch
import FoundationEssentials
import Glibc
import RefreshGif

/// `refresh-render`: draws MJRefresh pull-to-refresh controls headlessly as PNG frames.
@main
struct RefreshRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh-render",
        abstract: "Draw MJRefresh pull-to-refresh controls as PNG frames, without a simulator.",
        discussion: """
            Exit codes: 0 success, 1 a diff beyond tolerance, 64 usage, 65 bad input data, \
            66 input missing or unreadable, 70 internal error, 73 output cannot be created, \
            74 I/O error while writing (a full disk, a closed pipe), 69 preview: the address cannot \
            be listened on, 128 + N ended by signal N \
            (129 SIGHUP, 130 SIGINT, 143 SIGTERM and so on; temporary files removed).
            """,
        version: RefreshGifVersion.current,
        subcommands: subcommands,
        defaultSubcommand: Render.self)

    /// The commands; `preview` only in builds with the Preview trait (the default).
    static var subcommands: [any ParsableCommand.Type] {
        var commands: [any ParsableCommand.Type] = [
            Render.self, Extract.self, Info.self, Lint.self, GalleryCommand.self, Diff.self, Snapshot.self, Simulate.self, Sequence.self,
        ]
        #if Preview
            commands.append(Preview.self)
        #endif
        return commands
    }

    /// Parses and runs a command. Usage errors are one line (then a pointer to `--help`);
    /// an interrupted command removes its temporary files.
    static func main() {
        if CommandLine.arguments.dropFirst().first == LottieWorker.argument { LottieWorker.serve() }
        Interruption.install()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            // An error caused by a signal's clean-up (a temporary removed under a writer) is
            // not reported: the handler's line and exit code are.
            if Temporaries.isShuttingDown { finish(0) }
            let code = exitCode(for: error)
            if code == .success {
                do { try Console.line(fullMessage(for: error)) } catch { finish(74) }
                finish(0)
            }
            let message = message(for: error)
            if !message.isEmpty {
                let line = message.split(separator: "\n").first.map(String.init) ?? message
                let hint = code == .validationFailure ? " (see 'refresh-render help')" : ""
                Console.error("refresh-render: \(CLIError.line(line))\(hint)\n")
            }
            finish(code.rawValue)
        }
        finish(0)
    }

    /// Exits with `code` (standard output is written unbuffered by ``Console``), unless a
    /// signal handler is already cleaning up: then its exit (128 + N) is the one that counts.
    static func finish(_ code: Int32) -> Never {
        while Temporaries.isShuttingDown { sleep(60) }
        Glibc.exit(code)
    }
}

/// Signals. Every catchable signal whose default is to end the process (SIGHUP, SIGINT,
/// SIGQUIT, SIGUSR1/2, SIGALRM, SIGTERM, SIGVTALRM, SIGPWR, …) removes the temporary
/// files being written, prints one line and exits 128 + its number. SIGPIPE and SIGXFSZ are
/// ignored, so a closed pipe or a file-size limit is a write error (exit 74) with a message
/// instead of a silent death. SIGPROF is left to profilers.
enum Interruption {
    /// Kept alive for the whole run; written once at start-up, before any other thread exists.
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// The signals that end the command cleanly.
    static let ending: [Int32] = [
        SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGTERM, SIGSTKFLT, SIGVTALRM,
        SIGPOLL, SIGPWR, SIGXCPU,
    ]

    static func install() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        // A queue of its own: queues made with a label get a thread even when the global pool
        // is busy, and the frame workers keep every thread of that pool busy until the last
        // frame, so a handler on the global queue could run only after the outputs were in place.
        let queue = DispatchQueue(label: "refresh-render.signals", qos: .userInteractive)
        for number in ending {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                Temporaries.removeAll()
                let name = strsignal(number).map { String(cString: $0).lowercased() } ?? "signal \(number)"
                Console.error("refresh-render: \(number == SIGINT || number == SIGTERM ? "interrupted" : "stopped by \(name)")\n")
                _exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }
}
