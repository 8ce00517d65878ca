import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
import Testing

@testable import RefreshPreview

/// The one gate for paths over HTTP (docs/robustness.md, "Paths"): every setting that names a
/// file — found from the declarations, so a new one is covered without editing this test —
/// on every route that reads a scene, refuses an absolute path, a `../` path, a link inside the
/// folder pointing out and a missing file alike, without reading it, quoting it or saying
/// whether it exists; a file named when the server started passes.
@Suite struct PathGateTests {
    /// Every route that takes a scene, as the server calls it.
    static func routes(_ service: PreviewService) -> [(String, (String) async throws -> PreviewReply)] {
        let gesture = Array(
            #"{"geometry": {"viewWidth": 375, "viewHeight": 667, "contentHeight": 1400}, "samples": [{"t": 0, "offset": -40, "dragging": true}], "duration": 0.2}"#
                .utf8)
        return [
            ("render", { try await service.render(query: $0) }),
            ("live", { try await service.live(query: $0, body: gesture) }),
            ("gesture", { try await service.gesture(query: $0, body: gesture) }),
            ("export", { try service.export(query: $0) }),
            ("appcode", { try await service.appCode(query: $0) }),
            ("assets.zip", { try await service.assetsZip(query: $0) }),
            ("lint", { try await service.lint(query: $0) }),
        ]
    }

    /// A temporary folder holding the served folder (with the demo's pull.gif) and, beside it,
    /// a secret, with a link inside the served folder pointing there.
    static func servedFolder() throws -> (root: String, served: String, secret: String) {
        let root = try Support.temporaryFolder()
        let served = root + "/served"
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Support.fixture("demo/pull.gif"), toPath: served + "/pull.gif")
        let secret = root + "/secret.ttf"
        try Data("root:x:0:0:SECRET-LINE\n".utf8).write(to: URL(fileURLWithPath: secret))
        try FileManager.default.createSymbolicLink(atPath: served + "/inside.ttf", withDestinationPath: "../secret.ttf")
        return (root, served, secret)
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    @Test func everyFileSettingOnEveryRouteReadsOnlyFilesNamedAtStart() async throws {
        let (root, served, secret) = try Self.servedFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var base = SceneDescription()
        base[.images] = try SceneField.images.parse(["idle=pull.gif"])
        let service = PreviewService(configuration: PreviewConfiguration(base: base, baseDirectory: served))

        let fields = SceneSchema.standard.fields.filter { $0.mayNameFile }
        // The declarations name files in whole values and in parts (a label's font file).
        #expect(fields.contains { $0.namesFile } && fields.contains { !$0.namesFile })
        let attacks = [secret, "../secret.ttf", "inside.ttf", root + "/missing.ttf", "upload:99"]
        for field in fields {
            var refusals: Set<String> = []
            for path in attacks {
                let value = try #require(field.value(naming: path))
                // An upload's name is a file in whole-path settings; a label's font is a file
                // only by its extension, so `15 upload:99` names an installed family instead.
                guard field.paths(namedBy: value) == [path] else {
                    #expect(path.hasPrefix("upload:") && !field.namesFile, "\(field.name) \(path)")
                    continue
                }
                let query = field.name + "=" + Self.encoded(value.argumentText)
                for (route, call) in Self.routes(service) {
                    let error = await #expect(throws: PreviewError.self, "\(field.name) \(path) \(route)") { _ = try await call(query) }
                    #expect(error?.status == 400, "\(field.name) \(path) \(route): \(error?.line ?? "")")
                    let message = error?.message ?? ""
                    #expect(!message.contains("SECRET") && !message.contains("no such file") && !message.contains(root))
                    #expect(message.contains("--" + field.option), "\(message)")
                    if !path.hasPrefix("upload:") { refusals.insert(message) }
                }
            }
            // One answer for an existing file, a link and a missing one: nothing tells them apart.
            #expect(refusals.count == 1, "\(field.name): \(refusals)")
        }
    }

    /// A layer's value naming `path` for `property`: the path itself for a file, a font's file
    /// as a label's font setting names one (`16 PATH`).
    /// The same gate for the layers' files: every layer property that names a file (found from
    /// the declarations: type file or font), on every kind that has it, on every route.
    @Test func everyLayerFilePropertyOnEveryRouteReadsOnlyFilesNamedAtStart() async throws {
        let (root, served, secret) = try Self.servedFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var base = SceneDescription()
        base.layers = [ControlLayer(.image, name: "logo", [.image: "pull.gif", .width: 40, .height: 40])]
        let service = PreviewService(configuration: PreviewConfiguration(base: base, baseDirectory: served))

        let properties = LayerProperty.all.filter { $0.value(naming: "x") != nil }
        #expect(properties.contains { $0.type == .file } && properties.contains { $0.type == .font })
        let attacks = [secret, "../secret.ttf", "inside.ttf", root + "/missing.ttf", "upload:99"]
        for property in properties {
            for kind in property.kinds {
                var refusals: Set<String> = []
                for path in attacks {
                    // A font's `upload:99` is a family's name, not a file: nothing to refuse.
                    if property.type == .font && path.hasPrefix("upload:") { continue }
                    var layer = ControlLayer(kind, name: "probe", [.width: 20, .height: 20])
                    layer[property] = property.value(naming: path)
                    let query = "layers=" + Self.encoded("[" + layer.jsonText + "]")
                    for (route, call) in Self.routes(service) {
                        let what = "\(kind.rawValue).\(property.name) \(path) \(route)"
                        let error = await #expect(throws: PreviewError.self, "\(what)") { _ = try await call(query) }
                        #expect(error?.status == 400, "\(what): \(error?.line ?? "")")
                        let message = error?.message ?? ""
                        #expect(!message.contains("SECRET") && !message.contains("no such file") && !message.contains(root), "\(message)")
                        #expect(message.hasPrefix("$.layers.probe.\(property.name): "), "\(what): \(message)")
                        if !path.hasPrefix("upload:") { refusals.insert(message) }
                    }
                }
                #expect(refusals.count == 1, "\(kind.rawValue).\(property.name): \(refusals)")
            }
        }
        // The file the server started with passes, in a layer the request gives.
        let named = ControlLayer(.image, name: "other", [.image: "pull.gif", .width: 30, .height: 30])
        #expect(try await service.render(query: "layers=" + Self.encoded("[" + named.jsonText + "]")).status == 200)
    }

    /// Not only the settings declared as naming files: every declared setting and every
    /// layer property, on every route, carrying values that try to reach a canary folder
    /// beside the served one (`../`, absolute, a NUL, a link inside, Windows separators), with
    /// a strings bundle named at start. inotify sees every open in the canary: none may
    /// happen, and no answer may quote the canary's bytes. A new setting is covered without
    /// editing this test.
    @Test func noSettingOrLayerPropertyOnAnyRouteOpensAFileOutside() async throws {
        let canary = try PathCanary()
        var base = SceneDescription()
        base[.images] = try SceneField.images.parse(["idle=pull.gif"])
        base[.i18nBundle] = "bundle"
        let service = PreviewService(configuration: PreviewConfiguration(base: base, baseDirectory: canary.served))
        // The bundle is read: German from the language setting, as the issue's attack needed.
        let german = try await service.render(query: "language=de&state=idle")
        #expect(german.status == 200)
        #expect(canary.opened().isEmpty)

        var queries: [(what: String, query: String)] = []
        for field in SceneSchema.standard.fields {
            for attack in canary.attacks {
                for value in PathCanary.values(of: field, carrying: attack) {
                    queries.append(
                        ("\(field.name) \(value.argumentText.debugDescription)", field.name + "=" + Self.encoded(value.argumentText)))
                }
            }
        }
        for property in LayerProperty.all {
            guard let kind = property.kinds.first else { continue }
            for attack in canary.attacks {
                var layer = ControlLayer(kind, name: "probe", [.width: 20, .height: 20])
                layer[property] = property.value(naming: attack) ?? .text(attack)
                queries.append(("layer \(property.name) \(attack)", "layers=" + Self.encoded("[" + layer.jsonText + "]")))
            }
        }
        #expect(queries.count > 300)
        for (what, query) in queries {
            for (route, call) in Self.routes(service) {
                var answer = ""
                do {
                    let reply = try await call(query)
                    answer = String(decoding: reply.body, as: UTF8.self)
                } catch let error as PreviewError {
                    answer = error.message
                } catch {
                    answer = "\(error)"
                }
                let opened = canary.opened()
                #expect(opened.isEmpty, "\(what) on \(route) opened \(opened)")
                #expect(!answer.contains(PathCanary.marker), "\(what) on \(route) quoted the canary")
            }
        }
    }

    @Test func aFileNamedAtStartPassesTheGateInEverySetting() throws {
        let fields = SceneSchema.standard.fields.filter { $0.mayNameFile }
        var base = SceneDescription()
        for field in fields { base[field] = field.value(naming: "named/\(field.name).ttf") }
        let configuration = PreviewConfiguration(base: base, baseDirectory: "/nonexistent")
        let uploads = UploadStore(budget: 1 << 20)
        defer { uploads.removeAll() }
        for field in fields {
            var given = SceneDescription()
            given[field] = field.value(naming: "named/\(field.name).ttf")
            #expect(throws: Never.self, "\(field.name)") {
                try SceneRequest.checkPaths(given, configuration: configuration, uploads: uploads)
            }
            // Named at start for another setting is named at start: the operator chose to serve it.
            var other = SceneDescription()
            other[field] = field.value(naming: "named/\(fields[0].name).ttf")
            #expect(throws: Never.self) { try SceneRequest.checkPaths(other, configuration: configuration, uploads: uploads) }
            // Another spelling of the same file is not the name given.
            var spelled = SceneDescription()
            spelled[field] = field.value(naming: "./named/\(field.name).ttf")
            #expect(throws: PreviewError.self) { try SceneRequest.checkPaths(spelled, configuration: configuration, uploads: uploads) }
        }
    }
}
