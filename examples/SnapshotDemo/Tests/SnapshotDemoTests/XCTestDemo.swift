import RefreshGif
import RefreshGifTesting
import XCTest

final class HeaderXCTests: XCTestCase {
    func testHeader() {
        assertSnapshot(of: Scenes.header(.idle), as: .scene)           // HeaderXCTests.testHeader.1.png
        assertSnapshot(of: Scenes.header(.refreshing), as: .scene)     // HeaderXCTests.testHeader.2.png
    }
}
