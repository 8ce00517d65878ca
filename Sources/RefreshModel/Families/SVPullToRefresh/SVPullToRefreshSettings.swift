import RefreshImage

/// SVPullToRefresh's own settings (docs/families.md).
extension SVPullToRefresh {
    /// Its arrow's colour, subtitles, layout version and what the app hid or disabled.
    public var settings: [SceneField] { Self.ownSettings }

    private static let ownSettings: [SceneField] = {
        let sv = SVPullToRefresh()
        return [
            .setting(
                "arrowColor", of: sv, \.arrowColor, group: .look, help: "SVPullToRefresh's arrow colour #RRGGBB[AA].",
                example: RGBAColor(red: 0xFF, green: 0x3B, blue: 0x30)
            ).on(.kinds(except: .autoFooter)),
            .setting(
                byState: "subtitles", option: "subtitle", of: sv, as: String.self, group: .labels,
                help: "SVPullToRefresh: a state's subtitle (STATE=TEXT).", example: ("stopped", "Pulled 3 times")
            ) { state, text, family in family.subtitles[state] = text }.on(.kinds(except: .autoFooter)),
            .setting(
                "svLayout", of: sv, \.layoutVersion, group: .look,
                help: "SVPullToRefresh's layout: current (the current source) or 2012 (the November 2012 source, with its date label).",
                example: .v2012
            ).on(.kinds(except: .autoFooter)).surroundings(),
            .setting(
                "svDateFormat", of: sv, \.dateFormat, group: .labels,
                help:
                    "SVPullToRefresh's dateFormatter as a date pattern (its dateFormat, e.g. yyyy-MM-dd HH:mm) for the 2012 layout's date label.",
                example: try? DatePattern("yyyy-MM-dd HH:mm")
            ).on(.kinds(except: .autoFooter)),
            .setting(
                "hidePullToRefresh", of: sv, as: Bool.self, group: .look,
                help: "SVPullToRefresh's showsPullToRefresh = NO: the pull-to-refresh view hidden, not following the scroll view.",
                example: true
            ) { hidden, family in family.showsPullToRefresh = !hidden }.on(.kinds(except: .autoFooter)),
            .setting(
                "hideInfiniteScrolling", of: sv, as: Bool.self, group: .look,
                help: "SVPullToRefresh's showsInfiniteScrolling = NO: the infinite scrolling view hidden, its inset reset.",
                example: true
            ) { hidden, family in family.showsInfiniteScrolling = !hidden }.on(.kinds(.autoFooter)),
            .setting(
                "infiniteScrollingDisabled", of: sv, as: Bool.self, group: .motion,
                help: "SVPullToRefresh's infinite scrolling view with enabled = NO: shown, but it no longer triggers.",
                example: true
            ) { disabled, family in family.infiniteScrollingEnabled = !disabled }.on(.kinds(.autoFooter)),
            // Setting a date (even none) is what shows the 2012 layout's date label.
            .effect(of: "lastUpdated", in: sv) { _, family, _ in family.showsDateLabel = true },
        ]
    }()
}
