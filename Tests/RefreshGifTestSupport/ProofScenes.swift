/// The scenes the export proofs export (docs/export.md, "Proof"): MJRefresh's four stock
/// kinds, each with the knobs an app's code sets, the moments compared and the view. Shared by
/// the RefreshGifUIKit proofs (ExportProofTests, SettingProofTests) and the Objective-C proof.
public enum ProofScenes {
    /// Scenes an app would export, each with the knobs its code sets.
    public static let mjRefresh: [(name: String, arguments: [String])] = [
        (
            "gif-header",
            [
                "--style", "gif", "--images", "idle=Fixtures/demo/pull.gif", "--images", "refreshing=Fixtures/demo/spin.gif",
                "--title", "idle=Pull me", "--state-label-font", "bold 16", "--state-label-color", "#007AFF",
                "--time-label-color", "#8E8E93", "--control-color", "#F2F2F7", "--height", "70", "--label-left-inset", "30",
            ]
        ),
        (
            "normal-header",
            [
                "--style", "normal", "--arrow-image", "Fixtures/demo/arrow@2x.png", "--arrow-image-template", "--language", "zh-Hans",
                "--force-language",
                "--last-updated-format", "'Synced 'MM-dd HH:mm", "--time-label-font", "12", "--spinner", "classic",
                "--spinner-color", "#FF3B30", "--hide-state-label",
            ]
        ),
        (
            "auto-footer",
            [
                "--kind", "auto-footer", "--style", "gif", "--images", "refreshing=Fixtures/demo/spin.gif", "--title",
                "no-more-data=That's all", "--refreshing-title-hidden", "--automatically-refresh-disabled", "--auto-trigger-times", "3",
            ]
        ),
        (
            "back-footer",
            [
                "--kind", "back-footer", "--style", "normal", "--title", "pulling=Let go \"now\"", "--ignored-inset", "12",
                "--animation-disabled", "--auto-alpha",
            ]
        ),
    ]

    /// SVPullToRefresh's and ZJRefresh's controls, each with the knobs its code sets: their
    /// setups are built against RefreshGifUIKit too (ExportProofTests).
    public static let otherLibraries: [(name: String, arguments: [String])] = [
        (
            "sv-header",
            [
                "--library", "svpulltorefresh", "--title", "stopped=Pull me", "--subtitle", "loading=Hold on",
                "--arrow-color", "#FF3B30", "--text-color", "#007AFF", "--spinner", "white-large",
            ]
        ),
        (
            "sv-gif-header",
            [
                "--library", "svpulltorefresh", "--style", "gif", "--images", "loading=Fixtures/demo/spin.gif", "--title", "stopped=Pull",
                "--subtitle", "loading=Fetching", "--arrow-color", "#FF3B30", "--state-label-font", "bold 15", "--spinner-color",
                "#007AFF",
            ]
        ),
        ("sv-infinite", ["--library", "svpulltorefresh", "--kind", "auto-footer", "--infinite-scrolling-disabled", "--spinner", "white"]),
        (
            "zj-gif-header",
            [
                "--library", "zjrefresh", "--style", "gif", "--images", "normal=Fixtures/demo/pull.gif",
                "--images", "loading=Fixtures/demo/spin.gif", "--title", "loading=Loading", "--height", "80",
                "--title", "pull-to-refresh=再拉一点", "--image-margin", "24", "--automatically-hidden", "--last-refresh-text", "刚刚",
            ]
        ),
        ("zj-normal-footer", ["--library", "zjrefresh", "--kind", "back-footer", "--style", "normal", "--title", "normal=上拉看看"]),
    ]

    /// A moment of ``moments`` in a library's own states: MJRefresh's names, SVPullToRefresh's
    /// (stopped, triggered, loading) or ZJRefresh's (pull-to-refresh, release-to-refresh,
    /// loading); No More Data stays, which the other two lack.
    public static func moment(_ moment: [String], library: String) -> [String] {
        let names: [String: [String: String]] = [
            "svpulltorefresh": ["idle": "stopped", "pulling": "triggered", "refreshing": "loading"],
            "zjrefresh": ["idle": "pull-to-refresh", "pulling": "release-to-refresh", "refreshing": "loading"],
        ]
        guard let map = names[library] else { return moment }
        return moment.map { map[$0] ?? $0 }
    }

    /// Scenes of a control's own layers, from the repository's root: the export writes a
    /// subclass of the bare class for each.
    public static let layerScenes = [
        "examples/layers/MJDIYHeader.json", "examples/layers/MJDIYAutoFooter.json", "examples/layers/MJDIYBackFooter.json",
        "examples/layers/brand-header.json", "examples/layers/burst.json", "Tests/ExportProof/scenes/every-kind.json",
        "Tests/ExportProof/scenes/views-by-state.json",
    ]

    /// The pictures compared: a half pull, the armed state, and a moment into refreshing.
    public static let moments: [[String]] = [
        ["--state", "idle", "--percent", "0.5"], ["--state", "pulling", "--percent", "1.2"],
        ["--state", "refreshing", "--time", "0.3"], ["--state", "no-more-data"],
    ]
    public static let view = ["--width", "320", "--now", "2024-07-05T12:00:00Z", "--last-updated", "2024-07-05T09:41:00Z"]
}
