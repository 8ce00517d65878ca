import FoundationEssentials
@_spi(Tools) import RefreshGif

/// What the live preview server is started with: the scene the page opens on, the folder its
/// relative paths are read from, where it listens and how much it does at once
/// (docs/preview.md). Every value is checked here, once: `refresh-render preview` makes one from
/// the user's options and hands it, as ``handOff``, to the server program ``serverProgram``,
/// which reads it back with ``init(handOff:)``.
public struct PreviewSettings: Sendable, Equatable {
    /// The server's program, found beside `refresh-render` or on the `PATH` (``Programs``).
    public static let serverProgram = "refresh-render-preview"

    /// The scene the page opens on; its image and font paths are the only ones a request may name.
    public var scene: SceneDescription
    /// The folder relative paths in ``scene`` are read from.
    public var baseDirectory: String
    /// The address to listen on; loopback unless the user names another.
    public var host: String
    /// The port; 0 picks a free one (`Limits/port`).
    public var port: Int
    /// Renders at once (`Limits/jobs`).
    public var jobs: Int
    /// The longest one request may take, in seconds (`Limits/requestSeconds`).
    public var requestSeconds: Int
    /// Open the page in the default browser once the server listens.
    public var openBrowser: Bool

    /// Checked settings.
    /// - Parameters:
    ///   - scene: the scene the page opens on.
    ///   - baseDirectory: the folder relative paths are read from.
    ///   - host: the address to listen on: at most 255 bytes, not empty.
    ///   - port: 0 to 65535.
    ///   - jobs: renders at once, within `Limits/jobs`.
    ///   - requestSeconds: within `Limits/requestSeconds`.
    ///   - openBrowser: open the page once listening.
    /// - Throws: ``RefreshGifError/invalidSetting(field:message:)`` naming the property.
    public init(
        scene: SceneDescription, baseDirectory: String, host: String = "127.0.0.1", port: Int = 0, jobs: Int = 2,
        requestSeconds: Int = 30, openBrowser: Bool = false
    ) throws {
        guard !host.isEmpty, host.utf8.count < 256 else {
            throw RefreshGifError.invalidSetting(field: "host", message: "must name an address (1 to 255 bytes)")
        }
        try Limits.port.check(port, field: "port")
        try Limits.jobs.check(jobs, field: "jobs")
        try Limits.requestSeconds.check(requestSeconds, field: "requestSeconds")
        self.scene = scene
        self.baseDirectory = baseDirectory
        self.host = host
        self.port = port
        self.jobs = jobs
        self.requestSeconds = requestSeconds
        self.openBrowser = openBrowser
    }

    /// The form handed to the server program: one JSON object, keys sorted.
    private struct Wire: Codable {
        var scene: String
        var baseDirectory: String
        var host: String
        var port: Int
        var jobs: Int
        var requestSeconds: Int
        var openBrowser: Bool
    }

    /// The settings as the server program's one argument.
    public var handOff: String {
        let wire = Wire(
            scene: scene.jsonText, baseDirectory: baseDirectory, host: host, port: port, jobs: jobs, requestSeconds: requestSeconds,
            openBrowser: openBrowser)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(wire)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// Settings read back from ``handOff``, checked again (the server program may be started
    /// by hand).
    /// - Parameter handOff: the JSON ``handOff`` makes.
    /// - Throws: ``RefreshGifError/badInput(file:message:)`` for JSON that is not such an object;
    ///   ``RefreshGifError/invalidSetting(field:message:)`` for a value out of its limits.
    public init(handOff: String) throws {
        let name = "the preview settings"
        let wire = try JSONInput.decode(Wire.self, from: Array(handOff.utf8), name: name)
        try self.init(
            scene: JSONInput.decode(SceneDescription.self, from: Array(wire.scene.utf8), name: name), baseDirectory: wire.baseDirectory,
            host: wire.host, port: wire.port, jobs: wire.jobs, requestSeconds: wire.requestSeconds, openBrowser: wire.openBrowser)
    }
}
