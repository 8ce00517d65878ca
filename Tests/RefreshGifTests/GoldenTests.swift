import Foundation
import RefreshGifTesting
import RefreshGifTestSupport
import Testing
@testable import ImageCodecs
@testable import PixelDiff
@testable import RefreshGif
@testable import RefreshImage
@testable import RefreshModel
@testable import RefreshRaster

/// Every kind × style × state of the gallery, in English and Simplified Chinese, compared
/// with PNGs recorded by this project and looked at before they were committed (they are the
/// cells of docs/gallery.png and docs/gallery-zh-Hans.png), through the package's own
/// `assertRefreshSnapshot`.
///
/// `REFRESH_RECORD=1 swift test --filter GoldenTests` records them again. Pixel identity holds
/// for the same font files and FreeType version (docs/text.md); pixelmatch's threshold and
/// anti-aliasing detection absorb nothing else, since `maxDiffPixels` is 0.
@Suite("Golden images")
struct GoldenTests {
    static let cases: [Gallery.Case] = {
        let images = (try? BuiltInAnimation.images(scale: 2)) ?? StateImages()
        return [Language.en, .zhHans].flatMap { Gallery.cases(language: $0, scale: 2, images: images).flatMap { $0 } }
    }()

    @Test("each gallery cell matches its golden PNG", arguments: cases.map(\.name))
    func matchesGolden(name: String) throws {
        let scene = try #require(Self.cases.first { $0.name == name }).scene
        try assertRefreshSnapshot(of: scene, named: name)
    }

    /// A Lottie header (the "pull then loop" fixture): Idle half-way through the pull marker,
    /// Refreshing 0.4 s into the loop marker.
    @Test("Lottie header goldens", arguments: [("lottie-header-idle-50", RefreshState.idle, 0.5, 0.0),
                                              ("lottie-header-refreshing", .refreshing, 1.0, 0.4)])
    func lottieGolden(name: String, state: RefreshState, percent: Double, time: Double) throws {
        let json = """
            {"images": {"idle": "Fixtures/lottie/pull-loop.json", "refreshing": "Fixtures/lottie/pull-loop.json"},
             "lottieSegments": {"idle": "pull", "refreshing": "loop"}, "state": "\(state.rawValue)", "percent": \(percent),
             "time": \(time), "width": 320, "now": "2024-07-05T12:00:00Z"}
            """
        let scene = try JSONDecoder().decode(SceneDescription.self, from: Data(json.utf8)).makeScene(baseDirectory: Support.root.path)
        try assertRefreshSnapshot(of: scene, named: name)
    }

    @Test("goldens are not blank: every case draws ink")
    func notBlank() throws {
        let renderer = try RefreshRenderer()
        for item in Self.cases {
            #expect(try renderer.render(item.scene).opaqueBounds() != nil, "\(item.name)")
        }
    }
}

@Suite("Snapshot assertion")
struct SnapshotAssertionTests {
    static func scene(_ state: RefreshState) -> RefreshScene {
        var scene = RefreshScene()
        scene.style = .normal
        scene.state = state
        return scene
    }

    @Test("missing golden: recorded, and the assertion fails saying so; then it passes")
    func recordThenCompare() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let golden = folder + "/case.png"
        let check = SnapshotCheck(artifactsDirectory: folder + "/artifacts")
        let image = try RefreshRenderer().render(Self.scene(.idle))
        let first = try check.check(image, goldenPath: golden, name: "case", record: false)
        #expect(first == .recorded(goldenPath: golden, wasMissing: true))
        #expect(!first.passed)
        #expect(first.message(name: "case", goldenPath: golden).contains("no golden image existed"))
        #expect(try check.check(image, goldenPath: golden, name: "case", record: false) == .matched(differingPixels: 0))
        // Record mode rewrites and does not pass.
        #expect(try check.check(image, goldenPath: golden, name: "case", record: true) == .recorded(goldenPath: golden, wasMissing: false))
    }

    @Test("a deliberately broken render fails with the count and the paths of the actual and diff pictures")
    func mismatch() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let golden = folder + "/case.png"
        let check = SnapshotCheck(artifactsDirectory: folder + "/artifacts")
        let renderer = try RefreshRenderer()
        _ = try check.check(renderer.render(Self.scene(.idle)), goldenPath: golden, name: "case", record: true)
        let outcome = try check.check(renderer.render(Self.scene(.pulling)), goldenPath: golden, name: "case", record: false)
        guard case let .mismatched(count, total, actual, diff) = outcome else {
            Issue.record("expected a mismatch, got \(outcome)")
            return
        }
        #expect(count > 100 && total == 750 * 108)
        #expect(FileManager.default.fileExists(atPath: actual) && FileManager.default.fileExists(atPath: diff))
        let message = outcome.message(name: "case", goldenPath: golden)
        #expect(message.contains(actual) && message.contains(diff) && message.contains("\(count) of \(total) pixels differ"))
        // The diff picture shows red exactly where the title and arrow changed.
        let picture = try PNGDecoder().decodeStraight(FileIO.read(diff))
        #expect(picture.pixels.count == total * 4)
        // A tolerance as large as the difference passes.
        let lenient = SnapshotCheck(tolerance: DiffTolerance(maxDiffPixels: count), artifactsDirectory: folder)
        #expect(try lenient.check(renderer.render(Self.scene(.pulling)), goldenPath: golden, name: "case", record: false).passed)
    }

    @Test("recording writes fonts.json beside the goldens; a failure with other installed faces says which")
    func fontFingerprint() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let golden = folder + "/case.png"
        let check = SnapshotCheck(artifactsDirectory: folder + "/artifacts")
        let renderer = try RefreshRenderer()
        _ = try check.check(renderer.render(Self.scene(.idle)), goldenPath: golden, name: "case", record: true)
        let record = folder + "/fonts.json"
        let recorded = try JSONDecoder().decode(FontFingerprint.self, from: Data(contentsOf: URL(fileURLWithPath: record)))
        #expect(recorded == FontFingerprint.installed())
        #expect(recorded.faces.map(\.role) == ["primary", "chinese", "korean"])
        // Same fonts: the failure is only about pixels.
        let plain = try check.check(renderer.render(Self.scene(.pulling)), goldenPath: golden, name: "case", record: false)
        #expect(!plain.message(name: "case", goldenPath: golden).contains("other fonts"))
        // Goldens recorded with another primary face: the failure names both.
        var other = recorded
        other.faces[0].file = "DejaVuSans-Bold.ttf"
        try JSONEncoder().encode(other).write(to: URL(fileURLWithPath: record))
        let message = try check.check(renderer.render(Self.scene(.pulling)), goldenPath: golden, name: "case", record: false)
            .message(name: "case", goldenPath: golden)
        #expect(message.contains("recorded with other fonts"))
        #expect(message.contains("recorded DejaVuSans-Bold.ttf") && message.contains("installed \(recorded.faces[0].file)"))
    }

    @Test("a golden of another size fails with both sizes")
    func sizeMismatch() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let golden = folder + "/case.png"
        let check = SnapshotCheck(artifactsDirectory: folder)
        var scene = Self.scene(.idle)
        _ = try check.check(RefreshRenderer().render(scene), goldenPath: golden, name: "case", record: true)
        scene.width = 320
        let outcome = try check.check(RefreshRenderer().render(scene), goldenPath: golden, name: "case", record: false)
        #expect(outcome.message(name: "case", goldenPath: golden).contains("640×108"))
        #expect(!outcome.passed)
    }

    @Test("assertRefreshSnapshot throws a failure that names the golden, and passes on a match")
    func assertion() throws {
        let name = "assertion"
        let scene = Self.scene(.refreshing)
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Missing → recorded → thrown (in a temporary snapshot folder, not the source tree).
        #expect(throws: RefreshSnapshotFailure.self) { try assertRefreshSnapshot(of: scene, named: name, record: false, snapshotDirectory: folder,
                                      artifactsDirectory: folder + "/artifacts") }
        #expect(FileManager.default.fileExists(atPath: folder + "/" + name + ".png"))
        try assertRefreshSnapshot(of: scene, named: name, record: false, snapshotDirectory: folder,
                                      artifactsDirectory: folder + "/artifacts")
        var broken = scene
        broken.textColor = RGBAColor(red: 255, green: 0, blue: 0)
        do {
            try assertRefreshSnapshot(of: broken, named: name, record: false, snapshotDirectory: folder,
                                      artifactsDirectory: folder + "/artifacts")
            Issue.record("a broken render passed")
        } catch let failure as RefreshSnapshotFailure {
            #expect(failure.description.contains(name + ".png"))
            #expect(failure.description.contains("pixels differ"))
            #expect(failure.description.contains(".diff.png"))
            // The artifacts folder has a report a person opens in a browser.
            let page = try String(contentsOfFile: folder + "/artifacts/index.html", encoding: .utf8)
            #expect(page.contains(name) && page.contains("data-status=\"failed\"") && failure.description.contains("index.html"))
        }
    }
}
