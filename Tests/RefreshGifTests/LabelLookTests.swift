import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
import Testing

/// The labels' own fonts and colours and the control's background, as apps set them on
/// MJRefresh's `stateLabel`, `lastUpdatedTimeLabel` and the control's `backgroundColor`.
@Suite("Label fonts, label colours, the control's background")
struct LabelLookTests {
    static let blue = RGBAColor(red: 0x00, green: 0x7A, blue: 0xFF)
    static let red = RGBAColor(red: 0xFF, green: 0x3B, blue: 0x30)

    static func scene(_ change: (inout RefreshScene) -> Void = { _ in }) throws -> RefreshScene {
        var scene = try RefreshScene(kind: .header, style: .normal, state: .pulling, pullingPercent: 1, scale: 2)
        change(&scene)
        return scene
    }

    /// The colours of the opaque pixels inside `frame` (points) and outside `excluded`, counted.
    static func inks(_ image: RGBAImage, in frame: RefreshRect, excluding excluded: RefreshRect? = nil, scale: Double = 2)
        -> [RGBAColor: Int]
    {
        var out: [RGBAColor: Int] = [:]
        for y in Int(frame.y * scale)..<Int(frame.maxY * scale) {
            for x in Int(frame.x * scale)..<Int(frame.maxX * scale) {
                if let excluded, Double(x) / scale >= excluded.x, Double(x) / scale < excluded.maxX { continue }
                guard let p = image.pixel(x: x, y: y), p.a == 255 else { continue }
                out[RGBAColor(red: p.r, green: p.g, blue: p.b), default: 0] += 1
            }
        }
        return out
    }

    @Test("each label takes its own colour; MJRefresh's arrow takes the state label's")
    func colours() throws {
        let renderer = try RefreshRenderer()
        let scene = try Self.scene {
            $0.stateLabelColor = Self.blue
            $0.timeLabelColor = Self.red
        }
        let image = try renderer.render(scene)
        let layout = try renderer.plan(for: scene).layout
        let title = Self.inks(image, in: try #require(layout.stateLabel))
        // The time label spans the control's width; the arrow, beside the text, is left out.
        let time = Self.inks(image, in: try #require(layout.timeLabel), excluding: layout.arrow)
        let arrow = Self.inks(image, in: try #require(layout.arrow))
        // Solid glyph pixels are exactly the label's colour, and no other label's.
        #expect(title[Self.blue, default: 0] > 20 && title[Self.red] == nil)
        #expect(time[Self.red, default: 0] > 20 && time[Self.blue] == nil)
        #expect(arrow[Self.blue, default: 0] > 10)
        // Unset, both are the text colour (MJRefresh's #5A5A5A).
        let plain = try renderer.render(try Self.scene())
        #expect(Self.inks(plain, in: try #require(layout.timeLabel))[.mjLabel, default: 0] > 20)
    }

    @Test("a label's font changes its size and weight, and the layout measures it")
    func fonts() throws {
        let renderer = try RefreshRenderer()
        let plain = try renderer.plan(for: try Self.scene())
        let big = try renderer.plan(for: try Self.scene { $0.stateLabelFont = LabelFonts.Font(pointSize: 20, bold: true) })
        let small = try renderer.plan(for: try Self.scene { $0.timeLabelFont = LabelFonts.Font(pointSize: 11, bold: false) })
        // MJRefresh centres the widest line and puts the arrow 25 pt left of it: a wider title moves it.
        #expect(try #require(big.layout.arrow).x < (try #require(plain.layout.arrow).x) - 10)
        // A regular 11-pt time line is narrower than the bold 14-pt one.
        let plainTime = try Self.inkWidth(try renderer.render(try Self.scene()), in: try #require(plain.layout.timeLabel))
        let smallTime = try Self.inkWidth(
            try renderer.render(try Self.scene { $0.timeLabelFont = LabelFonts.Font(pointSize: 11, bold: false) }),
            in: try #require(small.layout.timeLabel))
        #expect(Double(smallTime) < Double(plainTime) * 0.85)
    }

    @Test("a label's font names an installed family (UIFont(name:size:)): the layout measures that face; an unknown one is refused")
    func fontFamily() throws {
        let renderer = try RefreshRenderer()
        // At 18 pt the title, not the time line, is the widest line the arrow is placed by.
        let serif = LabelFonts.Font(pointSize: 18, bold: true, family: "DejaVu Serif")
        let face = try #require(FontResolver.face(family: "dejavu serif", bold: true))
        #expect(face.path.hasSuffix("DejaVuSerif-Bold.ttf"))
        let plain = try renderer.plan(for: try Self.scene { $0.stateLabelFont = LabelFonts.Font(pointSize: 18) })
        let named = try renderer.plan(for: try Self.scene { $0.stateLabelFont = serif })
        // DejaVu Serif Bold is wider than the default face: the label widens to the measured text.
        let title = try renderer.textWidth(named.stateTitle, font: face)
        #expect(title > (try renderer.textWidth(plain.stateTitle)) + 5) // both at 14 pt
        let namedLabel = try #require(named.layout.stateLabel), plainLabel = try #require(plain.layout.stateLabel)
        #expect(abs(namedLabel.width - plainLabel.width) < 0.001)
        #expect(try #require(named.layout.arrow).x < (try #require(plain.layout.arrow).x) - 2)
        let error = try #require(throws: InvalidValue.self) {
            try renderer.render(try Self.scene { $0.timeLabelFont = LabelFonts.Font(family: "No Such Family") })
        }
        #expect(error.field == "timeLabelFont" && error.reason.contains("'No Such Family'"))
    }

    @Test("emoji in a title are drawn in colour from the emoji font, joined sequences as one glyph, whatever the label colour")
    func colourEmoji() throws {
        let renderer = try RefreshRenderer()
        let scene = try Self.scene {
            $0.titles[.pulling] = "Go 🎉"
            $0.stateLabelColor = RGBAColor(red: 0x55, green: 0x55, blue: 0x55)
        }
        let image = try renderer.render(scene)
        let frame = try #require(try renderer.plan(for: scene).layout.stateLabel)
        var saturated = 0
        for y in Int(frame.y * 2)..<Int(frame.maxY * 2) {
            for x in 0..<image.width {
                guard let p = image.pixel(x: x, y: y), p.a == 255 else { continue }
                if max(p.r, p.g, p.b) - min(p.r, p.g, p.b) > 80 { saturated += 1 }
            }
        }
        // A grey label would have no saturated pixel; the party popper has many.
        #expect(saturated > 50)
        #expect(try AssetLint.missingCharacters(scene).isEmpty)
        // One emoji is about 1.25 em; a family of three joined by ZWJ is one glyph, not three.
        let one = try renderer.textWidth("👨")
        let family = try renderer.textWidth("👨\u{200D}👩\u{200D}👧")
        #expect(one > 14 && one < 20)
        #expect(abs(family - one) < 0.5)
        // The missing-character check finds emoji in the emoji font too.
        let check = try #require(try renderer.glyph(for: "✅"))
        #expect(check.location.path.contains("Emoji"))
    }

    @Test("a label's font may be a file the app bundles, found from the scene's folder; a missing one names the file")
    func fontFile() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Fonts", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf", toPath: folder + "/Fonts/Brand.ttf")
        let json = #"{"style": "normal", "timeLabelFont": "12 Fonts/Brand.ttf"}"#
        let scene = try JSONDecoder().decode(SceneDescription.self, from: Data(json.utf8)).makeScene(baseDirectory: folder)
        #expect(scene.timeLabelFont?.family == folder + "/Fonts/Brand.ttf")
        let renderer = try RefreshRenderer()
        var plain = scene
        plain.timeLabelFont = LabelFonts.Font(pointSize: 12, bold: false)
        // The file's face draws the time line: not the pixels of the system face.
        #expect(try renderer.render(scene) != (try renderer.render(plain)))
        let missing = try #require(throws: RefreshGifError.self) {
            try JSONDecoder().decode(SceneDescription.self, from: Data(json.utf8)).makeScene(baseDirectory: folder + "/nowhere")
        }
        #expect("\(missing)".contains("nowhere/Fonts/Brand.ttf"))
    }

    static func inkWidth(_ image: RGBAImage, in frame: RefreshRect) throws -> Int {
        var minX = Int.max, maxX = Int.min
        for y in Int(frame.y * 2)..<Int(frame.maxY * 2) {
            for x in 0..<image.width where (image.pixel(x: x, y: y)?.a ?? 0) > 0 {
                minX = min(minX, x)
                maxX = max(maxX, x)
            }
        }
        return maxX - minX
    }

    @Test("the control's background fills it under its drawing, in every library, over ZJRefresh's own")
    func controlColour() throws {
        let grey = RGBAColor(red: 0xF2, green: 0xF2, blue: 0xF7)
        let renderer = try RefreshRenderer()
        for family in [MJRefresh(), SVPullToRefresh(), ZJRefresh()] as [any RefreshFamily] {
            var scene = RefreshScene()
            scene.family = family
            scene.style = family.styles(for: .header)[0]
            scene.controlColor = grey
            let corner = try #require(try renderer.render(scene).pixel(x: 0, y: 0))
            #expect(corner.r == 0xF2 && corner.g == 0xF2 && corner.b == 0xF7 && corner.a == 255, "\(family.name)")
        }
    }

    @Test("settings: --state-label-font takes SIZE, regular SIZE or bold SIZE, and refuses the rest with one line")
    func fontSetting() throws {
        let schema = SceneSchema.standard
        let scene = try schema.description(fromArguments: ["--state-label-font", "bold 17", "--time-label-font", "12"]).makeScene()
        #expect(scene.stateLabelFont == LabelFonts.Font(pointSize: 17, bold: true))
        #expect(scene.timeLabelFont == LabelFonts.Font(pointSize: 12, bold: false))
        let named = try schema.description(fromArguments: ["--state-label-font", "bold 17 DejaVu Serif"]).makeScene()
        #expect(named.stateLabelFont == LabelFonts.Font(pointSize: 17, bold: true, family: "DejaVu Serif"))
        #expect(named.stateLabelFont?.sceneValue == .text("bold 17 DejaVu Serif"))
        for bad in ["heavy 17", "0", "bold", "201", "bold DejaVu Serif"] {
            let error = try #require(throws: InvalidValue.self) {
                try schema.description(fromArguments: ["--state-label-font", bad]).validate()
            }
            #expect(error.field == "stateLabelFont" && error.reason.hasPrefix("expected SIZE, regular SIZE or bold SIZE"), "\(bad)")
        }
    }
}

/// MJRefresh's `mj_h`, set by the app after making the control.
@Suite("MJRefresh: the height an app sets")
struct ControlHeightTests {
    @Test("a header of 80 pt splits its labels at 40 pt, and must be pulled 80 pt to arm")
    func header() throws {
        let scene = try SceneSchema.standard.description(fromArguments: ["--style", "normal", "--height", "80"]).makeScene()
        #expect(scene.size.height == 80)
        let plan = try RefreshRenderer().plan(for: scene)
        #expect(plan.layout.stateLabel == RefreshRect(x: 0, y: 0, width: 375, height: 40))
        #expect(plan.layout.timeLabel == RefreshRect(x: 0, y: 40, width: 375, height: 40))
        // Pulled 60 pt (past the default 54) is not yet Pulling; 90 pt is.
        for (pull, armed) in [(60.0, false), (90.0, true)] {
            let gesture = Gesture(script: Gesture.Script(pull: pull, over: 0.3, hold: 0.2, refresh: nil, noMoreData: nil))
            let states = try GesturePlayer(gesture: gesture, scene: scene).frames(fps: 30).map(\.state)
            #expect(states.contains(.pulling) == armed, "pull \(pull)")
        }
    }

    @Test("it overrides a GIF style's auto-height, for footers too; SVPullToRefresh's fixed height refuses one")
    func gifAndFooters() throws {
        let fixtures = Support.root.appendingPathComponent("Fixtures").path
        let grown = try SceneSchema.standard.description(fromArguments: ["--images", "idle=demo/pull.gif"]).makeScene(
            baseDirectory: fixtures)
        let set = try SceneSchema.standard.description(fromArguments: ["--images", "idle=demo/pull.gif", "--height", "40"])
            .makeScene(baseDirectory: fixtures)
        #expect(grown.size.height != 40 && set.size.height == 40, "\(grown.size.height)")
        let footer = try SceneSchema.standard.description(fromArguments: ["--kind", "back-footer", "--height", "70"]).makeScene()
        #expect(footer.size.height == 70)
        let error = try #require(throws: InvalidValue.self) {
            try SceneSchema.standard.description(fromArguments: ["--library", "svpulltorefresh", "--height", "80"]).validate()
        }
        #expect(error.field == "height")
    }
}
