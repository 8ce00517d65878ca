import RefreshGif
import RefreshGifTesting
import Testing

@Suite struct HeaderSnapshots {
    @Test func header() throws {
        assertSnapshot(of: try Scenes.header(.idle), as: .scene)  // HeaderSnapshots.header.1.png
        assertSnapshot(of: try Scenes.header(.pulling), as: .scene)  // HeaderSnapshots.header.2.png
    }

    @Test func refreshingLoop() throws {
        assertSnapshot(of: try Scenes.header(.refreshing), as: .sequence(fps: 5), named: "refreshing-loop")
    }
}

@Suite struct FooterSnapshots {
    // The same test name as in HeaderSnapshots: its artifacts go to a folder of its own.
    @Test func header() throws {
        // MJRefreshBackNormalFooter with no more data: the description checks
        // that the class has the state.
        let scene = try Scenes.control(.noMoreData, kind: .backFooter, style: .normal)
        assertSnapshot(of: scene, as: .scene, named: "footer-no-more-data")
    }
}
