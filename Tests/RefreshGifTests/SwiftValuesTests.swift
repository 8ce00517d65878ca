import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// A scene configured from Swift with values built at runtime (docs/library.md, "Values from
/// Swift") is the scene the command line and a scene file describe, and its files are checked
/// when it is made into a scene, not when a frame is drawn.
@Suite("Swift values: typed settings and layer values")
struct SwiftValuesTests {
    @Test("settings take Doubles, colours, states and a title per state, and equal the command line's")
    func settingsFromSwiftValues() throws {
        // Values as an app has them at runtime, none a literal of SceneValue.
        let height = Double(["72"].count * 72)
        let brand = try #require(RGBAColor(hex: "#FF6B35"))
        let titles: [RefreshState: String] = [.idle: "Pull " + "down", .pulling: "Let go"]
        let state = RefreshState.pulling
        var typed = SceneDescription()
        typed[.height] = height
        typed[.textColor] = brand
        typed[.titles] = titles
        typed[.state] = state
        let cli = try SceneSchema.standard.description(fromArguments: [
            "--height", "72", "--text-color", "#FF6B35", "--title", "idle=Pull down", "--title", "pulling=Let go", "--state", "pulling",
        ])
        #expect(typed == cli, "\(typed.jsonText) against \(cli.jsonText)")
        // Read back as the types they were given.
        #expect(typed[.height] as Double? == 72)
        #expect(typed[.textColor] as RGBAColor? == brand)
        #expect(typed[.state] as SceneValue? == .text("pulling"))
        // nil removes a setting, whatever its type.
        typed[.height] = Double?.none
        #expect(typed[.height] as SceneValue? == nil)
        let renderer = try RefreshRenderer()
        typed[.height] = height
        #expect(try renderer.render(typed.makeScene()).pixels == renderer.render(cli.makeScene()).pixels)
    }

    @Test("a layer's values per state and by the pull, built in Swift, are the scene file's")
    func layerValuesFromSwift() throws {
        let from = try #require(RGBAColor(hex: "#FF8000")), to = try #require(RGBAColor(hex: "#800080"))
        var label = ControlLayer(.label, name: "title")
        label[.text] = .states([.idle: "Pull", .pulling: "Release"], otherwise: "Loading")
        label[.textColor] = .pull(from: from, to: to)
        label[.width] = 120.5
        label[.height] = Double(20)
        label[.hidden] = .states([.noMoreData: true], otherwise: false)
        let json = #"""
            {"layers": [{"kind": "label", "name": "title", "text": {"idle": "Pull", "pulling": "Release", "default": "Loading"},
              "textColor": {"from": "#FF8000", "to": "#800080"}, "width": 120.5, "height": 20,
              "hidden": {"no-more-data": true, "default": false}}]}
            """#
        let file = try JSONDecoder().decode(SceneDescription.self, from: Data(json.utf8))
        var swift = SceneDescription()
        swift.layers = [label]
        #expect(swift.layers == file.layers, "\(swift.jsonText)")
        #expect(label[.width] as Double? == 120.5)
        let renderer = try RefreshRenderer()
        for percent in [0.0, 0.5, 1.2] {
            swift[.state] = RefreshState.pulling
            swift[.percent] = percent
            var other = file
            other[.state] = RefreshState.pulling
            other[.percent] = percent
            #expect(try renderer.render(swift.makeScene()).pixels == renderer.render(other.makeScene()).pixels)
        }
    }

    @Test("makeScene opens every font: a layer's font file that is no font, or a family not installed, is refused there")
    func fontsAreCheckedWhenMadeIntoAScene() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A GIF named as a font: the name passes, the contents do not.
        try FileManager.default.copyItem(
            atPath: Support.root.appendingPathComponent("Fixtures/demo/pull.gif").path, toPath: folder + "/Brand.ttf")
        var description = SceneDescription()
        description.layers = [ControlLayer(.label, name: "title", [.text: "Pull", .font: "bold 16 Brand.ttf"])]
        #expect {
            _ = try description.makeScene(baseDirectory: folder)
        } throws: { error in
            guard case let .badInput(file, message)? = error as? RefreshGifError else { return false }
            return file.hasSuffix("Brand.ttf") && message.contains("not a font")
        }
        description.layers = [ControlLayer(.label, name: "title", [.text: "Pull", .font: "16 No Such Family Anywhere"])]
        #expect {
            _ = try description.makeScene(baseDirectory: folder)
        } throws: { error in
            "\(error)".contains("layers.title.font") && "\(error)".contains("No Such Family Anywhere")
        }
        // The label settings' fonts too.
        var labels = SceneDescription()
        labels[.stateLabelFont] = "bold 16 Brand.ttf"
        #expect(throws: RefreshGifError.self) { _ = try labels.makeScene(baseDirectory: folder) }
        // A real font file passes.
        let real = try #require(
            ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"].first { FileManager.default.fileExists(atPath: $0) })
        try FileManager.default.copyItem(atPath: real, toPath: folder + "/Real.ttf")
        description.layers = [ControlLayer(.label, name: "title", [.text: "Pull", .font: "bold 16 Real.ttf"])]
        _ = try description.makeScene(baseDirectory: folder)
    }

    @Test("a by-pull value in the literal forms the preview page's Swift writes: strings, numbers and flags")
    func pullLiterals() {
        let values: [LayerProperty: SceneValue] = [
            .textColor: .pull(from: "#FF8000", to: "#800080"), .alpha: .pull(from: 0.0, to: 1.0), .hidden: .pull(from: false, to: true),
        ]
        #expect(values[.textColor] == .byState(["from": .text("#FF8000"), "to": .text("#800080")]))
        #expect(values[.alpha] == .byState(["from": .number(0), "to": .number(1)]))
        #expect(values[.hidden] == .byState(["from": .flag(false), "to": .flag(true)]))
    }
}
