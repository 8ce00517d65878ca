import RefreshGif
import Synchronization

/// The phone a control is drawn on: what surrounds app code rather than what it sets — the
/// device's language, clock and zone, the last refresh MJRefresh remembers, the screen's
/// width and scale (docs/app-code.md). Set before drawing; the defaults are the scene's.
public enum AppDevice {
    private struct State {
        var language = "en"
        var now: Date?
        var lastUpdated: Date?
        var timeZone = "UTC"
        var width: Double = 375
        var scale = 2
    }

    private static let state = Mutex(State())
    /// A language for the work of one task (``with(language:_:)``), over the global one.
    @TaskLocal private static var taskLanguage: String?

    /// Runs `body` with the device in `language`, for this task alone: tests that run at the
    /// same time keep their own.
    /// - Parameters:
    ///   - language: a language tag.
    ///   - body: the work.
    /// - Returns: what `body` returns.
    public static func with<T>(language: String, _ body: () throws -> T) rethrows -> T {
        try $taskLanguage.withValue(language) { try body() }
    }

    /// The device's language (a tag such as `de`, `zh-Hans`); MJRefresh's titles follow it
    /// unless the app forces one (`MJRefreshConfig.default.languageCode`).
    public static var language: String {
        get { taskLanguage ?? state.withLock { $0.language } }
        set { state.withLock { $0.language = newValue } }
    }
    /// "Now" for the last-updated line; nil takes the clock (not reproducible).
    public static var now: Date? {
        get { state.withLock { $0.now } }
        set { state.withLock { $0.now = newValue } }
    }
    /// The last refresh MJRefresh remembers for a header (`lastUpdatedTime`); nil for none.
    public static var lastUpdated: Date? {
        get { state.withLock { $0.lastUpdated } }
        set { state.withLock { $0.lastUpdated = newValue } }
    }
    /// The IANA time zone of the last-updated line.
    public static var timeZone: String {
        get { state.withLock { $0.timeZone } }
        set { state.withLock { $0.timeZone = newValue } }
    }
    /// The scroll view's width in points.
    public static var width: Double {
        get { state.withLock { $0.width } }
        set { state.withLock { $0.width = newValue } }
    }
    /// The screen's scale (1, 2 or 3).
    public static var scale: Int {
        get { state.withLock { $0.scale } }
        set { state.withLock { $0.scale = newValue } }
    }

    /// The surroundings as scene settings.
    static func describe(into description: inout SceneDescription) {
        let device = state.withLock { $0 }
        description[.language] = .text(language)
        description[.timezone] = .text(device.timeZone)
        description[.width] = .number(device.width)
        description[.scale] = .integer(device.scale)
        let format = ISO8601DateFormatter()
        if let now = device.now { description[.now] = .text(format.string(from: now)) }
        if let last = device.lastUpdated { description[.lastUpdated] = .text(format.string(from: last)) }
    }
}
