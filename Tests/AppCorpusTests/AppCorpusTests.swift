import Foundation
import RefreshGif
import RefreshGifTestSupport
import RefreshGifTesting
import RefreshGifUIKit
import Testing

/// The apps' files of Tests/AppCorpus, compiled as they are (imports, `@objc` and `#selector`
/// included) by the RefreshAppCode plugin, each drawn in every state its kind has: one golden a
/// class, its states one above the other (docs/app-code.md, "What compiles as it is").
@Suite("Apps' refresh files, compiled as they are and drawn", .serialized)
struct AppCorpusTests {
    /// The moments drawn for a control: Idle half pulled, Pulling past the threshold (not an
    /// auto footer's: it has none), Refreshing 0.3 s in, and a footer's No More Data.
    static func moments(of control: MJRefreshComponent) -> [(MJRefreshState, Double, Double)] {
        let pulling: [(MJRefreshState, Double, Double)] = control is MJRefreshAutoFooter ? [] : [(.pulling, 1.2, 0)]
        let end: [(MJRefreshState, Double, Double)] = control is MJRefreshFooter ? [(.noMoreData, 1, 0)] : []
        return [(.idle, 0.5, 0)] + pulling + [(.refreshing, 1, 0.3)] + end
    }

    /// The control in each moment, one picture above the other.
    static func sheet(_ control: MJRefreshComponent) throws -> RGBAImage {
        var pixels: [UInt8] = []
        var width = 0, height = 0
        for (state, percent, time) in moments(of: control) {
            let image = try RefreshRenderer().render(try control.scene(state: state, percent: percent, time: time))
            width = image.width
            height += image.height
            pixels += image.pixels
        }
        return try RGBAImage(width: width, height: height, premultipliedPixels: pixels)
    }

    static let controls: [(String, @Sendable () -> MJRefreshComponent)] = [
        ("LoopingGifHeader", { LoopingGifHeader() }),
        ("ArrayGifHeader", { ArrayGifHeader {} }),
        ("TitledGifFooter", { TitledGifFooter() }),
        ("PlainNormalHeader", { PlainNormalHeader(refreshingBlock: {}) }),
        ("SpinnerStateHeader", { SpinnerStateHeader() }),
        (
            "FeedRefresher.header",
            {
                let table = UITableView()
                FeedRefresher().install(on: table)
                return table.mj_header!
            }
        ),
        (
            "FeedRefresher.footer",
            {
                let table = UITableView()
                FeedRefresher().install(on: table)
                return table.mj_footer!
            }
        ),
        ("CustomFontNormalHeader", { CustomFontNormalHeader() }),
        ("LocalizedFooter", { LocalizedFooter() }),
        ("ColorLiteralHeader", { ColorLiteralHeader() }),
        ("InitFrameHeader", { InitFrameHeader(refreshingBlock: {}) }),
        ("RotatingImageHeader", { RotatingImageHeader() }),
        ("ObjcMembersGifHeader", { ObjcMembersGifHeader() }),
        (
            "GalleryRefresh.header",
            {
                let list = UICollectionView()
                GalleryRefresh.attach(to: list) {}
                return list.mj_header!
            }
        ),
        (
            "GalleryRefresh.footer",
            {
                let list = UICollectionView()
                GalleryRefresh.attach(to: list) {}
                return list.mj_footer!
            }
        ),
        ("ProgressRingHeader", { ProgressRingHeader() }),
        ("SpinnerFooter", { SpinnerFooter() }),
        ("ArrowBackFooter", { ArrowBackFooter() }),
        ("HorizontalTrailer", { HorizontalTrailer() }),
        ("EagerAutoFooter", { EagerAutoFooter() }),
        ("PagingGifFooter", { PagingGifFooter() }),
        ("OffsetWatchingHeader", { OffsetWatchingHeader() }),
        ("StackedStatusHeader", { StackedStatusHeader() }),
        ("LoadMoreButtonFooter", { LoadMoreButtonFooter() }),
        ("ScreenSizedHeader", { ScreenSizedHeader() }),
        ("ExtensionLayoutHeader", { ExtensionLayoutHeader() }),
        ("AdaptiveColorHeader", { AdaptiveColorHeader() }),
        ("AdaptiveColorHeader.dark", { AdaptiveColorHeader() }),
        ("PulsingFooter", { PulsingFooter() }),
        ("InspectableHeader", { InspectableHeader() }),
        ("CompactGifHeader", { CompactGifHeader() }),
        ("StackedLabelsHeader", { StackedLabelsHeader() }),
        ("AnchoredSyncHeader", { AnchoredSyncHeader() }),
        ("SnapLogoHeader", { SnapLogoHeader() }),
        ("LottiePullHeader", { LottiePullHeader() }),
        (
            "OrdersListLoader.footer",
            {
                let table = UITableView()
                OrdersListLoader().setUp(table)
                return table.mj_footer!
            }
        ),
    ]

    @Test("each class of the corpus draws its states", arguments: controls.map(\.0))
    func drawn(_ name: String) throws {
        let make = try #require(Self.controls.first { $0.0 == name }?.1)
        // The app's resources are where its code looks for them before the code runs: for this
        // test alone, as other suites set theirs at the same time.
        // Its clock and language too: other suites set the process-wide ones at the same time.
        try AppResources.with(folders: [CorpusResources.folder]) {
            try AppDevice.with(now: Date(timeIntervalSince1970: 1_700_000_000), lastUpdated: Date(timeIntervalSince1970: 1_699_990_000)) {
                try AppDevice.with(language: "en") {
                    // A name ending `.dark` is made and drawn in a dark appearance.
                    try AppDevice.with(style: name.hasSuffix(".dark") ? .dark : .light) {
                        let control = make()
                        assertSnapshot(of: try Self.sheet(control), as: .image, named: name)
                    }
                }
            }
            #expect(AppResources.misses.isEmpty, "\(AppResources.misses)")
        }
    }

    /// The DIY headers laid out by Auto Layout, SnapKit and Lottie, through a whole pull,
    /// release and refresh: their code runs again at every frame.
    static let gestureControls: [(String, @Sendable () -> MJRefreshComponent)] = [
        ("AnchoredSyncHeader", { AnchoredSyncHeader() }),
        ("SnapLogoHeader", { SnapLogoHeader() }),
        ("LottiePullHeader", { LottiePullHeader() }),
    ]

    @Test("the DIY headers of Auto Layout, SnapKit and Lottie through a whole gesture", arguments: gestureControls.map(\.0))
    func gesture(_ name: String) throws {
        let make = try #require(Self.gestureControls.first { $0.0 == name }?.1)
        AppResources.with(folders: [CorpusResources.folder]) {
            let control = make()
            assertSnapshot(
                of: control, as: .gesture(Support.root.appendingPathComponent("gestures/header-pull-release.json").path, fps: 10),
                named: name + ".gesture")
            #expect(AppResources.misses.isEmpty, "\(AppResources.misses)")
            #expect(control.layoutNotes.isEmpty, "\(control.layoutNotes)")
        }
    }
}
