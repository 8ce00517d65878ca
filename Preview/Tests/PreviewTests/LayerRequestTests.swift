import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
import RefreshGifTools
import Testing

@testable import RefreshPreview

/// The control's own layers over HTTP (docs/layers.md, docs/preview.md): the page's panel sends
/// them as one `layers=[…]` pair, read as a scene file's `layers`; what it draws, copies and
/// refuses must be what the command line does with the same scene file.
@Suite struct LayerRequestTests {
    static let folder = Support.root.appendingPathComponent("examples/layers").path

    /// A service started as `refresh-render preview --scene examples/layers/MJDIYHeader.json`.
    static func service() throws -> (PreviewService, SceneDescription) {
        let base = try SceneDescription(contentsOfFile: folder + "/MJDIYHeader.json")
        var configuration = PreviewConfiguration(base: base, baseDirectory: folder)
        configuration.jobs = 2
        return (PreviewService(configuration: configuration), base)
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    static func pair(_ layers: [ControlLayer]) -> String {
        "layers=" + encoded("[" + layers.map(\.jsonText).joined(separator: ",") + "]")
    }

    /// The PNG the library draws for `description`.
    static func drawn(_ description: SceneDescription) throws -> [UInt8] {
        let scene = try description.makeScene(baseDirectory: folder)
        return try PNGEncoder().encode(try RefreshRenderer().render(scene))
    }

    @Test func theSessionListsTheLayersTheServerStartedWith() throws {
        let (service, base) = try Self.service()
        let session = try JSONSerialization.jsonObject(with: Data(try service.session().body)) as? [String: Any]
        let text = try #require(session?["layers"] as? String)
        let layers = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(layers.map { $0["name"] as? String } == base.layers.map(\.name))
        #expect(layers.map { $0["kind"] as? String } == base.layers.map(\.kind.rawValue))
        // Values as the scene file writes them: by pull, per state, expressions as text.
        let label = layers[0]
        #expect((label["textColor"] as? [String: String]) == ["from": "#FF8000", "to": "#800080"])
        #expect((label["width"] as? String) == "w")
        #expect((layers[1]["on"] as? [String: Bool]) == ["idle": false, "pulling": true, "refreshing": true])
        // The logo's file is one the page may name back.
        let files = try #require(session?["files"] as? [String])
        #expect(files == base.namedFiles.map(\.path))
    }

    @Test func aLayersPairReplacesTheServersLayers() async throws {
        let (service, base) = try Self.service()
        let state = "&state=pulling&percent=0.6"
        var expected = base
        expected[.state] = .text("pulling")
        expected[.percent] = .number(0.6)
        // Left out: the server's own.
        #expect(try await service.render(query: "state=pulling&percent=0.6").body == (try Self.drawn(expected)))
        // `[]`: none at all, the class alone.
        var none = expected
        none.layers = []
        let empty = try await service.render(query: "layers=%5B%5D" + state).body
        #expect(empty == (try Self.drawn(none)))
        #expect(empty != (try Self.drawn(expected)))
        // Reordered, one removed, one added: drawn as given.
        var edited = expected
        edited.layers = [
            base.layers[3], base.layers[0],
            ControlLayer(
                .shape, name: "dot",
                [.shape: "oval", .width: 20, .height: 20, .centerX: "w - 60", .centerY: "h * 0.5", .fillColor: "#FF0000"]),
        ]
        let drawn = try await service.render(query: Self.pair(edited.layers) + state).body
        #expect(drawn == (try Self.drawn(edited)))
        #expect(drawn != empty)
    }

    /// `GET /layers.json`: every layer's frame where the renderer places it at the query's moment,
    /// as the page outlines it, with the control's size.
    @Test func theLayersFramesAreWhereTheyAreDrawn() async throws {
        let (service, base) = try Self.service()
        let dot = ControlLayer(.shape, name: "dot", [.shape: "oval", .width: 20, .height: 20, .centerX: "w - 60", .centerY: "h * 0.5"])
        let reply = try await service.layerFrames(query: Self.pair(base.layers + [dot]) + "&state=refreshing&width=320")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
        #expect(answer["width"] as? Double == 320)
        let layers = try #require(answer["layers"] as? [[String: Any]])
        #expect(layers.map { $0["name"] as? String } == (base.layers + [dot]).map(\.name))
        var description = base
        description.layers.append(dot)
        description[.state] = .text("refreshing")
        description[.width] = .number(320)
        let placed = try RefreshRenderer().layerFrames(of: try description.makeScene(baseDirectory: Self.folder))
        for (sent, frame) in zip(layers, placed) {
            #expect(sent["x"] as? Double == frame.x && sent["y"] as? Double == frame.y)
            #expect(sent["width"] as? Double == frame.width && sent["height"] as? Double == frame.height)
            #expect(sent["visible"] as? Bool == frame.visible)
        }
        // The dot, by its expressions: 20 pt about (260, h / 2); the spinner spins while refreshing.
        #expect([layers[4]["x"], layers[4]["width"]].compactMap { $0 as? Double } == [250, 20])
        #expect(layers[3]["visible"] as? Bool == true)
        // A refused layer is the same one line as for the picture.
        await #expect(throws: PreviewError.self) { try await service.layerFrames(query: "layers=%5B1") }
    }

    @Test func badLayersAreOneLineNamingTheLayerAndProperty() async throws {
        let (service, _) = try Self.service()
        let cases: [(String, String)] = [
            (##"[{"kind":"label","name":"t","textColr":"#FFF"}]"##, "$.layers.t.textColr: is not a layer property"),
            (#"[{"kind":"label""#, "$.layers: "),
            (#"[{"kind":"blob","name":"x"}]"#, "$.layers[0].kind: unknown layer kind 'blob'"),
            (#"[{"kind":"label","name":"a"},{"kind":"label","name":"a"}]"#, "$.layers.a: two layers have this name"),
            (#"[{"kind":"label","name":"t","x":"w * ("}]"#, "$.layers.t.x: "),
            (#"{"kind":"label"}"#, "$.layers: "),
            (
                "[" + Array(repeating: #"{"kind":"label","name":"n"}"#, count: 65).joined(separator: ",") + "]",
                "$.layers: at most 64 layers"
            ),
        ]
        for (text, start) in cases {
            let error = await #expect(throws: PreviewError.self, "\(text.prefix(60))") {
                _ = try await service.render(query: "layers=" + Self.encoded(text))
            }
            #expect(error?.status == 400)
            #expect(error?.message.hasPrefix(start) == true, "\(text.prefix(60)): \(error?.message ?? "")")
        }
    }

    /// The copies with layers: the command reads the scene file, the scene file draws the page's
    /// bytes on the command line, and the JSON case records them as a golden.
    @Test func theCopiesOfALayerSceneDrawThePagesBytes() async throws {
        let (service, base) = try Self.service()
        let extra = ControlLayer(.label, name: "note", [.text: "Hi", .x: 10, .y: 0, .width: 80, .height: "h"])
        let query = Self.pair(base.layers + [extra]) + "&state=refreshing&time=0.3"
        let page = try await service.render(query: query).body
        let copy = try JSONDecoder().decode([String: String].self, from: Data(try service.export(query: query).body))
        #expect(copy["command"] == "refresh-render --scene scene.json -o refresh.png")
        let scene = try #require(copy["scene"])
        let read = try JSONInput.decode(SceneDescription.self, from: Array(scene.utf8), name: "scene.json")
        // The files as the user names them next to their files: from the served folder, no
        // path of the server's (the page saves this same text as scene.json, moment included).
        let relative = try base.replacingFiles { String($0.dropFirst(Self.folder.count + 1)) }
        #expect(read.layers == relative.layers + [extra])
        #expect(!scene.contains(Self.folder) && scene.contains(#""image": "Logo@2x.png""#), "\(scene)")
        #expect(scene.contains(#""state": "refreshing""#) && scene.contains(#""time": 0.3"#))
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.folder + "/Logo@2x.png", toPath: folder + "/Logo@2x.png")
        try scene.write(toFile: folder + "/scene.json", atomically: true, encoding: .utf8)
        let command = try #require(copy["command"])
        let shell = try CLI.run(
            ["-c", command.replacingOccurrences(of: "refresh-render ", with: "'\(CLI.binary)' ")], in: folder, executable: "/bin/sh")
        #expect(shell.status == 0, "\(shell.stderr)")
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/refresh.png"))) == page)

        let cases = try #require(copy["json"])
        try cases.write(toFile: folder + "/cases.json", atomically: true, encoding: .utf8)
        let record = try CLI.run(["snapshot", "cases.json", "--golden", "golden", "--record"], in: folder)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(try ImagePNG.decode(folder + "/golden/preview.png").pixels == (try ToolsFiles.decodePNG(page)).pixels)

        // The Swift builds the layers with the library's own types.
        let swift = try #require(copy["swift"])
        #expect(swift.contains("control.layers = [\n    ControlLayer(.label, name: \"label\", ["))
        #expect(
            swift.contains(
                #"ControlLayer(.label, name: "note", [.height: .text("h"), .text: .text("Hi"), .width: .number(80), .x: .number(10), .y: .number(0)]),"#
            ))
    }

    /// The app code the page copies for a layer scene is the export's: the subclass and the setup
    /// that makes it, each file as `refresh-render export` writes it.
    @Test func theAppCodeOfALayerSceneIsTheExportsFiles() async throws {
        let (service, base) = try Self.service()
        let reply = try await service.appCode(query: Self.pair(base.layers))
        let code = try JSONDecoder().decode([String: String].self, from: Data(reply.body))
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let export = try CLI.run(["export", "--scene", Self.folder + "/MJDIYHeader.json", "-o", folder + "/out"], in: folder)
        #expect(export.status == 0, "\(export.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").filter { name in
            [".swift", ".h", ".m"].contains { name.hasSuffix($0) }
        }
        #expect(written.count == 6, "\(written)")
        for name in written {
            let text = try String(contentsOfFile: folder + "/out/" + name, encoding: .utf8)
            let copied = try #require(code[name.hasSuffix(".swift") ? "swift" : "objc"])
            #expect(copied.contains("// MARK: - \(name)\n" + text), "\(name)")
        }
    }

    /// A layer's image dropped on the page draws as the file it holds, and the copies name the
    /// file as dropped.
    @Test func aLayersImageMayBeDropped() async throws {
        let (service, base) = try Self.service()
        defer { service.shutDown() }
        let logo = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.folder + "/Logo@2x.png")))
        let answer = try service.upload(query: "layer=logo.image&name=Brand%402x.png", body: logo)
        let upload = try JSONDecoder().decode([String: AnyCodableValue].self, from: Data(answer.body))
        let reference = try #require(upload["reference"].flatMap { if case let .text(t) = $0 { t } else { nil } })
        var layers = base.layers
        layers[2][.image] = .text(reference)
        let state = "&state=pulling&percent=2"
        let dropped = try await service.render(query: Self.pair(layers) + state).body
        #expect(dropped == (try await service.render(query: state.dropFirst().description)).body)
        let copy = try JSONDecoder().decode([String: String].self, from: Data(try service.export(query: Self.pair(layers)).body))
        #expect(copy["scene"]?.contains(#""image": "Brand@2x.png""#) == true)
        // One picture: not a state's, not a setting's; a name the layer could have.
        for bad in ["layer=logo.image&state=idle", "layer=logo.image&setting=images", "layer=..%2Fx", "layer="] {
            let error = #expect(throws: PreviewError.self, "\(bad)") { _ = try service.upload(query: bad + "&name=a.png", body: logo) }
            #expect(error?.status == 400, "\(bad)")
        }
        // A layer's picture is a picture.
        let error = #expect(throws: PreviewError.self) {
            _ = try service.upload(query: "layer=logo.image&name=notes.txt", body: [1, 2, 3])
        }
        #expect(error?.status == 415)
    }

    /// Every setting and layer property that names a file, named by an absolute path inside the
    /// served folder, is written from that folder: the declarations enumerated, as the path
    /// gate's test does, so a new one is covered without editing this.
    @Test func everyFileNamedInTheServedFolderIsWrittenFromIt() throws {
        var base = SceneDescription()
        var expected: [String] = []
        // Each named with an extension it takes (a label font names a file only by a font's).
        for field in SceneSchema.standard.fields {
            let file = "files/\(field.name)." + (field.files?.extensions.first ?? "png")
            guard let value = field.value(naming: Self.folder + "/" + file) else { continue }
            base[field] = value
            expected.append(file)
        }
        let layerFiles = SettingsCatalog(schema: .standard).layerFields
        for property in LayerProperty.all {
            let types = layerFiles.first { $0.name == property.name }?.files
            let file = "files/\(property.name)." + (types?.extensions.first ?? "png")
            guard let kind = property.kinds.first, let value = property.value(naming: Self.folder + "/" + file) else { continue }
            var layer = ControlLayer(kind, name: property.name)
            layer[property] = value
            base.layers.append(layer)
            expected.append(file)
        }
        let configuration = PreviewConfiguration(base: base, baseDirectory: Self.folder)
        let request = try SceneRequest(pairs: [], configuration: configuration, uploads: UploadStore(budget: 1 << 20))
        let given = request.description.namedFiles.map(\.path)
        #expect(given.count >= 6 && given.allSatisfy { $0.hasPrefix(Self.folder + "/files/") } && expected.count >= given.count)
        let written = request.asWritten(UploadStore(budget: 1 << 20), baseDirectory: Self.folder).namedFiles.map(\.path)
        #expect(written == given.map { String($0.dropFirst(Self.folder.count + 1)) }, "\(written)")
        #expect(Set(written).isSubset(of: expected))
        // A file outside the folder is left as named (the user named it so).
        #expect(SceneRequest.relative("/elsewhere/a.png", to: Self.folder) == nil)
        #expect(SceneRequest.relative(Self.folder + "/a.png", to: Self.folder + "/") == "a.png")
    }
}
