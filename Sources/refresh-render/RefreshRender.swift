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
            74 I/O error while writing, 130/143 interrupted (SIGINT/SIGTERM).
            """,
        subcommands: [Render.self, Extract.self, Info.self, GalleryCommand.self, Diff.self, Snapshot.self, Simulate.self, Sequence.self],
        defaultSubcommand: Render.self)

    /// Parses and runs a command. Usage errors are one line (then a pointer to `--help`);
    /// an interrupted command removes its temporary files.
    static func main() {
        if CommandLine.arguments.dropFirst().first == LottieWorker.argument { LottieWorker.serve() }
        Interruption.install()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
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

    /// Exits with `code` (standard output is written unbuffered by ``Console``).
    static func finish(_ code: Int32) -> Never {
        Glibc.exit(code)
    }
}

/// SIGINT and SIGTERM: remove the temporary files being written, then exit 130 or 143.
enum Interruption {
    /// Kept alive for the whole run; written once at start-up, before any other thread exists.
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func install() {
        for (number, code) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                Temporaries.removeAll()
                Console.error("refresh-render: interrupted\n")
                _exit(code)
            }
            source.resume()
            sources.append(source)
        }
    }
}
