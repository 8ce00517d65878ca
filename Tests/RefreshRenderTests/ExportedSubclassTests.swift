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
}
