import Foundation
import Testing

@testable import RefreshGif
@testable import RefreshImage
@testable import RefreshModel
@testable import RefreshRaster

/// The geometry, strings and state names of SVPullToRefresh and ZJRefresh, checked against
/// numbers worked out by hand from their sources (docs/families.md), not against pictures.
@Suite("SVPullToRefresh and ZJRefresh: layout numbers, strings, state names")
struct FamilyLayoutTests {
    @Test("SV pull-to-refresh view (current source): arrow and labels centred as one group measured from the text")
    func svPullToRefresh() {
        // UIScrollView+SVPullToRefresh.m, layoutSubviews: column = max(22, 20) = 22, margin 10,
        // labels as wide as their text; at 375 pt a 107-pt title gives 187.5 − 139 / 2 = 118.
        let title = SVPullToRefreshLayout.pullToRefresh(width: 375, title: (107, 17), subtitle: nil)
        #expect(title.arrow == RefreshRect(x: 118, y: 6, width: 22, height: 48))
        #expect(title.spinner == RefreshRect(x: 119, y: 20, width: 20, height: 20))
        #expect(title.stateLabel == RefreshRect(x: 150, y: 21, width: 107, height: 18)) // 21.5…38.5 made integral
        #expect(title.timeLabel == nil)
        #expect(title.textAlignment == .left)
        // A 180-pt subtitle: group 212 → arrow 81.5, labels 113.5 made integral (113, 181 wide);
        // block 17 + 2 + 15 = 34 → title at 13, subtitle at 32.
        let both = SVPullToRefreshLayout.pullToRefresh(width: 375, title: (107, 17), subtitle: (180, 15))
        #expect(both.arrow?.x == 81.5)
        #expect(both.stateLabel == RefreshRect(x: 113, y: 13, width: 108, height: 17))
        #expect(both.timeLabel == RefreshRect(x: 113, y: 32, width: 181, height: 15))
        // No text: the group is the arrow's column alone, centred.
        let bare = SVPullToRefreshLayout.pullToRefresh(width: 320, title: nil, subtitle: nil)
        #expect(bare.arrow?.x == 149)
        // sizeWithFont: whole points, at most the room beside the arrow's column.
        #expect(SVPullToRefreshLayout.measured(width: 106.2, lineHeight: 16.7, maxWidth: 300) == (107, 17))
        #expect(SVPullToRefreshLayout.measured(width: 400, lineHeight: 16.7, maxWidth: 343).width == 343)
    }

    @Test("SV's WhiteLarge indicator (37 pt) widens the arrow's column; activityIndicatorViewColor paints the spokes")
    func svIndicatorStyles() throws {
        // layoutSubviews: column = max(arrow 22, indicator 37); the arrow centred in it.
        let large = SVPullToRefreshLayout.pullToRefresh(width: 375, title: (107, 17), subtitle: nil, indicator: 37)
        let groupX: Double = 187.5 - 154.0 / 2 // 37 + 10 + 107
        #expect(large.arrow?.x == groupX + 7.5)
        #expect(large.stateLabel?.x == (groupX + 47).rounded(.down))
        #expect(large.spinner?.width == 37)
        #expect(SpinnerStyle.whiteLarge.boxSize == 37 && SpinnerStyle.white.boxSize == 20)
        var scene = RefreshScene()
        scene.family = SVPullToRefresh()
        scene.style = .normal
        scene.state = .refreshing
        scene.scale = 1
        scene.spinnerColor = RGBAColor(red: 255, green: 0, blue: 0)
        let picture = try RefreshRenderer().render(scene)
        let spinner = try #require(try RefreshRenderer().plan(for: scene).layout.spinner)
        var red = 0
        for y in Int(spinner.y)..<Int(spinner.maxY) {
            for x in Int(spinner.x)..<Int(spinner.maxX) {
                if let p = picture.pixel(x: x, y: y), p.a > 0, p.r > 200, p.g < 40 { red += 1 }
            }
        }
        #expect(red > 10, "red spokes")
    }

    @Test("SV pull-to-refresh view (2012 source): arrow at ceil((W − 200) × 0.5), labels 44 pt right, indicator on the arrow")
    func svPullToRefresh2012() {
        let narrow = SVPullToRefreshLayout.pullToRefresh2012(width: 320, customView: nil)
        #expect(narrow.arrow == RefreshRect(x: 60, y: 6, width: 22, height: 48))
        #expect(narrow.spinner == RefreshRect(x: 61, y: 20, width: 20, height: 20))
        #expect(narrow.stateLabel == RefreshRect(x: 104, y: 12, width: 150, height: 20))
        #expect(narrow.timeLabel == RefreshRect(x: 104, y: 28, width: 180, height: 20))
        #expect(narrow.textAlignment == .left)
        // 375 pt: (375 − 200) × 0.5 = 87.5 → 88; + 44 = 131.5 → 132.
        let wide = SVPullToRefreshLayout.pullToRefresh2012(width: 375, customView: nil)
        #expect(wide.arrow?.x == 88)
        #expect(wide.stateLabel?.x == 132)
    }

    @Test("SV: the current layout shows a subtitle but no date label (its layout pass replaces it); 2012 shows the date")
    func svDateLabel() throws {
        var scene = RefreshScene()
        scene.family = SVPullToRefresh(showsDateLabel: true)
        scene.lastUpdated = Date(timeIntervalSince1970: 1_710_668_460)
        #expect(scene.lastUpdatedText == nil)
        scene.family = SVPullToRefresh(subtitles: [.idle: "Synced"], showsDateLabel: true)
        #expect(scene.lastUpdatedText == "Synced")
        scene.family = SVPullToRefresh(showsDateLabel: true, layoutVersion: .v2012)
        #expect(scene.lastUpdatedText == "Last Updated: 3/17/24, 9:41 AM")
        let chosen = try SceneDescription.from(["library": .text("svpulltorefresh"), "svLayout": .text("2012")]).makeScene()
        #expect((chosen.family as? SVPullToRefresh)?.layoutVersion == .v2012)
        let formatted = try SceneDescription.from([
            "library": .text("svpulltorefresh"), "svLayout": .text("2012"), "svDateFormat": .text("yyyy-MM-dd HH:mm"),
            "lastUpdated": .text("2024-03-17T09:41:00Z"),
        ]).makeScene()
        #expect(formatted.lastUpdatedText == "Last Updated: 2024-03-17 09:41")
    }

    @Test("SV custom views and the infinite scrolling indicator are centred with rounded origins")
    func svCentred() {
        let custom = SVPullToRefreshLayout.customView((25, 25), width: 320)
        #expect(custom.image == RefreshRect(x: 148, y: 18, width: 25, height: 25)) // 147.5 and 17.5 round up
        #expect(custom.arrow == nil && custom.stateLabel == nil)
        #expect(SVPullToRefreshLayout.pullToRefresh2012(width: 320, customView: (25, 25)).image == custom.image)
        let infinite = SVPullToRefreshLayout.infiniteScrolling(width: 320, customView: nil)
        #expect(infinite.spinner == RefreshRect(x: 150, y: 20, width: 20, height: 20))
    }

    @Test("ZJ labels: description above the middle, time 8 pt below, image box 15 pt left of the wider")
    func zjLabels() {
        let gif = ZJRefreshLayout.gif(width: 320, height: 100, description: (80, 16.7), time: (150, 16.7), image: (36, 36))
        #expect(gif.stateLabel == RefreshRect(x: 120, y: 33, width: 80, height: 17))
        #expect(gif.timeLabel == RefreshRect(x: 85, y: 58, width: 150, height: 17))
        // Box 70 × 100; a 36-pt image aspect-fits to 70 × 70, centred in it.
        #expect(gif.image == RefreshRect(x: 0, y: 15, width: 70, height: 70))
        let alone = ZJRefreshLayout.gif(width: 320, height: 100, description: (80, 17), time: nil, image: (36, 72))
        #expect(alone.stateLabel == RefreshRect(x: 120, y: 41.5, width: 80, height: 17))
        // Box 105 × 100: the 36 × 72 image fits by height, 50 × 100.
        #expect(alone.image == RefreshRect(x: 27.5, y: 0, width: 50, height: 100))
        let hidden = ZJRefreshLayout.gif(width: 320, height: 100, description: nil, time: nil, image: (36, 36))
        #expect(hidden.image == RefreshRect(x: 110, y: 0, width: 100, height: 100)) // the whole view is the box
    }

    @Test("ZJ NormalAnimator as its nib lays it out: 52 pt, labels centred 5 pt in, the arrow's view 15 pt left")
    func zjNormalNib() throws {
        // NormalAnimator.xib at 375 pt: a 60-pt description over a 150-pt time label (17 pt
        // high); the description label widens to the time label's 150 (its hugging priority is
        // the lower), so its leading edge, and the image view 15 pt left of it, follow.
        let header = ZJRefreshLayout.normal(width: 375, height: 52, description: (60, 17.9), time: (150, 16.7))
        #expect(header.stateLabel == RefreshRect(x: 112.5, y: 5, width: 150, height: 25)) // text centred at y 17.5
        #expect(header.timeLabel == RefreshRect(x: 112.5, y: 30, width: 150, height: 17))
        // Image view 36 × 36 at x 112.5 − 15 − 36 = 61.5, y 8; the 23 × 60 image aspect-fits to 13.8 × 36.
        let arrow = try #require(header.arrow)
        #expect(abs(arrow.x - 72.6) < 1e-9 && arrow.y == 8 && abs(arrow.width - 13.8) < 1e-9 && arrow.height == 36)
        #expect(header.spinner == RefreshRect(x: 69.5, y: 16, width: 20, height: 20))
        // The wider description: the labels keep their own widths, the arrow moves with it.
        let wide = ZJRefreshLayout.normal(width: 375, height: 52, description: (200, 17.9), time: (150, 16.7))
        #expect(wide.stateLabel?.x == 87.5 && wide.timeLabel?.x == 112.5)
        // A footer's time label is hidden and empty: the description takes 5…47.
        let footer = ZJRefreshLayout.normal(width: 375, height: 52, description: (60, 17.9), time: nil)
        #expect(footer.stateLabel == RefreshRect(x: 157.5, y: 5, width: 60, height: 42))
        #expect(footer.timeLabel == nil)
    }

    @Test("ZJ NormalAnimator's look: orange view, black 15/14-pt labels; GifAnimator clear with grey 14-pt labels")
    func zjNormalLook() {
        var scene = RefreshScene()
        scene.family = ZJRefresh()
        scene.style = .normal
        #expect(scene.family.fill(of: scene) == RGBAColor(red: 0xFF, green: 0x80, blue: 0))
        #expect(scene.labelColor == RGBAColor(red: 0, green: 0, blue: 0))
        #expect(scene.family.labelFonts(of: scene).title.pointSize == 15 && scene.family.labelFonts(of: scene).second.pointSize == 14)
        scene.style = .gif
        #expect(scene.family.fill(of: scene) == nil)
        #expect(scene.labelColor == RGBAColor(red: 0xAA, green: 0xAA, blue: 0xAA))
        #expect(scene.family.labelFonts(of: scene).title.pointSize == 14)
    }

    @Test("family sizes: SV 60 pt, ZJ 52 pt normal, 100 pt GIF or the height given")
    func sizes() throws {
        var scene = RefreshScene()
        scene.family = SVPullToRefresh()
        scene.style = .normal
        #expect(scene.size.height == 60)
        scene.family = ZJRefresh()
        #expect(scene.size.height == 52)
        scene.style = .gif
        #expect(scene.size.height == 100)
        scene.family = ZJRefresh(animatorHeight: 80)
        #expect(scene.size.height == 80)
        // No auto-height: a tall image does not grow the animator.
        let tall = try ScaledImage(image: try RGBAImage(width: 10, height: 400), scale: 2)
        scene.images = StateImages()
        scene.images.set(ImageSequence(frames: [tall]), for: .refreshing)
        #expect(scene.size.height == 80)
    }

    @Test("each family's state names, MJRefresh's beside them; no-more-data only in MJRefresh")
    func stateNames() throws {
        #expect(SVPullToRefresh().state(named: "triggered")?.state == .pulling)
        #expect(SVPullToRefresh().state(named: "pulling")?.state == .pulling)
        #expect(SVPullToRefresh().state(named: "no-more-data") == nil)
        #expect(ZJRefresh().state(named: "pull-to-refresh") == .init(name: "pull-to-refresh", state: .idle, pulled: true))
        #expect(ZJRefresh().state(named: "release-to-refresh")?.state == .pulling)
        #expect(MJRefresh().state(named: "triggered") == nil)
        let pull = try SceneDescription.from(["library": .text("zjrefresh"), "state": .text("pull-to-refresh")]).makeScene()
        #expect(pull.state == .idle && pull.pullingPercent == 0.5 && pull.stateTitle == "继续下拉刷新")
        #expect(throws: InvalidValue.self) {
            try SceneDescription.from(["library": .text("svpulltorefresh"), "state": .text("no-more-data")]).validate()
        }
        #expect(throws: InvalidValue.self) {
            try SceneDescription.from(["library": .text("zjrefresh"), "kind": .text("trailer")]).validate()
        }
        let titled = try SceneDescription.from([
            "library": .text("zjrefresh"), "state": .text("pull-to-refresh"),
            "titles": .byState(["pull-to-refresh": .text("P"), "normal": .text("N")]),
        ]).makeScene()
        #expect(titled.stateTitle == "P")
        var rested = titled
        rested.pullingPercent = 0
        #expect(rested.stateTitle == "N")
    }

    @Test("strings: SV's titles and date label, ZJ's titles and time label with its day-only 'today'")
    func strings() {
        let utc = TimeZone(identifier: "UTC") ?? .current
        let march17 = Date(timeIntervalSince1970: 1_710_668_460) // 2024-03-17 09:41 UTC
        #expect(SVPullToRefresh.lastUpdated(march17, timeZone: utc) == "Last Updated: 3/17/24, 9:41 AM")
        #expect(SVPullToRefresh.lastUpdated(nil, timeZone: utc) == "Last Updated: Never")
        #expect(
            SVPullToRefresh().defaultTitle(kind: .header, state: .pulling, pulled: true, language: .zhHans)
                == "Release to refresh...")
        #expect(ZJRefresh.lastRefresh(nil, now: march17, timeZone: utc) == "首次刷新")
        let april17 = Date(timeIntervalSince1970: 1_713_347_000) // 2024-04-17: same day of the month
        #expect(ZJRefresh.lastRefresh(march17, now: april17, timeZone: utc) == "上次刷新时间:今天 09:41")
        let july5 = Date(timeIntervalSince1970: 1_720_180_800)
        #expect(ZJRefresh.lastRefresh(march17, now: july5, timeZone: utc) == "上次刷新时间:03-17 09:41")
        let nextYear = Date(timeIntervalSince1970: 1_751_716_800) // 2025-07-05
        #expect(ZJRefresh.lastRefresh(march17, now: nextYear, timeZone: utc) == "上次刷新时间:2024-03-17 09:41")
        #expect(ZJRefresh().defaultTitle(kind: .backFooter, state: .idle, pulled: true, language: .en) == "继续上拉刷新")
    }

    @Test("SV's arrow fades from clear at its top to opaque at 80 %, and turns with its gradient")
    func svArrowGradient() throws {
        var scene = RefreshScene()
        scene.family = SVPullToRefresh(layoutVersion: .v2012)
        scene.style = .normal
        scene.width = 320
        scene.scale = 2
        scene.stateLabelHidden = true
        let renderer = try RefreshRenderer()
        let down = try renderer.render(scene)
        // Arrow frame (60, 6) pt in the 2012 layout: the first bar (y 0–4) is faint, the triangle opaque.
        let topBar = try #require(down.pixel(x: 2 * 66, y: 2 * 7 + 1))
        let tip = try #require(down.pixel(x: 2 * 71, y: 2 * (6 + 42)))
        #expect(topBar.a < 40 && tip.a == 255)
        scene.state = .pulling
        let up = try renderer.render(scene)
        // Turned by π: the triangle is at the top now and still the opaque part.
        let turnedTip = try #require(up.pixel(x: 2 * 71, y: 2 * (6 + 6)))
        let turnedBar = try #require(up.pixel(x: 2 * 66, y: 2 * (6 + 46)))
        #expect(turnedTip.a == 255 && turnedBar.a < 40)
        // The default arrow colour is #808080 and the bars are its colour, un-premultiplied.
        #expect(tip.r == 0x80 && tip.g == 0x80 && tip.b == 0x80)
    }
}

private extension SceneDescription {
    /// A description with the given fields set.
    static func from(_ values: [String: SceneValue]) throws -> SceneDescription {
        var description = SceneDescription()
        for (key, value) in values { description[key: SceneKey(key)] = value }
        return description
    }
}
