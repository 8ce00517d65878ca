import Foundation
import Testing

@_spi(Tools) @testable import RefreshGif
@testable import RefreshModel
@testable import RefreshRaster

/// The scroll rules of SVPullToRefresh and ZJRefresh (docs/families.md), sample by sample.
@Suite("SVPullToRefresh and ZJRefresh: scroll rules")
struct FamilyMotionTests {
    /// A Normal-style control of `family`, as first made.
    static func normalStyle(_ family: any RefreshFamily) -> RefreshScene {
        var scene = RefreshScene()
        scene.family = family
        scene.style = .normal
        return scene
    }

    @Test("SV header: triggered only while dragging past 60 pt, loading on release, inset over 0.3 s both ways")
    func svHeader() {
        var m = RefreshStateMachine(family: SVPullToRefresh(), kind: .header, size: 60, geometry: ScrollGeometry(), autoAlpha: false)
        m.sample(offset: -70, dragging: false, at: 0)
        #expect(m.state == .idle) // past the threshold without a finger: nothing
        m.sample(offset: -59, dragging: true, at: 10_000)
        #expect(m.state == .idle)
        m.sample(offset: -61, dragging: true, at: 20_000)
        #expect(m.state == .pulling)
        m.sample(offset: -61, dragging: false, at: 30_000)
        #expect(m.state == .refreshing)
        #expect(m.insets(at: 30_000 + 150_000).top > 0 && m.insets(at: 30_000 + 150_000).top < 60)
        #expect(m.insets(at: 30_000 + 300_000).top == 60)
        m.send(.endRefreshing, at: 1_000_000)
        #expect(m.state == .idle)
        #expect(m.insets(at: 1_000_000 + 299_000).top > 0)
        #expect(m.insets(at: 1_000_000 + 300_000).top == 0)
    }

    @Test("SV infinite scrolling: triggered by dragging past the content's end, loading on release, stopped when scrolled back")
    func svInfinite() {
        var geometry = ScrollGeometry()
        geometry.viewHeight = 600
        geometry.contentHeight = 1000
        var m = RefreshStateMachine(family: SVPullToRefresh(), kind: .autoFooter, size: 60, geometry: geometry, autoAlpha: false)
        m.sample(offset: 410, dragging: false, at: 0)
        #expect(m.state == .idle)
        m.sample(offset: 410, dragging: true, at: 10_000)
        #expect(m.state == .pulling)
        m.sample(offset: 390, dragging: true, at: 20_000)
        #expect(m.state == .idle)
        m.sample(offset: 420, dragging: true, at: 30_000)
        m.sample(offset: 420, dragging: false, at: 40_000)
        #expect(m.state == .refreshing)
        #expect(m.insets(at: 40_000).bottom == 60)
    }

    @Test("ZJ: release-to-refresh stays until the 0.25-s inset animation completes, then loading")
    func zjLoadingAfterInset() {
        var m = RefreshStateMachine(family: ZJRefresh(), kind: .header, size: 60, geometry: ScrollGeometry(), autoAlpha: false)
        m.sample(offset: -30, dragging: true, at: 0)
        #expect(m.state == .idle && m.percent == 0.5)
        m.sample(offset: -70, dragging: true, at: 10_000)
        #expect(m.state == .pulling)
        m.sample(offset: -70, dragging: false, at: 20_000)
        #expect(m.state == .pulling)
        m.settle(at: 20_000 + 249_000)
        #expect(m.state == .pulling)
        m.settle(at: 20_000 + 250_000)
        #expect(m.state == .refreshing)
        #expect(m.insets(at: 20_000 + 250_000).top == 60)
    }

    @Test("ZJ: a pull of exactly the height arms it (progress >= 1); MJRefresh must pass it")
    func zjThreshold() {
        var zj = RefreshStateMachine(family: ZJRefresh(), kind: .header, size: 52, geometry: ScrollGeometry(), autoAlpha: false)
        zj.sample(offset: -52, dragging: true, at: 0)
        #expect(zj.state == .pulling)
        zj.sample(offset: -51.9, dragging: true, at: 10_000)
        #expect(zj.state == .idle)
        var mj = RefreshStateMachine(family: MJRefresh(), kind: .header, size: 54, geometry: ScrollGeometry(), autoAlpha: false)
        mj.sample(offset: -54, dragging: true, at: 0)
        #expect(mj.state == .idle)
    }

    @Test("ZJ: the end keeps the loading look for the 0.25-s inset animation, then rests in normal while the view scrolls back")
    func zjEnd() {
        var m = RefreshStateMachine(family: ZJRefresh(), kind: .header, size: 52, geometry: ScrollGeometry(), autoAlpha: false)
        m.sample(offset: -70, dragging: true, at: 0)
        m.sample(offset: -70, dragging: false, at: 10_000)
        m.settle(at: 300_000)
        #expect(m.state == .refreshing)
        m.send(.endRefreshing, at: 1_000_000)
        m.sample(offset: -40, dragging: false, at: 1_100_000)
        #expect(m.state == .refreshing)
        #expect(abs(m.insets(at: 1_125_000).top - 26) < 1e-9) // half way through the closing animation
        m.settle(at: 1_250_000)
        #expect(m.state == .idle && m.percent == 0)
        // Scrolling back without a finger: still normal (ZJRefresh changes state only while tracked).
        m.sample(offset: -20, dragging: false, at: 1_300_000)
        #expect(m.state == .idle && m.percent == 0)
        // A new drag pulls again.
        m.sample(offset: -26, dragging: true, at: 1_400_000)
        #expect(m.percent == 0.5)
    }

    @Test("ZJ: 下拉刷新 at rest as the nib shows it, 正常状态 after a state change, and the loading start stored as the last refresh")
    func zjRestingTextAndStoredTime() throws {
        var scene = RefreshScene()
        scene.family = ZJRefresh()
        scene.style = .normal
        #expect(scene.stateTitle == "下拉刷新")
        scene.style = .gif
        #expect(scene.stateTitle == "继续下拉刷新")
        scene.kind = .backFooter
        #expect(scene.stateTitle == "继续上拉刷新")
        scene.hasChangedState = true
        #expect(scene.stateTitle == "正常状态")
        // A refresh that starts 1.05 s in, with "now" at 12:00: back at rest the time label says 今天 12:00.
        var header = RefreshScene()
        header.family = ZJRefresh()
        header.style = .normal
        header.now = Date(timeIntervalSince1970: 1_720_180_800) // 2024-07-05 12:00 UTC
        header.lastUpdated = Date(timeIntervalSince1970: 1_710_668_460) // 2024-03-17 09:41 UTC
        let gesture = Gesture(script: Gesture.Script(pull: 90, over: 0.6, hold: 0.2, refresh: 1.2))
        let frames = try GesturePlayer(gesture: gesture, scene: header).frames(fps: 20)
        #expect(frames[0].scene.stateTitle == "下拉刷新")
        #expect(frames[0].scene.lastUpdatedText == "上次刷新时间:03-17 09:41")
        let loading = try #require(frames.firstIndex { $0.state == .refreshing })
        #expect(frames[loading].scene.lastUpdatedText == "上次刷新时间:03-17 09:41")
        let rested = try #require(frames.lastIndex { $0.state == .refreshing }) + 1
        #expect(frames[rested].scene.stateTitle == "正常状态")
        #expect(frames[rested].scene.lastUpdatedText == "上次刷新时间:今天 12:00")
    }

    @Test("the arrows turn over 0.2 s; SV fades its arrow out for loading, ZJ snaps back after it")
    func arrowTransitions() throws {
        let half = SVPullToRefresh().transition(kind: .header, from: .idle, to: .pulling, after: 0.1)
        #expect(abs((half.arrowAngle ?? 0) - Double.pi / 2) < 1e-9)
        let done = SVPullToRefresh().transition(kind: .header, from: .idle, to: .pulling, after: 0.2)
        #expect(done.arrowAngle == Double.pi)
        let fading = SVPullToRefresh().transition(kind: .header, from: .pulling, to: .refreshing, after: 0.1)
        #expect(abs((fading.arrowOpacity ?? 0) - 0.5) < 1e-9) // half way on the ease-in-out curve
        let zj = ZJRefresh().transition(kind: .header, from: .refreshing, to: .idle, after: 0)
        #expect(zj.arrowAngle == 0)
        let footer = ZJRefresh().transition(kind: .backFooter, from: .idle, to: .pulling, after: 0.2)
        #expect(footer.arrowAngle == 0) // a footer's arrow starts up and turns down
    }

    @Test("every family gesture under gestures/ reaches loading and reports the family's state names")
    func gestures() throws {
        let expected: [String: Set<String>] = [
            "sv-pull-to-refresh": ["stopped", "triggered", "loading"],
            "sv-infinite-scrolling": ["stopped", "triggered", "loading"],
            "zj-normal-pull-release": ["normal", "pull-to-refresh", "release-to-refresh", "loading"],
            "zj-gif-footer": ["normal", "pull-to-refresh", "release-to-refresh", "loading"],
        ]
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for (name, states) in expected {
            let path = root.appendingPathComponent("gestures/\(name).json").path
            let file = try GestureFile.read(path)
            let scene = try file.control.makeScene(baseDirectory: root.path)
            let animation = try RefreshAnimation.gesture(file.gesture, scene: scene, fps: 20)
            let seen = Set(try animation.reports().compactMap(\.libraryState))
            #expect(seen == states, "\(name)")
        }
    }

    @Test(
        "a refresh the app begins with the view at rest scrolls the control in, and its end scrolls it out",
        arguments: [(RefreshLibrary.mjrefresh, 54.0, 0.25, 0.4), (.svpulltorefresh, 60, 0.3, 0.3)])
    func programmaticBegin(library: RefreshLibrary, height: Double, inSeconds: Double, outSeconds: Double) throws {
        // MJRefreshHeader.beginRefreshing sets the offset to −(inset + 54) over 0.25 s and its end
        // takes the inset back over 0.4 s; SVPullToRefresh's startAnimating scrolls to −60 and,
        // the refresh not being the user's, stopAnimating scrolls back.
        let gesture = Gesture(
            samples: [Gesture.Sample(t: 0, offset: 0, dragging: false)],
            events: [Gesture.TimedEvent(t: 0.2, event: .beginRefreshing), Gesture.TimedEvent(t: 1.5, event: .endRefreshing)])
        let scene = Self.normalStyle(library.family)
        let frames = try GesturePlayer(gesture: gesture, scene: scene).frames(fps: 100)
        #expect(frames[19].offset == 0 && frames[19].state == .idle)
        #expect(frames[20].state == .refreshing)
        let inFrame = 20 + Int((inSeconds * 100).rounded())
        #expect(frames[inFrame].offset == -height)
        #expect(frames[inFrame - 5].offset > -height && frames[inFrame - 5].offset < 0)
        #expect(frames[149].offset == -height)
        #expect(frames[150 + Int((outSeconds * 100).rounded())].offset == 0)
        // A finger on the view takes the offset back from the animation.
        let touched = Gesture(
            samples: [Gesture.Sample(t: 0, offset: 0, dragging: false), Gesture.Sample(t: 0.3, offset: -20, dragging: true)],
            events: [Gesture.TimedEvent(t: 0.2, event: .beginRefreshing)])
        let held = try GesturePlayer(gesture: touched, scene: scene).frames(fps: 100)
        #expect(held[40].offset == -20)
    }

    @Test("SV showsPullToRefresh = NO: drawn as nothing, ignores the scroll view; the app can still refresh")
    func svHiddenPullToRefresh() throws {
        var sv = SVPullToRefresh()
        sv.showsPullToRefresh = false
        let scene = Self.normalStyle(sv)
        #expect(try RefreshRenderer().render(scene).opaqueBounds() == nil)
        var m = RefreshStateMachine(family: sv, kind: .header, size: 60, geometry: ScrollGeometry(), autoAlpha: false)
        m.sample(offset: -90, dragging: true, at: 0)
        m.sample(offset: -90, dragging: false, at: 10_000)
        #expect(m.state == .idle && m.insets(at: 500_000).top == 0)
        m.send(.beginRefreshing, at: 600_000)
        #expect(m.state == .refreshing)
    }

    @Test("SV infinite scrolling: hidden keeps no inset and never triggers; disabled keeps its inset and view but stays stopped")
    func svInfiniteScrollingSwitches() throws {
        let geometry = ScrollGeometry() // 375 × 600 over 1000 pt of content
        func run(_ sv: SVPullToRefresh) -> RefreshStateMachine {
            var m = RefreshStateMachine(family: sv, kind: .autoFooter, size: 60, geometry: geometry, autoAlpha: false)
            m.sample(offset: 480, dragging: true, at: 0)
            m.sample(offset: 480, dragging: false, at: 10_000)
            return m
        }
        #expect(run(SVPullToRefresh()).state == .refreshing)
        var hidden = SVPullToRefresh()
        hidden.showsInfiniteScrolling = false
        #expect(run(hidden).state == .idle && run(hidden).insets(at: 0).bottom == 0)
        var disabled = SVPullToRefresh()
        disabled.infiniteScrollingEnabled = false
        #expect(run(disabled).state == .idle && run(disabled).insets(at: 0).bottom == 60)
        var scene = RefreshScene()
        scene.family = hidden
        scene.kind = .autoFooter
        scene.state = .refreshing
        #expect(try RefreshRenderer().render(scene).opaqueBounds() == nil)
        scene.family = disabled
        #expect(try RefreshRenderer().render(scene).opaqueBounds() != nil)
    }

    @Test("ZJ isAutomaticlyHidden: shown as first made, hidden once back in normal after a refresh")
    func zjAutomaticallyHidden() throws {
        var zj = ZJRefresh()
        zj.isAutomaticallyHidden = true
        let scene = Self.normalStyle(zj)
        #expect(try RefreshRenderer().render(scene).opaqueBounds() != nil)
        let gesture = Gesture(script: Gesture.Script(pull: 90, over: 0.6, hold: 0.2, refresh: 1.2))
        let frames = try GesturePlayer(gesture: gesture, scene: scene).frames(fps: 20)
        let loading = try #require(frames.firstIndex { $0.state == .refreshing })
        #expect(!zj.isHidden(frames[loading].scene))
        let rested = try #require(frames.lastIndex { $0.state == .refreshing }) + 1
        #expect(zj.isHidden(frames[rested].scene))
        #expect(try RefreshRenderer().render(frames[rested].scene).opaqueBounds() == nil)
    }

    @Test("MJRefresh labelLeftInset moves the arrow from the text; ignoredScrollViewContentInset moves only the control")
    func mjInsets() throws {
        var scene = RefreshScene()
        scene.style = .normal
        let renderer = try RefreshRenderer()
        let standard = try #require(try renderer.plan(for: scene).layout.arrow)
        scene.family = MJRefresh(labelLeftInset: 40)
        let wider = try #require(try renderer.plan(for: scene).layout.arrow)
        #expect(abs((standard.midX - wider.midX) - 15) < 1e-9)
        var window = ScreenWindow(kind: .header, geometry: ScrollGeometry(), showContent: false)
        let before = window.controlOrigin(controlHeight: 54, offset: -30)
        window.ignoredInset = 64
        #expect(window.controlOrigin(controlHeight: 54, offset: -30).y == before.y - 64)
        // Thresholds do not move: the same pull arms the header.
        var m = RefreshStateMachine(
            family: MJRefresh(ignoredScrollViewContentInset: 64), kind: .header, size: 54, geometry: ScrollGeometry(), autoAlpha: false)
        m.sample(offset: -55, dragging: true, at: 0)
        #expect(m.state == .pulling)
    }

    @Test(
        "a gesture frame's band is the whole window's pixels where the control is, and nothing when it is out of sight",
        arguments: [(ComponentKind.header, 2, -70.5), (.header, 3, -23.3), (.backFooter, 1, 451.25), (.trailer, 2, 573.5), (.header, 2, 0)])
    func bandIsTheWindowsPixels(kind: ComponentKind, scale: Int, offset: Double) throws {
        var scene = RefreshScene()
        scene.style = .normal
        scene.kind = kind
        scene.scale = scale
        var geometry = ScrollGeometry()
        geometry.viewHeight = 667
        geometry.contentHeight = 1100
        geometry.contentWidth = kind == .trailer ? 900 : 375
        let gesture = Gesture(geometry: geometry, samples: [Gesture.Sample(t: 0, offset: offset, dragging: true)], duration: 0.1)
        let end = try RefreshAnimation.gestureEnd(gesture, scene: scene, fps: 60, showContent: true, wholeView: true)
        let whole = try end.frame(at: 0).image
        let band = try end.band(at: 0)
        #expect(band.report == (try end.frame(at: 0).report))
        guard let image = band.image else {
            #expect(offset == 0, "the control is in sight at offset \(offset)")
            return
        }
        #expect(offset != 0)
        #expect(band.x >= 0 && band.y >= 0 && band.x + image.width <= whole.width && band.y + image.height <= whole.height)
        #expect(image.height < whole.height || image.width < whole.width)
        let rows = (0..<image.height).filter { y in
            let mine = image.pixels[(y * image.width * 4)..<((y + 1) * image.width * 4)]
            let start = ((band.y + y) * whole.width + band.x) * 4
            return mine != whole.pixels[start..<(start + image.width * 4)]
        }
        #expect(rows.isEmpty, "rows differing: \(rows.prefix(5))")
        // Not a gesture: no window to cut a band from.
        #expect(throws: RefreshGifError.self) { try RefreshAnimation.sweep(of: scene, frames: 2, fps: 10).band(at: 0) }
    }
}
