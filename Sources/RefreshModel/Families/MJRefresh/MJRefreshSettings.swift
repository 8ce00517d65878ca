/// MJRefresh's own settings (docs/families.md).
extension MJRefresh {
    /// Its label inset and the scroll view inset it ignores.
    public var settings: [SceneField] { Self.ownSettings }

    private static let ownSettings: [SceneField] = {
        let mj = MJRefresh()
        return [
            .setting(
                "labelLeftInset", of: mj, \.labelLeftInset, group: .labels,
                help: "MJRefresh's labelLeftInset: points between the text and the arrow, spinner or image (default 25, GIF 20).",
                example: 40, range: -1000...1000, unit: "points"
            ).on(.kinds(except: .trailer)),
            .setting(
                "ignoredInset", of: mj, \.ignoredScrollViewContentInset, group: .control,
                help: "MJRefresh's ignoredScrollViewContentInsetTop (header), Bottom (footers) or Right (trailer), in points.",
                example: 30, range: -10000...10000, unit: "points"),
            .setting(
                "lastUpdatedFormat", of: mj, \.lastUpdatedFormat, group: .labels,
                help:
                    "A header's lastUpdatedTimeText as a date pattern (DateFormatter's dateFormat: yyyy MM dd HH h mm ss a, text in 'quotes'), e.g. 'Updated 'MM-dd HH:mm; without a stored date the line says No record.",
                example: try? DatePattern("'Updated 'MM-dd HH:mm")
            ).on(.kinds(.header)),
            .setting(
                "lastUpdatedText", of: mj, \.lastUpdatedText, group: .labels,
                help: "A header's lastUpdatedTimeText returning one text whatever the date (instead of --last-updated-format).",
                example: "Pull down to sync"
            ).on(.kinds(.header)),
            .setting(
                "forceLanguage", of: mj, \.forcesLanguage, group: .labels,
                help:
                    "The app sets MJRefreshConfig.languageCode to --language, so every user sees it; without, the device's language picks and the export leaves it out.",
                example: true),
            .setting(
                "i18nFilename", of: mj, \.i18nFilename, group: .labels,
                help: "MJRefreshConfig.i18nFilename: the strings table read from --i18n-bundle (default Localizable).",
                example: "MJRefresh_i18n"),
            .setting(
                "fastAnimationDuration", of: mj, \.fastAnimationDuration, group: .motion,
                help: "Seconds the inset takes to open (and autoAlpha to show) when a refresh begins (default 0.25).", example: 0.1,
                range: 0...10, unit: "seconds"),
            .setting(
                "slowAnimationDuration", of: mj, \.slowAnimationDuration, group: .motion,
                help: "Seconds the inset takes to close (and autoAlpha to fade) when a refresh ends (default 0.4).", example: 1,
                range: 0...10, unit: "seconds"),
            .setting(
                "animationDisabled", of: mj, \.animationDisabled, group: .motion,
                help: "setAnimationDisabled: both durations 0, the insets jump.", example: true),
            .setting(
                "automaticallyRefreshDisabled", of: mj, as: Bool.self, group: .motion,
                help: "An auto footer's automaticallyRefresh = NO: it refreshes only when a drag ends past the end.",
                example: true
            ) { off, family in family.automaticallyRefresh = !off }.on(.kinds(.autoFooter)),
            .setting(
                "triggerAutomaticallyRefreshPercent", of: mj, \.triggerAutomaticallyRefreshPercent, group: .motion,
                help: "How much of an auto footer must show before scrolling refreshes it (1 = all of it; may be negative).",
                example: 0.5, range: -100...100
            ).on(.kinds(.autoFooter)),
            .setting(
                "autoTriggerTimes", of: mj, \.autoTriggerTimes, group: .motion,
                help: "Refreshes one drag of an auto footer may trigger (-1: no limit).", example: 3, range: -1...1000
            ).on(.kinds(.autoFooter)),
        ]
    }()
}
