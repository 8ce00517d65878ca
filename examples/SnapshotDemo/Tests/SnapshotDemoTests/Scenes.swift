import Foundation
import RefreshGif

/// The scenes of the demo tests. `DEMO_BREAK=1` draws their titles red, which is how the
/// repository's own tests check what a failure looks like.
enum Scenes {
    static func header(_ state: RefreshState) throws -> RefreshScene {
        try control(state)
    }

    /// A control of any kind and style (a back footer in the Normal style is MJRefreshBackNormalFooter).
    static func control(_ state: RefreshState, kind: ComponentKind = .header, style: ComponentStyle = .gif) throws -> RefreshScene {
        var settings = SceneDescription()   // the command line's defaults: GIF header, built-in animation
        settings[.kind] = .text(kind.rawValue)
        settings[.style] = .text(style.rawValue)
        settings[.state] = .text(state.rawValue)
        settings[.percent] = state == .idle ? 0.5 : 1
        if ProcessInfo.processInfo.environment["DEMO_BREAK"] == "1" { settings[.textColor] = "#FF0000" }
        return try settings.makeScene()
    }
}
