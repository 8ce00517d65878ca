/// MJRefresh's own settings (docs/families.md).
extension MJRefresh {
    /// Its label inset and the scroll view inset it ignores.
    public var settings: [SceneField] { Self.ownSettings }

    private static let ownSettings: [SceneField] = [
        .labelLeftInset,
        .ignoredInset,
        .lastUpdatedFormat,
        .lastUpdatedText,
        .forceLanguage,
        .i18nFilename,
        .fastAnimationDuration,
        .slowAnimationDuration,
        .animationDisabled,
        .automaticallyRefreshDisabled,
        .triggerAutomaticallyRefreshPercent,
        .autoTriggerTimes,
    ]
}

/// MJRefresh's own settings as members, so a scene is configured from Swift as from JSON:
/// `description[.labelLeftInset] = …` (docs/settings.md, its Swift column).
extension SceneField {
    /// MJRefresh's `labelLeftInset` (docs/settings.md).
    public static let labelLeftInset =
        setting(
            "labelLeftInset", of: MJRefresh(), \.labelLeftInset, group: .labels,
            help: "MJRefresh's labelLeftInset: points between the text and the arrow, spinner or image (default 25, GIF 20).",
            example: 40, range: -1000...1000, unit: "points"
        ).on(.kinds(except: .trailer)).spelled(AppProperty(.control, "labelLeftInset"))

    /// MJRefresh's `ignoredInset` (docs/settings.md).
    public static let ignoredInset =
        setting(
            "ignoredInset", of: MJRefresh(), \.ignoredScrollViewContentInset, group: .control,
            help: "MJRefresh's ignoredScrollViewContentInsetTop (header), Bottom (footers) or Right (trailer), in points.",
            example: 30, range: -10000...10000, unit: "points")

    /// MJRefresh's `lastUpdatedFormat` (docs/settings.md).
    public static let lastUpdatedFormat =
        setting(
            "lastUpdatedFormat", of: MJRefresh(), \.lastUpdatedFormat, group: .labels,
            help:
                "A header's lastUpdatedTimeText as a date pattern (DateFormatter's dateFormat: yyyy MM dd HH h mm ss a, text in 'quotes'), e.g. 'Updated 'MM-dd HH:mm; without a stored date the line says No record.",
            example: try? DatePattern("'Updated 'MM-dd HH:mm")
        ).on(.kinds(.header))

    /// MJRefresh's `lastUpdatedText` (docs/settings.md).
    public static let lastUpdatedText =
        setting(
            "lastUpdatedText", of: MJRefresh(), \.lastUpdatedText, group: .labels,
            help: "A header's lastUpdatedTimeText returning one text whatever the date (instead of --last-updated-format).",
            example: "Pull down to sync"
        ).on(.kinds(.header))

    /// MJRefresh's `forceLanguage` (docs/settings.md).
    public static let forceLanguage =
        setting(
            "forceLanguage", of: MJRefresh(), \.forcesLanguage, group: .labels,
            help:
                "The app sets MJRefreshConfig.languageCode to --language, so every user sees it; without, the device's language picks and the export leaves it out.",
            example: true)

    /// MJRefresh's `i18nFilename` (docs/settings.md).
    public static let i18nFilename =
        setting(
            "i18nFilename", of: MJRefresh(), \.i18nFilename, group: .labels,
            help: "MJRefreshConfig.i18nFilename: the strings table read from --i18n-bundle (default Localizable).",
            example: "MJRefresh_i18n")

    /// MJRefresh's `fastAnimationDuration` (docs/settings.md).
    public static let fastAnimationDuration =
        setting(
            "fastAnimationDuration", of: MJRefresh(), \.fastAnimationDuration, group: .motion,
            help: "Seconds the inset takes to open (and autoAlpha to show) when a refresh begins (default 0.25).", example: 0.1,
            range: 0...10, unit: "seconds"
        ).spelled(AppProperty(.control, "fastAnimationDuration"))

    /// MJRefresh's `slowAnimationDuration` (docs/settings.md).
    public static let slowAnimationDuration =
        setting(
            "slowAnimationDuration", of: MJRefresh(), \.slowAnimationDuration, group: .motion,
            help: "Seconds the inset takes to close (and autoAlpha to fade) when a refresh ends (default 0.4).", example: 1,
            range: 0...10, unit: "seconds"
        ).spelled(AppProperty(.control, "slowAnimationDuration"))

    /// MJRefresh's `animationDisabled` (docs/settings.md).
    public static let animationDisabled =
        setting(
            "animationDisabled", of: MJRefresh(), \.animationDisabled, group: .motion,
            help: "setAnimationDisabled: both durations 0, the insets jump.", example: true)

    /// MJRefresh's `automaticallyRefreshDisabled` (docs/settings.md).
    public static let automaticallyRefreshDisabled =
        setting(
            "automaticallyRefreshDisabled", of: MJRefresh(), as: Bool.self, group: .motion,
            help: "An auto footer's automaticallyRefresh = NO: it refreshes only when a drag ends past the end.",
            example: true
        ) { off, family in family.automaticallyRefresh = !off }.on(.kinds(.autoFooter))
        .spelled(AppProperty(.control, "isAutomaticallyRefresh")) {
            ($0.family as? MJRefresh)?.automaticallyRefresh == false ? .flag(false) : nil
        }

    /// MJRefresh's `triggerAutomaticallyRefreshPercent` (docs/settings.md).
    public static let triggerAutomaticallyRefreshPercent =
        setting(
            "triggerAutomaticallyRefreshPercent", of: MJRefresh(), \.triggerAutomaticallyRefreshPercent, group: .motion,
            help: "How much of an auto footer must show before scrolling refreshes it (1 = all of it; may be negative).",
            example: 0.5, range: -100...100
        ).on(.kinds(.autoFooter)).spelled(AppProperty(.control, "triggerAutomaticallyRefreshPercent"))

    /// MJRefresh's `autoTriggerTimes` (docs/settings.md).
    public static let autoTriggerTimes =
        setting(
            "autoTriggerTimes", of: MJRefresh(), \.autoTriggerTimes, group: .motion,
            help: "Refreshes one drag of an auto footer may trigger (-1: no limit).", example: 3, range: -1...1000
        ).on(.kinds(.autoFooter)).spelled(AppProperty(.control, "autoTriggerTimes"))
}
