import RefreshImage

/// SVPullToRefresh's own settings (docs/families.md).
extension SVPullToRefresh {
    /// Its arrow's colour, subtitles, layout version and what the app hid or disabled.
    public var settings: [SceneField] { Self.ownSettings }

    private static let ownSettings: [SceneField] = {
        let sv = SVPullToRefresh()
        return [
            .arrowColor,
            .subtitles,
            .svLayout,
            .svDateFormat,
            .hidePullToRefresh,
            .hideInfiniteScrolling,
            .infiniteScrollingDisabled,
            // Setting a date (even none) is what shows the 2012 layout's date label.
            .effect(of: "lastUpdated", in: sv) { _, family, _ in family.showsDateLabel = true },
        ]
    }()
}

/// SVPullToRefresh's own settings as members, so a scene is configured from Swift as from JSON:
/// `description[.arrowColor] = …` (docs/settings.md, its Swift column).
extension SceneField {
    /// SVPullToRefresh's `arrowColor` (docs/settings.md).
    public static let arrowColor =
        setting(
            "arrowColor", of: SVPullToRefresh(), \.arrowColor, group: .look, help: "SVPullToRefresh's arrow colour #RRGGBB[AA].",
            example: RGBAColor(red: 0xFF, green: 0x3B, blue: 0x30)
        ).on(.kinds(except: .autoFooter)).spelled(AppProperty(.control, "arrowColor"))

    /// SVPullToRefresh's `subtitles` (docs/settings.md).
    public static let subtitles =
        setting(
            byState: "subtitles", option: "subtitle", of: SVPullToRefresh(), as: String.self, group: .labels,
            help: "SVPullToRefresh: a state's subtitle (STATE=TEXT).", example: ("stopped", "Pulled 3 times")
        ) { state, text, family in family.subtitles[state] = text }.on(.kinds(except: .autoFooter))

    /// SVPullToRefresh's `svLayout` (docs/settings.md).
    public static let svLayout =
        setting(
            "svLayout", of: SVPullToRefresh(), \.layoutVersion, group: .look,
            help: "SVPullToRefresh's layout: current (the current source) or 2012 (the November 2012 source, with its date label).",
            example: .v2012
        ).on(.kinds(except: .autoFooter)).surroundings()

    /// SVPullToRefresh's `svDateFormat` (docs/settings.md).
    public static let svDateFormat =
        setting(
            "svDateFormat", of: SVPullToRefresh(), \.dateFormat, group: .labels,
            help:
                "SVPullToRefresh's dateFormatter as a date pattern (its dateFormat, e.g. yyyy-MM-dd HH:mm) for the 2012 layout's date label.",
            example: try? DatePattern("yyyy-MM-dd HH:mm")
        ).on(.kinds(except: .autoFooter))

    /// SVPullToRefresh's `hidePullToRefresh` (docs/settings.md).
    public static let hidePullToRefresh =
        setting(
            "hidePullToRefresh", of: SVPullToRefresh(), as: Bool.self, group: .look,
            help: "SVPullToRefresh's showsPullToRefresh = NO: the pull-to-refresh view hidden, not following the scroll view.",
            example: true
        ) { hidden, family in family.showsPullToRefresh = !hidden }.on(.kinds(except: .autoFooter))

    /// SVPullToRefresh's `hideInfiniteScrolling` (docs/settings.md).
    public static let hideInfiniteScrolling =
        setting(
            "hideInfiniteScrolling", of: SVPullToRefresh(), as: Bool.self, group: .look,
            help: "SVPullToRefresh's showsInfiniteScrolling = NO: the infinite scrolling view hidden, its inset reset.",
            example: true
        ) { hidden, family in family.showsInfiniteScrolling = !hidden }.on(.kinds(.autoFooter))

    /// SVPullToRefresh's `infiniteScrollingDisabled` (docs/settings.md).
    public static let infiniteScrollingDisabled =
        setting(
            "infiniteScrollingDisabled", of: SVPullToRefresh(), as: Bool.self, group: .motion,
            help: "SVPullToRefresh's infinite scrolling view with enabled = NO: shown, but it no longer triggers.",
            example: true
        ) { disabled, family in family.infiniteScrollingEnabled = !disabled }.on(.kinds(.autoFooter))
}
