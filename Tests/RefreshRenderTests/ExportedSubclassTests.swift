import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// How the exported subclass sets a value given per state (docs/layers.md, "Export: the
/// subclass"): as MJRefresh's demos do when every state the control enters has its value, and
/// as the picture draws otherwise. ExportProofTests holds that both draw the scene's bytes.
@Suite("Exported subclass: values per state")
struct ExportedSubclassTests {
    static func export(_ description: SceneDescription) throws -> (swift: String, objc: String) {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let export = try AppExport(description, baseDirectory: Support.root.appendingPathComponent("examples/layers").path)
        try export.write(to: folder)
        let name = try #require(export.subclass?.className)
        return (
            try String(contentsOfFile: folder + "/\(name).swift", encoding: .utf8),
            try String(contentsOfFile: folder + "/\(name).m", encoding: .utf8)
        )
    }

    @Test("every state a header enters given: each case sets the view, any other leaves it, Will Refresh with Refreshing")
    func everyStateGivenIsTheDemosSwitch() throws {
        let code = try Self.export(
            try SceneDescription(contentsOfFile: Support.root.appendingPathComponent("examples/layers/MJDIYHeader.json").path))
        #expect(code.swift.contains("case .idle: self.label.text = \"赶紧下拉吖(开关是打酱油滴)\""))
        #expect(code.swift.contains("case .refreshing, .willRefresh: self.label.text = \"加载数据中(开关是打酱油滴)\"\n            default: break"))
        #expect(!code.swift.contains("default: text = \"\""))
        #expect(code.objc.contains("case MJRefreshStateIdle: self.label.text = @\"赶紧下拉吖(开关是打酱油滴)\"; break;"))
        #expect(code.objc.contains("default: break;"))
    }

    @Test("a state the control enters left out: the code sets what the picture draws there")
    func aStateLeftOutIsThePicturesDefault() throws {
        var description = SceneDescription()
        description[.kind] = .text("back-footer")
        description.layers = [
            ControlLayer(
                .label, name: "note", [.text: .byState(["idle": "Pull up", "pulling": "Let go"]), .x: 0, .y: 0, .width: "w", .height: "h"])
        ]
        let code = try Self.export(description)
        // Refreshing and No More Data are entered and not given: the label's own default, empty.
        #expect(code.swift.contains("let text: String"))
        #expect(code.swift.contains("default: text = \"\""))
        #expect(!code.swift.contains("default: break"))
        #expect(code.objc.contains("default: text = @\"\"; break;"))
    }

    /// The generated subclass of two scenes, as an iOS engineer reads it before merging: held
    /// against goldens written by this test (missing: written, the test fails; look at them and
    /// commit), so a change to the printers shows in review.
    @Test(
        "the exported subclass is held as a golden file: each image made once, no unused locals, standalone layers set without implicit animations",
        arguments: ["examples/layers/brand-header.json", "Tests/ExportProof/scenes/every-kind.json"])
    func goldenFiles(_ scene: String) throws {
        let path = Support.root.appendingPathComponent(scene)
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let export = try AppExport(try SceneDescription(contentsOfFile: path.path), baseDirectory: path.deletingLastPathComponent().path)
        try export.write(to: folder)
        let name = try #require(export.subclass?.className)
        let goldens = Support.root.appendingPathComponent("Tests/RefreshRenderTests/__Snapshots__/ExportedSubclass").path
        try FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true)
        let stem = path.deletingPathExtension().lastPathComponent
        for file in ["\(name).swift", "\(name).m"] {
            let made = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            let golden = goldens + "/\(stem)-\(file).golden"
            guard let kept = try? String(contentsOfFile: golden, encoding: .utf8) else {
                try made.write(toFile: golden, atomically: true, encoding: .utf8)
                Issue.record("recorded \(golden): look at it, commit it, and run the tests again")
                continue
            }
            #expect(made == kept, "\(file) of \(scene) differs from \(golden)")
            // What an engineer would flag in review.
            #expect(!made.contains("_ = (w, h"))
            #expect(!made.contains("(void)w;"))
            if !made.contains("CGFloat(CACurrentMediaTime() - stateStart)") && !made.contains("CACurrentMediaTime() - self.stateStart") {
                #expect(!made.contains("stateStart"), "stateStart kept though nothing reads t")
            }
        }
    }
}
