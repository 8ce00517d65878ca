import FoundationEssentials
@_spi(Tools) import RefreshGif
import RefreshGifTools

/// What `refresh-render preview` was started with: the scene the page opens on, the files it
/// may read, where it listens and the limits every request is held to (docs/preview.md).
public struct PreviewConfiguration: Sendable {
    /// The scene options given on the command line: the page's starting values, and the only
    /// image and font paths a request may name.
    public var base: SceneDescription
    /// The folder relative paths in ``base`` are read from.
    public var baseDirectory: String
    /// The address to listen on; loopback unless the user names another.
    public var host: String = "127.0.0.1"
    /// The port; 0 picks a free one.
    public var port: Int = 0
    /// Renders at once; more requests wait in line (at most ``queueLength``).
    public var jobs: Int = 2
    /// Requests that may wait for a render before the server answers 503.
    public var queueLength: Int = 64
    /// The longest a request may take, in seconds, before it is answered 503.
    public var requestSeconds: Double = 30
    /// The largest request body (gestures, uploads), in bytes.
    public var maxBodyBytes: Int = 32 << 20
    /// The bytes all uploads together may hold (taken from `--max-memory`, at most 256 MiB).
    public var uploadBudgetBytes: Int = 256 << 20
    /// The longest gesture a request may play, in seconds.
    public var maxGestureSeconds: Double = 60
    /// How often the named files are looked at for changes, in seconds.
    public var watchInterval: Double = 0.25
    /// Seconds between the event streams' heartbeats: how long a closed page's stream may hold
    /// its slot.
    public var heartbeatInterval: Double = 1

    /// A configuration for `base`, whose relative paths are read from `baseDirectory`.
    public init(base: SceneDescription, baseDirectory: String) {
        self.base = base
        self.baseDirectory = baseDirectory
        if case let .integer(mebibytes)? = base[.maxMemory] { uploadBudgetBytes = min(256, max(1, mebibytes)) << 20 }
    }

    /// The configuration `refresh-render preview` hands over: the scene, folder, address and
    /// limits of `settings`, the rest at their defaults.
    public init(_ settings: PreviewSettings) {
        self.init(base: settings.scene, baseDirectory: settings.baseDirectory)
        host = settings.host
        port = settings.port
        jobs = settings.jobs
        requestSeconds = Double(settings.requestSeconds)
    }

    /// True when ``host`` is a loopback address (127.0.0.0/8, ::1 or localhost).
    public var isLoopback: Bool {
        host == "::1" || Authority(host)?.isLoopback == true
    }

    /// The paths of the files named at start, as given (a request may name these): every
    /// setting and every layer property that names a file, found from the declarations.
    var namedPaths: Set<String> {
        Set(base.namedFiles.map(\.path))
    }
}
