import Foundation
import RefreshGif

/// The scenes of the demo tests. `DEMO_BREAK=1` draws their titles red, which is how the
/// repository's own tests check what a failure looks like.
enum Scenes {
    static func header(_ state: RefreshState) -> RefreshScene {
        var scene = RefreshScene()          // the command line's defaults: GIF header, built-in animation
        scene.state = state
        scene.pullingPercent = state == .idle ? 0.5 : 1
        if ProcessInfo.processInfo.environment["DEMO_BREAK"] == "1" {
            scene.textColor = RGBAColor(red: 255, green: 0, blue: 0)
        }
        return scene
    }
}
