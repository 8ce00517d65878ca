import Glibc
@_spi(Tools) import RefreshGif
import RefreshGifTools
import RefreshPreview

// `refresh-render-preview`: the preview server. `refresh-render preview` checks the user's
// options into `PreviewSettings` and then becomes this program, handing them over as its one
// argument (`PreviewSettings.handOff`); its errors are the server's own: 69 when the address
// cannot be listened on, 130 on Ctrl-C with the uploads removed.

/// Writes one line to standard error, as `refresh-render` words its messages (best effort:
/// there is nowhere left to report a failure).
@Sendable func report(_ message: String) {
    let line = Array("refresh-render: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

Interruption.install(program: "refresh-render")
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let handOff = arguments.first else {
    report("\(PreviewSettings.serverProgram) is started by `refresh-render preview`; run that instead")
    exit(64)
}
let settings: PreviewSettings
do {
    settings = try PreviewSettings(handOff: handOff)
    _ = try settings.scene.makeScene(baseDirectory: settings.baseDirectory)
} catch {
    let (code, message) = ErrorReport.describe(error)
    report(message)
    exit(code)
}
let configuration = PreviewConfiguration(settings)
if !configuration.isLoopback {
    report("warning: --host \(settings.host): anyone who can reach this address can use the preview server")
}
do {
    try await PreviewServer.run(PreviewService(configuration: configuration)) { url in
        // Unbuffered, so whoever started the server reads the URL at once.
        do { try FileIO.write(Array((url + "\n").utf8), to: "-") } catch { exit(74) }
        if settings.openBrowser { openBrowser(url) }
    }
} catch {
    report("cannot listen on \(settings.host):\(settings.port): \(error)")
    exit(69)
}

/// Starts `xdg-open URL` without waiting for it; nothing happens where there is none.
@Sendable func openBrowser(_ url: String) {
    var pid: pid_t = 0
    let arguments: [String] = ["xdg-open", url]
    var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    if posix_spawnp(&pid, "xdg-open", nil, nil, &pointers, environ) != 0 {
        report("warning: --open: no xdg-open here; open \(url) yourself")
    }
}
