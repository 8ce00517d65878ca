// Tests/AppTests/RefreshTests.swift — Linux
import RefreshGifUIKit
import RefreshGifTesting
import Testing

@Test func header() {
    AppResources.folders = ["App/Resources"]       // the asset catalogs, fonts and .lproj folders, once
    assertSnapshot(of: makeRefreshHeader(), as: .state(.pulling, percent: 0.6))
}

/// The app's other controls, each in the states a user sees. The device: a fixed clock, so
/// the last-updated line is the same every run; the footer's font is one the phone has.
@Suite struct AppControls {
    init() {
        AppResources.folders = ["App/Resources"]
        AppDevice.now = Date(timeIntervalSince1970: 1_764_000_000)
        AppDevice.lastUpdated = Date(timeIntervalSince1970: 1_763_990_000)
    }

    @Test func loadingHeader() {
        assertSnapshot(of: makeLoadingHeader(), as: .state(.refreshing, percent: 1, time: 0.25))
    }

    @Test func germanHeader() {
        // The app's de.lproj words, on a German phone (for this test alone).
        AppDevice.with(language: "de") {
            assertSnapshot(of: makeRefreshHeader(), as: .state(.idle, percent: 0.3))
        }
    }

    @Test func footer() {
        let footer = makeRefreshFooter()
        assertSnapshot(of: footer, as: .state(.idle))
        footer.endRefreshingWithNoMoreData()
        assertSnapshot(of: footer, as: .state(.noMoreData))
    }

    @Test func brandHeader() {
        assertSnapshot(of: BrandHeader {}, as: .state(.idle, percent: 0.5))
        assertSnapshot(of: BrandHeader {}, as: .state(.refreshing, percent: 1, time: 0.3))
    }
}
