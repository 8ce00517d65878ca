import ArgumentParser
import CMalloc
import Dispatch
import FoundationEssentials
import Glibc
@_spi(Tools) import RefreshGif

/// `refresh-render`: draws MJRefresh pull-to-refresh controls headlessly as PNG frames.
@main
struct RefreshRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh-render",
        abstract: "Draw MJRefresh pull-to-refresh controls as PNG frames, without a simulator.",
        discussion: """
            Exit codes: 0 success, 1 a diff beyond tolerance, 64 usage, 65 bad input data, \
            66 input missing or unreadable, 70 internal error, 73 output cannot be created, \
            74 I/O error while writing (a full disk, a closed pipe), 69 preview: the server program \
            is missing or the address cannot be listened on, 128 + N ended by signal N \
            (129 SIGHUP, 130 SIGINT, 143 SIGTERM and so on; temporary files removed).
            """,
        version: RefreshGifVersion.current,
        subcommands: subcommands,
        defaultSubcommand: Render.self)

    /// The commands; `preview` hands over to the server program `refresh-render-preview`.
    static let subcommands: [any ParsableCommand.Type] = [
        Render.self, Extract.self, Info.self, Lint.self, GalleryCommand.self, Diff.self, Snapshot.self, Simulate.self, Sequence.self,
        Export.self,
        Preview.self,
    ]

    /// Has the C library keep freed memory for the next allocation of its size: a command
    /// allocates frames of one size over and over, and by default each one above 128 KiB was
    /// mapped afresh and its pages faulted in again (a fifth of an animated PNG's time was the
    /// kernel's; docs/benchmarks.md). Blocks above 32 MiB are still mapped on their own, and
    /// memory is handed back once 128 MiB lie free at the top of the heap.
    static func keepFreedMemory() {
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 128 << 20)
    }

    /// Parses and runs a command. Usage errors are one line (then a pointer to `--help`);
    /// an interrupted command removes its temporary files.
    static func main() {
        keepFreedMemory()
        Interruption.install(program: "refresh-render")
        for warning in RefreshEnvironment.warnings(ProcessInfo.processInfo.environment) {
            Console.error("refresh-render: \(warning)\n")
        }
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
