import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// The exported setup code means the picture (docs/export.md, "Proof"): compiled against
/// stand-ins that declare the libraries' API by its real names and record every call, run,
/// and the recorded configuration, read back as a scene with the exported images, draws
/// byte-identical frames. The Objective-C is checked by clang against matching declarations.
@Suite("Exported app code: compiled, run, read back, drawn the same")
struct AppCodeProofTests {
    static let proof = Support.root.appendingPathComponent("Tests/AppCodeProof").path

    /// Scenes an app would export, the moments compared and the view (``ProofScenes``).
    static let scenes = ProofScenes.mjRefresh
    static let moments = ProofScenes.moments
    static let view = ProofScenes.view

    @Test("each scene's Swift, run against the stand-ins, reads back as the same pictures", arguments: scenes.map(\.name))
    func swiftMeansThePicture(name: String) throws {
        let arguments = try #require(Self.scenes.first { $0.name == name }).arguments
        #expect(try Self.proveReadBack(arguments, moments: Self.moments, name: name, lastUpdated: 1_720_172_460) >= 3)
    }

    @Test("the stand-ins declare only names the libraries' headers have")
    func standInsUseRealNames() throws {
        let names = Set(
            try String(contentsOfFile: Support.root.appendingPathComponent("docs/coverage-names.txt").path, encoding: .utf8)
                .split(separator: "\n").compactMap { $0.split(separator: "\t").last.map(String.init) })
        for file in ["MJRefreshStandIn.swift", "SVPullToRefreshStandIn.swift", "ZJRefreshStandIn.swift"] {
            let text = try String(contentsOfFile: Self.proof + "/" + file, encoding: .utf8)
            let tags = text.components(separatedBy: "api: ").dropFirst().map { String($0.prefix { !$0.isWhitespace }) }
            #expect(tags.count > 8, "\(file)")
            for tag in tags { #expect(names.contains(tag), "\(file): \(tag) is not in the libraries' public interface") }
        }
    }

    @Test(
        "the Objective-C compiles with clang against the headers' declarations",
        arguments: scenes.map(\.name) + ["sv-header", "sv-infinite"])
    func objectiveCCompiles(name: String) throws {
        let arguments =
            name == "sv-header"
            ? Self.svHeader : name == "sv-infinite" ? Self.svInfinite : try #require(Self.scenes.first { $0.name == name }).arguments
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let export = try AppExport(
            try SceneSchema.standard.description(fromArguments: arguments + Self.view), baseDirectory: Support.root.path)
        try export.write(to: folder)
        let run = try CLI.run(
            [
                "clang", "-fsyntax-only", "-fobjc-arc", "-fblocks", "-x", "objective-c", "-fobjc-runtime=ios-13.0", "-Wall",
                "-Wextra", "-Werror", "-Wno-nullability-completeness", "-I", Self.proof + "/objc", folder + "/RefreshSetup.m",
            ],
            executable: "/usr/bin/env")
        #expect(run.status == 0, "\(run.stderr)")
    }

    static let svHeader = [
        "--library", "svpulltorefresh", "--style", "gif", "--images", "loading=Fixtures/demo/spin.gif", "--title", "stopped=Pull",
        "--subtitle", "loading=Fetching", "--arrow-color", "#FF3B30", "--state-label-font", "bold 15", "--spinner-color", "#007AFF",
    ]
    static let svInfinite = [
        "--library", "svpulltorefresh", "--kind", "auto-footer", "--infinite-scrolling-disabled", "--spinner", "white",
    ]

    @Test("SVPullToRefresh's Swift, run against its stand-in, reads back as the same pictures", arguments: ["sv-header", "sv-infinite"])
    func svMeansThePicture(name: String) throws {
        let moments = [["--state", "stopped", "--percent", "0.5"], ["--state", "loading", "--time", "0.3"]]
        #expect(try Self.proveReadBack(name == "sv-header" ? Self.svHeader : Self.svInfinite, moments: moments, name: name) == 2)
    }

    static let zjScenes: [String: [String]] = [
        "zj-gif-header": [
            "--library", "zjrefresh", "--style", "gif", "--images", "normal=Fixtures/demo/pull.gif", "--images",
            "loading=Fixtures/demo/spin.gif", "--title", "loading=刷新中", "--title", "pull-to-refresh=再拉一点",
            "--image-margin", "24", "--automatically-hidden", "--last-refresh-text", "刚刚",
        ],
        "zj-normal-footer": ["--library", "zjrefresh", "--kind", "back-footer", "--style", "normal", "--title", "normal=上拉看看"],
    ]

    @Test("ZJRefresh's Swift, run against its stand-in, reads back as the same pictures", arguments: ["zj-gif-header", "zj-normal-footer"])
    func zjMeansThePicture(name: String) throws {
        let moments = [
            ["--state", "normal"], ["--state", "pull-to-refresh", "--percent", "0.5"], ["--state", "release-to-refresh"],
            ["--state", "loading", "--time", "0.3"],
        ]
        #expect(try Self.proveReadBack(try #require(Self.zjScenes[name]), moments: moments, name: name) == 4)
    }

    /// Exports the scene `arguments` describe, runs its Swift against the stand-ins, reads the
    /// record back and compares the two scenes' pictures at each moment the kind has; returns
    /// how many were compared.
    static func proveReadBack(_ arguments: [String], moments: [[String]], name: String, lastUpdated: Int? = nil) throws -> Int {
        let arguments = arguments + view
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let export = try AppExport(try SceneSchema.standard.description(fromArguments: arguments), baseDirectory: Support.root.path)
        try export.write(to: folder + "/export")
        let recorded = try run(try #require(export.setup), export: folder + "/export", in: folder, lastUpdated: lastUpdated)
        #expect(recorded["installed"] as? String != nil, "\(name): the control was never installed")
        let readBack = try scene(from: recorded, export: folder + "/export", in: folder, view: view)
        let renderer = try RefreshRenderer()
        var compared = 0
        for moment in moments {
            // A state the kind does not have (no-more-data on a header) is skipped.
            guard
                let original = try? SceneSchema.standard.description(fromArguments: arguments + moment).makeScene(
                    baseDirectory: Support.root.path)
            else { continue }
            var again = readBack
            for (key, value) in try SceneSchema.standard.description(fromArguments: moment).values { again[key: key] = value }
            #expect(try renderer.render(try again.makeScene()) == renderer.render(original), "\(name) \(moment)")
            compared += 1
        }
        return compared
    }

    /// Compiles the generated Swift with the stand-ins (its `import` lines become Foundation's,
    /// which UIKit brings on a phone: the stand-ins are one module with it) and runs it;
    /// returns what it set.
    static func run(_ setup: AppSetup, export: String, in folder: String, lastUpdated: Int?) throws -> [String: Any] {
        let generated = try String(contentsOfFile: export + "/RefreshSetup.swift", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("import ") ? "import Foundation" : $0 }
            .joined(separator: "\n")
        try generated.write(toFile: folder + "/Generated.swift", atomically: true, encoding: .utf8)
        let main = try String(contentsOfFile: proof + "/main.swift", encoding: .utf8)
            .replacingOccurrences(of: "installRefreshControl", with: setup.function)
        try main.write(toFile: folder + "/main.swift", atomically: true, encoding: .utf8)
        let sources = [
            "Record.swift", "UIKitStandIn.swift", "MJRefreshStandIn.swift", "SVPullToRefreshStandIn.swift", "ZJRefreshStandIn.swift",
        ].map {
            proof + "/" + $0
        }
        let compile = try CLI.run(
            ["swiftc", "-swift-version", "5", "-Onone", "-module-name", "Proof"] + sources
                + [folder + "/Generated.swift", folder + "/main.swift", "-o", folder + "/proof"],
            executable: "/usr/bin/env")
        #expect(compile.status == 0, "\(compile.stderr)")
        let run = try CLI.run(lastUpdated.map { [String($0)] } ?? [], executable: folder + "/proof")
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
    }

    /// The recorded settings as a scene description, the images by name read from the export
    /// (@2x), each state's array written out as a folder of frames in its order.
    static func scene(from recorded: [String: Any], export: String, in folder: String, view: [String]) throws -> SceneDescription {
        var json = recorded
        json["installed"] = nil
        func file(_ name: String) -> String {
            let catalog = export + "/Refresh.xcassets/\(name).imageset/\(name)@2x.png"
            return FileManager.default.fileExists(atPath: catalog) ? catalog : export + "/images/\(name)@2x.png"
        }
        if let images = recorded["images"] as? [String: [String]] {
            var paths: [String: String] = [:]
            for (state, names) in images {
                let frames = folder + "/readback-\(state)"
                try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
                for (index, name) in names.enumerated() {
                    try FileManager.default.copyItem(atPath: file(name), toPath: frames + "/" + String(format: "frame_%03d@2x.png", index))
                }
                paths[state] = frames
            }
            json["images"] = paths
        }
        if let arrow = recorded["arrowImage"] as? String { json["arrowImage"] = file(arrow) }
        // The app's strings are the exported Strings folder, in its main bundle.
        if recorded["i18nBundle"] as? String == "@strings" { json["i18nBundle"] = export + "/Strings" }
        // A face asked for by its PostScript name is the font file exported under that name.
        for key in ["stateLabelFont", "timeLabelFont"] {
            guard let font = recorded[key] as? String, let range = font.range(of: "@font:") else { continue }
            let name = String(font[range.upperBound...])
            let shipped = (try? FileManager.default.contentsOfDirectory(atPath: export + "/Fonts")) ?? []
            let file = shipped.first { $0.hasPrefix(name + ".") }.map { export + "/Fonts/" + $0 } ?? name
            json[key] = String(font[..<range.lowerBound]) + file
        }
        var description = try JSONDecoder().decode(
            SceneDescription.self, from: try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]))
        for (key, value) in try SceneSchema.standard.description(fromArguments: view).values { description[key: key] = value }
        return description
    }
}
