import Foundation
import RefreshGif
import RefreshGifTestSupport
import RefreshGifTesting
import Testing

// The DocC article "Configure it like your app" (RefreshGif.docc/ConfigureLikeYourApp.md): its
// two code blocks are this file's, word for word (checked below), so they compile and run.

@Test func appHeader() throws {
    var settings = SceneDescription() // every setting at the command line's default
    settings[.style] = "normal" // MJRefreshNormalHeader
    settings[.state] = "pulling"
    settings[.height] = 60 // header.mj_h = 60
    settings[.stateLabelFont] = "bold 16" // stateLabel.font = .boldSystemFont(ofSize: 16)
    settings[.stateLabelColor] = "#007AFF"
    settings[.timeLabelFont] = "regular 12"
    settings[.timeLabelColor] = "#8E8E93"
    settings[.lastUpdated] = "2026-03-17T21:41:00Z"
    settings[.now] = "2026-03-18T08:00:00Z"
    settings[.lastUpdatedFormat] = "'Updated 'MM-dd h:mm a" // lastUpdatedTimeText
    settings[.controlColor] = "#F2F2F7" // header.backgroundColor
    let scene = try settings.makeScene()
    assertSnapshot(of: scene, as: .scene)
}

func appHeaderWithItsFiles(projectRoot: String) throws -> RefreshScene {
    var settings = SceneDescription()
    settings[.style] = "normal"
    settings[.state] = "pulling"
    settings[.i18nBundle] = "Fixtures/strings/App.bundle" // a .strings, .xcstrings, .lproj or bundle
    settings[.stateLabelFont] = "bold 16 DejaVu Serif" // UIFont(name:size:)
    settings[.titles] = ["pulling": "Let go 🎉"]
    settings[.arrowImage] = "Fixtures/demo/arrow@2x.png" // arrowView.image
    return try settings.makeScene(baseDirectory: projectRoot)
}

@Suite("Configure it like your app: the article's Swift draws what the command line draws")
struct ConfigureLikeYourAppTests {
    static let here = URL(fileURLWithPath: #filePath)

    @Test("the article's code blocks are this file's, and the README's Swift lines are among them")
    func articleIsThisFile() throws {
        let source = try String(contentsOf: Self.here, encoding: .utf8)
        let article = try String(
            contentsOf: Support.root.appendingPathComponent("Sources/RefreshGif/RefreshGif.docc/ConfigureLikeYourApp.md"),
            encoding: .utf8)
        let blocks = Self.swiftBlocks(article).filter { $0.contains("makeScene") }
        #expect(blocks.count == 2)
        for block in blocks { #expect(source.contains(block), "the article's block differs from this file's:\n\(block)") }
        let readme = try String(contentsOf: Support.root.appendingPathComponent("README.md"), encoding: .utf8)
        let configure = try #require(Self.swiftBlocks(readme).first { $0.contains("SceneDescription()") })
        let lines = Set(source.split(separator: "\n").map { Self.code($0) })
        for line in configure.split(separator: "\n") {
            #expect(lines.contains(Self.code(line)), "the README's line is not in the article's code: \(line)")
        }
    }

    @Test("the snapshot's golden has the pixels of the README's command-line picture")
    func goldenIsTheCommandLinesPicture() throws {
        let golden = Self.here.deletingLastPathComponent().appendingPathComponent("__Snapshots__/ConfigureLikeYourAppTests/appHeader.1.png")
        let cli = Support.root.appendingPathComponent("docs/header-app-settings.png")
        let a = try PNGDecoder().decode([UInt8](Data(contentsOf: golden)))
        let b = try PNGDecoder().decode([UInt8](Data(contentsOf: cli)))
        #expect(a.width == b.width && a.height == b.height)
        #expect(a.pixels == b.pixels)
    }

    @Test("the scene with the app's files draws the README's command-line picture")
    func filesDrawTheCommandLinesPicture() throws {
        let scene = try appHeaderWithItsFiles(projectRoot: Support.root.path)
        let drawn = try RefreshRenderer().render(scene)
        let cli = try PNGDecoder().decode([UInt8](Data(contentsOf: Support.root.appendingPathComponent("docs/header-app-strings.png"))))
        #expect(drawn.width == cli.width && drawn.height == cli.height)
        #expect(drawn.pixels == cli.pixels)
    }

    /// A line of code without its comment and surrounding spaces.
    static func code<S: StringProtocol>(_ line: S) -> String {
        let text = String(line)
        let cut = text.range(of: "//").map { String(text[..<$0.lowerBound]) } ?? text
        return cut.trimmingCharacters(in: .whitespaces)
    }

    static func swiftBlocks(_ markdown: String) -> [String] {
        markdown.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    }
}
