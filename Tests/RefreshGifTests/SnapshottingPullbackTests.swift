import Foundation
import RefreshGif
import RefreshGifTestSupport
import RefreshGifTesting
import Testing

/// A type of the app's own, snapshotted through a strategy of ours, as the guide shows.
private struct HeaderConfig {
    var pull: Double
}

@Suite("Strategies for your own types")
struct SnapshottingPullbackTests {
    @Test("pullback: the guide's three lines record, match, and catch a changed config")
    func pullback() throws {
        let header = Snapshotting<RefreshScene, RGBAImage>.scene.pullback { (config: HeaderConfig) in
            var scene = RefreshScene(); scene.pullingPercent = config.pull; return scene
        }
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Recorded with .all, which records on CI too (CI=true refuses to record missing goldens).
        let recorded = verifySnapshot(of: HeaderConfig(pull: 0.5), as: header, named: "half", record: .all, snapshotDirectory: folder)
        #expect(recorded?.contains("recorded a new golden at \(folder)/half.png") == true)
        let golden = try PNGDecoder().decodeStraight(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/half.png"))))
        var scene = RefreshScene()
        scene.pullingPercent = 0.5
        #expect(golden == StraightImage(try RefreshRenderer().render(scene)), "the golden is the pulled-back scene's picture")
        #expect(verifySnapshot(of: HeaderConfig(pull: 0.5), as: header, named: "half", record: .never, snapshotDirectory: folder) == nil)
        let changed = verifySnapshot(of: HeaderConfig(pull: 0.9), as: header, named: "half", record: .never, snapshotDirectory: folder)
        #expect(changed?.contains("does not match its golden") == true)
    }

    @Test("a Diffing of our own format plugs in: text compared line by line")
    func ownDiffing() throws {
        let titles = Snapshotting<RefreshScene, String>(pathExtension: "txt", diffing: .lines) { $0.stateTitle + "\n" }
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = verifySnapshot(of: RefreshScene(), as: titles, named: "title", record: .all, snapshotDirectory: folder)
        #expect(try String(contentsOfFile: folder + "/title.txt", encoding: .utf8) == "Pull down to refresh\n")
        var pulling = RefreshScene()
        pulling.state = .pulling
        let message = verifySnapshot(of: pulling, as: titles, named: "title", record: .never, snapshotDirectory: folder)
        #expect(message?.contains("line 1 differs") == true)
    }
}
