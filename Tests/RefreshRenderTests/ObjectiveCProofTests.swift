import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// The exported Objective-C compiles (docs/export.md, "Proof"): clang checks each setup, and
/// each layer scene's subclass, against declarations that match the libraries' headers
/// (`Tests/ExportProof/objc`), with every warning an error. The Swift beside it is proven by
/// running it against RefreshGifUIKit (ExportProofTests); Linux has no Objective-C runtime to
/// run this half, so clang holds it to the same declarations the headers make.
@Suite("Exported Objective-C: compiled by clang against the headers' declarations")
struct ObjectiveCProofTests {
    static let headers = Support.root.appendingPathComponent("Tests/ExportProof/objc").path

    /// Every stock scene the Swift proof draws, and every layer scene.
    static let scenes = (ProofScenes.mjRefresh + ProofScenes.otherLibraries).map(\.name) + ProofScenes.layerScenes

    @Test("the setup, and a layer scene's subclass, compile with -Wall -Wextra -Werror", arguments: scenes)
    func objectiveCCompiles(name: String) throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let view = try SceneSchema.standard.description(fromArguments: ProofScenes.view)
        let description: SceneDescription
        if let stock = (ProofScenes.mjRefresh + ProofScenes.otherLibraries).first(where: { $0.name == name }) {
            description = try SceneSchema.standard.description(fromArguments: stock.arguments)
        } else {
            description = try SceneDescription(contentsOfFile: Support.root.appendingPathComponent(name).path)
        }
        let export = try AppExport(description.merged(with: view), baseDirectory: Support.root.path)
        try export.write(to: folder)
        // ZJRefresh is a Swift library: its controls have no Objective-C setup.
        if description[.library]?.argumentText == "zjrefresh" {
            #expect(!FileManager.default.fileExists(atPath: folder + "/RefreshSetup.m"), "\(name)")
            return
        }
        var files = ["RefreshSetup.m"]
        if let subclass = export.subclass { files.append(subclass.className + ".m") }
        #expect(files.count == (ProofScenes.layerScenes.contains(name) ? 2 : 1), "\(name)")
        for file in files {
            let run = try CLI.run(
                [
                    "clang", "-fsyntax-only", "-fobjc-arc", "-fblocks", "-x", "objective-c", "-fobjc-runtime=ios-13.0", "-Wall",
                    "-Wextra", "-Werror", "-Wno-nullability-completeness", "-I", Self.headers, "-I", folder, folder + "/" + file,
                ],
                executable: "/usr/bin/env")
            #expect(run.status == 0, "\(name) \(file): \(run.stderr)")
        }
    }

    @Test("a name the headers lack is refused: the check can fail")
    func misspelledNameFails() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let export = try AppExport(
            try SceneSchema.standard.description(fromArguments: try #require(ProofScenes.mjRefresh.first).arguments),
            baseDirectory: Support.root.path)
        try export.write(to: folder)
        let file = folder + "/RefreshSetup.m"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("stateLabel"))
        try text.replacingOccurrences(of: "stateLabel", with: "stateLabell").write(toFile: file, atomically: true, encoding: .utf8)
        let run = try CLI.run(
            [
                "clang", "-fsyntax-only", "-fobjc-arc", "-fblocks", "-x", "objective-c", "-fobjc-runtime=ios-13.0", "-Werror",
                "-Wno-nullability-completeness", "-I", Self.headers, file,
            ],
            executable: "/usr/bin/env")
        #expect(run.status != 0)
    }
}
