import Foundation
import RefreshGif
import RefreshGifSnapshotTesting
import SnapshotTesting
import Testing

/// swift-snapshot-testing's own `assertSnapshot`, with RefreshGif's strategies.
@Suite struct HeaderSnapshots {
    static var scene: RefreshScene {
        get throws {
            var settings = SceneDescription()
            settings[.state] = "pulling"
            settings[.percent] = 1
            // The example package's test sets DEMO_BREAK to see a failure.
            if ProcessInfo.processInfo.environment["DEMO_BREAK"] != nil { settings[.textColor] = "#C80000" }
            return try settings.makeScene()
        }
    }

    @Test func pulling() throws {
        assertSnapshot(of: try Self.scene, as: .refreshImage)
    }

    @Test func refreshingLoop() throws {
        var scene = try Self.scene
        scene.state = .refreshing
        assertSnapshot(of: scene, as: .refreshSequence(fps: 5))
    }

    /// A strategy of your own, from ours in one line: pull back from your type to a scene.
    struct HeaderConfig { var percent: Double }

    @Test func ownStrategy() throws {
        let pulling = try Self.scene
        let strategy = Snapshotting<RefreshScene, RefreshPNG>.refreshImage.pullback { (config: HeaderConfig) in
            var scene = pulling
            scene.pullingPercent = config.percent
            return scene
        }
        assertSnapshot(of: HeaderConfig(percent: 0.5), as: strategy)
    }
}
