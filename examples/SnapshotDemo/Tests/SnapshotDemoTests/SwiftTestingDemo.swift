import RefreshGif
import RefreshGifTesting
import Testing

@Suite struct HeaderSnapshots {
    @Test func header() {
        assertSnapshot(of: Scenes.header(.idle), as: .scene)  // HeaderSnapshots.header.1.png
        assertSnapshot(of: Scenes.header(.pulling), as: .scene)  // HeaderSnapshots.header.2.png
    }

    @Test func refreshingLoop() {
        assertSnapshot(of: Scenes.header(.refreshing), as: .sequence(fps: 5), named: "refreshing-loop")
    }
}

@Suite struct FooterSnapshots {
    // The same test name as in HeaderSnapshots: its artifacts go to a folder of its own.
    @Test func header() {
        var scene = Scenes.header(.noMoreData)
        scene.kind = .backFooter
        scene.style = .normal
        assertSnapshot(of: scene, as: .scene, named: "footer-no-more-data")
    }
}
