import Foundation
import RefreshGif
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

    @Test("snapshot --scene: every case starts from the scene file, its defaults and each case winning")
    func snapshotTakesIt() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = Self.examples + "/MJDIYHeader.json"
        let cases = folder + "/cases.json"
        try Data(
            #"{"defaults": {"state": "pulling"}, "cases": [{"name": "pulling", "percent": 0.6}, {"name": "refreshing", "state": "refreshing", "time": 0.2}]}"#
                .utf8
        ).write(to: URL(fileURLWithPath: cases))
        let record = try CLI.run(["snapshot", cases, "--golden", folder + "/golden", "--record", "--scene", scene])
        #expect(record.status == 0, "\(record.stderr)")
        // Each golden is what render draws with the scene file and the case's settings.
        for (name, options) in [
            ("pulling", ["--state", "pulling", "--percent", "0.6"]), ("refreshing", ["--state", "refreshing", "--time", "0.2"]),
        ] {
            let render = try CLI.run(["--scene", scene] + options + ["-o", folder + "/\(name).png"])
            #expect(render.status == 0, "\(render.stderr)")
            let golden = try PNGDecoder().decode([UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/golden/\(name).png"))))
            let drawn = try PNGDecoder().decode([UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/\(name).png"))))
            #expect(golden.pixels == drawn.pixels, "\(name)")
        }
        // Without the scene file the goldens no longer match: the layers were drawn.
        let compare = try CLI.run(["snapshot", cases, "--golden", folder + "/golden", "--artifacts", folder + "/art"])
        #expect(compare.status == 1, "\(compare.stdout)")
        // A bad scene file is one line naming it; no golden is written.
        try Data(#"{"layers": [{"kind": "label", "name": "t", "textColr": 1}]}"#.utf8).write(to: URL(fileURLWithPath: folder + "/bad.json"))
        let bad = try CLI.run(["snapshot", cases, "--golden", folder + "/new", "--record", "--scene", folder + "/bad.json"])
        #expect(bad.status == 65 && bad.stderr.contains("bad.json") && bad.stderr.contains("textColr"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/new"))
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
