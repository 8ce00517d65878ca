// The README's XCTest example, word for word (a test checks that they agree).
import RefreshGif
import RefreshGifTesting
import XCTest

final class HeaderTests: XCTestCase {
    func testFooter() {
        var scene = RefreshScene()
        scene.kind = .backFooter
        scene.state = .noMoreData
        assertSnapshot(of: scene, as: .scene(maxDiffRatio: 0.001), named: "footer-no-more-data")
    }
}
