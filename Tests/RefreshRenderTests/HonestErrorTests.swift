import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
import RefreshGifTools
import Testing

/// One honest line per error, and inputs that cannot hang or blow up a command.
@Suite("Honest errors and hostile text")
struct HonestErrorTests {
    @Test(
        "JSON with a key given twice or a trailing comma is refused with its JSON path (65)",
        arguments: [
            ("{\"cases\": [{\"name\": \"a\", \"percent\": 1, \"percent\": 2}]}", "$.cases[0].percent: \"percent\" is given twice"),
            ("{\"cases\": [{\"name\": \"a\",}]}", "$.cases[0]: a comma before '}'"),
            ("{\"cases\": [{\"name\": \"a\"},]}", "$.cases: a comma before ']'"),
        ])
    func strictJSON(json: String, message: String) throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/cases.json"))
        let result = try CLI.run(["snapshot", folder + "/cases.json", "--golden", folder + "/g", "--artifacts", folder + "/a"])
        #expect(result.status == 65)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test(
        "JSON broken inside an array or object is one error, never a hang: the strict reading always moves on",
        arguments: [
            "[1}", "{\"layers\": [1}", "[[[}", "{\"a\": [1 2]}", "[1 2]", "{\"a\": 1 \"b\": 2}", "{\"a\":}", "[:]", "[,]", "{\"a\": [}",
        ])
    func brokenJSONEnds(json: String) throws {
        #expect(throws: RefreshGifError.self) { try JSONInput.decode(SceneDescription.self, from: Array(json.utf8), name: "x.json") }
    }

    @Test("a scene file broken inside its layers is refused (65), not read forever")
    func brokenSceneFileEnds() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("{\"layers\": [1}".utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
        let result = try CLI.run(["--scene", folder + "/scene.json", "-o", folder + "/out.png"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("scene.json"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.png"))
    }

    @Test(
        "a font family no face has, given by a scene file, is the file's error (65, naming it); given as an option, 64",
        arguments: [
            #"{"layers": [{"name": "t", "kind": "label", "text": "hi", "font": "bold 16 /etc/passwd"}]}"#,
            #"{"stateLabelFont": "bold 16 /etc/passwd"}"#,
        ])
    func fontFamiliesFromASceneFile(scene: String) throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
        let result = try CLI.run(["--scene", folder + "/scene.json", "-o", folder + "/out.png"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("refresh-render: \(folder)/scene.json: $."), "\(result.stderr)")
        #expect(result.stderr.contains("no installed font family '/etc/passwd'"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.png"))
        let option = try CLI.run(["--state-label-font", "bold 16 /etc/passwd", "-o", folder + "/out.png"])
        #expect(option.status == 64 && option.stderr.contains("--state-label-font"), "\(option.stderr)")
    }

    @Test("preview checks its options, then runs the server program beside it; without one, a line saying how to build it (69)")
    func previewHandsOver() throws {
        // A copy of the command in a folder of its own, with a PATH that has no server program.
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let command = folder + "/refresh-render"
        try FileManager.default.copyItem(atPath: CLI.binary, toPath: command)
        let demo = Support.fixture("demo")
        let plainPath = ["PATH": "/usr/bin:/bin"]
        let missing = try CLI.run(["preview", "--images", "idle=pull.gif"], in: demo, environment: plainPath, executable: command)
        #expect(missing.status == 69, "\(missing.stderr)")
        #expect(missing.stderr.contains("refresh-render-preview") && missing.stderr.contains("make preview"), "\(missing.stderr)")
        #expect(missing.stderr.split(separator: "\n").count == 1)
        // Bad options and missing files are the command line's errors, before any server.
        let bad = try CLI.run(["preview", "--percent", "-1"], in: demo, environment: plainPath, executable: command)
        #expect(bad.status == 64 && bad.stderr.contains("--percent"), "\(bad.stderr)")
        let absent = try CLI.run(["preview", "--images", "idle=nope.gif"], in: demo, environment: plainPath, executable: command)
        #expect(absent.status == 66 && absent.stderr.contains("nope.gif"), "\(absent.stderr)")
        let port = try CLI.run(["preview", "--port", "70000"], in: demo, environment: plainPath, executable: command)
        #expect(port.status == 64 && port.stderr.contains("--port: must be between 0 and 65535, got 70000"), "\(port.stderr)")
        // A stand-in server beside it gets the checked settings, and the path of the Lottie
        // worker beside it.
        let worker = folder + "/refresh-lottie-worker"
        try FileManager.default.copyItem(
            atPath: URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().appendingPathComponent("refresh-lottie-worker").path,
            toPath: worker)
        let stand = folder + "/refresh-render-preview"
        try "#!/bin/sh\nprintf '%s\\n' \"$#\" \"$1\" \"$REFRESH_LOTTIE_WORKER\"\nexit 7\n".write(
            toFile: stand, atomically: true, encoding: .utf8)
        chmod(stand, 0o755)
        let handed = try CLI.run(
            ["preview", "--images", "idle=pull.gif", "--percent", "0.5", "--port", "9", "--open"], in: demo, environment: plainPath,
            executable: command)
        let lines = String(decoding: handed.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(handed.status == 7 && lines.count == 3 && lines.first == "1", "\(lines) \(handed.stderr)")
        let settings = try PreviewSettings(handOff: lines[1])
        #expect(settings.scene[.percent] == .number(0.5) && settings.scene[.images] != nil)
        #expect(settings.port == 9 && settings.openBrowser && settings.host == "127.0.0.1" && settings.baseDirectory == demo)
        #expect(lines[2] == worker)
    }

    @Test("usage errors are one line; negative numbers are values; an empty shard is a usage error")
    func usage() throws {
        let negative = try CLI.run(["--percent", "-1", "-o", "/dev/null"])
        #expect(
            negative.status == 64 && negative.stderr.contains("--percent: must be") && negative.stderr.split(separator: "\n").count == 1)
        let unknown = try CLI.run(["--no-such-option"])
        #expect(unknown.status == 64 && unknown.stderr.split(separator: "\n").count == 1)
        let cases = Support.root.appendingPathComponent("examples/snapshots/cases.json").path
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let golden = Support.root.appendingPathComponent("examples/snapshots/golden").path
        let empty = try CLI.run(["snapshot", cases, "--golden", golden, "--shard", "8/10", "--artifacts", folder])
        #expect(empty.status == 64 && empty.stderr.contains("--shard"))
        let allowed = try CLI.run(["snapshot", cases, "--golden", golden, "--shard", "8/10", "--allow-empty-shard", "--artifacts", folder])
        #expect(allowed.status == 0)
    }

    @Test("an unknown language and an extension without an encoder warn; .gif and .apng write those formats")
    func warningsAndFormats() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let language = try CLI.run(["--language", "xx", "-o", folder + "/a.png"])
        #expect(language.status == 0 && language.stderr.contains("warning: --language 'xx'"))
        let jpg = try CLI.run(["-o", folder + "/a.jpg"])
        let jpgBytes = try FileIO.read(folder + "/a.jpg")
        #expect(jpg.status == 0 && jpg.stderr.contains("warning") && jpgBytes.starts(with: [0x89, 0x50]))
        #expect(try CLI.run(["-o", folder + "/a.gif"]).status == 0)
        let gifBytes = try FileIO.read(folder + "/a.gif")
        #expect(gifBytes.starts(with: Array("GIF89a".utf8)))
        #expect(try CLI.run(["-o", folder + "/a.apng"]).status == 0)
        #expect(try CLI.run(["info", folder + "/a.apng"]).status == 0)
    }

    @Test("a zero-byte or truncated font is bad data (65), a missing one a missing input (66)")
    func brokenFonts() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let whole = try FileIO.read(font)
        try Data().write(to: URL(fileURLWithPath: folder + "/empty.ttf"))
        try Data(whole.prefix(whole.count / 3)).write(to: URL(fileURLWithPath: folder + "/truncated.ttf"))
        for name in ["empty.ttf", "truncated.ttf"] {
            let result = try CLI.run(["--font", folder + "/" + name, "-o", folder + "/x.png"])
            #expect(result.status == 65 && result.stderr.contains(name) && result.stderr.contains("not a font"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/x.png"))
        }
        let missing = try CLI.run(["--font", folder + "/nope.ttf", "-o", folder + "/x.png"])
        #expect(missing.status == 66, "\(missing.stderr)")
    }

    @Test("a Lottie worker killed from outside (SIGKILL) is said so (70), not blamed on the memory budget")
    func killedWorker() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let worker = folder + "/worker"
        try "#!/bin/sh\nkill -KILL $$\n".write(toFile: worker, atomically: true, encoding: .utf8)
        chmod(worker, 0o755)
        let result = try CLI.run(
            ["--images", "idle=" + Support.fixture("lottie/pull-loop.json"), "-o", folder + "/x.png"],
            environment: ["REFRESH_LOTTIE_WORKER": worker])
        #expect(result.status == 70 && result.stderr.contains("killed (SIGKILL) from outside"), "\(result.stderr)")
        #expect(!result.stderr.contains("memory budget"), "\(result.stderr)")
    }

    @Test("a misspelt RefreshGif variable is warned about; others are left alone")
    func misspeltVariables() throws {
        #expect(
            RefreshEnvironment.warnings(["REFERSH_RECORD": "all", "PATH": "/bin", "REFRESH_RECORD": "all", "HOME": "/root"])
                == ["warning: REFERSH_RECORD is not a variable RefreshGif reads; did you mean REFRESH_RECORD?"])
        #expect(RefreshEnvironment.warnings(["REFRESH_ARTIFACT": "x"]).first?.contains("did you mean REFRESH_ARTIFACTS?") == true)
        #expect(RefreshEnvironment.warnings(["PREFIX": "x", "REFRESHED": "1", "REFRESH_RENDER_BIN": "/bin/x"]).isEmpty)
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(["-o", folder + "/a.png"], environment: ["REFRESH_LOTTIE_WORKR": "/bin/false"])
        #expect(result.status == 0 && result.stderr.contains("REFRESH_LOTTIE_WORKR is not a variable"), "\(result.stderr)")
    }

    @Test("an option that does not apply is refused, not ignored: a pulled auto footer, the height of SVPullToRefresh's view")
    func optionsThatDoNotApply() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pulled = try CLI.run(["--kind", "auto-footer", "--state", "pulling", "-o", folder + "/a.png"])
        #expect(pulled.status == 64 && pulled.stderr.contains("auto-footer has no pulling state (choose idle, refreshing, no-more-data)"))
        let height = try CLI.run(["--library", "svpulltorefresh", "--height", "80", "-o", folder + "/b.png"])
        #expect(
            height.status == 64
                && height.stderr.contains(
                    "--height: does not apply to SVPullToRefreshView (header, normal style): no svpulltorefresh class has it"),
            "\(height.stderr)")
        #expect(CLI.files(in: folder).isEmpty)
        #expect(try CLI.run(["--kind", "trailer", "--height", "200", "-o", folder + "/c.png"]).status == 0)
        #expect(try CLI.run(["--height", "60", "-o", folder + "/e.png"]).status == 0)
        // ZJRefresh's GifAnimator is made with a height; its NormalAnimator's is its nib's.
        #expect(
            try CLI.run(["--library", "zjrefresh", "--kind", "back-footer", "--style", "gif", "--height", "80", "-o", folder + "/d.png"])
                .status == 0)
        let nib = try CLI.run(["--library", "zjrefresh", "--kind", "back-footer", "--height", "80", "-o", folder + "/f.png"])
        #expect(nib.status == 64 && nib.stderr.contains("it exists on GifAnimator"), "\(nib.stderr)")
    }

    @Test("a FIFO input with no writer is refused at once (66) instead of blocking")
    func fifo() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/pipe.gif", 0o600) == 0)
        let result = try CLI.run(["--images", "idle=" + folder + "/pipe.gif", "-o", folder + "/x.png"])
        #expect(result.status == 66 && result.stderr.contains("not a regular file"))
    }

    @Test("a title of a million characters is truncated, in a header and down a trailer, without shaping it all")
    func millionCharacterTitle() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let title = String(repeating: "x", count: 1_000_000)
        let json =
            "{\"cases\": [{\"name\": \"header\", \"titles\": {\"idle\": \"\(title)\"}}, {\"name\": \"trailer\", \"kind\": \"trailer\", \"titles\": {\"idle\": \"\(title)\"}}]}"
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/cases.json"))
        let result = try CLI.run(["snapshot", folder + "/cases.json", "--golden", folder + "/g", "--record", "--artifacts", folder + "/a"])
        #expect(result.status == 0, "\(result.stderr)")
        let header = try PNGDecoder().decode(FileIO.read(folder + "/g/header.png"))
        #expect(header.width == 750 && header.opaqueBounds() != nil)
    }
}
