import ArgumentParser
import FoundationEssentials
import Glibc
@_spi(Tools) import RefreshGif
import RefreshGifTools

/// `refresh-render preview`: a local web page to pull the control with the mouse and tune
/// every setting live (docs/preview.md). The options are checked here, with the command line's
/// messages; then this process becomes `refresh-render-preview` (the server, built by the
/// package in Preview/), found beside this program or on the `PATH`, the way `git` runs `git-foo`.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve a local page: drag the control like a phone, tune every setting live, copy or download what you see.",
        discussion: """
            Prints the page's URL and serves until Ctrl-C (exit 130; uploads removed). Listens on \
            127.0.0.1 unless --host names another address. The files named by --images and --font \
            are watched: the page redraws when one changes. The server is the program \
            refresh-render-preview, beside refresh-render or on the PATH (`make preview` or \
            `make install` builds it). Exit 69 when it is not there or the address cannot be \
            listened on.
            """)

    @OptionGroup var scene: SceneOptions

    @Option(help: "Address to listen on (default 127.0.0.1; anything else is reachable by others).")
    var host: String = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one.")
    var port: Int = 0

    @Option(help: "Renders at once (default: the number of cores); more requests wait in line.")
    var jobs: Int = min(ProcessInfo.processInfo.activeProcessorCount, Limits.jobs.range.upperBound)

    @Option(help: "The longest one request may take before it is answered 503.")
    var requestSeconds: Int = 30

    @Flag(help: "Open the page in the default browser (xdg-open), where there is one.")
    var open = false

    func run() throws {
        try reportingErrors {
            // The files named must open now, with the command line's messages, not on the page.
            _ = try scene.makeScene()
            let settings = try PreviewSettings(
                scene: try scene.description(), baseDirectory: FileManager.default.currentDirectoryPath, host: host, port: port,
                jobs: jobs, requestSeconds: requestSeconds, openBrowser: open)
            let server = PreviewSettings.serverProgram
            guard let path = Programs.find(server) else {
                Console.error(
                    "refresh-render: preview needs \(server) beside \(Programs.current ?? "refresh-render") or on the PATH;"
                        + " build it with `make preview` or install it with `make install`\n")
                throw ExitCode(69)
            }
            // The server draws Lottie files in the worker beside this program.
            if getenv(LottieWorker.executableVariable) == nil, let worker = Programs.find(LottieWorker.program) {
                setenv(LottieWorker.executableVariable, worker, 1)
            }
            Interruption.restoreDefaults()
            let arguments: [String] = [path, settings.handOff]
            var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            execv(path, &pointers)
            let reason = String(cString: strerror(errno))
            for pointer in pointers { free(pointer) }
            Console.error("refresh-render: cannot run \(path): \(reason)\n")
            throw ExitCode(69)
        }
    }
}
