import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// An app's own arrow (MJRefresh's `arrowView.image`): its size, its turn, its tint.
@Suite("The app's arrow image")
struct ArrowImageTests {
    static let red = RGBAColor(red: 0xFF, green: 0, blue: 0)
    static let blue = RGBAColor(red: 0, green: 0, blue: 0xFF)

    /// A 12 × 20 pt arrow at @2x: its top half red, its bottom half blue.
    static func arrow() throws -> ScaledImage {
        var pixels: [UInt8] = []
        for y in 0..<40 {
            for _ in 0..<24 { pixels += y < 20 ? [0xFF, 0, 0, 0xFF] : [0, 0, 0xFF, 0xFF] }
        }
        return try ScaledImage(image: try RGBAImage(width: 24, height: 40, premultipliedPixels: pixels), scale: 2)
    }

    static func scene(_ state: RefreshState, _ change: (inout RefreshScene) -> Void = { _ in }) throws -> RefreshScene {
        var scene = try RefreshScene(kind: .header, style: .normal, state: state, pullingPercent: 0.5, scale: 2)
        scene.arrowImage = try arrow()
        change(&scene)
        return scene
    }

    static func colour(_ image: RGBAImage, at point: (Double, Double)) -> RGBAColor? {
        image.pixel(x: Int(point.0 * 2), y: Int(point.1 * 2)).map { RGBAColor(red: $0.r, green: $0.g, blue: $0.b, alpha: $0.a) }
    }

    @Test("the image's point size, centred where the library's arrow is centred")
    func frame() throws {
        let renderer = try RefreshRenderer()
        var plain = try Self.scene(.idle)
        plain.arrowImage = nil
        let own = try #require(try renderer.plan(for: try Self.scene(.idle)).layout.arrow)
        let library = try #require(try renderer.plan(for: plain).layout.arrow)
        #expect(own.width == 12 && own.height == 20)
        #expect(own.midX == library.midX && own.midY == library.midY)
    }

    @Test("drawn as given in its colours, turned half a turn while pulling, and turned part-way in a transition")
    func turned() throws {
        let renderer = try RefreshRenderer()
        let layout = try #require(try renderer.plan(for: try Self.scene(.idle)).layout.arrow)
        let top = (layout.midX, layout.y + 3), bottom = (layout.midX, layout.maxY - 3)
        let idle = try renderer.render(try Self.scene(.idle))
        #expect(Self.colour(idle, at: top) == Self.red && Self.colour(idle, at: bottom) == Self.blue)
        let pulling = try renderer.render(try Self.scene(.pulling))
        #expect(Self.colour(pulling, at: top) == Self.blue && Self.colour(pulling, at: bottom) == Self.red)
        // A quarter turn lays the 20-pt image across its 12-pt frame: ink beyond the frame's sides.
        let quarter = try renderer.render(try Self.scene(.idle) { $0.transition = TransitionValues(arrowAngle: .pi / 2) })
        let outside = (layout.x - 3, layout.midY)
        #expect((Self.colour(quarter, at: outside)?.alpha ?? 0) > 200)
        #expect((Self.colour(idle, at: outside)?.alpha ?? 0) == 0)
    }

    @Test("a template image is painted in the state label's colour")
    func template() throws {
        let renderer = try RefreshRenderer()
        let green = RGBAColor(red: 0, green: 0x80, blue: 0)
        let scene = try Self.scene(.idle) {
            $0.arrowImageTemplate = true
            $0.stateLabelColor = green
        }
        let layout = try #require(try renderer.plan(for: scene).layout.arrow)
        let image = try renderer.render(scene)
        #expect(Self.colour(image, at: (layout.midX, layout.y + 3)) == green)
        #expect(Self.colour(image, at: (layout.midX, layout.maxY - 3)) == green)
    }

    @Test("refused where no arrow image view is drawn, and a template flag without an image")
    func refused() throws {
        for change in [{ (s: inout RefreshScene) in s.style = .gif }, { $0.family = SVPullToRefresh() }] {
            let error = try #require(throws: InvalidValue.self) { try Self.scene(.idle, change).validate() }
            #expect(error.field == "arrowImage")
        }
        let error = try #require(throws: InvalidValue.self) {
            try SceneSchema.standard.description(fromArguments: ["--arrow-image-template"]).makeScene()
        }
        #expect(error.field == "arrowImageTemplate")
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["--style", "gif", "--arrow-image", "Fixtures/png/rgba8.png", "-o", folder + "/a.png"])
        #expect(run.status == 64 && run.stderr.contains("--arrow-image"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/a.png"))
    }
}
