import RefreshGifTestSupport
import Testing

@testable import ImageCodecs
@testable import PixelDiff
@testable import RefreshGif
@testable import RefreshImage
@testable import RefreshModel
@testable import RefreshRaster

@Suite("Layout (docs/layout.md)")
struct LayoutTests {
    func input(_ kind: ComponentKind, _ style: ComponentStyle, w: Double = 375, h: Double = 54) -> LayoutInput {
        LayoutInput(kind: kind, style: style, width: w, height: h)
    }

    @Test("NormalHeader: W=375, H=54, T=150 → arrow x 80–95 y 7–47, spinner x 77.5–97.5 y 17–37")
    func normalHeader() {
        var i = input(.header, .normal)
        i.stateTextWidth = 120
        i.timeTextWidth = 150
        let layout = ComponentLayout(i)
        #expect(layout.arrow == RefreshRect(x: 80, y: 7, width: 15, height: 40))
        #expect(layout.spinner == RefreshRect(x: 77.5, y: 17, width: 20, height: 20))
        #expect(layout.stateLabel == RefreshRect(x: 0, y: 0, width: 375, height: 27))
        #expect(layout.timeLabel == RefreshRect(x: 0, y: 27, width: 375, height: 27))
        // Time label hidden: only Ts counts; the state label takes the whole height.
        i.timeLabelHidden = true
        let hidden = ComponentLayout(i)
        let leftOfCentre: Double = 375.0 / 2 - (60 + 25)
        #expect(hidden.arrow?.midX == leftOfCentre)
        #expect(hidden.stateLabel == RefreshRect(x: 0, y: 0, width: 375, height: 54))
        #expect(hidden.timeLabel == nil)
        // State label hidden: arrow centred; the time label is not laid out (quirk docs/layout.md).
        i.stateLabelHidden = true
        i.timeLabelHidden = false
        let noState = ComponentLayout(i)
        #expect(noState.arrow?.midX == 187.5)
        #expect(noState.stateLabel == nil && noState.timeLabel == nil)
    }

    @Test("GifHeader: 50×50 image, T=150 → x 42.5–92.5, y 2–52; both labels hidden → x 162.5–212.5")
    func gifHeader() {
        var i = input(.header, .gif)
        i.stateTextWidth = 150
        i.timeTextWidth = 100
        i.imageSize = (50, 50)
        #expect(ComponentLayout(i).image == RefreshRect(x: 42.5, y: 2, width: 50, height: 50))
        i.stateLabelHidden = true
        i.timeLabelHidden = true
        #expect(ComponentLayout(i).image == RefreshRect(x: 162.5, y: 2, width: 50, height: 50))
        // Only the state label hidden: still Right mode, Ts still counts (docs/layout.md).
        i.timeLabelHidden = false
        #expect(ComponentLayout(i).image == RefreshRect(x: 42.5, y: 2, width: 50, height: 50))
        // An image wider than gifW extends to the left, unclipped.
        i.stateLabelHidden = false
        i.stateTextWidth = 300
        i.imageSize = (80, 30)
        #expect(ComponentLayout(i).image == RefreshRect(x: 375.0 / 2 - 150 - 20 - 80, y: 12, width: 80, height: 30))
    }

    @Test("footers: label fills the bounds; arrow/spinner at W/2 − (Ts/2 + 25); GIF right edge at W/2 − 20 − Ts/2")
    func footers() {
        var back = input(.backFooter, .normal, h: 44)
        back.stateTextWidth = 100
        let b = ComponentLayout(back)
        #expect(b.stateLabel == RefreshRect(x: 0, y: 0, width: 375, height: 44))
        #expect(b.arrow == RefreshRect(centerX: 112.5, centerY: 22, width: 15, height: 40))
        #expect(b.spinner == RefreshRect(centerX: 112.5, centerY: 22, width: 20, height: 20))
        var auto = input(.autoFooter, .normal, h: 44)
        auto.stateTextWidth = 100
        #expect(ComponentLayout(auto).arrow == nil)
        #expect(ComponentLayout(auto).spinner?.midX == 112.5)
        auto.refreshingTitleHidden = true
        #expect(ComponentLayout(auto).spinner?.midX == 187.5)
        var gif = input(.backFooter, .gif, h: 50)
        gif.stateTextWidth = 100
        gif.imageSize = (50, 50)
        #expect(ComponentLayout(gif).image == RefreshRect(x: 117.5 - 50, y: 0, width: 50, height: 50))
        gif.stateLabelHidden = true
        #expect(ComponentLayout(gif).image == RefreshRect(x: 162.5, y: 0, width: 50, height: 50))
        var autoGif = input(.autoFooter, .gif, h: 50)
        autoGif.imageSize = (50, 50)
        autoGif.refreshingTitleHidden = true
        #expect(ComponentLayout(autoGif).image == RefreshRect(x: 162.5, y: 0, width: 50, height: 50))
    }

    @Test("trailer: arrow x 5–25 and label x 33–47 centred on H/2; label hidden → arrow centred")
    func trailer() {
        var i = input(.trailer, .normal, w: 60, h: 300)
        let layout = ComponentLayout(i)
        #expect(layout.arrow == RefreshRect(x: 5, y: 140, width: 20, height: 20))
        #expect(layout.stateLabel == RefreshRect(x: 33, y: 0, width: 14, height: 300))
        i.stateLabelHidden = true
        #expect(ComponentLayout(i).arrow == RefreshRect(x: 20, y: 140, width: 20, height: 20))
        let state = ComponentLayout(input(.trailer, .state, w: 60, h: 300))
        #expect(state.arrow == nil)
        #expect(state.stateLabel == RefreshRect(x: 23, y: 0, width: 14, height: 300))
    }

    @Test("RTL mirrors every frame horizontally")
    func rightToLeft() {
        var i = input(.header, .gif)
        i.stateTextWidth = 150
        i.imageSize = (50, 50)
        let mirrored = ComponentLayout(i).mirrored(inWidth: 375)
        #expect(mirrored.image == RefreshRect(x: 375 - 92.5, y: 2, width: 50, height: 50))
    }

    @Test("positions snap to device pixels at scales 1, 2 and 3 (round half up)")
    func snapping() {
        // GIF image at x 42.5 pt: 42.5 → 43 px @1x, 85 px @2x, 127.5 → 128 px @3x.
        #expect([1.0, 2, 3].map { TextRenderer.snap(42.5 * $0) } == [43, 85, 128])
        #expect(TextRenderer.snap(-0.5) == 0)
        #expect(TextRenderer.snap(2.4999) == 2)
    }
}
