import ArgumentParser
import FoundationEssentials
import Glibc
import RefreshGif
import RefreshPreview

/// `refresh-render-preview`: the preview server. `refresh-render preview` checks the user's
/// options with the command line's messages and then becomes this program, passing the scene
/// as JSON; so its options are few and its errors are the server's own (exit 69 when the address
/// cannot be listened on, 130 on Ctrl-C with the uploads removed).
@main
struct PreviewServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh-render-preview",
        abstract: "The preview server that `refresh-render preview` runs; start it through that command.",
        version: RefreshGifVersion.current)

    @Option(help: "The scene the page opens on, as a JSON object (a snapshot case's fields).")
    var scene: String = "{}"

    @Option(name: .customLong("base-directory"), help: "The folder the scene's relative paths are read from.")
    var baseDirectory: String = FileManager.default.currentDirectoryPath

    @Option(help: "Address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one.")
    var port: Int = 0

    @Option(help: "Renders at once.")
    var jobs: Int = 2

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

    static func main() async {
        Interruption.install(program: "refresh-render")
        do {
            var command = try parseAsRoot()
            if let server = command as? PreviewServerCommand {
                try await server.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }

    func run() async throws {
        let base: SceneDescription
        do {
            base = try JSONInput.decode(SceneDescription.self, from: Array(scene.utf8), name: "--scene")
            _ = try base.makeScene(baseDirectory: baseDirectory)
        } catch {
            let (code, message) = ErrorReport.describe(error)
            Self.line("refresh-render: \(message)", to: STDERR_FILENO)
            Glibc.exit(code)
        }
        var configuration = PreviewConfiguration(base: base, baseDirectory: baseDirectory)
        configuration.host = host
        configuration.port = port
        configuration.jobs = jobs
        configuration.requestSeconds = Double(requestSeconds)
        if !configuration.isLoopback {
            Self.line(
                "refresh-render: warning: --host \(host): anyone who can reach this address can use the preview server", to: STDERR_FILENO)
        }
        let service = PreviewService(configuration: configuration)
        let open = self.open
        do {
            try await PreviewServer.run(service) { url in
                if !Self.line(url, to: STDOUT_FILENO) { Glibc.exit(74) }
                if open { Self.openBrowser(url) }
            }
        } catch {
            Self.line("refresh-render: cannot listen on \(host):\(port): \(error)", to: STDERR_FILENO)
            Glibc.exit(69)
        }
    }

    /// Writes `text` and a newline with `write(2)`, unbuffered; false when it could not.
    @discardableResult
    static func line(_ text: String, to descriptor: Int32) -> Bool {
        let bytes = Array((text + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Starts `xdg-open URL` without waiting for it; nothing happens where there is none.
    static func openBrowser(_ url: String) {
        var pid: pid_t = 0
        let arguments = ["xdg-open", url]
        var pointers = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        if posix_spawnp(&pid, "xdg-open", nil, nil, &pointers, environ) != 0 {
            line("refresh-render: warning: --open: no xdg-open here; open \(url) yourself", to: STDERR_FILENO)
        }
    }
}
