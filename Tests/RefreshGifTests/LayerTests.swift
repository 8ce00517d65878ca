import Foundation
import RefreshGifTestSupport
import Testing

@testable import ImageCodecs
@_spi(Tools) @testable import RefreshGif
@testable import RefreshImage
@testable import RefreshModel
@testable import RefreshRaster

@Suite("Layers: a control's own subviews")
struct LayerTests {
    static let inputs = LayerExpression.Inputs(w: 375, h: 50, pullingPercent: 0.5, t: 2)

    @Test(
        "expressions compute as placeSubviews does",
        arguments: [
            ("w * 0.5", 187.5), ("-100 + 20", -80), ("w - 30", 345), ("h * 0.5", 25), ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9),
            ("10 - 4 - 3", 3), ("12 / 4 / 3", 1), ("- -2", 2), ("w × 2 ÷ 3", 250), ("min(w, h, 7)", 7), ("max(1, pullingPercent)", 1),
            ("clamp(pullingPercent * 4, 0, 1)", 1), ("clamp(-3, 0, 1)", 0), ("t * 360", 720), ("floor(2.7)", 2), ("cos(pi)", -1),
            ("sin(0)", 0), ("2.5e1", 25), (" h ", 50),
        ])
    func expressions(text: String, value: Double) throws {
        #expect(try LayerExpression(text).value(Self.inputs) == value)
    }

    @Test("layerFrames says where each layer is placed at the scene's moment, in points, and whether it shows")
    func layerFramesAreThePlacement() throws {
        var description = try SceneDescription(
            contentsOfFile: Support.root.appendingPathComponent("examples/layers/MJDIYHeader.json").path)
        description[.width] = .number(320)
        description[.state] = .text("idle")
        let renderer = try RefreshRenderer()
        let idle = try renderer.layerFrames(of: try description.makeScene())
        #expect(idle.map(\.name) == ["label", "s", "logo", "loading"])
        // The label fills the control; the logo is 100 pt tall, centred 80 pt above its top;
        // the spinner, stopped at rest, is centred 30 pt from the right edge and draws nothing.
        let label = try #require(idle.first)
        #expect([label.x, label.y, label.width] == [0, 0, 320])
        let logo = try #require(idle.first { $0.name == "logo" })
        #expect([logo.x, logo.y + logo.height / 2, logo.width, logo.height] == [0, -80, 320, 100])
        let loading = try #require(idle.last)
        #expect(loading.x + loading.width / 2 == 290)
        #expect(!loading.visible && label.visible)
        description[.state] = .text("refreshing")
        #expect(try renderer.layerFrames(of: try description.makeScene()).last?.visible == true)
    }

    @Test(
        "a wrong expression is refused with where it went wrong",
        arguments: [
            ("", "an empty expression"), ("w *", "at character 4"), ("w h", "unexpected 'h' at character 3"),
            ("width", "unknown name 'width'"), ("tan(1)", "unknown function 'tan'"), ("floor(1, 2)", "floor takes 1 argument"),
            ("clamp(1, 2)", "clamp takes 3 arguments"),
            ("(1", "')' expected"), ("1..2", "'1..2' is not a number"), ("max(1)", "2 or more"), ("w # 2", "unexpected '#'"),
        ])
    func badExpressions(text: String, message: String) {
        #expect {
            try LayerExpression(text)
        } throws: { error in
            (error as? InvalidValue)?.reason.contains(message) == true
        }
    }

    @Test("no text exhausts the stack or the time: nesting and length are bounded")
    func bounded() throws {
        let deep = String(repeating: "(", count: 40) + "1" + String(repeating: ")", count: 40)
        #expect(throws: InvalidValue.self) { try LayerExpression(deep) }
        let minus = String(repeating: "-", count: 300) + "1"
        #expect(throws: InvalidValue.self) { try LayerExpression(minus) }
        #expect(throws: InvalidValue.self) { try LayerExpression(String(repeating: "1+", count: 250) + "1") }
        let fine = String(repeating: "(", count: 30) + "w" + String(repeating: ")", count: 30)
        #expect(try LayerExpression(fine).value(Self.inputs) == 375)
        // A division by zero is a number the renderer leaves out, not a trap.
        #expect(try LayerExpression("1 / (h - 50)").value(Self.inputs).isInfinite)
    }

    /// A layer of `kind` with what the kind needs to be drawn (a size for a shape, an image),
    /// showing what `property` changes: a spinner turning and a switch on (but when the
    /// property is the one that turns them on), an arc for an arc's properties.
    static func base(_ kind: LayerKind, image: String, for property: LayerProperty? = nil) -> ControlLayer {
        var layer = ControlLayer(kind, name: "probe", [.x: 10, .y: 4])
        switch kind {
        case .label:
            layer[.text] = "Pull down to refresh the list of messages"
            layer[.width] = 120
            layer[.height] = 44
            layer[.textColor] = "#202020"
        case .image:
            // A place in the frames is seen on an animated image.
            layer[.image] = .text(property == .progress ? Support.fixture("demo/pull.gif") : image)
            layer[.contentMode] = "center"
            layer[.width] = 60
            layer[.height] = 30
        case .shape:
            layer[.width] = 40
            layer[.height] = 30
            layer[.strokeColor] = "#2040FF"
            layer[.fillColor] = "#10A010"
            layer[.lineWidth] = 4
            if [.startAngle, .endAngle, .lineCap].contains(property) {
                layer[.shape] = "arc"
                layer[.startAngle] = 0
                layer[.endAngle] = 45
            }
            if [.radius, .points, .innerRadius].contains(property) { layer[.shape] = "star" }
        case .spinner: layer[.animating] = .flag(property != .animating)
        case .switch: layer[.on] = .flag(property != .on)
        case .arrow: break
        }
        return layer
    }

    /// The picture of a header in Refreshing, half pulled, 0.1 s in, with one layer.
    static func picture(_ layer: ControlLayer) throws -> RGBAImage {
        var description = SceneDescription()
        description[.style] = "state"
        description[.hideLabels] = true
        description[.state] = "refreshing"
        description[.percent] = 0.5
        description[.time] = 0.1
        description.layers = [layer]
        return try RefreshRenderer().render(try description.makeScene())
    }

    /// A red and blue image made once for the tests that only need one.
    static let swatch: String = (try? imageFile()) ?? "/nonexistent.png"

    /// A 40 × 20 pt image: left half `left`, right half blue.
    static func imageFile(_ left: RGBAColor = RGBAColor(red: 255, green: 0, blue: 0)) throws -> String {
        let folder = try Support.temporaryFolder()
        var image = try RGBAImage(width: 80, height: 40)
        image.fill(x0: 0, y0: 0, x1: 40, y1: 40, with: left)
        image.fill(x0: 40, y0: 0, x1: 80, y1: 40, with: RGBAColor(red: 0, green: 0, blue: 255))
        let path = folder + "/swatch@2x.png"
        try Data(try PNGEncoder().encode(image)).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("every property is taken on the kinds its declaration names, and refused, naming the layer and it, on every other")
    func everyPropertyOnItsKinds() throws {
        let image = try Self.imageFile()
        for property in LayerProperty.all {
            for kind in LayerKind.allCases {
                var layer = Self.base(kind, image: image)
                layer[property] = property.type == .file ? .text(image) : property.example
                // A centre is given instead of an origin.
                if property == .centerX { layer[.x] = nil }
                if property == .centerY { layer[.y] = nil }
                if property.kinds.contains(kind) {
                    #expect(throws: Never.self, "\(property) on \(kind)") { try layer.checked() }
                } else {
                    #expect("\(property) on \(kind)") {
                        try layer.checked()
                    } throws: { error in
                        let error = error as? InvalidValue
                        return error?.field == "probe.\(property.name)"
                            && error?.reason.contains("does not apply to a \(kind.rawValue) layer") == true
                    }
                }
            }
        }
    }

    @Test("every property's declared example changes the picture on each kind that has it (none is dropped on the way)")
    func everyPropertyDraws() throws {
        let image = try Self.imageFile()
        let other = try Self.imageFile(RGBAColor(red: 0, green: 160, blue: 0))
        for property in LayerProperty.all {
            for kind in property.kinds {
                let base = Self.base(kind, image: image, for: property)
                var changed = base
                let example: SceneValue
                switch property.name {
                // Where the example is what the probe already has, or shows nothing new on it.
                case LayerProperty.x.name: example = 12
                case LayerProperty.y.name: example = "h - 30"
                case LayerProperty.backgroundColor.name: example = "#FFEEDD"
                case LayerProperty.image.name: example = .text(other)
                // A place past the first frame of an animated image (the probe draws at rest).
                case LayerProperty.progress.name: example = 0.7
                default: example = property.example
                }
                if base[property] == example {
                    Issue.record("\(property) on \(kind): the probe already has the example")
                }
                changed[property] = example
                // A centre is given instead of an origin.
                if property == .centerX { changed[.x] = nil }
                if property == .centerY { changed[.y] = nil }
                if property == .width || property == .height, kind == .switch { continue } // UIKit keeps a switch's size
                let before = try Self.picture(base)
                let after = try Self.picture(changed)
                let differs = before.pixels != after.pixels
                #expect(differs, "\(property) on a \(kind) layer drew nothing new")
            }
        }
    }

    /// The example scene of a demo class, read as a user's scene file is.
    static func example(_ name: String) throws -> SceneDescription {
        try SceneDescription(contentsOfFile: Support.root.appendingPathComponent("examples/layers/\(name).json").path)
    }

    static func placed(_ description: SceneDescription, state: RefreshState, percent: Double = 1, time: Double = 1) throws -> [String:
        PlacedLayer]
    {
        var description = description
        description[.state] = .text(state.rawValue)
        description[.percent] = .number(percent)
        description[.time] = .number(time)
        let placed = try RefreshRenderer().placeLayers(of: try description.makeScene())
        return Dictionary(uniqueKeysWithValues: placed.map { ($0.name, $0) })
    }

    @Test("MJDIYHeader: each subview where its placeSubviews puts it, the spinner only while refreshing")
    func diyHeader() throws {
        let header = try Self.example("MJDIYHeader")
        for state in [RefreshState.idle, .pulling, .refreshing] {
            let layers = try Self.placed(header, state: state)
            // label.frame = bounds (50 pt tall: mj_h = 50).
            #expect(layers["label"]?.frame == RefreshRect(x: 0, y: 0, width: 375, height: 50))
            // logo.bounds = (0, 0, w, 100); logo.center = (w/2, -logo.h + 20).
            #expect(layers["logo"]?.frame == RefreshRect(x: 0, y: -130, width: 375, height: 100))
            // loading.center = (w - 30, h/2), a 20-pt gray indicator.
            #expect(layers["loading"]?.frame == RefreshRect(x: 335, y: 15, width: 20, height: 20))
            #expect(layers["loading"]?.invisible == (state != .refreshing))
            // The switch is never placed: UIKit's 51 × 31 at the origin.
            #expect(layers["s"]?.frame == RefreshRect(x: 0, y: 0, width: 51, height: 31))
        }
        #expect(try Self.placed(header, state: .pulling)["label"]?.text == "赶紧放开我吧(开关是打酱油滴)")
    }

    @Test("MJDIYHeader and BackFooter: the label's colour is what setPullingPercent: computes", arguments: [0.0, 0.3, 0.5, 1.0, 1.6, 2.5])
    func labelColour(percent: Double) throws {
        for name in ["MJDIYHeader", "MJDIYBackFooter"] {
            var description = try Self.example(name)
            description[.percent] = .number(percent)
            let scene = try description.makeScene()
            let label = try #require(scene.layers.first { $0.name == "label" })
            let color = try #require(label.color(.textColor, RefreshRenderer.layerInputs(scene)))
            // red = 1 − p/2, green = ½ − p/2, blue = p/2, as UIColor keeps them on screen (0…1).
            func channel(_ v: Double) -> Double { min(1, max(0, v)) * 255 }
            let expected = [channel(1 - percent * 0.5), channel(0.5 - 0.5 * percent), channel(0.5 * percent)]
            let got = [Double(color.red), Double(color.green), Double(color.blue)]
            for (g, e) in zip(got, expected) { #expect(abs(g - e) <= 1.5, "\(name) at \(percent): \(got) for \(expected)") }
        }
    }

    @Test("MJDIYAutoFooter and BackFooter: placed as their placeSubviews place them")
    func diyFooters() throws {
        let auto = try Self.placed(try Self.example("MJDIYAutoFooter"), state: .refreshing)
        #expect(auto["label"]?.frame == RefreshRect(x: 0, y: 0, width: 375, height: 50))
        // s.center = (w − 20, h − 20); loading.center = (30, h/2).
        #expect(auto["s"]?.frame == RefreshRect(x: 329.5, y: 14.5, width: 51, height: 31))
        #expect(auto["loading"]?.frame == RefreshRect(x: 20, y: 15, width: 20, height: 20))
        let back = try Self.placed(try Self.example("MJDIYBackFooter"), state: .noMoreData)
        // logo.center = (w/2, h + logo.h/2): just below the footer.
        #expect(back["logo"]?.frame == RefreshRect(x: 0, y: 50, width: 375, height: 100))
        #expect(back["loading"]?.invisible == true)
        #expect(back["label"]?.text == "木有数据了(开关是打酱油滴)")
    }

    /// Whether the switch drawn at the top-left of `image` (scale 2) shows on: its track's
    /// middle left of the knob is green.
    static func switchIsOn(_ image: RGBAImage, x: Int = 0, y: Int = 0) -> Bool {
        let pixel = Support.straight(image, x + 14, y + 31)
        return pixel[1] > 150 && pixel[0] < 120
    }

    @Test("the switch is on or off as setState: sets it, and slides over 0.25 s when a state changes it")
    func switchFollowsState() throws {
        let header = try Self.example("MJDIYHeader")
        let renderer = try RefreshRenderer()
        for (state, on) in [(RefreshState.idle, false), (.pulling, true), (.refreshing, true)] {
            var description = header
            description[.state] = .text(state.rawValue)
            #expect(Self.switchIsOn(try renderer.render(try description.makeScene())) == on, "\(state)")
        }
        // Idle → Pulling: the knob is part-way across 0.1 s after the change, home at 0.25 s.
        var description = header
        description[.state] = "pulling"
        var scene = try description.makeScene()
        func knobLeft(after seconds: Double) throws -> Int {
            scene.showTransition(from: .idle, after: seconds)
            let image = try renderer.render(scene)
            // The knob is the white disc: its leftmost white pixel on the middle row (y = 15.5 pt).
            return (0..<102).first { x in Support.straight(image, x, 31).prefix(3).allSatisfy { $0 > 245 } } ?? -1
        }
        let start = try knobLeft(after: 0), middle = try knobLeft(after: 0.1), end = try knobLeft(after: 0.3)
        #expect(start < middle && middle < end, "\(start) \(middle) \(end)")
        // 2 pt from the left edge when off; 51 − 2 − 27 = 22 pt when on.
        #expect(abs(start - 4) <= 1 && abs(end - 44) <= 1, "\(start) \(end)")
    }

    @Test("a scene file's relative paths are taken from its folder, and options beside it win")
    func sceneFileAndOptions() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let image = try Self.imageFile()
        try FileManager.default.copyItem(atPath: image, toPath: folder + "/swatch@2x.png")
        let json = """
            {"style": "state", "hideLabels": true, "state": "pulling",
             "layers": [{"kind": "image", "name": "swatch", "image": "swatch@2x.png", "x": 0, "y": 0}]}
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
        let read = try SceneDescription(contentsOfFile: folder + "/scene.json")
        #expect(read.namedFiles.map(\.path) == [folder + "/swatch@2x.png"])
        var options = SceneDescription()
        options[.state] = "idle"
        let merged = read.merged(with: options)
        #expect(merged[.state] == "idle" && merged.layers.count == 1)
        let picture = try RefreshRenderer().render(try merged.makeScene())
        #expect(Support.straight(picture, 10, 10) == [255, 0, 0, 255])
        #expect(Support.straight(picture, 70, 10) == [0, 0, 255, 255])
        // Written back, the layers read the same.
        let again = try JSONInput.decode(SceneDescription.self, from: Array(merged.jsonText.utf8), name: "again")
        #expect(again == merged)
    }

    @Test(
        "a wrong layer is refused naming the layer and the property",
        arguments: [
            (##"[{"kind": "label", "name": "t", "textColr": "#FF0000"}]"##, "layers.t.textColr", "is not a layer property"),
            (##"[{"kind": "label", "name": "t", "x": "w *"}]"##, "layers.t.x", "at character 4"),
            (##"[{"kind": "label", "name": "t", "image": "a.png"}]"##, "layers.t.image", "does not apply to a label layer"),
            (##"[{"kind": "label", "name": "t", "x": 1, "centerX": 2}]"##, "layers.t.centerX", "give one of them"),
            (##"[{"kind": "shape", "name": "r"}]"##, "layers.r.width", "give width and height"),
            (##"[{"kind": "label", "name": "2x"}]"##, "layers.2x", "letters, digits"),
            (##"[{"kind": "label", "name": "a"}, {"kind": "switch", "name": "a"}]"##, "layers.a", "two layers have this name"),
            (##"[{"kind": "label", "name": "t", "text": {"pushing": "x"}}]"##, "layers.t.text", "unknown state 'pushing'"),
            (
                ##"[{"kind": "label", "name": "t", "font": {"from": "bold 12", "to": "bold 20"}}]"##, "layers.t.font",
                "does not change with the pull"
            ),
            (##"[{"kind": "label", "name": "t", "lines": {"idle": 1}}]"##, "layers.t.lines", "is set once"),
            (##"[{"kind": "label", "name": "t", "lines": 2.5}]"##, "layers.t.lines", "whole number"),
            (##"[{"kind": "switch", "name": "s", "on": "yes"}]"##, "layers.s.on", "expected true or false"),
        ])
    func refusals(layers: String, field: String, message: String) throws {
        let description = try JSONInput.decode(SceneDescription.self, from: Array("{\"layers\": \(layers)}".utf8), name: "scene.json")
        #expect {
            try description.validate()
        } throws: { error in
            guard let error = error as? InvalidValue else { return false }
            return error.field == field && error.reason.contains(message)
        }
    }

    @Test("the control's hidden: nothing of it is drawn, its layers neither, and a pull leaves it Idle")
    func hiddenControl() throws {
        var description = try Self.example("MJDIYHeader")
        description[.state] = "refreshing"
        description[.hidden] = true
        description[.background] = "#FFFFFF"
        let image = try RefreshRenderer().render(try description.makeScene())
        #expect(image.pixels.allSatisfy { $0 == 255 })
        let gesture = Gesture(script: Gesture.Script(pull: 120, over: 0.5, hold: 0.1, refresh: 1))
        var control = try Self.example("MJDIYHeader")
        let shown = try GesturePlayer(gesture: gesture, scene: try control.makeScene()).frames(fps: 10)
        #expect(shown.contains { $0.state == .refreshing })
        control[.hidden] = true
        let hidden = try GesturePlayer(gesture: gesture, scene: try control.makeScene()).frames(fps: 10)
        #expect(hidden.allSatisfy { $0.state == .idle })
        // An auto footer keeps its height as the list's bottom inset at rest, and gives it back hidden.
        var footer = try Self.example("MJDIYAutoFooter")
        let scroll = Gesture(script: Gesture.Script(pull: 60, over: 0.3))
        let shownFooter = try GesturePlayer(gesture: scroll, scene: try footer.makeScene()).frames(fps: 10)
        #expect(shownFooter.first?.insets.bottom == 50)
        footer[.hidden] = true
        let hiddenFooter = try GesturePlayer(gesture: scroll, scene: try footer.makeScene()).frames(fps: 10)
        #expect(hiddenFooter.allSatisfy { $0.insets.bottom == 0 && $0.state == .idle })
    }
}

@Suite("Layers: the docs' table of properties")
struct LayerDocTests {
    static let begin = "<!-- layer properties: written from the declarations; do not edit by hand -->\n"
    static let end = "<!-- end of layer properties -->"

    @Test("docs/layers.md's table is the one the declarations write")
    func tableIsCurrent() throws {
        let path = Support.root.appendingPathComponent("docs/layers.md").path
        let section = try #require(
            try Support.generatedSection(
                path, begin: Self.begin, end: Self.end, written: SettingsCatalog(schema: .standard).layerMarkdownTable))
        #expect(section.found == section.written, "run REFRESH_UPDATE_DOCS=1 swift test --filter LayerDocTests")
    }
}

@Suite("Layers: seed 003's animation re-expressed")
struct BurstLayerTests {
    @Test(
        "examples/layers/burst.json draws the built-in burst's pixels at @2x: the pull's 30 frames and the refresh loop",
        arguments: [
            ("idle", 0.0, 0.0), ("idle", 0.02, 0.0), ("idle", 0.5, 0.0), ("idle", 0.97, 0.0), ("idle", 1.4, 0.0), ("pulling", 1.2, 0.0),
            ("refreshing", 1.0, 0.0), ("refreshing", 1.0, 0.1), ("refreshing", 1.0, 0.35), ("refreshing", 1.0, 0.6),
            ("refreshing", 1.0, 0.95), ("refreshing", 1.0, 2.45),
        ])
    func equalsTheBuiltIn(state: String, percent: Double, time: Double) throws {
        var layers = try LayerTests.example("burst")
        var builtIn = SceneDescription()
        builtIn[.style] = "gif"
        builtIn[.hideLabels] = true
        builtIn[.animation] = "burst"
        for d in [0, 1] {
            var description = d == 0 ? layers : builtIn
            description[.state] = .text(state)
            description[.percent] = .number(percent)
            description[.time] = .number(time)
            if d == 0 { layers = description } else { builtIn = description }
        }
        let renderer = try RefreshRenderer()
        let a = try renderer.render(try layers.makeScene()), b = try renderer.render(try builtIn.makeScene())
        #expect(a.width == b.width && a.height == b.height)
        let equal = a.pixels == b.pixels
        #expect(equal, "\(state) \(percent) \(time)")
        #expect(a.opaqueBounds() != nil)
    }
}

@Suite("Layers: hostile values")
struct LayerFuzzTests {
    /// A small deterministic generator (splitmix64): the same layers every run.
    struct Mix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }
    }

    static let numbers: [SceneValue] = [
        0, -1, 1, 0.5, 1e9, -1e9, 1e300, -1e300, "w", "-h", "1 / 0", "0 / 0", "w * 1e308", "t * 1e6", "clamp(pullingPercent, -1e9, 1e9)",
        "min(w, h) * 1e200", "floor(-1e300)", "cos(1e300)", 4096, 16384, 0.0001,
    ]

    static func value(for property: LayerProperty, _ mix: inout Mix) -> SceneValue {
        switch property.type {
        case .number:
            let n = mix.pick(numbers)
            return mix.next() % 4 == 0 ? ["idle": n, "default": mix.pick(numbers)] : n
        case .color:
            return mix.next() % 3 == 0 ? ["from": "#000000", "to": "#FFFFFF"] : .text(mix.pick(["#FF0000", "#00000000", "#12345678"]))
        case .flag: return mix.next() % 2 == 0 ? true : ["refreshing": true, "default": false]
        case .text: return .text(mix.pick(["", "Pull", String(repeating: "Ä€😀", count: 3000), "line\nbreak"]))
        case .font: return .text(mix.pick(["bold 16", "regular 200", "1"]))
        case .file: return .text(LayerTests.swatch)
        case let .choice(words): return .text(mix.pick(words))
        }
    }

    @Test("random layers with extreme numbers draw or are refused with a typed error: never a trap, never a huge allocation")
    func neverTraps() throws {
        var mix = Mix(state: UInt64(ProcessInfo.processInfo.environment["LAYER_FUZZ_SEED"] ?? "") ?? 2026)
        let renderer = try RefreshRenderer()
        var drawn = 0
        let rounds = Int(ProcessInfo.processInfo.environment["LAYER_FUZZ_ROUNDS"] ?? "") ?? 250
        for round in 0..<rounds {
            var description = SceneDescription()
            description[.style] = "state"
            description[.state] = .text(mix.pick(["idle", "pulling", "refreshing"]))
            description[.percent] = .number(mix.pick([0, 0.5, 1, 3, 1e6]))
            description[.time] = .number(mix.pick([0, 0.1, 1000]))
            description[.scale] = .integer(Int(mix.next() % 3) + 1)
            for index in 0..<Int(mix.next() % 4 + 1) {
                let kind = mix.pick(LayerKind.allCases)
                var layer = ControlLayer(kind, name: "l\(index)")
                if kind == .shape { (layer[.width], layer[.height]) = (mix.pick(Self.numbers), mix.pick(Self.numbers)) }
                if kind == .image { layer[.image] = .text(LayerTests.swatch) }
                let properties = LayerProperty.all.filter { $0.kinds.contains(kind) && $0 != .x && $0 != .y }
                for _ in 0..<Int(mix.next() % 7) {
                    let property = mix.pick(properties)
                    layer[property] = Self.value(for: property, &mix)
                }
                description.layers.append(layer)
            }
            if ProcessInfo.processInfo.environment["LAYER_FUZZ_TRACE"] != nil {
                FileHandle.standardError.write(Data("round \(round)\n\(description.jsonText)\n".utf8))
            }
            do {
                let scene = try description.makeScene()
                _ = try renderer.render(scene)
                _ = try AssetLint.check(description, baseDirectory: nil, scene: scene)
                drawn += 1
            } catch is InvalidValue {
            } catch is RefreshGifError {
            } catch {
                Issue.record("round \(round): \(error)")
            }
        }
        #expect(drawn > rounds / 3, "only \(drawn) of \(rounds) drew: the generator mostly makes refused layers")
    }
}

@Suite("Layers: in a screen window")
struct LayerWindowTests {
    @Test(
        "a layer beyond the control is in the window and in the page's band, where the whole window has it",
        arguments: [("MJDIYHeader", -180.0), ("MJDIYHeader", -60.0), ("MJDIYBackFooter", 560.0), ("brand-header", -90.0)])
    func bandHoldsTheLayers(name: String, offset: Double) throws {
        let scene = try LayerTests.example(name).makeScene()
        var geometry = ScrollGeometry()
        geometry.viewHeight = 667
        geometry.contentHeight = 1100
        let gesture = Gesture(geometry: geometry, samples: [Gesture.Sample(t: 0, offset: offset, dragging: true)], duration: 0.1)
        let end = try RefreshAnimation.gestureEnd(gesture, scene: scene, fps: 60, showContent: true, wholeView: true)
        let whole = try end.frame(at: 0).image
        let band = try end.band(at: 0)
        let image = try #require(band.image)
        #expect(band.x >= 0 && band.y >= 0 && band.x + image.width <= whole.width && band.y + image.height <= whole.height)
        let rows = (0..<image.height).filter { y in
            let mine = image.pixels[(y * image.width * 4)..<((y + 1) * image.width * 4)]
            let start = ((band.y + y) * whole.width + band.x) * 4
            return mine != whole.pixels[start..<(start + image.width * 4)]
        }
        #expect(rows.isEmpty, "rows differing: \(rows.prefix(5))")
        // Outside the band the window is the plain list alone: the same window without layers.
        var plain = scene
        plain.layers = []
        let list = try RefreshAnimation.gestureEnd(gesture, scene: plain, fps: 60, showContent: true, wholeView: true).frame(at: 0).image
        var outside = 0
        for y in 0..<whole.height where y < band.y || y >= band.y + image.height {
            let start = y * whole.width * 4
            if whole.pixels[start..<(start + whole.width * 4)] != list.pixels[start..<(start + whole.width * 4)] { outside += 1 }
        }
        #expect(outside == 0, "\(outside) rows outside the band differ from the list alone")
    }
}

@Suite("Layers: the declarations in the page's schema")
struct LayerSchemaTests {
    @Test("/schema.json lists every layer kind and property as declared, each example a value its declaration takes")
    func catalogHoldsTheDeclarations() throws {
        let catalog = SettingsCatalog(schema: .standard)
        #expect(catalog.layerKinds == LayerKind.allCases.map(\.rawValue))
        #expect(catalog.layerFields.map(\.name) == LayerProperty.all.map(\.name))
        for (field, property) in zip(catalog.layerFields, LayerProperty.all) {
            #expect(field.kinds == property.kinds.map(\.rawValue), "\(property)")
            #expect(field.byState == property.variation.contains(.byState) && field.byPull == property.variation.contains(.byPercent))
            // The example, read back from its JSON as a scene file gives it, is taken on the first kind.
            let json =
                "{\"layers\": [{\"kind\": \"\(property.kinds[0].rawValue)\", \"name\": \"probe\", \"\(field.name)\": \(field.example)}]}"
            let description = try JSONInput.decode(SceneDescription.self, from: Array(json.utf8), name: "schema")
            // Equal to the example given from Swift (a whole number held as the number it is).
            let given = ControlLayer(property.kinds[0], name: "probe", [property: property.example])
            #expect(description.layers.first == given, "\(property): \(field.example)")
        }
        // The keys the page offers for a value per state are each read as one, and every state has one.
        let keys = catalog.layerStates.map { "\"\($0)\": \($0.count)" }.joined(separator: ", ")
        let json = "{\"layers\": [{\"kind\": \"label\", \"name\": \"probe\", \"x\": {\(keys)}}]}"
        let read = try JSONInput.decode(SceneDescription.self, from: Array(json.utf8), name: "schema")
        let layer = try #require(try read.checkedLayers().first)
        for state in RefreshState.allCases {
            let inputs = LayerFrameInputs(state: state, inputs: LayerExpression.Inputs(w: 375, h: 54, pullingPercent: 0, t: 0))
            #expect(layer.number(.x, inputs) == Double(state.rawValue.count), "\(state)")
        }
        #expect(catalog.layerStates.last == "default")
    }
}
