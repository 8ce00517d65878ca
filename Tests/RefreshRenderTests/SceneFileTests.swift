import Foundation
import RefreshGifTestSupport
import Testing

@Suite("--scene: settings and layers from a file")
struct SceneFileTests {
    static let examples = Support.root.appendingPathComponent("examples/layers").path

    @Test("a scene file draws on render, sequence, simulate and lint; options beside it win")
    func commandsTakeIt() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = Self.examples + "/MJDIYHeader.json"
        let idle = try CLI.run(["--scene", scene, "-o", folder + "/idle.png"])
        #expect(idle.status == 0, "\(idle.stderr)")
        let pulling = try CLI.run(["render", "--scene", scene, "--state", "pulling", "-o", folder + "/pulling.png"])
        #expect(pulling.status == 0, "\(pulling.stderr)")
        let a = try Data(contentsOf: URL(fileURLWithPath: folder + "/idle.png"))
        let b = try Data(contentsOf: URL(fileURLWithPath: folder + "/pulling.png"))
        #expect(a != b, "the option --state pulling did not win over the file's idle")
        let sequence = try CLI.run([
            "sequence", "--scene", scene, "--state", "refreshing", "--length", "0.3", "--fps", "10", "--frames", folder + "/seq",
        ])
        #expect(sequence.status == 0 && CLI.files(in: folder + "/seq").count == 3, "\(sequence.stderr)")
        let simulate = try CLI.run([
            "simulate", Self.examples + "/pull-far.json", "--scene", scene, "--fps", "5", "--frames", folder + "/sim",
        ])
        #expect(simulate.status == 0 && CLI.files(in: folder + "/sim").count == 17, "\(simulate.stderr)")
        let lint = try CLI.run(["lint", "--scene", scene])
        #expect(lint.status == 0 && lint.stdout.isEmpty == false, "\(lint.stderr)")
    }

    @Test(
        "a wrong scene file is one line naming the file and the JSON path (65), and nothing is written",
        arguments: [
            (##"{"layers": [{"kind": "label", "name": "t", "textColr": "#FF0000"}]}"##, "$.layers.t.textColr: is not a layer property"),
            (##"{"layers": [{"kind": "blob", "name": "t"}]}"##, "$.layers[0].kind: unknown layer kind 'blob'"),
            (##"{"textColor": "red"}"##, "$.textColor: expected #RRGGBB"),
            (##"{"layers": [{"kind": "label", "name": "t", "y": "h / "}]}"##, "$.layers.t.y: a number or name expected"),
        ])
    func badFile(json: String, message: String) throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
        let result = try CLI.run(["--scene", folder + "/scene.json", "-o", folder + "/out.png"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("scene.json: " + message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.png"))
    }

    @Test("a command that draws no scene refuses --scene (64); a missing file is 66")
    func refused() throws {
        let extract = try CLI.run(["extract", "--scene", "x.json", Support.fixture("demo").appending("/pull.gif")])
        #expect(extract.status == 64 && extract.stderr.contains("--scene"), "\(extract.stderr)")
        let gallery = try CLI.run(["gallery", "--scene", "x.json"])
        #expect(gallery.status == 64 && gallery.stderr.contains("--scene"), "\(gallery.stderr)")
        let missing = try CLI.run(["--scene", "/nonexistent/scene.json", "-o", "/dev/null"])
        #expect(missing.status == 66 && missing.stderr.contains("/nonexistent/scene.json"), "\(missing.stderr)")
    }
}
