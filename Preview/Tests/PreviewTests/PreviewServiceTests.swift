import Foundation
import Hummingbird
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
import RefreshGifTools
import Testing

@testable import RefreshPreview

/// The preview server's endpoints, called in process: what the page gets must be what the
/// command line gives for the same settings, and every bad request a 4xx line, never a crash.
@Suite struct PreviewServiceTests {
    /// A service started in the fixtures' demo folder with its two GIFs named, as
    /// `refresh-render preview --images idle=pull.gif --images refreshing=spin.gif` would be.
    static func service(base: [String] = ["idle=pull.gif", "refreshing=spin.gif"], extra: (inout PreviewConfiguration) -> Void = { _ in })
        throws -> PreviewService
    {
        var description = SceneDescription()
        if !base.isEmpty { description[.images] = try SceneField.images.parse(base) }
        var configuration = PreviewConfiguration(base: description, baseDirectory: Support.fixture("demo"))
        configuration.jobs = 2
        extra(&configuration)
        return PreviewService(configuration: configuration)
    }

    /// Every setting the server was started with can be set back to its default from the page
    /// (an empty value, as the page sends for an emptied field or "(none)"): the picture is the
    /// one of a server started without it, and the copied command no longer names it. Every
    /// declared setting of the default class is tried, with its declared example at start.
    @Test func everySettingStartedWithGoesBackToItsDefault() async throws {
        let plain = try Self.service(base: [])
        let expected = try await plain.render(query: "").body
        let defaultClass = try SceneDescription().makeScene()
        var tried = 0
        for field in SceneSchema.standard.fields
        where !field.isMoment && !field.mayNameFile && !field.isLimit && field.applies(toClassOf: defaultClass) {
            var base = SceneDescription()
            base[field] = field.example
            let service = PreviewService(configuration: PreviewConfiguration(base: base, baseDirectory: Support.fixture("demo")))
            #expect(try await service.render(query: "\(field.name)=").body == expected, "\(field.name)")
            let copied = try JSONDecoder().decode([String: String].self, from: Data(service.export(query: "\(field.name)=").body))
            #expect(copied["command"]?.contains("--" + field.option) == false, "\(field.name): \(copied["command"] ?? "")")
            tried += 1
        }
        #expect(tried >= 20)
        // A file named at start, for one state or all: "(built-in)" and "(none)" send `STATE=`.
        let started = try Self.service()
        #expect(try await started.render(query: "images=idle%3D&images=refreshing%3D").body == expected)
        #expect(try await started.render(query: "images=").body == expected)
        #expect(try await started.render(query: "images=idle%3D").body != expected)
    }

    /// The PNG `refresh-render` writes for `arguments`, run in the demo folder.
    static func cli(_ arguments: [String]) throws -> [UInt8] {
        let result = try CLI.run(arguments + ["-o", "-"], in: Support.fixture("demo"))
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    /// Query pairs and the command line's options for the same settings.
    static let combinations: [[(String, String)]] = [
        [],
        [("state", "pulling"), ("percent", "0.6")],
        [("state", "idle"), ("percent", "0.35"), ("background", "#FFFFFF")],
        [("style", "normal"), ("state", "pulling"), ("language", "zh-Hans")],
        [("style", "normal"), ("state", "refreshing"), ("time", "0.4"), ("spinner", "classic")],
        [("kind", "back-footer"), ("style", "normal"), ("state", "no-more-data"), ("scale", "3")],
        [("kind", "auto-footer"), ("style", "state"), ("state", "refreshing"), ("refreshingTitleHidden", "true")],
        [("kind", "trailer"), ("state", "pulling"), ("percent", "0.8"), ("height", "300")],
        [("library", "svpulltorefresh"), ("state", "triggered"), ("subtitles", "triggered=Soon")],
        [("library", "zjrefresh"), ("state", "loading"), ("width", "320")],
        [("state", "refreshing"), ("time", "0.25"), ("autoAlpha", "true"), ("rtl", "true")],
        [
            ("style", "normal"), ("lastUpdated", "2026-03-17T09:41:00Z"), ("now", "2026-03-17T10:41:00Z"),
            ("timezone", "Asia/Shanghai"), ("titles", "idle=Pull me"), ("textColor", "#FF0000"),
        ],
        [("animation", "burst"), ("state", "idle"), ("percent", "0.5")],
        [("durations", "refreshing=0.5"), ("state", "refreshing"), ("time", "0.3"), ("imageScale", "2")],
        [("hideLabels", "true"), ("state", "pulling"), ("labelLeftInset", "10"), ("ignoredInset", "4")],
    ]

    @Test func renderIsTheCommandLinesBytes() async throws {
        let service = try Self.service()
        for pairs in Self.combinations {
            let reply = try await service.render(query: QueryString.encode(pairs.map { (name: $0.0, value: $0.1) }))
            #expect(reply.status == 200)
            #expect(reply.contentType == "image/png")
            var arguments: [String] = []
            for (name, value) in pairs {
                let field = try #require(SceneSchema.standard.field(named: name))
                arguments += field.isFlag ? ["--" + field.option] : ["--" + field.option, value]
            }
            // The images the server started with, where the class drawn shows images; a class
            // without them (a Normal header) is drawn without, as the panel asks for it.
            let drawn = try SceneSchema.standard.description(fromArguments: arguments).makeScene()
            if SceneField.images.applies(toClassOf: drawn) {
                arguments = ["--images", "idle=pull.gif", "--images", "refreshing=spin.gif"] + arguments
            }
            #expect(reply.body == (try Self.cli(arguments)), "\(pairs)")
        }
    }

    @Test func renderWithoutImagesIsTheBuiltInAnimation() async throws {
        let service = try Self.service(base: [])
        for pairs in Self.combinations.prefix(6) {
            let reply = try await service.render(query: QueryString.encode(pairs.map { (name: $0.0, value: $0.1) }))
            let arguments = try pairs.flatMap { name, value -> [String] in
                let field = try #require(SceneSchema.standard.field(named: name))
                return field.isFlag ? ["--" + field.option] : ["--" + field.option, value]
            }
            #expect(reply.body == (try Self.cli(arguments)), "\(pairs)")
        }
    }

    /// A bad value gets the command line's own line, and a 400.
    @Test func badValuesAreTheCommandLinesLine() async throws {
        let service = try Self.service(base: [])
        let cases: [([(String, String)], [String])] = [
            ([("percent", "abc")], ["--percent", "abc"]),
            ([("percent", "-1")], ["--percent", "-1"]),
            ([("scale", "4")], ["--scale", "4"]),
            ([("background", "red")], ["--background", "red"]),
            ([("timezone", "Mars/Olympus")], ["--timezone", "Mars/Olympus"]),
            ([("titles", "flying=Hi")], ["--title", "flying=Hi"]),
            ([("library", "zjrefresh"), ("state", "triggered")], ["--library", "zjrefresh", "--state", "triggered"]),
        ]
        for (pairs, arguments) in cases {
            let query = QueryString.encode(pairs.map { (name: $0.0, value: $0.1) })
            let error = await #expect(throws: PreviewError.self) { try await service.render(query: query) }
            let cli = try CLI.run(arguments + ["-o", "/dev/null"])
            #expect(cli.status == 64)
            let line = try #require(cli.stderr.split(separator: "\n").first.map(String.init))
            #expect(error?.status == 400)
            // The same line, without the command line's pointer to its help.
            #expect(line.hasPrefix(error?.line.trimmingCharacters(in: .newlines) ?? "-"), "\(line) vs \(String(describing: error))")
        }
    }

    @Test func requestsReadNoPathsAndRaiseNoLimits() async throws {
        let service = try Self.service()
        let refused = [
            "images=idle%3D%2Fetc%2Fpasswd", "images=idle%3D..%2Fgif%2Fpull.gif", "font=%2Fusr%2Fshare%2Ffonts%2Fx.ttf",
            "images=idle%3Dupload%3A99", "maxMemory=4096", "maxSeconds=3600", "nonsense=1", "percent=%ZZ", "percent=%FF",
        ]
        for query in refused {
            let error = await #expect(throws: PreviewError.self, "\(query)") { try await service.render(query: query) }
            #expect(error?.status == 400 || error?.status == 422, "\(query)")
            #expect(error?.line.hasPrefix("refresh-render: ") == true)
        }
        // Named at start, and lower limits, are fine.
        let named = try await service.render(query: "images=idle%3Dspin.gif&maxMemory=64&maxSeconds=5")
        #expect(named.status == 200)
    }

    @Test func exportGivesACommandThatDrawsTheSameBytes() async throws {
        let service = try Self.service()
        let query = "style=normal&state=pulling&percent=1.2&titles=pulling=Let%20go%20%27now%27&background=%23FFFFFF"
        let reply = try service.export(query: query)
        let copy = try JSONDecoder().decode([String: String].self, from: Data(reply.body))
        let command = try #require(copy["command"])
        // In the settings' order: the control (library, kind, style), then its state.
        // The Normal style shows no images: those the server started with are left out.
        #expect(
            command.hasPrefix("refresh-render --style normal --state pulling --percent 1.2 --background") && !command.contains("--images"))
        #expect(command.contains(#"--title 'pulling=Let go '\''now'\'''"#))
        let folder = try Support.temporaryFolder()
        for gif in ["pull.gif", "spin.gif"] {
            try FileManager.default.copyItem(atPath: Support.fixture("demo/" + gif), toPath: folder + "/" + gif)
        }
        // The command as a user pastes it into a shell.
        let shell = try CLI.run(
            ["-c", command.replacingOccurrences(of: "refresh-render ", with: "'\(CLI.binary)' ")], in: folder, executable: "/bin/sh")
        #expect(shell.status == 0, "\(shell.stderr)")
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/refresh.png")))
        #expect(written == (try await service.render(query: query)).body)

        // The JSON case, recorded as a golden by `snapshot --record`, is the same picture.
        let cases = try #require(copy["json"])
        try cases.write(toFile: folder + "/cases.json", atomically: true, encoding: .utf8)
        let record = try CLI.run(["snapshot", "cases.json", "--golden", "golden", "--record"], in: folder)
        #expect(record.status == 0, "\(record.stderr)")
        let golden = try ImagePNG.decode(folder + "/golden/preview.png")
        let page = try ToolsFiles.decodePNG(try await service.render(query: query).body)
        #expect(golden.pixels == page.pixels)
    }

    /// The Swift the page copies, for one scene: the text is checked, and the same code, run
    /// here, draws the page's bytes.
    @Test func exportGivesSwiftThatDrawsTheSameBytes() async throws {
        let service = try Self.service(base: [])
        let query = "style=normal&state=refreshing&time=0.3&language=ko&scale=3"
        let copy = try JSONDecoder().decode([String: String].self, from: Data(try service.export(query: query).body))
        #expect(
            copy["swift"] == """
                import RefreshGif

                var control = SceneDescription()
                control[.style] = .text("normal")
                control[.state] = .text("refreshing")
                control[.time] = .number(0.3)
                control[.scale] = .integer(3)
                control[.language] = .text("ko")
                let scene: RefreshScene = try control.makeScene()
                let image = try RefreshRenderer().render(scene)
                try image.writePNG(to: "refresh.png")

                """)
        var control = SceneDescription()
        control[.state] = .text("refreshing")
        control[.time] = .number(0.3)
        control[.style] = .text("normal")
        control[.scale] = .integer(3)
        control[.language] = .text("ko")
        let scene: RefreshScene = try control.makeScene()
        let image = try RefreshRenderer().render(scene)
        #expect(try PNGEncoder().encode(image) == (try await service.render(query: query)).body)
    }

    @Test func uploadsDrawAsTheFileTheyHold() async throws {
        let service = try Self.service(base: [])
        let gif = try Support.bytes("demo/pull.gif")
        let answer = try service.upload(query: "state=idle&name=My%20Pull%402x.gif", body: gif)
        let upload = try JSONDecoder().decode([String: AnyCodableValue].self, from: Data(answer.body))
        #expect(upload["reference"] == .text("upload:1"))
        #expect(upload["name"] == .text("My_Pull@2x.gif"))
        let reply = try await service.render(query: "images=idle%3Dupload%3A1&state=idle&percent=0.5")
        #expect(reply.body == (try Self.cli(["--images", "idle=pull.gif", "--image-scale", "2", "--state", "idle", "--percent", "0.5"])))
        // The copied command names the user's file.
        let copy = try JSONDecoder().decode([String: String].self, from: Data(try service.export(query: "images=idle%3Dupload%3A1").body))
        #expect(copy["command"] == "refresh-render --images idle=My_Pull@2x.gif -o refresh.png")
        // The folder is the server's, and goes with it.
        let path = try #require(service.uploads.path(for: "upload:1"))
        #expect(FileManager.default.fileExists(atPath: path))
        service.shutDown()
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path))
    }

    @Test func uploadsStayWithinTheirBudget() async throws {
        let service = try Self.service(base: []) { $0.uploadBudgetBytes = 4000 }
        let gif = try Support.bytes("demo/pull.gif")
        #expect(gif.count > 4000)
        let error = #expect(throws: PreviewError.self) { try service.upload(query: "state=idle&name=a.gif", body: gif) }
        #expect(error?.status == 413)
        #expect(service.uploads.bytesHeld == 0)
        // A new drop on a state replaces the old one: the budget holds the newest only.
        let small = Array(gif.prefix(3000))
        _ = try service.upload(query: "state=idle&name=a.gif", body: small)
        _ = try service.upload(query: "state=idle&name=b.gif", body: small)
        #expect(service.uploads.bytesHeld == 3000)
        for bad in ["state=flying&name=a.gif", "name=a.gif", "state=idle&append=x", "state=idle&evil=1"] {
            let error = #expect(throws: PreviewError.self, "\(bad)") { try service.upload(query: bad, body: small) }
            #expect(error?.status == 400)
        }
        service.shutDown()
    }

    /// Every decode an upload's check does is charged to the server's one memory budget first
    /// (the attack: eight concurrent 248 KB PNGs that decode to 8000², all admitted past
    /// `--max-memory 256`). A PNG whose pixels fill the budget passes alone, is refused 503
    /// while other work holds part of it, and one larger than the budget is refused 413, each
    /// naming the budget; nothing is stored for a refused one.
    @Test func uploadDecodesAreChargedToTheMemoryBudget() async throws {
        var base = SceneDescription()
        base[.maxMemory] = 16
        let service = PreviewService(configuration: PreviewConfiguration(base: base, baseDirectory: Support.fixture("demo")))
        defer { service.shutDown() }
        // Decoded and premultiplied: eight bytes a pixel; 1448² fills 16 MiB, 1449 × 1448 is over.
        let fills = try PNGEncoder().encode(RGBAImage.transparent(width: 1448, height: 1448))
        let over = try PNGEncoder().encode(RGBAImage.transparent(width: 1449, height: 1448))
        #expect(fills.count < 300_000 && service.budget.bytes == 16 << 20)
        let busy = try service.budget.holding(1 << 20, for: "a render in flight") {
            #expect(throws: PreviewError.self) { try service.upload(query: "state=idle&name=a.png", body: fills) }
        }
        #expect(busy?.status == 503 && busy?.message.contains("MiB") == true, "\(busy?.message ?? "")")
        #expect(service.uploads.bytesHeld == 0)
        let tooLarge = #expect(throws: PreviewError.self) { try service.upload(query: "state=idle&name=b.png", body: over) }
        #expect(tooLarge?.status == 413 && tooLarge?.message.contains("budget") == true, "\(tooLarge?.message ?? "")")
        #expect(service.uploads.bytesHeld == 0)
        _ = try service.upload(query: "state=idle&name=c.png", body: fills)
        #expect(service.uploads.bytesHeld == fills.count && service.budget.held == 0)
        // The other file settings are checked by drawing a frame: charged too.
        let budget = service.configuration.base.limits.maxTotalPixels
        #expect(
            PreviewService.checkCost(of: fills, field: .arrowImage, budgetPixels: budget)
                > PreviewService.checkCost(of: fills, field: .images, budgetPixels: budget))
    }

    /// A file of each kind a file setting may take, by the first extension its types name.
    static func sample(for extensions: [String]) throws -> (name: String, bytes: [UInt8])? {
        switch extensions.first {
        case "gif": return ("pull.gif", try Support.bytes("demo/pull.gif"))
        case "png": return ("arrow.png", try Support.bytes("png/rgba8.png"))
        case "ttf":
            return ("Serif.ttf", Array(try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"))))
        case "strings": return ("App.strings", Array("\"MJRefreshHeaderIdleText\" = \"Pull, designer\";\n".utf8))
        default: return nil
        }
    }

    @Test func everyFileSettingTakesItsOwnFilesOnly() async throws {
        let service = try Self.service(base: [])
        #expect(PreviewService.uploadable.map(\.name) == SceneSchema.standard.fields.filter(\.namesFile).map(\.name))
        #expect(PreviewService.uploadable.count >= 4)
        for field in PreviewService.uploadable {
            let (name, bytes) = try #require(try Self.sample(for: field.files?.extensions ?? []), "no sample file for \(field.name)")
            let state = field.name == "images" ? "&state=idle" : ""
            let answer = try service.upload(query: "setting=\(field.name)\(state)&name=\(name)", body: bytes)
            #expect(answer.status == 200, "\(field.name)")
            // A file of another kind is refused by its name before it is read.
            let other = field.files?.accepts("x.ttf") == true ? "x.gif" : "x.ttf"
            let refused = #expect(throws: PreviewError.self, "\(field.name)") {
                try service.upload(query: "setting=\(field.name)\(state)&name=\(other)", body: bytes)
            }
            #expect(refused?.status == 415)
            // A broken one of the right kind is refused by reading it, naming the file only.
            let broken = #expect(throws: PreviewError.self, "\(field.name)") {
                try service.upload(query: "setting=\(field.name)\(state)&name=\(name)", body: Array(bytes.prefix(12)))
            }
            #expect(broken?.status == 400 && broken?.message.hasPrefix(name) == true, "\(broken?.message ?? "")")
            #expect(broken?.message.contains("/") == false, "\(broken?.message ?? "")")
        }
        // A setting that names no file takes no upload.
        let error = #expect(throws: PreviewError.self) { try service.upload(query: "setting=titles&name=a.gif", body: [1]) }
        #expect(error?.status == 400)
        service.shutDown()
    }

    @Test func errorsNameFilesAsTheyWereNamedNotWhereTheServerReadsThem() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-paths-\(getpid())").path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Support.bytes("demo/pull.gif")).write(to: URL(fileURLWithPath: folder + "/pull.gif"))
        var description = SceneDescription()
        description[.images] = try SceneField.images.parse(["idle=pull.gif"])
        let service = PreviewService(configuration: PreviewConfiguration(base: description, baseDirectory: folder))
        // The file breaks after the server started.
        try Data("GIF89a\u{1}\u{0}\u{1}\u{0}broken".utf8).write(to: URL(fileURLWithPath: folder + "/pull.gif"))
        let error = await #expect(throws: PreviewError.self) { try await service.render(query: "state=idle") }
        let message = error?.message ?? ""
        #expect(message.hasPrefix("pull.gif: "), "\(message)")
        #expect(!message.contains(folder), "\(message)")
        service.shutDown()
    }

    @Test func uploadedPNGFramesAreOneSequence() async throws {
        let service = try Self.service(base: [])
        let folder = try Support.temporaryFolder()
        var frames: [[UInt8]] = []
        for (i, color) in [RGBAColor(red: 255, green: 0, blue: 0), RGBAColor(red: 0, green: 0, blue: 255)].enumerated() {
            let png = try PNGEncoder().encode(Support.solid(60, 60, color))
            frames.append(png)
            try Data(png).write(to: URL(fileURLWithPath: folder + "/frame\(i).png"))
        }
        _ = try service.upload(query: "state=refreshing&name=frame0.png", body: frames[0])
        _ = try service.upload(query: "state=refreshing&name=frame1.png&append=1", body: frames[1])
        let query = "images=refreshing%3Dupload%3A1&state=refreshing&time=0.9"
        let reply = try await service.render(query: query)
        let cli = try CLI.run(["--images", "refreshing=" + folder, "--state", "refreshing", "--time", "0.9", "-o", "-"])
        #expect(reply.body == cli.stdout)
        service.shutDown()
    }

    @Test func livePlaysThePageGestureThroughTheStateMachine() async throws {
        let service = try Self.service(base: [])
        func gesture(_ samples: String, duration: Double) -> [UInt8] {
            Array(
                #"{"geometry": {"viewWidth": 375, "viewHeight": 667, "contentHeight": 1400}, "samples": [\#(samples)], "duration": \#(duration)}"#
                    .utf8)
        }
        let pull = #"{"t": 0, "offset": 0, "dragging": true}, {"t": 0.3, "offset": -40, "dragging": true}"#
        let pulled = pull + #", {"t": 0.6, "offset": -80, "dragging": true}"#
        let released = pulled + #", {"t": 0.65, "offset": -80, "dragging": false}"#
        func header(_ reply: PreviewReply, _ name: String) -> String? { reply.headers.first { $0.name == name }?.value }
        let states = try await [(pull, 0.3), (pulled, 0.6), (released, 1.0)].asyncMap { samples, t in
            try await service.live(query: "style=normal", body: gesture(samples, duration: t))
        }
        #expect(states.map { header($0, "X-Refresh-State") } == ["idle", "pulling", "refreshing"])
        #expect(header(states[2], "X-Refresh-Inset") == "54.0")
        let image = try ToolsFiles.decodePNG(states[0].body)
        #expect(image.width == 750 && image.height == 1334)
        #expect(header(states[0], "X-Refresh-Band") == "0,0,750,1334")

        // part=control: only the control's pixels, which are the whole picture's there.
        let band = try await service.live(query: "style=normal&part=control", body: gesture(pull, duration: 0.3))
        #expect(header(band, "X-Refresh-Kind") == "header" && header(band, "X-Refresh-Scale") == "2")
        let box = try #require(header(band, "X-Refresh-Band")?.split(separator: ",").compactMap { Int($0) })
        let cut = try ToolsFiles.decodePNG(band.body)
        #expect(box.count == 4 && box[0] == 0 && box[1] == 0 && box[2] == 750 && box[3] == 80 && cut.width == 750 && cut.height == 80)
        #expect(Array(cut.pixels) == Array(image.pixels[0..<(750 * 80 * 4)]))
        // At rest the control is out of sight: no pixels at all.
        let rest = try await service.live(query: "part=control", body: gesture(#"{"t": 0, "offset": 0, "dragging": false}"#, duration: 0.1))
        #expect(rest.body.isEmpty && header(rest, "X-Refresh-Band")?.hasSuffix(",0,0") == true)
        let refused = await #expect(throws: PreviewError.self) {
            try await service.live(query: "part=top", body: gesture(pull, duration: 0.3))
        }
        #expect(refused?.description.contains("part: choose whole or control") == true, "\(String(describing: refused))")

        // The same gesture, downloaded as a GIF, is `simulate --show-content`'s.
        let gif = try await service.gesture(query: "style=normal&format=gif&fps=30", body: gesture(released, duration: 1.0))
        let folder = try Support.temporaryFolder()
        let file =
            #"{"control": {"style": "normal"}, "geometry": {"viewWidth": 375, "viewHeight": 667, "contentHeight": 1400}, "samples": [\#(released)], "duration": 1.0}"#
        try file.write(toFile: folder + "/g.json", atomically: true, encoding: .utf8)
        let cli = try CLI.run(["simulate", "g.json", "--show-content", "--fps", "30", "--gif", "g.gif"], in: folder)
        #expect(cli.status == 0, "\(cli.stderr)")
        #expect(gif.body == (try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/g.gif")))))
    }

    @Test func badGesturesAreRefusedWithTheirPath() async throws {
        let service = try Self.service(base: [])
        let cases: [(String, String)] = [
            ("", "gesture: "),
            ("{", "gesture: "),
            (#"{"samples": [{"t": "x", "offset": 0, "dragging": true}]}"#, "$.samples[0].t"),
            (#"{"samples": [{"t": 1, "offset": 0, "dragging": true}, {"t": 0.5, "offset": 0, "dragging": true}]}"#, "samples[1].t"),
            (#"{"samples": [{"t": 0, "offset": 0, "dragging": true}], "duration": 600}"#, "longer than the 60 s"),
            (#"{"samples": [{"t": 0, "offset": 0, "dragging": true}], "evil": 1}"#, "evil"),
            (#"{"script": {"pull": 90, "over": 0.4, "hold": 0, "refresh": 3000}}"#, "longer than the 60 s"),
        ]
        for (body, expected) in cases {
            let error = await #expect(throws: PreviewError.self, "\(body)") { try await service.live(query: nil, body: Array(body.utf8)) }
            #expect(error?.status == 400, "\(body)")
            #expect(error?.message.contains(expected) == true, "\(body): \(String(describing: error))")
        }
        let format = await #expect(throws: PreviewError.self) {
            try await service.gesture(query: "format=bmp", body: Array(#"{"samples": [{"t": 0, "offset": 0, "dragging": true}]}"#.utf8))
        }
        #expect(format?.status == 400)
    }

    /// Kept scenes stay within the memory budget: a new one pushes out the old, never itself.
    @Test func theSceneCacheStaysWithinItsBudget() throws {
        func scene(_ images: String...) throws -> SceneDescription {
            var description = SceneDescription()
            description[.images] = try SceneField.images.parse(images)
            return description
        }
        let base = Support.fixture("demo")
        let both = SceneCache.pixels(of: try scene("idle=pull.gif", "refreshing=spin.gif").makeScene(baseDirectory: base))
        #expect(both > 0)
        let roomy = SceneCache(capacity: 4, budgetPixels: 10 * both)
        let tight = SceneCache(capacity: 4, budgetPixels: both)
        for cache in [roomy, tight] {
            _ = try cache.scene(for: scene("idle=pull.gif"), baseDirectory: base)
            _ = try cache.scene(for: scene("idle=spin.gif"), baseDirectory: base)
            _ = try cache.scene(for: scene("idle=pull.gif", "refreshing=spin.gif"), baseDirectory: base)
        }
        #expect(roomy.count == 3)
        #expect(tight.count == 1)
        // A scene larger than the budget is still drawn, and kept alone.
        let tiny = SceneCache(capacity: 4, budgetPixels: 1)
        _ = try tiny.scene(for: scene("idle=pull.gif"), baseDirectory: base)
        #expect(tiny.count == 1)
    }

    @Test func queriesAreReadStrictly() throws {
        #expect(try QueryString.parse("a=1&b=x+y&c=%26%3D&d").map { "\($0.name)=\($0.value)" } == ["a=1", "b=x y", "c=&=", "d="])
        for bad in ["a=%", "a=%4", "a=%G1", "a=%C3%28"] {
            #expect(throws: PreviewError.self, "\(bad)") { try QueryString.parse(bad) }
        }
        #expect(throws: PreviewError.self) { try QueryString.parse(Array(repeating: "a=1", count: 300).joined(separator: "&")) }
        #expect(QueryString.escape("idle=a b/ü") == "idle%3Da%20b%2F%C3%BC")
    }

    @Test func onlyLoopbackHostsAreAnswered() {
        for host in ["localhost", "localhost:8080", "127.0.0.1:1", "127.9.9.9", "[::1]:80", "[::1]", "LOCALHOST"] {
            #expect(Authority(host)?.isLoopback == true, "\(host)")
        }
        for host in ["evil.com", "127.0.0.1.evil.com:80", "127.evil", "127.0.0.1000", "[::2]", "localhost.evil", "10.0.0.1"] {
            #expect(Authority(host)?.isLoopback == false, "\(host)")
        }
        // Not authorities at all: refused before any name is looked at.
        for host in ["[::1", "[::1]evil", "127.0.0.1:80@evil.com", "127.0.0.1:99999", "127.0.0.1:", "127.0.0.1:0", "a b", ""] {
            #expect(Authority(host) == nil, "\(host)")
        }
    }

    @Test func uploadNamesAreMadeSafe() {
        #expect(UploadStore.cleanName("../../etc/passwd") == "passwd")
        #expect(UploadStore.cleanName(".hidden.gif") == "hidden.gif")
        #expect(UploadStore.cleanName("spin@3x.gif") == "spin@3x.gif")
        #expect(UploadStore.cleanName("a b;$(x).png") == "a_b___x_.png")
        #expect(UploadStore.cleanName("") == "upload")
        #expect(UploadStore.cleanName(String(repeating: "x", count: 300) + ".gif").utf8.count <= 100)
        #expect(UploadStore.cleanName(String(repeating: "x", count: 300) + ".gif").hasSuffix(".gif"))
    }

    @Test func theWatcherSeesAChange() throws {
        let folder = try Support.temporaryFolder()
        let file = folder + "/a.gif"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: file))
        let before = FileWatcher.signature(of: file)
        #expect(FileWatcher.signature(of: file) == before)
        try Data([1, 2, 3, 4]).write(to: URL(fileURLWithPath: file))
        #expect(FileWatcher.signature(of: file) != before)
        #expect(FileWatcher.signature(of: folder + "/missing") == [-1])
    }

    @Test func thePanelHasEverySetting() throws {
        let names = SettingsCatalog(schema: .standard).fields.map(\.name)
        #expect(names == SceneSchema.standard.fields.map(\.name))
        #expect(SettingsCatalog(schema: .standard).fields.map(\.group) == SceneSchema.standard.fields.map(\.groupName))
        #expect(SettingsCatalog(schema: .standard).libraries["zjrefresh"]?.states.contains("pull-to-refresh") == true)
    }
}

/// A JSON value of an upload's answer.
enum AnyCodableValue: Decodable, Equatable {
    case text(String)
    case number(Double)

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let text = try? c.decode(String.self) { self = .text(text) } else { self = .number(try c.decode(Double.self)) }
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var out: [T] = []
        for element in self { out.append(try await transform(element)) }
        return out
    }
}

/// A PNG file's pixels.
enum ImagePNG {
    static func decode(_ path: String) throws -> RGBAImage {
        try ToolsFiles.decodePNG([UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    }
}

/// The server program as `refresh-render preview` starts it, and as somebody might by hand.
/// Answers being written hold their bytes in the budget until they are gone: new work is
/// admitted only in what they leave (600 slow readers once took the server past its budget).
@Suite struct AnswerBudgetTests {
    @Test("an answer's bytes are charged until it is released, and refuse work that would not fit beside them")
    func answersHoldTheirBytes() throws {
        let budget = WorkBudget(bytes: 100)
        var held: WorkBudget.Held? = budget.charge(80)
        #expect(budget.held == 80)
        #expect(throws: PreviewError.self) { try budget.holding(30, for: "a frame") {} }
        // Charged whatever the room: the bytes exist already.
        var more: WorkBudget.Held? = budget.charge(50)
        #expect(budget.held == 130)
        more = nil
        held = nil
        #expect(budget.held == 0 && more == nil && held == nil)
        try budget.holding(30, for: "a frame") {}
    }

    @Test("a rendered answer is charged while its response lives")
    func responsesHoldTheirBytes() throws {
        let budget = WorkBudget(bytes: 1 << 20)
        var response: Response? = PreviewServer.answer(
            PreviewReply(contentType: "image/png", body: [UInt8](repeating: 7, count: 300_000)), heldIn: budget)
        #expect(budget.held == 300_000)
        response = nil
        #expect(budget.held == 0 && response == nil)
    }
}

@Suite struct ServerProgramTests {
    static let server = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().appendingPathComponent("refresh-render-preview").path

    @Test func refusesAnythingButOneHandOff() throws {
        let none = try CLI.run([], executable: Self.server)
        #expect(none.status == 64 && none.stderr.contains("refresh-render preview"), "\(none.stderr)")
        let two = try CLI.run(["{}", "{}"], executable: Self.server)
        #expect(two.status == 64)
        let broken = try CLI.run(["{\"port\": 1}"], executable: Self.server)
        #expect(broken.status == 65 && broken.stderr.hasPrefix("refresh-render: the preview settings"), "\(broken.stderr)")
        var settings = try PreviewSettings(scene: SceneDescription(), baseDirectory: Support.fixture("demo"))
        settings.port = 70000 // a value set after the checks is checked again on arrival
        let range = try CLI.run([settings.handOff], executable: Self.server)
        #expect(range.status == 64 && range.stderr.contains("--port: must be between 0 and 65535"), "\(range.stderr)")
        var scene = SceneDescription()
        scene[.images] = .byState(["idle": .text("missing.gif")])
        let missing = try CLI.run(
            [try PreviewSettings(scene: scene, baseDirectory: Support.fixture("demo")).handOff], executable: Self.server)
        #expect(missing.status == 66 && missing.stderr.contains("missing.gif"), "\(missing.stderr)")
    }
}
