import ArgumentParser
import FoundationEssentials
import Glibc
import RefreshGif

/// `refresh-render preview`: a local web page to pull the control with the mouse and tune
/// every setting live (docs/preview.md). The options are checked here, with the command line's
/// messages; then this process becomes `refresh-render-preview` (the server, built by the
/// package in Preview/), found beside this program or on the `PATH`, the way `git` runs `git-foo`.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve a local page: drag the control like a phone, tune every setting live, copy or download what you see.",
        discussion: """
            Prints the page's URL and serves until Ctrl-C (exit 130; uploads removed). Listens on \
            127.0.0.1 unless --host names another address. The files named by --images and --font \
            are watched: the page redraws when one changes. The server is the program \
            refresh-render-preview, beside refresh-render or on the PATH (`make preview` or \
            `make install` builds it). Exit 69 when it is not there or the address cannot be \
            listened on.
            """)

    /// The server's program name.
    static let helper = "refresh-render-preview"

    @OptionGroup var scene: SceneOptions

    @Option(help: "Address to listen on (default 127.0.0.1; anything else is reachable by others).")
    var host: String = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one.")
    var port: Int = 0

    @Option(help: "Renders at once (default: the number of cores); more requests wait in line.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .customLong("request-seconds"), help: "The longest one request may take before it is answered 503.")
    var requestSeconds: Int = 30

    @Flag(help: "Open the page in the default browser (xdg-open), where there is one.")
    var open = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, got \(port)") }
        guard Limits.jobs.range.contains(jobs) else { throw ValidationError("--jobs must be \(Limits.jobs.phrase), got \(jobs)") }
        guard (1...3600).contains(requestSeconds) else {
            throw ValidationError("--request-seconds must be between 1 and 3600, got \(requestSeconds)")
        }
        guard !host.isEmpty, host.utf8.count < 256 else { throw ValidationError("--host must name an address") }
    }

    func run() throws {
        try reportingErrors {
            // The files named must open now, with the command line's messages, not on the page.
            _ = try scene.makeScene()
            let description = try scene.description()
            guard let server = Self.findHelper() else {
                Console.error(
                    "refresh-render: preview needs \(Self.helper) beside \(Self.ownPath() ?? "refresh-render") or on the PATH;"
                        + " build it with `make preview` or install it with `make install`\n")
                throw ExitCode(69)
            }
            var arguments = [
                server, "--scene", description.jsonText, "--base-directory", FileManager.default.currentDirectoryPath,
                "--host", host, "--port", String(port), "--jobs", String(jobs), "--request-seconds", String(requestSeconds),
            ]
            if open { arguments.append("--open") }
            // The server draws Lottie files in workers of this very program.
            if let me = Self.ownPath(), getenv(LottieWorker.executableVariable) == nil {
                setenv(LottieWorker.executableVariable, me, 1)
            }
            Interruption.restoreDefaults()
            var pointers = arguments.map { strdup($0) } + [nil]
            execv(server, &pointers)
            let reason = String(cString: strerror(errno))
            for pointer in pointers { free(pointer) }
            Console.error("refresh-render: cannot run \(server): \(reason)\n")
            throw ExitCode(69)
        }
    }

    /// This program's path, from /proc/self/exe.
    static func ownPath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let length = readlink("/proc/self/exe", &buffer, 4096)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `refresh-render-preview` beside this program, else the first on the `PATH`.
    static func findHelper() -> String? {
        var folders: [String] = []
        if let me = ownPath() { folders.append(String(me[..<(me.lastIndex(of: "/") ?? me.startIndex)])) }
        folders += (getenv("PATH").map { String(cString: $0) } ?? "").split(separator: ":").map(String.init)
        return folders.lazy.map { $0 + "/" + helper }.first { access($0, X_OK) == 0 }
    }
}
