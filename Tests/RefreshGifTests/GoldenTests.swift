import Foundation
import RefreshGifTestSupport
import Synchronization
import Testing

@testable import ImageCodecs
@testable import PixelDiff
@_spi(Tools) @testable import RefreshGif
@testable import RefreshGifTesting
@testable import RefreshImage
@testable import RefreshModel
@testable import RefreshRaster
@_spi(Tools) @testable import RefreshSnapshots
@testable import SnapshotReports

/// Every kind × style × state of the gallery, in English and Simplified Chinese, compared
/// with PNGs recorded by this project and looked at before they were committed (they are the
/// cells of docs/gallery.png and docs/gallery-zh-Hans.png), through the package's own
/// `assertSnapshot(of:as:named:)`.
///
/// `REFRESH_RECORD=all swift test --filter GoldenTests` records them again. Pixel identity holds
/// for the same font files and FreeType version (docs/text.md); pixelmatch's threshold and
/// anti-aliasing detection absorb nothing else, since `maxDiffPixels` is 0.
@Suite("Golden images")
struct GoldenTests {
    static let cases: [Gallery.Case] = {
        let images = (try? BuiltInAnimation.images(scale: 2)) ?? StateImages()
        // SVPullToRefresh ships English keys and ZJRefresh Chinese literals, whatever the
        // language: each is recorded in the one it shows.
        return [TitleLanguage.en, .zhHans].flatMap { Gallery.cases(language: $0, scale: 2, images: images).flatMap { $0 } }
            + Gallery.cases(family: SVPullToRefresh(), language: .en, scale: 2, images: images).flatMap { $0 }
            + Gallery.cases(family: ZJRefresh(), language: .zhHans, scale: 2, images: images).flatMap { $0 }
    }()

    @Test("each gallery cell matches its golden PNG", arguments: cases.map(\.name))
    func matchesGolden(name: String) throws {
        let scene = try #require(Self.cases.first { $0.name == name }).scene
        assertSnapshot(of: scene, as: .scene, named: name)
    }

    /// A Lottie header (the "pull then loop" fixture): Idle half-way through the pull marker,
    /// Refreshing 0.4 s into the loop marker.
    @Test(
        "Lottie header goldens",
        arguments: [
            ("lottie-header-idle-50", RefreshState.idle, 0.5, 0.0),
            ("lottie-header-refreshing", .refreshing, 1.0, 0.4),
        ])
    func lottieGolden(name: String, state: RefreshState, percent: Double, time: Double) throws {
        let json = """
            {"images": {"idle": "Fixtures/lottie/pull-loop.json", "refreshing": "Fixtures/lottie/pull-loop.json"},
             "lottieSegments": {"idle": "pull", "refreshing": "loop"}, "state": "\(state.rawValue)", "percent": \(percent),
             "time": \(time), "width": 320, "now": "2024-07-05T12:00:00Z"}
            """
        try Self.assertGolden(json: json, named: name)
    }

    /// A header as an app restyles it: its strings file, a serif title, an emoji, its own
    /// arrow image (as given while pulling, as a template at rest) and label colours.
    @Test(
        "app look goldens",
        arguments: [
            ("app-look-idle", "idle", ##", "arrowImageTemplate": true, "stateLabelColor": "#007AFF""##),
            ("app-look-pulling", "pulling", ##", "titles": {"pulling": "Let go 🎉"}, "timeLabelColor": "#8E8E93""##),
        ])
    func appLookGolden(name: String, state: String, extra: String) throws {
        let json = """
            {"style": "normal", "state": "\(state)", "percent": 0.5, "width": 320, "now": "2024-07-05T12:00:00Z",
             "lastUpdated": "2024-07-05T09:41:00Z", "i18nBundle": "Fixtures/strings/App.bundle",
             "stateLabelFont": "bold 16 DejaVu Serif", "arrowImage": "Fixtures/demo/arrow@2x.png"\(extra)}
            """
        try Self.assertGolden(json: json, named: name)
    }

    /// The article's custom animation as SVPullToRefresh custom views: half pulled, triggered,
    /// and 0.3 s into loading (copies half way out).
    @Test(
        "burst animation goldens",
        arguments: [
            ("burst-sv-stopped-50", "stopped", 0.5, 0.0),
            ("burst-sv-triggered", "triggered", 1.0, 0.0),
            ("burst-sv-loading-03", "loading", 1.0, 0.3),
        ])
    func burstGolden(name: String, state: String, percent: Double, time: Double) throws {
        let json = """
            {"library": "svpulltorefresh", "style": "gif", "animation": "burst", "state": "\(state)",
             "percent": \(percent), "time": \(time), "width": 320}
            """
        try Self.assertGolden(json: json, named: name)
    }

    @Test("burst at no pull: only the 6-pt star, no sliver of wedge at 12 o'clock")
    func burstAtRest() throws {
        let json = #"{"library": "svpulltorefresh", "style": "gif", "animation": "burst", "state": "stopped", "percent": 0}"#
        let scene = try JSONDecoder().decode(SceneDescription.self, from: Data(json.utf8)).makeScene()
        let picture = try RefreshRenderer().render(scene)
        let image = try #require(try RefreshRenderer().plan(for: scene).layout.image)
        // The canvas's centre (60, 22) pt in the image frame, at scale 2; the star reaches 6 pt.
        let cx = (image.x + 60) * 2, cy = (image.y + 22) * 2
        var outside = 0
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                guard let p = picture.pixel(x: x, y: y), p.a > 0 else { continue }
                if hypot(Double(x) + 0.5 - cx, Double(y) + 0.5 - cy) > 6 * 2 + 1.5 { outside += 1 }
            }
        }
        #expect(outside == 0)
    }

    /// Checks the scene a case's JSON describes (paths from the package root) against its golden.
    static func assertGolden(
        json: String, named name: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        testName: String = #function, line: UInt = #line, column: UInt = #column
    ) throws {
        let scene = try JSONDecoder().decode(SceneDescription.self, from: Data(json.utf8)).makeScene(baseDirectory: Support.root.path)
        assertSnapshot(of: scene, as: .scene, named: name, fileID: fileID, file: filePath, testName: testName, line: line, column: column)
    }

    @Test("goldens are not blank: every case draws ink")
    func notBlank() throws {
        let renderer = try RefreshRenderer()
        for item in Self.cases {
            // SVPullToRefresh's infinite scrolling view shows nothing until it is triggered.
            let scene = item.scene
            if scene.family is SVPullToRefresh && scene.kind == .autoFooter && scene.style == .normal && scene.state == .idle {
                #expect(try renderer.render(scene).opaqueBounds() == nil, "\(item.name)")
                continue
            }
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
        let check = try SnapshotBatch(artifactsDirectory: folder + "/artifacts")
        let image = try RefreshRenderer().render(Self.scene(.idle))
        let first = try check.check(image, goldenPath: golden, name: "case", record: false)
        #expect(!first.passed)
        if SnapshotRecordMode.onCI {
            // On CI a missing golden fails and is not written, as for the Swift assertions.
            #expect(first == .missing(goldenPath: golden, onCI: true))
            #expect(first.message(name: "case", goldenPath: golden).contains("not recorded on CI"))
            #expect(!FileManager.default.fileExists(atPath: golden))
            _ = try check.check(image, goldenPath: golden, name: "case", mode: .all)
        } else {
            #expect(first == .recorded(goldenPath: golden, wasMissing: true))
            #expect(first.message(name: "case", goldenPath: golden).contains("no golden image existed"))
        }
        #expect(try check.check(image, goldenPath: golden, name: "case", record: false) == .matched(differingPixels: 0))
        // Mode never: a missing golden fails, whether on CI or not, and nothing is written.
        let none = folder + "/none.png"
        #expect(try check.check(image, goldenPath: none, name: "none", mode: .never) == .missing(goldenPath: none, onCI: false))
        #expect(!FileManager.default.fileExists(atPath: none))
        // Record mode rewrites and does not pass.
        #expect(try check.check(image, goldenPath: golden, name: "case", record: true) == .recorded(goldenPath: golden, wasMissing: false))
    }

    @Test("a deliberately broken render fails with the count and the paths of the actual and diff pictures")
    func mismatch() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let golden = folder + "/case.png"
        let check = try SnapshotBatch(artifactsDirectory: folder + "/artifacts")
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
        let lenient = try SnapshotBatch(tolerance: DiffTolerance(maxDiffPixels: count), artifactsDirectory: folder)
        #expect(try lenient.check(renderer.render(Self.scene(.pulling)), goldenPath: golden, name: "case", record: false).passed)
    }

    @Test("recording writes fonts.json beside the goldens; a failure with other installed faces says which")
    func fontFingerprint() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let golden = folder + "/case.png"
        let check = try SnapshotBatch(artifactsDirectory: folder + "/artifacts")
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
        let check = try SnapshotBatch(artifactsDirectory: folder)
        var scene = Self.scene(.idle)
        _ = try check.check(RefreshRenderer().render(scene), goldenPath: golden, name: "case", record: true)
        scene.width = 320
        let outcome = try check.check(RefreshRenderer().render(scene), goldenPath: golden, name: "case", record: false)
        #expect(outcome.message(name: "case", goldenPath: golden).contains("640×108"))
        #expect(!outcome.passed)
    }
}

/// The assertion API as a test uses it: names, record modes, reports at the call site,
/// artifacts per test, the animation and JSON strategies.
@Suite("assertSnapshot")
struct AssertSnapshotTests {
    static func scene(_ state: RefreshState, color: RGBAColor = .mjLabel) -> RefreshScene {
        var scene = RefreshScene()
        scene.style = .normal
        scene.state = state
        scene.textColor = color
        return scene
    }

    @Test("the default comparison fails a title tinted #5A5A5A → #6A5A5A; pixelmatch's 0.1 would not")
    func exactByDefault() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = Self.scene(.idle, color: RGBAColor(red: 0x5A, green: 0x5A, blue: 0x5A))
        let tinted = Self.scene(.idle, color: RGBAColor(red: 0x6A, green: 0x5A, blue: 0x5A))
        _ = verifySnapshot(of: original, as: .scene, named: "title", record: .all, snapshotDirectory: folder)
        #expect(verifySnapshot(of: original, as: .scene, named: "title", record: .never, snapshotDirectory: folder) == nil)
        let failure = verifySnapshot(of: tinted, as: .scene, named: "title", record: .never, snapshotDirectory: folder)
        #expect(failure?.contains("pixels differ") == true, "\(failure ?? "passed")")
        // The tolerance a user opts into is still there, and passes this tint.
        #expect(
            verifySnapshot(
                of: tinted, as: .scene(threshold: 0.1, includeAA: false), named: "title", record: .never, snapshotDirectory: folder)
                == nil)
    }

    @Test("a parameterised test's goldens are named by its arguments, with no memory address in them", arguments: [0.2, 0.6])
    func parameterisedNames(percent: Double) throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var scene = Self.scene(.pulling)
        scene.pullingPercent = percent
        _ = verifySnapshot(of: scene, as: .scene, record: .all, snapshotDirectory: folder)
        #expect(CLI.files(in: folder).filter { $0.hasSuffix(".png") } == ["AssertSnapshotTests.parameterisedNames.\(percent).1.png"])
    }

    @Test("arguments unsafe in a file name give a stable hash instead", arguments: [("a/b c", 1), ("a/b c", 2)])
    func parameterisedHashes(text: String, number: Int) throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = verifySnapshot(of: Self.scene(.idle), as: .scene, record: .all, snapshotDirectory: folder)
        let names = CLI.files(in: folder).filter { $0.hasSuffix(".png") }
        #expect(names.count == 1)
        let key = names.first.map { $0.dropFirst("AssertSnapshotTests.parameterisedHashes.".count).prefix { $0 != "." } } ?? ""
        #expect(key.count == 9 && key.hasPrefix("h") && key.dropFirst().allSatisfy(\.isHexDigit), "\(names)")
        // Each case has its own key, the same whichever process computes it: a hash of what
        // Swift Testing shows of the arguments, which has no address in it.
        #expect(String(key) == "h" + (number == 1 ? Self.fnv(#""a/b c"\#u{1F}1"#) : Self.fnv(#""a/b c"\#u{1F}2"#)))
    }

    @Test(
        "an enumeration's case names its golden by its name; a golden under the former hash is moved there and passes",
        arguments: [RefreshState.pulling, .refreshing])
    func parameterisedEnums(state: RefreshState) throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = "AssertSnapshotTests.parameterisedEnums.\(state.rawValue == "pulling" ? "pulling" : "refreshing").1.png"
        _ = verifySnapshot(of: Self.scene(state), as: .scene, record: .all, snapshotDirectory: folder)
        #expect(CLI.files(in: folder).filter { $0.hasSuffix(".png") } == [name])
        // The test's second snapshot, recorded by an earlier version under the hash of `.pulling`:
        // moved to the new name, compared there, passing.
        let former = "AssertSnapshotTests.parameterisedEnums.h" + Self.fnv("." + String(describing: state)) + ".2.png"
        try FileManager.default.copyItem(atPath: folder + "/" + name, toPath: folder + "/" + former)
        let outcome = verifySnapshot(of: Self.scene(state), as: .scene, record: .missing, snapshotDirectory: folder)
        if SnapshotRecordMode.onCI {
            // On CI nothing is written: compared where it is, and it matches.
            #expect(outcome == nil)
            #expect(CLI.files(in: folder).filter { $0.hasSuffix(".png") } == [former, name].sorted())
        } else {
            #expect(outcome?.contains("moved from") == true && outcome?.contains("commit the move") == true)
            #expect(
                CLI.files(in: folder).filter { $0.hasSuffix(".png") } == [name, name.replacingOccurrences(of: ".1.png", with: ".2.png")])
        }
    }

    /// A suite whose snapshots record whatever REFRESH_RECORD says, through the trait.
    @Suite(.refreshSnapshots(record: .all))
    struct Recording {
        @Test("the .refreshSnapshots(record:) trait sets the mode of a suite's assertions, and messages name it")
        func traitSetsMode() throws {
            let folder = try Support.temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            _ = verifySnapshot(of: AssertSnapshotTests.scene(.idle), as: .scene, named: "t", snapshotDirectory: folder)
            let again = try #require(
                verifySnapshot(of: AssertSnapshotTests.scene(.idle), as: .scene, named: "t", snapshotDirectory: folder))
            #expect(again.contains("record mode all, from withSnapshotRecordMode or .refreshSnapshots(record:)"), "\(again)")
            // An assertion's own argument still wins.
            #expect(
                verifySnapshot(of: AssertSnapshotTests.scene(.idle), as: .scene, named: "t", record: .missing, snapshotDirectory: folder)
                    == nil)
        }
    }

    /// Two suites with a test of the same name, in one file (this one).
    struct First {
        @Test("two suites' tests of one name get goldens of their own (first)") func sameName() throws {
            try AssertSnapshotTests.recordSameName(.idle, expecting: "AssertSnapshotTests.First.sameName.1.png")
        }
    }

    struct Second {
        @Test("two suites' tests of one name get goldens of their own (second)") func sameName() throws {
            try AssertSnapshotTests.recordSameName(.pulling, expecting: "AssertSnapshotTests.Second.sameName.1.png")
        }
    }

    static func recordSameName(_ state: RefreshState, expecting name: String) throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = verifySnapshot(of: Self.scene(state), as: .scene, record: .all, snapshotDirectory: folder)
        #expect(CLI.files(in: folder).filter { $0.hasSuffix(".png") } == [name])
    }

    @Test("a failure is listed in the test's report and the run's; passing again takes it out of both")
    func staleReports() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let root = try SnapshotArtifacts.root(near: URL(fileURLWithPath: #filePath))
        let testReport = root + "/GoldenTests/AssertSnapshotTests/staleReports/report.json"
        func listed(_ log: String) -> [String] {
            guard let data = FileManager.default.contents(atPath: log),
                let entries = try? JSONDecoder().decode([HTMLReport.Entry].self, from: data)
            else { return [] }
            return entries.map(\.name)
        }
        _ = verifySnapshot(of: Self.scene(.idle), as: .scene, named: "stale", record: .all, snapshotDirectory: folder)
        #expect(verifySnapshot(of: Self.scene(.pulling), as: .scene, named: "stale", snapshotDirectory: folder) != nil)
        #expect(listed(testReport) == ["stale"])
        #expect(listed(root + "/report.json").contains("AssertSnapshotTests/staleReports/stale"))
        #expect(FileManager.default.fileExists(atPath: root + "/index.html"))
        #expect(verifySnapshot(of: Self.scene(.idle), as: .scene, named: "stale", snapshotDirectory: folder) == nil)
        #expect(!FileManager.default.fileExists(atPath: testReport))
        #expect(!FileManager.default.fileExists(atPath: root + "/GoldenTests/AssertSnapshotTests/staleReports/index.html"))
        #expect(!listed(root + "/report.json").contains("AssertSnapshotTests/staleReports/stale"))
    }

    @Test("a golden under the name without its suite is moved to the new name and compared there")
    func formerNameMoved() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A golden as earlier versions named it: the function and the number, no suite.
        try FileIO.write(try PNGEncoder().encode(try RefreshRenderer().render(Self.scene(.idle))), to: folder + "/formerNameMoved.1.png")
        let outcome = verifySnapshot(of: Self.scene(.idle), as: .scene, snapshotDirectory: folder)
        if SnapshotRecordMode.onCI {
            // On CI nothing is written: the golden is compared where it is, and matches.
            #expect(outcome == nil)
            #expect(CLI.files(in: folder).filter { $0.hasSuffix(".png") } == ["formerNameMoved.1.png"])
        } else {
            let moved = try #require(outcome)
            #expect(moved.contains("moved from") && moved.contains("commit the move"), "\(moved)")
            #expect(CLI.files(in: folder).filter { $0.hasSuffix(".png") } == ["AssertSnapshotTests.formerNameMoved.1.png"])
        }
    }

    @Test("the type around a line is read from source, past comments, strings and `class func`")
    func sourceScopes() {
        let source = """
            import XCTest
            // class Fake {
            final class HeaderTests: XCTestCase {
                class func setUp() { }
                let text = "struct Nope { }"
                func testHeader() {
                    /* { */ assertSnapshot()
                }
            }
            extension Outer.Inner {
                func testHeader() { }
            }
            """
        let scopes = SourceScopes(source)
        #expect(scopes.types(enclosing: 7) == ["HeaderTests"])
        #expect(scopes.types(enclosing: 11) == ["Inner"])
        #expect(scopes.types(enclosing: 1).isEmpty)
        #expect(scopes.typesDeclaring(function: "testHeader") == 2)
        #expect(scopes.typesDeclaring(function: "setUp") == 1)
    }

    /// FNV-1a, 32 bits, 8 hex digits (computed here independently of the helper).
    static func fnv(_ text: String) -> String {
        let hash = text.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    @Test("two new snapshots of one test are both recorded in one run, named by test and counter")
    func twoRecordedInOneRun() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // `.all` records missing goldens, also where CI=true (`.missing` and `.failed` do not
        // there: the example package's test runs them with and without CI).
        let first = verifySnapshot(of: Self.scene(.idle), as: .scene, record: .all, snapshotDirectory: folder)
        let second = verifySnapshot(of: Self.scene(.pulling), as: .scene, record: .all, snapshotDirectory: folder)
        #expect(first?.contains("recorded a new golden") == true && second?.contains("recorded a new golden") == true)
        #expect(
            CLI.files(in: folder).filter { $0.hasSuffix(".png") }
                == ["AssertSnapshotTests.twoRecordedInOneRun.1.png", "AssertSnapshotTests.twoRecordedInOneRun.2.png"])
        #expect(FileManager.default.fileExists(atPath: folder + "/fonts.json"))
    }

    @Test("every mismatch is reported at its own line, and the assertions after it still run")
    func reportsAtEachLine() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = verifySnapshot(of: Self.scene(.idle), as: .scene, named: "a", record: .all, snapshotDirectory: folder)
        _ = verifySnapshot(of: Self.scene(.idle), as: .scene, named: "b", record: .all, snapshotDirectory: folder)
        let red = RGBAColor(red: 255, green: 0, blue: 0)
        let seen = Mutex<[Int]>([])
        let base = #line
        withKnownIssue {
            assertSnapshot(of: Self.scene(.idle, color: red), as: .scene, named: "a", record: .never, snapshotDirectory: folder)
            assertSnapshot(of: Self.scene(.idle, color: red), as: .scene, named: "b", record: .never, snapshotDirectory: folder)
        } matching: { issue in
            guard issue.sourceLocation?.fileName == "GoldenTests.swift", let line = issue.sourceLocation?.line else { return false }
            seen.withLock { $0.append(line) }
            return true
        }
        #expect(seen.withLock { $0 } == [base + 2, base + 3])
    }

    @Test("the failure names the test, golden, artifacts, pixels, share, box and the command that records just it")
    func failureMessage() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = verifySnapshot(of: Self.scene(.idle), as: .scene, named: "header", record: .all, snapshotDirectory: folder)
        let message = try #require(verifySnapshot(of: Self.scene(.pulling), as: .scene, named: "header", snapshotDirectory: folder))
        #expect(message.contains("snapshot header of AssertSnapshotTests/failureMessage"))
        #expect(message.contains(folder + "/header.png"))
        #expect(message.contains("pixels differ (") && message.contains(" px at ("))
        #expect(message.contains("REFRESH_RECORD=all REFRESH_RECORD_ONLY=header swift test --filter 'AssertSnapshotTests/failureMessage'"))
        let artifacts = try #require(
            message.split(separator: "\n").first { $0.contains("artifacts:") }.map {
                String($0.split(separator: " ", omittingEmptySubsequences: true)[1].dropLast())
            })
        #expect(artifacts.hasSuffix("/GoldenTests/AssertSnapshotTests/failureMessage"))
        // With the mode given in the assertion, no environment variable can change it: the
        // message says to change the argument instead.
        let pinned = try #require(
            verifySnapshot(of: Self.scene(.pulling), as: .scene, named: "header", record: .never, snapshotDirectory: folder))
        #expect(
            pinned.contains("record again: change the assertion's record: argument to .all") && !pinned.contains("REFRESH_RECORD=all"),
            "\(pinned)")
        for file in ["header.actual.png", "header.diff.png", "header.compare.png", "index.html"] {
            #expect(FileManager.default.fileExists(atPath: artifacts + "/" + file), "\(file)")
        }
        // The side-by-side picture holds expected, actual and diff: three times as wide as one, and more.
        let compare = try PNGDecoder().decode(FileIO.read(artifacts + "/header.compare.png"))
        #expect(compare.width > 3 * 750)
        // A tolerance as large as the difference passes.
        let count = try #require(Int(message.split(separator: ":")[1].split(separator: " ")[0]))
        #expect(
            verifySnapshot(
                of: Self.scene(.pulling), as: .scene(maxDiffPixels: count), named: "header", record: .never, snapshotDirectory: folder)
                == nil)
        #expect(
            verifySnapshot(
                of: Self.scene(.pulling), as: .scene(maxDiffRatio: 0.5), named: "header", record: .never, snapshotDirectory: folder) == nil)
    }

    @Test("record modes: never fails on a missing golden, failed re-records only mismatches, all re-records everything, scoped overrides")
    func recordModes() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let never = try #require(verifySnapshot(of: Self.scene(.idle), as: .scene, named: "x", record: .never, snapshotDirectory: folder))
        #expect(never.contains("has no golden") && !FileManager.default.fileExists(atPath: folder + "/x.png"))
        // The record: argument overrides REFRESH_RECORD, so the message says to change the argument.
        #expect(
            never.contains("change the assertion's record: argument to .missing") && !never.contains("REFRESH_RECORD=missing swift"),
            "\(never)")
        _ = verifySnapshot(of: Self.scene(.idle), as: .scene, named: "x", record: .all, snapshotDirectory: folder)
        let recorded = try FileIO.read(folder + "/x.png")
        #expect(verifySnapshot(of: Self.scene(.idle), as: .scene, named: "x", record: .failed, snapshotDirectory: folder) == nil)
        let rerecorded = try #require(
            verifySnapshot(of: Self.scene(.pulling), as: .scene, named: "x", record: .failed, snapshotDirectory: folder))
        let now = try FileIO.read(folder + "/x.png")
        #expect(rerecorded.contains("recorded") && now != recorded)
        #expect(verifySnapshot(of: Self.scene(.pulling), as: .scene, named: "x", record: .never, snapshotDirectory: folder) == nil)
        // A scoped mode applies to assertions without their own.
        let scoped = withSnapshotRecordMode(.all) {
            verifySnapshot(of: Self.scene(.pulling), as: .scene, named: "x", snapshotDirectory: folder)
        }
        #expect(scoped?.contains("record mode all, from withSnapshotRecordMode") == true)
        #expect(
            scoped?.contains("Remove withSnapshotRecordMode or the .refreshSnapshots(record:) trait to compare") == true
                && scoped?.contains("REFRESH_RECORD") == false, "\(scoped ?? "")")
    }

    @Test("an animation is compared frame by frame and fails naming the first and the worst frame")
    func sequenceStrategy() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var scene = RefreshScene()
        scene.state = .refreshing
        _ = verifySnapshot(of: scene, as: .sequence(fps: 10), named: "spin", record: .all, snapshotDirectory: folder)
        let sheet = try PNGDecoder().decode(FileIO.read(folder + "/spin.png"))
        #expect(sheet.width == 8 * 750 && sheet.height == 2 * 108) // 12 frames of the built-in loop, 8 a row
        #expect(verifySnapshot(of: scene, as: .sequence(fps: 10), named: "spin", record: .never, snapshotDirectory: folder) == nil)
        scene.textColor = RGBAColor(red: 255, green: 0, blue: 0)
        let message = try #require(
            verifySnapshot(of: scene, as: .sequence(fps: 10), named: "spin", record: .never, snapshotDirectory: folder))
        #expect(message.contains("12 of 12 frames differ; first frame 0 (0.00 s, refreshing)") && message.contains("worst frame"))
        // The report compares grid with grid: the actual pictures and the diffs are whole grids
        // of the golden's size; the worst frame alone is in the side-by-side picture.
        let artifacts = try #require(
            message.split(separator: "\n").first { $0.contains("artifacts:") }.map {
                String($0.split(separator: " ", omittingEmptySubsequences: true)[1].dropLast())
            })
        for suffix in [".actual.png", ".diff.png"] {
            let grid = try PNGDecoder().decode(FileIO.read(artifacts + "/spin" + suffix))
            #expect(grid.width == sheet.width && grid.height == sheet.height, "\(suffix)")
        }
        #expect(FileManager.default.fileExists(atPath: artifacts + "/spin.compare.png"))
        // Another frame count is a size change of the grid, said in words.
        let longer = try #require(
            verifySnapshot(of: scene, as: .sequence(fps: 20), named: "spin", record: .never, snapshotDirectory: folder))
        #expect(longer.contains("frame count or size changed"))
    }

    @Test("the json strategy compares the simulate report line by line")
    func jsonStrategy() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var scene = RefreshScene()
        scene.state = .refreshing
        let animation = try RefreshAnimation.sequence(of: scene, fps: 10)
        _ = verifySnapshot(of: animation, as: .json, named: "report", record: .all, snapshotDirectory: folder)
        let text = try String(contentsOfFile: folder + "/report.json", encoding: .utf8)
        #expect(text.split(separator: "\n").count == 12 && text.hasPrefix("{\"alpha\":1,\"imageFrame\":0,\"index\":0"))
        #expect(verifySnapshot(of: animation, as: .json, named: "report", record: .never, snapshotDirectory: folder) == nil)
        let other = try RefreshAnimation.sequence(of: scene, fps: 12)
        let message = try #require(verifySnapshot(of: other, as: .json, named: "report", record: .never, snapshotDirectory: folder))
        #expect(message.contains("line 2 differs"))
    }
}

/// Two suites with a test of the same name and a snapshot of the same name: each failure's
/// artifacts are in a folder of its own suite and test, never shared.
enum ArtifactFolders {
    static func check(_ suite: String, _ state: RefreshState) throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = verifySnapshot(of: AssertSnapshotTests.scene(.idle), as: .scene, named: "same", record: .all, snapshotDirectory: folder)
        let message = try #require(
            verifySnapshot(
                of: AssertSnapshotTests.scene(state), as: .scene, named: "same", record: .never,
                snapshotDirectory: folder))
        let line = try #require(message.split(separator: "\n").first { $0.contains("artifacts:") })
        #expect(line.contains("/GoldenTests/ArtifactSuiteA/sameName/") == (suite == "A"))
        #expect(line.contains("/GoldenTests/ArtifactSuiteB/sameName/") == (suite == "B"))
    }
}

@Suite struct ArtifactSuiteA {
    @Test("artifacts of a same-named test go to this suite's folder") func sameName() throws { try ArtifactFolders.check("A", .pulling) }
}

@Suite struct ArtifactSuiteB {
    @Test("artifacts of a same-named test go to this suite's folder") func sameName() throws { try ArtifactFolders.check("B", .refreshing) }
}
