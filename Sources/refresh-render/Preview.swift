#if Preview
    import ArgumentParser
    import Dispatch
    import FoundationEssentials
    import Glibc
    import RefreshGif
    import RefreshImage
    import RefreshPreview

    /// `refresh-render preview`: a local web page to pull the control with the mouse and tune
    /// every setting live (docs/preview.md).
    struct Preview: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve a local page: drag the control like a phone, tune every setting live, copy or download what you see.",
            discussion: """
                Prints the page's URL and serves until Ctrl-C (exit 130; uploads removed). Listens on \
                127.0.0.1 unless --host names another address. The files named by --images and --font \
                are watched: the page redraws when one changes. Exit 69 when the address cannot be \
                listened on.
                """)

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
                var configuration = PreviewConfiguration(
                    base: try scene.description(), baseDirectory: FileManager.default.currentDirectoryPath)
                configuration.host = host
                configuration.port = port
                configuration.jobs = jobs
                configuration.requestSeconds = Double(requestSeconds)
                if !configuration.isLoopback {
                    CLIError.warn("--host \(host): anyone who can reach this address can use the preview server")
                }
                let service = PreviewService(configuration: configuration)
                let failure = Locked<Error?>(nil)
                let done = DispatchSemaphore(value: 0)
                let open = self.open
                Task {
                    do {
                        try await PreviewServer.run(service) { url in
                            do { try Console.line(url) } catch { Glibc.exit(74) }
                            if open { Self.openBrowser(url) }
                        }
                    } catch {
                        failure.withLock { $0 = error }
                    }
                    done.signal()
                }
                done.wait()
                if let error = failure.withLock({ $0 }) {
                    Console.error("refresh-render: cannot listen on \(host):\(port): \(error)\n")
                    throw ExitCode(69)
                }
            }
        }

        /// Starts `xdg-open URL` without waiting for it; nothing happens where there is none.
        static func openBrowser(_ url: String) {
            var pid: pid_t = 0
            let arguments = ["xdg-open", url]
            var pointers = arguments.map { strdup($0) } + [nil]
            defer { for pointer in pointers { free(pointer) } }
            if posix_spawnp(&pid, "xdg-open", nil, nil, &pointers, environ) != 0 {
                CLIError.warn("--open: no xdg-open here; open \(url) yourself")
            }
        }
    }
#endif
