// The README's Swift Testing example, word for word (a test checks that they agree).
import RefreshGif
import RefreshGifTesting
import Testing

@Test func header() {
    var scene = RefreshScene()                 // what `refresh-render` draws with no options
    scene.state = .pulling
    scene.pullingPercent = 1
    assertSnapshot(of: scene, as: .scene)      // __Snapshots__/<TestFile>/header.1.png
    scene.state = .refreshing
    assertSnapshot(of: scene, as: .sequence(fps: 10))   // header.2.png: every frame of one loop
}
