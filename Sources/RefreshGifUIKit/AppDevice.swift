import RefreshGif
import RefreshLocking

/// The phone a control is drawn on: what surrounds app code rather than what it sets — the
/// device's language, clock and zone, the last refresh MJRefresh remembers, the screen's
/// width and scale (docs/app-code.md). Set before drawing; the defaults are the scene's.
public enum AppDevice {
    private struct State {
        var language = "en"
        var now: Date?
        var lastUpdated: Date?
        /// The two dates as the scene's settings write them, made when they are set.
        var nowText: String?
        var lastUpdatedText: String?
        var timeZone = "UTC"
        var width: Double = 375
        var scale = 2
    }

    private static let state = Locked(State())
    /// A language for the work of one task (``with(language:_:)``), over the global one.
    @TaskLocal private static var taskLanguage: String?
    /// A screen for the work of one task (`with(_:_:)`), over the global width and scale.
    @TaskLocal private static var taskScreen: Screen?
    /// An appearance for the work of one task (``with(style:_:)``).
    @TaskLocal private static var taskStyle: UIUserInterfaceStyle?
    private static let globalStyle = Locked(UIUserInterfaceStyle.light)

    /// The device's appearance: the task's (``with(style:_:)``), else the process-wide one.
    /// Colour sets with a dark appearance and `UIColor(dynamicProvider:)` follow it.
    public static var userInterfaceStyle: UIUserInterfaceStyle {
        get { taskStyle ?? globalStyle.withLock { $0 } }
        set { globalStyle.withLock { $0 = newValue } }
    }

    /// Runs `body` with the device in `style`, for this task alone.
    /// - Parameters:
    ///   - style: light or dark.
    ///   - body: the work.
    /// - Returns: what `body` returns.
    public static func with<T>(style: UIUserInterfaceStyle, _ body: () throws -> T) rethrows -> T {
        try $taskStyle.withValue(style) { try body() }
    }

    /// A phone's screen as a control is drawn on it: its width in points and its scale, as
    /// swift-snapshot-testing's `ViewImageConfig` names devices.
    public struct Screen: Sendable, Equatable {
        /// The scroll view's width in points.
        public var width: Double
        /// The screen's scale (1, 2 or 3).
        public var scale: Int
        /// A screen of `width` points at `scale`.
        /// - Parameters:
        ///   - width: the width in points.
        ///   - scale: 1, 2 or 3.
        public init(width: Double, scale: Int) {
            self.width = width
            self.scale = scale
        }
        /// iPhone SE (1st generation): 320 pt at @2x.
        public static let iPhoneSE = Screen(width: 320, scale: 2)
        /// iPhone 8: 375 pt at @2x (the default).
        public static let iPhone8 = Screen(width: 375, scale: 2)
        /// iPhone X, XS, 11 Pro: 375 pt at @3x.
        public static let iPhoneX = Screen(width: 375, scale: 3)
        /// iPhone 13, 14: 390 pt at @3x.
        public static let iPhone13 = Screen(width: 390, scale: 3)
        /// iPhone 13 Pro Max, 14 Plus: 428 pt at @3x.
        public static let iPhone13ProMax = Screen(width: 428, scale: 3)
    }

    /// Runs `body` with the control drawn on `screen`, for this task alone: suites that run at
    /// the same time (Swift Testing's default) keep their own; nothing process-wide changes.
    /// - Parameters:
    ///   - screen: the width and scale.
    ///   - body: the work.
    /// - Returns: what `body` returns.
    public static func with<T>(_ screen: Screen, _ body: () throws -> T) rethrows -> T {
        try $taskScreen.withValue(screen) { try body() }
    }

    /// `with(_:_:)` for work that suspends.
    /// - Parameters:
    ///   - screen: the width and scale.
    ///   - body: the work.
    /// - Returns: what `body` returns.
    public static func with<T>(_ screen: Screen, _ body: () async throws -> T) async rethrows -> T {
        try await $taskScreen.withValue(screen) { try await body() }
    }

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
    /// "Now" for the last-updated line: the task's (``with(now:lastUpdated:_:)``), else the
    /// process-wide one this sets; nil takes the clock (not reproducible).
    public static var now: Date? {
        get { taskDates.map(\.now) ?? state.withLock { $0.now } }
        set { set(newValue, \.now, text: \.nowText) }
    }
    /// The last refresh MJRefresh remembers for a header (`lastUpdatedTime`): the task's, else
    /// the process-wide one; nil for none.
    public static var lastUpdated: Date? {
        get { taskDates.map(\.lastUpdated) ?? state.withLock { $0.lastUpdated } }
        set { set(newValue, \.lastUpdated, text: \.lastUpdatedText) }
    }
    /// The clock and the last refresh for the work of one task (``with(now:lastUpdated:_:)``).
    @TaskLocal private static var taskDates: (now: Date?, lastUpdated: Date?)?

    /// Runs `body` with the device's clock at `now` and MJRefresh's last refresh at
    /// `lastUpdated`, for this task alone: tests that run at the same time keep their own.
    /// - Parameters:
    ///   - now: "now" for the last-updated line; nil takes the clock.
    ///   - lastUpdated: the last refresh; nil for none.
    ///   - body: the work.
    /// - Returns: what `body` returns.
    public static func with<T>(now: Date?, lastUpdated: Date?, _ body: () throws -> T) rethrows -> T {
        try $taskDates.withValue((now, lastUpdated)) { try body() }
    }

    /// Sets a date and, once, its text as the scene's settings write it.
    private static func set(_ date: Date?, _ path: WritableKeyPath<State, Date?>, text: WritableKeyPath<State, String?>) {
        let written = date.map(iso8601)
        state.withLock {
            $0[keyPath: path] = date
            $0[keyPath: text] = written
        }
    }
    /// The IANA time zone of the last-updated line.
    public static var timeZone: String {
        get { state.withLock { $0.timeZone } }
        set { state.withLock { $0.timeZone = newValue } }
    }
    /// The scroll view's width in points: the task's screen (`with(_:_:)`), else the
    /// process-wide one this sets (prefer the scoped one in tests that run in parallel).
    public static var width: Double {
        get { taskScreen?.width ?? state.withLock { $0.width } }
        set { state.withLock { $0.width = newValue } }
    }
    /// The screen's scale (1, 2 or 3): the task's screen, else the process-wide one.
    public static var scale: Int {
        get { taskScreen?.scale ?? state.withLock { $0.scale } }
        set { state.withLock { $0.scale = newValue } }
    }

    /// `2024-07-05T12:00:00Z`.
    private static func iso8601(_ date: Date) -> String { ISODate.format(date) }

    /// The surroundings as scene settings.
    static func describe(into description: inout SceneDescription) {
        let device = state.withLock { $0 }
        // What equals the scene's own default is left to it, as the command line leaves it.
        let defaults = State()
        let tag = language
        if tag != defaults.language { description[.language] = .text(tag) }
        if device.timeZone != defaults.timeZone { description[.timezone] = .text(device.timeZone) }
        let (width, scale) = (Self.width, Self.scale)
        if width != defaults.width { description[.width] = .number(width) }
        if scale != defaults.scale { description[.scale] = .integer(scale) }
        if let dates = taskDates {
            if let now = dates.now { description[.now] = .text(iso8601(now)) }
            if let last = dates.lastUpdated { description[.lastUpdated] = .text(iso8601(last)) }
        } else {
            if let now = device.nowText { description[.now] = .text(now) }
            if let last = device.lastUpdatedText { description[.lastUpdated] = .text(last) }
        }
    }
}

/// The clock app code reads for animations (`CACurrentMediaTime()`): seconds that the drawing
/// sets, so that code measuring time since its state began (`t = CACurrentMediaTime() -
/// stateStart`) sees, at a moment drawn `time` seconds into a state, exactly `time`
/// (docs/app-code.md, "Time").
enum MediaClock {
    private static let seconds = Locked(0.0)
    /// The reading while a moment is drawn, for that task alone (``drawing(at:_:)``).
    @TaskLocal private static var drawn: Double?

    /// The clock's reading: the moment being drawn, else the process-wide one.
    static var now: Double {
        get { drawn ?? seconds.withLock { $0 } }
        set { seconds.withLock { $0 = newValue } }
    }

    /// Runs `body` with the clock reading `time`, for this task alone: two controls drawn at
    /// once each see their own moment.
    static func drawing<T>(at time: Double, _ body: () throws -> T) rethrows -> T {
        try $drawn.withValue(time) { try body() }
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Core Animation's clock: seconds, as the drawing sets them: a moment drawn
/// `time` seconds after its state began reads the state's start plus `time`.
/// - Returns: the clock's reading.
public func CACurrentMediaTime() -> TimeInterval { MediaClock.now }
