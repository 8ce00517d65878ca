import Foundation
import RefreshGif
import RefreshGifSnapshotTesting
import SnapshotTesting
import Testing

/// swift-snapshot-testing's own `assertSnapshot`, with RefreshGif's strategies.
@Suite struct HeaderSnapshots {
    static var scene: RefreshScene {
        var scene = RefreshScene()
        scene.state = .pulling
        scene.pullingPercent = 1
        // The example package's test sets DEMO_BREAK to see a failure.
        if ProcessInfo.processInfo.environment["DEMO_BREAK"] != nil { scene.textColor = RGBAColor(red: 200, green: 0, blue: 0) }
        return scene
    }

    @Test func pulling() {
        assertSnapshot(of: Self.scene, as: .refreshImage)
    }

    @Test func refreshingLoop() {
        var scene = Self.scene
        scene.state = .refreshing
        assertSnapshot(of: scene, as: .refreshSequence(fps: 5))
    }

    /// A strategy of your own, from ours in one line: pull back from your type to a scene.
    struct HeaderConfig { var percent: Double }

    @Test func ownStrategy() {
        let strategy = Snapshotting<RefreshScene, RefreshPNG>.refreshImage.pullback { (config: HeaderConfig) in
            var scene = Self.scene
            scene.pullingPercent = config.percent
            return scene
        }
        assertSnapshot(of: HeaderConfig(percent: 0.5), as: strategy)
    }
}
