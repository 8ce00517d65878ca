import Foundation
@_spi(Tools) import RefreshGif
import Testing

/// A fourth refresh library, defined only here with the public API: a dot that fills in as
/// the control is pulled, turns red when a release would refresh, and gives way to the
/// spinner while refreshing. It proves a family plugs into rendering, validation, gesture
/// simulation, the gallery and every place settings are read without a change to the library.
/// Its setting is a member of `SceneField`, as the shipped families' are, so Swift sets it as
/// `description[.dotDiameter] = 30`.
extension SceneField {
    static let dotDiameter = setting(
        "dotDiameter", of: DotRefresh(), \.dotDiameter, group: .look, help: "The dot's diameter.", example: 30,
        range: 4...36, unit: "points")
}

struct DotRefresh: RefreshFamily {
    /// The dot's colour when a release refreshes.
    var armedColor = RGBAColor(red: 0xE0, green: 0x20, blue: 0x20)
    /// The dot's diameter in points: a setting of its own.
    var dotDiameter = 16.0

    var settings: [SceneField] { [.dotDiameter] }

    var name: String { "dot" }
    var kinds: [ComponentKind] { [.header] }
    func styles(for kind: ComponentKind) -> [ComponentStyle] { [.normal] }

    var stateNames: [FamilyStateName] {
        [
            FamilyStateName(name: "resting", state: .idle), FamilyStateName(name: "armed", state: .pulling),
            FamilyStateName(name: "busy", state: .refreshing),
        ]
    }

    func ownStateName(_ state: RefreshState, percent: Double) -> String? {
        stateNames.first { $0.state == state.drawnAs }?.name
    }

    func defaultTitle(kind: ComponentKind, state: RefreshState, pulled: Bool, language: TitleLanguage) -> String {
        state.isRefreshing ? "busy" : ""
    }

    func size(of scene: RefreshScene) -> (width: Double, height: Double) { (scene.width, 40) }

    /// The dot and the spinner share the centre; the title sits to their right.
    func layout(of scene: RefreshScene, text: LabelText) -> ComponentLayout {
        var layout = ComponentLayout()
        let centre = RefreshRect(centerX: scene.width / 2, centerY: 20, width: 20, height: 20)
        layout.arrow = centre
        layout.spinner = centre
        if !text.title.isEmpty {
            layout.stateLabel = RefreshRect(
                x: centre.x + 28, y: 20 - text.titleFont.lineHeight / 2,
                width: text.titleFont.width(of: text.title), height: text.titleFont.lineHeight)
        }
        return layout
    }

    func indicator(of scene: RefreshScene) -> Indicator? {
        var dot = VectorPath()
        dot.addCircle(center: RefreshPoint(10, 10), radius: dotDiameter / 2)
        let color = scene.state == .pulling ? armedColor : scene.labelColor
        return Indicator(
            arrow: Indicator.Arrow(path: dot, paint: .fill, color: color, opacity: scene.state.isRefreshing ? 0 : 1),
            spinnerTurns: scene.state.isRefreshing)
    }

    func arrowAngle(kind: ComponentKind, state: RefreshState) -> Double? { 0 }

    var motion: MotionRules { MotionRules(insetIn: 100_000, insetOut: 100_000) }
}

@Suite("A family defined outside the library")
struct OpenFamilyTests {
    static func scene(_ state: RefreshState) -> RefreshScene {
        var scene = RefreshScene()
        scene.family = DotRefresh()
        scene.style = .normal
        scene.state = state
        scene.width = 100
        scene.scale = 2
        return scene
    }

    @Test("renders: a grey dot at rest, a red one when armed, the spinner and title while busy")
    func renders() throws {
        let renderer = try RefreshRenderer()
        let resting = try renderer.render(Self.scene(.idle))
        #expect(resting.width == 200 && resting.height == 80)
        let centre = try #require(resting.pixel(x: 100, y: 40))
        #expect(centre.a == 255 && centre.r == 0x5A && centre.g == 0x5A, "MJRefresh's label grey, the protocol's default")
        let armed = try #require(try renderer.render(Self.scene(.pulling)).pixel(x: 100, y: 40))
        #expect(armed.r == 0xE0 && armed.g == 0x20 && armed.a == 255)
        let busy = try renderer.render(Self.scene(.refreshing))
        let plan = try renderer.plan(for: Self.scene(.refreshing))
        #expect(plan.stateTitle == "busy")
        let label = try #require(plan.layout.stateLabel)
        // The title's ink lies right of the spinner, the dot is gone from the centre.
        let bounds = try #require(busy.opaqueBounds())
        #expect(Double(bounds.maxX) > label.x * 2)
        #expect(busy.pixel(x: 100, y: 40)?.a != 255)
    }

    @Test("validates with the family's own kinds and states")
    func validates() throws {
        var trailer = Self.scene(.idle)
        trailer.kind = .trailer
        #expect(throws: InvalidValue.self) { try trailer.validate() }
        let noMore = Self.scene(.noMoreData)
        let error = try #require(throws: InvalidValue.self) { try noMore.validate() }
        #expect(
            error.reason.contains("dot has no no-more-data state (choose resting, armed, busy, idle, pulling, refreshing, will-refresh)"))
        #expect(DotRefresh().state(named: "armed")?.state == .pulling)
    }

    @Test("simulates a pull and release through the family's motion rules")
    func simulates() throws {
        let gesture = Gesture(script: Gesture.Script(pull: 80, over: 0.3, hold: 0, refresh: 0.5, noMoreData: nil))
        let animation = try RefreshAnimation.gesture(gesture, scene: Self.scene(.idle), fps: 30)
        let reports = try animation.reports()
        let names = reports.compactMap(\.libraryState)
        #expect(names.first == "resting")
        #expect(names.contains("armed") && names.contains("busy"))
        #expect(names.last == "resting")
        // The 0.1-s inset of its rules, not MJRefresh's 0.25 s.
        let player = try GesturePlayer(gesture: gesture, scene: Self.scene(.idle))
        let frames = try player.frames(fps: 100)
        let begin = try #require(frames.firstIndex { $0.state == .refreshing })
        #expect(frames[begin + 10].insets.top == 40)
        #expect(frames[begin + 5].insets.top < 40)
        let picture = try animation.frame(at: reports.count / 2)
        #expect(picture.image.opaqueBounds() != nil)
    }

    @Test("its own setting reaches the command line's reader, JSON, help, the panel's catalog, validation and the picture")
    func ownSetting() throws {
        let schema = try SceneSchema(families: [MJRefresh(), DotRefresh()])
        let given = try schema.description(fromArguments: ["--library", "dot", "--dot-diameter", "30", "--width", "100"])
        let scene = try given.makeScene()
        #expect((scene.family as? DotRefresh)?.dotDiameter == 30)
        let decoder = JSONDecoder()
        decoder.userInfo[SceneSchema.userInfoKey] = schema
        let json = try decoder.decode(SceneDescription.self, from: Data(#"{"library": "dot", "dotDiameter": 30, "width": 100}"#.utf8))
        #expect(json == given)
        var swift = SceneDescription(schema: schema)
        swift[.library] = "dot"
        swift[.dotDiameter] = 30
        swift[.width] = 100
        #expect(swift == given)
        #expect(json.commandLineArguments == ["--library", "dot", "--width", "100", "--dot-diameter", "30"])
        // Only a schema with the family knows the setting.
        #expect(throws: SceneArgumentError.self) { try SceneSchema.standard.description(fromArguments: ["--dot-diameter", "30"]) }
        #expect(throws: (any Error).self) { try JSONDecoder().decode(SceneDescription.self, from: Data(#"{"dotDiameter": 30}"#.utf8)) }
        #expect(schema.helpSection().contains("--dot-diameter <dot-diameter>"))
        let catalog = SettingsCatalog(schema: schema)
        let entry = try #require(catalog.fields.first { $0.name == "dotDiameter" })
        #expect(entry.owner == "dot" && entry.group == "look" && entry.defaultText == "16" && entry.unit == "points")
        #expect(catalog.libraries["dot"]?.states.first == "resting")
        let row = "| `--dot-diameter` | `dotDiameter` | `[.dotDiameter] = 30` | number (points) | `16` | dot |"
        #expect(catalog.markdownTable.contains(row))
        // Checked against its declared range, and refused for another library.
        let tooBig = try #require(throws: InvalidValue.self) {
            try schema.description(fromArguments: ["--library", "dot", "--dot-diameter", "99"]).validate()
        }
        #expect(tooBig.field == "dotDiameter" && tooBig.reason.contains("between 4 and 36"))
        let elsewhere = try #require(throws: InvalidValue.self) {
            try schema.description(fromArguments: ["--dot-diameter", "20"]).validate()
        }
        #expect(elsewhere.reason == "is a setting of dot; the library is mjrefresh")
        // And it draws: the dot's ink is 30 pt wide instead of 16.
        let renderer = try RefreshRenderer()
        let big = try #require(try renderer.render(scene).opaqueBounds())
        let small = try #require(
            try renderer.render(try schema.description(fromArguments: ["--library", "dot", "--width", "100"]).makeScene()).opaqueBounds())
        #expect(big.maxX - big.minX > small.maxX - small.minX + 20)
    }

    @Test("galleries: a column per state name, named after the family")
    func galleries() throws {
        let cases = Gallery.cases(family: DotRefresh(), language: .en, scale: 1, images: StateImages())
        #expect(
            cases.map { $0.map(\.name) } == [["dot-header-normal-resting-en", "dot-header-normal-armed-en", "dot-header-normal-busy-en"]])
        let sheet = try ContactSheet.gallery(
            of: DotRefresh(), language: .en, scale: 1, images: StateImages(), renderer: try RefreshRenderer())
        #expect(sheet.width > 300 && sheet.height > 40)
    }
}
