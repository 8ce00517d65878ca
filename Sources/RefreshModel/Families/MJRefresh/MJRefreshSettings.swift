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
                example: 40, range: -1000...1000, unit: "points"),
            .setting(
                "ignoredInset", of: mj, \.ignoredScrollViewContentInset, group: .control,
                help: "MJRefresh's ignoredScrollViewContentInsetTop (header), Bottom (footers) or Right (trailer), in points.",
                example: 30, range: -10000...10000, unit: "points"),
            .setting(
                "lastUpdatedFormat", of: mj, \.lastUpdatedFormat, group: .labels,
                help:
                    "A header's lastUpdatedTimeText as a date pattern (DateFormatter's dateFormat: yyyy MM dd HH h mm ss a, text in 'quotes'), e.g. 'Updated 'MM-dd HH:mm; without a stored date the line says No record.",
                example: try? DatePattern("'Updated 'MM-dd HH:mm")),
            .setting(
                "lastUpdatedText", of: mj, \.lastUpdatedText, group: .labels,
                help: "A header's lastUpdatedTimeText returning one text whatever the date (instead of --last-updated-format).",
                example: "Pull down to sync"),
        ]
    }()
}
