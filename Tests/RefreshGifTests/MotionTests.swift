import RefreshGifTestSupport
import Testing

@testable import ImageCodecs
@testable import PixelDiff
@testable import RefreshGif
@testable import RefreshImage
@testable import RefreshModel
@testable import RefreshRaster

@Suite("State machines (docs/motion.md)")
struct StateMachineTests {
    static func ms(_ v: Int) -> Int64 { Int64(v) * 1000 }

    @Test("docs/motion.md worked header timeline, row by row")
    func headerTimeline() {
        var geometry = ScrollGeometry()
        geometry.insetTop = 0
        var m = RefreshStateMachine(kind: .header, size: 54, geometry: geometry, autoAlpha: true)
        // (y, dragging, state, percent, alpha, idle frame of 60)
        let rows: [(Double, Bool, RefreshState, Double, Double, Int?)] = [
            (0, true, .idle, 0, 0, 0),
            (-20, true, .idle, 0.370, 0.370, 22),
            (-54, true, .idle, 1.0, 1, 59),
            (-60, true, .pulling, 1.111, 1, nil),
            (-50, true, .idle, 0.926, 0.926, 55),
            (-70, true, .pulling, 1.296, 1, nil),
            (-70, false, .refreshing, 1, 1, nil),
            (-54, false, .refreshing, 1, 1, nil),
        ]
        for (i, row) in rows.enumerated() {
            let t = Self.ms(i * 100)
            m.sample(offset: row.0, dragging: row.1, at: t)
            #expect(m.state == row.2, "row \(i + 1) state")
            #expect(abs(m.percent - row.3) < 0.0005, "row \(i + 1) percent \(m.percent)")
            // Alpha animates to 1 over 0.25 s on begin; read it once the animation is over.
            #expect(abs(m.alpha.value(at: t + Self.ms(250)) - row.4) < 0.0005, "row \(i + 1) alpha")
            if let frame = row.5 {
                #expect(FrameClock.idleFrameIndex(count: 60, percent: m.percent) == frame, "row \(i + 1) frame")
            }
        }
        // E: endRefreshing → Idle; alpha 1 → 0 over 0.4 s; percent 0 when that finishes.
        let end = Self.ms(1000)
        m.send(.endRefreshing, at: end)
        #expect(m.state == .idle)
        #expect(m.alpha.value(at: end) == 1)
        #expect(abs(m.alpha.value(at: end + Self.ms(200)) - 0.5) < 1e-9)
        #expect(m.alpha.value(at: end + Self.ms(400)) == 0)
        #expect(m.percent == 1)
        m.settle(at: end + Self.ms(400))
        #expect(m.percent == 0)
        #expect(m.insets(at: end + Self.ms(400)).top == 0)
    }

    @Test("header inset grows by H over 0.25 s when refreshing starts")
    func headerInsets() {
        var m = RefreshStateMachine(kind: .header, size: 54, geometry: ScrollGeometry(), autoAlpha: false)
        m.sample(offset: -80, dragging: true, at: 0)
        m.sample(offset: -80, dragging: false, at: 10_000)
        #expect(m.state == .refreshing)
        #expect(m.insets(at: 10_000).top == 0)
        #expect(m.insets(at: 260_000).top == 54)
        #expect(m.alpha.value(at: 0) == 1)
    }

    @Test("back footer: view 600, content 1000, H 44 → happen 400, Pulling when y > 444, p(420) = 0.4545")
    func backFooter() {
        var m = RefreshStateMachine(kind: .backFooter, size: 44, geometry: ScrollGeometry(), autoAlpha: false)
        m.sample(offset: 420, dragging: true, at: 0)
        #expect(abs(m.percent - 0.4545) < 0.0001)
        m.sample(offset: 444, dragging: true, at: 1)
        #expect(m.state == .idle)
        m.sample(offset: 444.5, dragging: true, at: 2)
        #expect(m.state == .pulling)
        m.sample(offset: 444.5, dragging: false, at: 3)
        #expect(m.state == .refreshing)
        #expect(m.insets(at: 300_000).bottom == 44)
        m.send(.endRefreshingWithNoMoreData, at: 400_000)
        #expect(m.state == .noMoreData)
        m.sample(offset: 500, dragging: true, at: 900_000)
        #expect(m.state == .noMoreData) // no transitions in NoMoreData, percent only
        #expect(abs(m.percent - 100.0 / 44) < 1e-9)
        m.send(.resetNoMoreData, at: 1_000_000)
        #expect(m.state == .idle)
    }

    @Test("back footer over short content: happen 0, Pulling when y > 44, refreshing bottom inset 344")
    func backFooterShort() {
        var geometry = ScrollGeometry()
        geometry.contentHeight = 300
        var m = RefreshStateMachine(kind: .backFooter, size: 44, geometry: geometry, autoAlpha: false)
        m.sample(offset: 44, dragging: true, at: 0)
        #expect(m.state == .idle)
        m.sample(offset: 45, dragging: true, at: 1)
        #expect(m.state == .pulling)
        m.sample(offset: 45, dragging: false, at: 2)
        #expect(m.insets(at: 1_000_000).bottom == 344)
    }

    @Test("auto footer: triggers at y ≥ 444 while scrolling down (422 with triggerPercent 0.5), once per drag")
    func autoFooter() {
        var m = RefreshStateMachine(kind: .autoFooter, size: 44, geometry: ScrollGeometry(), autoAlpha: false)
        m.sample(offset: 400, dragging: true, at: 0)
        m.sample(offset: 443, dragging: true, at: 1)
        #expect(m.state == .idle)
        m.sample(offset: 444, dragging: true, at: 2)
        #expect(m.state == .refreshing)
        m.send(.endRefreshing, at: 3)
        #expect(m.state == .idle)
        // Same drag: its one trigger is spent, so scrolling further does not refresh again.
        m.sample(offset: 430, dragging: true, at: 4)
        m.sample(offset: 450, dragging: true, at: 5)
        #expect(m.state == .idle)
        // Lifting the finger at the bottom tries again, but this drag's budget is spent: refused.
        m.sample(offset: 450, dragging: false, at: 6)
        #expect(m.state == .idle)
        // A new drag resets the budget; scrolling further down triggers.
        m.sample(offset: 450, dragging: true, at: 7)
        m.sample(offset: 452, dragging: true, at: 8)
        #expect(m.state == .refreshing)
        var half = RefreshStateMachine(kind: .autoFooter, size: 44, geometry: ScrollGeometry(), autoAlpha: false)
        half.triggerPercent = 0.5
        half.sample(offset: 400, dragging: false, at: 0)
        half.sample(offset: 421, dragging: false, at: 1)
        #expect(half.state == .idle)
        half.sample(offset: 422, dragging: false, at: 2)
        #expect(half.state == .refreshing)
        // Auto footer with the alpha flag: invisible until its first refresh (quirk docs/motion.md).
        var faded = RefreshStateMachine(kind: .autoFooter, size: 44, geometry: ScrollGeometry(), autoAlpha: true)
        #expect(faded.alpha.value(at: 0) == 0)
        faded.send(.beginRefreshing, at: 0)
        faded.send(.endRefreshing, at: 500_000)
        #expect(faded.alpha.value(at: 900_000) == 1)
    }

    @Test("trailer: view 375, content 1875 → happen 1500, Pulling when x > 1560")
    func trailer() {
        var geometry = ScrollGeometry()
        geometry.contentWidth = 1875
        var m = RefreshStateMachine(kind: .trailer, size: 60, geometry: geometry, autoAlpha: false)
        m.sample(offset: 1530, dragging: true, at: 0)
        #expect(m.percent == 0.5)
        m.sample(offset: 1560, dragging: true, at: 1)
        #expect(m.state == .idle)
        m.sample(offset: 1561, dragging: true, at: 2)
        #expect(m.state == .pulling)
        m.sample(offset: 1561, dragging: false, at: 3)
        #expect(m.state == .refreshing)
        #expect(m.insets(at: 1_000_000).right == 60)
    }
}

@Suite("Transitions in time")
struct TransitionTests {
    @Test("ease-in-out is UIKit's (0.42, 0, 0.58, 1) curve")
    func easing() {
        #expect(Easing.easeInOut(0) == 0 && Easing.easeInOut(1) == 1)
        #expect(abs(Easing.easeInOut(0.5) - 0.5) < 1e-9)
        #expect(abs(Easing.easeInOut(0.25) - 0.1292) < 0.001)
        #expect(abs(Easing.easeInOut(0.75) - 0.8708) < 0.001)
    }

    @Test("header arrow turns counter-clockwise to up over 0.25 s, and back")
    func arrowAngles() {
        let up = -Double.pi + 1e-6
        #expect(MJRefreshTransition.arrowAngle(kind: .header, from: .idle, to: .pulling, since: 0) == 0)
        let mid = MJRefreshTransition.arrowAngle(kind: .header, from: .idle, to: .pulling, since: 125_000) ?? 0
        #expect(abs(mid - up / 2) < 1e-6) // negative: counter-clockwise
        #expect(MJRefreshTransition.arrowAngle(kind: .header, from: .idle, to: .pulling, since: 250_000) == up)
        let back = MJRefreshTransition.arrowAngle(kind: .header, from: .pulling, to: .idle, since: 62_500) ?? 0
        #expect(back < 0 && back > up)
        // Interrupted: starts from the angle shown.
        let resumed = MJRefreshTransition.arrowAngle(kind: .header, from: .pulling, to: .idle, since: 0, startAngle: -1.0)
        #expect(resumed == -1.0)
        // Trail arrow: clockwise (increasing) to π, snapping back after a refresh.
        let trail = MJRefreshTransition.arrowAngle(kind: .trailer, from: .idle, to: .pulling, since: 125_000) ?? 0
        #expect(abs(trail - Double.pi / 2) < 1e-6)
        #expect(MJRefreshTransition.arrowAngle(kind: .trailer, from: .refreshing, to: .idle, since: 100_000) == Double.pi)
        #expect(MJRefreshTransition.arrowAngle(kind: .trailer, from: .refreshing, to: .idle, since: 300_000) == 0)
    }

    @Test("Refreshing → Idle: the spinner fades over 0.4 s while the arrow stays hidden")
    func spinnerFade() {
        let start = MJRefreshTransition.values(kind: .header, from: .refreshing, to: .idle, since: 0)
        #expect(start.spinnerOpacity == 1 && start.arrowHidden == true && start.arrowAngle == 0)
        let half = MJRefreshTransition.values(kind: .header, from: .refreshing, to: .idle, since: 200_000)
        #expect(abs((half.spinnerOpacity ?? 0) - 0.5) < 1e-9)
        let done = MJRefreshTransition.values(kind: .header, from: .refreshing, to: .idle, since: 400_000)
        #expect(done.spinnerOpacity == nil && done.arrowHidden == nil)
        let faded = MJRefreshTransition.values(kind: .header, from: .refreshing, to: .idle, since: 100_000, autoAlpha: true)
        #expect((faded.alpha ?? 1) < 1)
    }
}
