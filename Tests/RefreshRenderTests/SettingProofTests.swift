import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
import Testing

/// The exported app code means the picture for every setting on every class it exists on
/// (docs/export.md, "Proof"): the cases are generated from the declarations — each setting
/// the app sets (not what surrounds the control), with its declared example, on each class of
/// each library its declaration names — exported, their Swift compiled together against the
/// stand-ins and run, each record read back as a scene and drawn: the same pixels as the
/// scene exported, at the state the example names and at a moment into refreshing. The
/// classes a setting does not exist on are SchemaTests' (refused, 64).
///
/// It compiles and draws some hundreds of scenes: `make check` runs it (`make test-proof`),
/// not `make test`.
@Suite("Every setting on every class it exists on: exported, compiled, run, read back, drawn the same")
struct SettingProofTests {
    /// One generated case: a setting's example on a class.
    struct Case: Sendable {
        var name: String
        var field: String
        var control: String
        var description: SceneDescription
        /// The state the example names (its first), where it names one.
        var state: String?
    }

    /// The settings that choose the class: each case sets them to its class.
    static let choosing: Set = ["library", "kind", "style"]

    /// Files the examples name, made in the case's folder from fixtures of the same type.
    static let fixtures: [String: String] = [
        "gif": "Fixtures/demo/pull.gif", "png": "Fixtures/demo/arrow@2x.png", "ttf": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "bundle": "Fixtures/strings/App.bundle", "json": "Fixtures/lottie/pull-loop.json",
    ]

    /// The cases, from the declarations.
    static func cases() throws -> [Case] {
        let schema = SceneSchema.standard
        var cases: [Case] = []
        for family in schema.families {
            for control in family.classes {
                for field in schema.fields
                where field.applies(to: control) && !field.isSurroundings && !field.isEffect && !choosing.contains(field.name)
                    // A trailer's height is the scroll view's, set by the app's layout.
                    && (field.name != "height" || control.parts.contains(.height))
                {
                    var description = try schema.description(fromArguments: AppCodeProofTests.view)
                    description[.library] = .text(control.library)
                    description[.kind] = .text(control.kind.rawValue)
                    description[.style] = .text(control.style.rawValue)
                    // What a setting acts on comes with it: an arrow image for its template
                    // flag, images for the settings of images (a Lottie file for Lottie's).
                    if field.name == "arrowImageTemplate" { description[.arrowImage] = SceneField.arrowImage.example }
                    if field.group == .images && control.parts.contains(.images) && !["images", "animation"].contains(field.name) {
                        description[.images] =
                            field.name.hasPrefix("lottie") ? .byState(["idle": .text("pull.json")]) : SceneField.images.example
                    }
                    description[field] = field.example
                    var state: String?
                    if case let .byState(map) = field.example { state = map.keys.sorted().first }
                    cases.append(
                        Case(
                            name: "\(control.library)-\(control.kind.rawValue)-\(control.style.rawValue)-\(field.name)", field: field.name,
                            control: control.description, description: description, state: state))
                }
            }
        }
        return cases
    }

    @Test("each case's Swift, run against the stand-ins, reads back as the same pictures")
    func everySettingMeansThePicture() throws {
        // REFRESH_PROOF_ONLY=svpulltorefresh runs the cases whose name has it.
        let only = ProcessInfo.processInfo.environment["REFRESH_PROOF_ONLY"]
        let cases = try Self.cases().filter { only == nil || $0.name.contains(only ?? "") }
        #expect(cases.count > (only == nil ? 200 : 0))
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The files the examples name, in the folder the cases are read from.
        let inputs = folder + "/inputs"
        try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
        var named = Set<String>()
        for field in SceneSchema.standard.fields {
            named.formUnion(field.fileForm?.paths(in: field.example) ?? [])
        }
        named.insert("pull.json")
        for name in named.sorted() {
            let type = String(name.split(separator: ".").last ?? "")
            let source = try #require(Self.fixtures[type], "no fixture for \(name)")
            try FileManager.default.copyItem(
                atPath: source.hasPrefix("/") ? source : Support.root.appendingPathComponent(source).path, toPath: inputs + "/" + name)
        }
        // Each case exported into a folder of its own; its function renamed after it.
        var functions: [String] = []
        var sources: [String] = []
        var exports: [(Case, String)] = []
        for (index, one) in cases.enumerated() {
            let export = folder + "/case\(index)"
            let planned: AppExport
            do {
                // The read-back takes the @2x images: the @3x ones are not written.
                planned = try AppExport(one.description, options: AppExport.Options(scales: [2]), baseDirectory: inputs, planned: nil)
                try planned.write(to: export)
            } catch {
                Issue.record("\(one.name): \(error)")
                continue
            }
            let setup = try #require(planned.setup, "\(one.name) exports no code")
            let function = "proofCase\(index)"
            let swift = try String(contentsOfFile: export + "/RefreshSetup.swift", encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("import ") ? "import Foundation" : String($0) }
                .joined(separator: "\n").replacingOccurrences(of: "func \(setup.function)(", with: "func \(function)(")
            let file = folder + "/Case\(index).swift"
            try swift.write(toFile: file, atomically: true, encoding: .utf8)
            sources.append(file)
            functions.append(function)
            exports.append((one, export))
        }
        let main =
            ["import Foundation", "var records: [[String: Any]] = []"]
            + functions.flatMap {
                ["Record.settings = [:]", "_ = \($0)(on: UIScrollView(), refreshing: {})", "records.append(Record.settings)"]
            }
            + [
                "FileHandle.standardOutput.write(try! JSONSerialization.data(withJSONObject: records, options: [.sortedKeys]))",
                "enum ProofRun { static var lastUpdated: Date? { Date(timeIntervalSince1970: 1_720_172_460) } }",
            ]
        try main.joined(separator: "\n").write(toFile: folder + "/main.swift", atomically: true, encoding: .utf8)
        let standIns = [
            "Record.swift", "UIKitStandIn.swift", "MJRefreshStandIn.swift", "SVPullToRefreshStandIn.swift", "ZJRefreshStandIn.swift",
        ]
        .map { AppCodeProofTests.proof + "/" + $0 }
        let compile = try CLI.run(
            ["swiftc", "-swift-version", "5", "-Onone", "-module-name", "Proof"] + standIns + sources
                + [folder + "/main.swift", "-o", folder + "/proof"],
            executable: "/usr/bin/env")
        try #require(compile.status == 0, "\(compile.stderr.prefix(4000))")
        let run = try CLI.run([], executable: folder + "/proof")
        try #require(run.status == 0, "\(run.stderr.prefix(2000))")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [[String: Any]])
        try #require(records.count == exports.count)
        let renderer = try RefreshRenderer()
        var compared = 0
        for ((one, export), recorded) in zip(exports, records) {
            let readBack: SceneDescription
            do {
                readBack = try AppCodeProofTests.scene(
                    from: recorded, export: export, in: folder + "/readback-\(compared)", view: AppCodeProofTests.view)
            } catch {
                Issue.record("\(one.name): the record does not read back: \(error) \(recorded)")
                continue
            }
            var differing: [[String]] = []
            for moment in [
                one.state.map { ["--state", $0, "--percent", "0.5"] } ?? ["--state", "idle", "--percent", "0.5"],
                ["--state", "refreshing", "--time", "0.3"],
            ] {
                var original = one.description
                var again = readBack
                for (key, value) in try SceneSchema.standard.description(fromArguments: moment).values {
                    original[key: key] = value
                    again[key: key] = value
                }
                // A state the class does not have (an auto footer is never pulled) is not drawn.
                guard let expected = try? renderer.render(try original.makeScene(baseDirectory: folder + "/inputs")) else { continue }
                let drawn = try? renderer.render(try again.makeScene())
                if drawn != expected { differing.append(moment) }
                compared += 1
            }
            #expect(differing.isEmpty, "\(one.name) \(differing): the exported code draws otherwise; it set \(recorded)")
        }
        #expect(compared > cases.count)
    }
}
