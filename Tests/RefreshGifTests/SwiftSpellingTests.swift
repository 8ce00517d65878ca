// Written from the settings' declarations by SettingsDocTests (REFRESH_UPDATE_DOCS=1
// rewrites it): the Swift column of docs/settings.md, compiled. Do not edit by hand.
import RefreshGif
import Testing

@Suite("Settings: the Swift column of docs/settings.md")
struct SwiftSpellingTests {
    static let rows: [(key: String, set: @Sendable (inout SceneDescription) -> Void)] = [
        ("library", { $0[.library] = "zjrefresh" }),
        ("kind", { $0[.kind] = "back-footer" }),
        ("style", { $0[.style] = "normal" }),
        ("state", { $0[.state] = "pulling" }),
        ("percent", { $0[.percent] = 0.5 }),
        ("time", { $0[.time] = 1 }),
        ("images", { $0[.images] = ["idle": "pull.gif"] }),
        ("animation", { $0[.animation] = "burst" }),
        ("durations", { $0[.durations] = ["refreshing": 3] }),
        ("lottieSegments", { $0[.lottieSegments] = ["idle": "pull"] }),
        ("lottieSize", { $0[.lottieSize] = "30x30" }),
        ("timing", { $0[.timing] = "gif" }),
        ("imageScale", { $0[.imageScale] = 1 }),
        ("width", { $0[.width] = 200 }),
        ("height", { $0[.height] = 100 }),
        ("scale", { $0[.scale] = 3 }),
        ("background", { $0[.background] = "#FF0000" }),
        ("autoAlpha", { $0[.autoAlpha] = true }),
        ("hideLabels", { $0[.hideLabels] = true }),
        ("hideStateLabel", { $0[.hideStateLabel] = true }),
        ("hideTimeLabel", { $0[.hideTimeLabel] = true }),
        ("refreshingTitleHidden", { $0[.refreshingTitleHidden] = true }),
        ("language", { $0[.language] = "ko" }),
        ("titles", { $0[.titles] = ["idle": "Pull me"] }),
        ("lastUpdated", { $0[.lastUpdated] = "2024-01-01T00:00:00Z" }),
        ("now", { $0[.now] = "2024-01-02T00:00:00Z" }),
        ("timezone", { $0[.timezone] = "Asia/Seoul" }),
        ("textColor", { $0[.textColor] = "#00FF00" }),
        ("stateLabelColor", { $0[.stateLabelColor] = "#FF3B30" }),
        ("timeLabelColor", { $0[.timeLabelColor] = "#8E8E93" }),
        ("stateLabelFont", { $0[.stateLabelFont] = "bold 17" }),
        ("timeLabelFont", { $0[.timeLabelFont] = "regular 12" }),
        ("font", { $0[.font] = "MyFont.ttf" }),
        ("i18nBundle", { $0[.i18nBundle] = "Strings.bundle" }),
        ("arrowImage", { $0[.arrowImage] = "arrow@2x.png" }),
        ("arrowImageTemplate", { $0[.arrowImageTemplate] = true }),
        ("controlColor", { $0[.controlColor] = "#F2F2F7" }),
        ("hidden", { $0[.hidden] = true }),
        ("spinner", { $0[.spinner] = "classic" }),
        ("spinnerColor", { $0[.spinnerColor] = "#FF0000" }),
        ("rtl", { $0[.rtl] = true }),
        ("maxPixels", { $0[.maxPixels] = 5_000_000 }),
        ("maxMemory", { $0[.maxMemory] = 64 }),
        ("maxSeconds", { $0[.maxSeconds] = 5 }),
        ("labelLeftInset", { $0[.labelLeftInset] = 40 }),
        ("ignoredInset", { $0[.ignoredInset] = 30 }),
        ("lastUpdatedFormat", { $0[.lastUpdatedFormat] = "'Updated 'MM-dd HH:mm" }),
        ("lastUpdatedText", { $0[.lastUpdatedText] = "Pull down to sync" }),
        ("forceLanguage", { $0[.forceLanguage] = true }),
        ("i18nFilename", { $0[.i18nFilename] = "MJRefresh_i18n" }),
        ("fastAnimationDuration", { $0[.fastAnimationDuration] = 0.1 }),
        ("slowAnimationDuration", { $0[.slowAnimationDuration] = 1 }),
        ("animationDisabled", { $0[.animationDisabled] = true }),
        ("automaticallyRefreshDisabled", { $0[.automaticallyRefreshDisabled] = true }),
        ("triggerAutomaticallyRefreshPercent", { $0[.triggerAutomaticallyRefreshPercent] = 0.5 }),
        ("autoTriggerTimes", { $0[.autoTriggerTimes] = 3 }),
        ("arrowColor", { $0[.arrowColor] = "#FF3B30" }),
        ("subtitles", { $0[.subtitles] = ["stopped": "Pulled 3 times"] }),
        ("svLayout", { $0[.svLayout] = "2012" }),
        ("svDateFormat", { $0[.svDateFormat] = "yyyy-MM-dd HH:mm" }),
        ("hidePullToRefresh", { $0[.hidePullToRefresh] = true }),
        ("hideInfiniteScrolling", { $0[.hideInfiniteScrolling] = true }),
        ("infiniteScrollingDisabled", { $0[.infiniteScrollingDisabled] = true }),
        ("automaticallyHidden", { $0[.automaticallyHidden] = true }),
        ("imageMargin", { $0[.imageMargin] = 30 }),
        ("lastRefreshText", { $0[.lastRefreshText] = "上次刷新: 刚刚" }),
    ]

    @Test("each row sets its own setting, to its declared example")
    func everyRowSetsItsSetting() throws {
        #expect(Self.rows.map(\.key) == SceneSchema.standard.fields.map(\.name))
        for row in Self.rows {
            var description = SceneDescription()
            row.set(&description)
            let field = try #require(SceneSchema.standard.field(SceneKey(row.key)))
            var expected = SceneDescription()
            expected[field] = field.example
            #expect(description == expected, "\(row.key)")
        }
    }
}
