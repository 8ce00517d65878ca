import RefreshGif
import RefreshGifTesting
import XCTest

final class HeaderXCTests: XCTestCase {
    func testHeader() throws {
        assertSnapshot(of: try Scenes.header(.idle), as: .scene)           // HeaderXCTests.testHeader.1.png
        assertSnapshot(of: try Scenes.header(.refreshing), as: .scene)     // HeaderXCTests.testHeader.2.png
    }
}
