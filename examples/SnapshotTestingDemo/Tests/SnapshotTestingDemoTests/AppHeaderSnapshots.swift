import Foundation
import RefreshGifSnapshotTesting
import RefreshGifUIKit
import SnapshotTesting
import Testing

/// Your app's own refresh code — MJRefresh's API, compiled on Linux against RefreshGifUIKit —
/// snapshot with swift-snapshot-testing's `assertSnapshot` (docs/app-code.md).
@Suite struct AppHeaderSnapshots {
    static func header() -> MJRefreshNormalHeader {
        let header = MJRefreshNormalHeader {}
        // The example package's test sets DEMO_BREAK to see a failure.
        header.setTitle(ProcessInfo.processInfo.environment["DEMO_BREAK"] == nil ? "Let go" : "Let go now", for: .pulling)
        header.lastUpdatedTimeLabel?.isHidden = true
        return header
    }

    @Test func pulling() {
        assertSnapshot(of: Self.header(), as: .refreshState(.pulling, percent: 1))
    }
}
