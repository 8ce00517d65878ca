/// ZJRefresh's own settings (docs/families.md).
extension ZJRefresh {
    /// Whether the animator hides itself, and its pulled title.
    public var settings: [SceneField] { Self.ownSettings }

    private static let ownSettings: [SceneField] = {
        let zj = ZJRefresh()
        return [
            .automaticallyHidden,
            .imageMargin,
            .lastRefreshText,
            // Its own state name pull-to-refresh (Idle, pulled) has a title of its own.
            .effect(of: "titles", in: zj) { value, family, scene in
                for (name, title) in try SceneRead.states(value, "titles", family: scene.family) where name.pulled == true {
                    family.pullToRefreshTitle = try SceneRead.text(title, "titles")
                }
            },
        ]
    }()

    /// The animator's height: every kind takes the app's.
    /// - Parameters:
    ///   - height: points.
    ///   - kind: the control's kind.
    /// - Returns: true.
    public mutating func setHeight(_ height: Double, kind: ComponentKind) -> Bool {
        animatorHeight = height
        return true
    }
}

/// ZJRefresh's own settings as members, so a scene is configured from Swift as from JSON:
/// `description[.automaticallyHidden] = …` (docs/settings.md, its Swift column).
extension SceneField {
    /// ZJRefresh's `automaticallyHidden` (docs/settings.md).
    public static let automaticallyHidden =
        setting(
            "automaticallyHidden", of: ZJRefresh(), \.isAutomaticallyHidden, group: .look,
            help: "ZJRefresh's isAutomaticlyHidden: the animator hides each time it returns to normal.", example: true
        ).spelled(AppProperty(.control, "isAutomaticlyHidden"))

    /// ZJRefresh's `imageMargin` (docs/settings.md).
    public static let imageMargin =
        setting(
            "imageMargin", of: ZJRefresh(), \.imageMargin, group: .images,
            help: "ZJRefresh GifAnimator's imageMagin: points between the image and the labels.", example: 30, range: 0...1000,
            unit: "points"
        ).on(.style(.gif)).spelled(AppProperty(.control, "imageMagin"))

    /// ZJRefresh's `lastRefreshText` (docs/settings.md).
    public static let lastRefreshText =
        setting(
            "lastRefreshText", of: ZJRefresh(), \.lastRefreshText, group: .labels,
            help: "ZJRefresh's setupLastFreshTime closure returning one text whatever the time.", example: "上次刷新: 刚刚")
}
