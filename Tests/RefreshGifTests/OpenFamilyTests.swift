import Foundation
import RefreshGif
import Testing

/// A fourth refresh library, defined only here with the public API: a dot that fills in as
/// the control is pulled, turns red when a release would refresh, and gives way to the
/// spinner while refreshing. It proves a family plugs into rendering, validation, gesture
/// simulation and the gallery without a change to the library.
struct DotRefresh: RefreshFamily {
    /// The dot's colour when a release refreshes.
    var armedColor = RGBAColor(red: 0xE0, green: 0x20, blue: 0x20)

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

    func defaultTitle(kind: ComponentKind, state: RefreshState, pulled: Bool, language: Language) -> String {
        state.isRefreshing ? "busy" : ""
    }

    func size(of scene: RefreshScene) -> (width: Double, height: Double) { (scene.width, 40) }

    /// The dot and the spinner share the centre; the title sits to their right.
    func layout(of scene: RefreshScene, text: LabelText) -> ComponentLayout {
        var layout = ComponentLayout()
        let centre = Rect(centerX: scene.width / 2, centerY: 20, width: 20, height: 20)
        layout.arrow = centre
        layout.spinner = centre
        if !text.title.isEmpty {
            layout.stateLabel = Rect(
                x: centre.x + 28, y: 20 - text.titleFont.lineHeight / 2,
                width: text.titleFont.width(of: text.title), height: text.titleFont.lineHeight)
        }
        return layout
    }

    func indicator(of scene: RefreshScene) -> Indicator? {
        var dot = VectorPath()
        dot.addCircle(center: Point(10, 10), radius: 8)
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
