/// The scenes the export proofs export (docs/export.md, "Proof"): MJRefresh's four stock
/// kinds, each with the knobs an app's code sets, the moments compared and the view. Shared by
/// the stand-in proof (AppCodeProofTests) and the RefreshGifUIKit proof (ExportProofTests).
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

    /// Scenes of a control's own layers, from the repository's root: the export writes a
    /// subclass of the bare class for each.
    public static let layerScenes = [
        "examples/layers/MJDIYHeader.json", "examples/layers/MJDIYAutoFooter.json", "examples/layers/MJDIYBackFooter.json",
        "examples/layers/brand-header.json", "Tests/LayerCodeProof/scenes/every-kind.json",
        "Tests/LayerCodeProof/scenes/views-by-state.json",
    ]

    /// The pictures compared: a half pull, the armed state, and a moment into refreshing.
    public static let moments: [[String]] = [
        ["--state", "idle", "--percent", "0.5"], ["--state", "pulling", "--percent", "1.2"],
        ["--state", "refreshing", "--time", "0.3"], ["--state", "no-more-data"],
    ]
    public static let view = ["--width", "320", "--now", "2024-07-05T12:00:00Z", "--last-updated", "2024-07-05T09:41:00Z"]
}
