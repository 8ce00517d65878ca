import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// The code `export` writes, compiled unchanged against RefreshGifUIKit on Linux (its `#else`
/// import), run, and drawn: byte-identical PNGs to the scene it came from, at every moment the
/// kind has (docs/export.md, "Proof"). One package holds every scene's file, so it is built once.
extension ExamplePackages {
    @Suite("Exported code, compiled against RefreshGifUIKit, draws its scene")
    struct ExportProofTests {
        /// The package's runner: installs each scene's control, draws it at each moment.
        static func main(count: Int) -> String {
            let moments = ProofScenes.moments.map { moment -> String in
                func value(_ option: String) -> String? { moment.firstIndex(of: option).map { moment[$0 + 1] } }
                let state = value("--state").map { $0 == "no-more-data" ? ".noMoreData" : "." + $0 } ?? ".idle"
                return "(\(state), \(value("--percent") ?? "0"), \(value("--time") ?? "0"))"
            }
            var text = """
                import Foundation
                import RefreshGif
                import RefreshGifUIKit

                let out = CommandLine.arguments[1], exports = CommandLine.arguments[2]
                let moments: [(MJRefreshState, Double, Double)] = [\(moments.joined(separator: ", "))]
                AppDevice.width = 320
                AppDevice.now = ISO8601DateFormatter().date(from: "2024-07-05T12:00:00Z")
                AppDevice.lastUpdated = ISO8601DateFormatter().date(from: "2024-07-05T09:41:00Z")
                // A moment in the control's own library's states (MJRefresh's names the moments).
                func scene(_ control: Any, _ moment: (MJRefreshState, Double, Double)) throws -> RefreshScene {
                    let gone = AppCodeError.badValue(what: "state", message: "the library has no such state")
                    switch control {
                    case let mj as MJRefreshComponent: return try mj.scene(state: moment.0, percent: moment.1, time: moment.2)
                    case let sv as SVPullToRefreshView:
                        let states: [MJRefreshState: SVPullToRefreshState] = [.idle: .stopped, .pulling: .triggered, .refreshing: .loading]
                        guard let state = states[moment.0] else { throw gone }
                        return try sv.scene(state: state, percent: moment.1, time: moment.2)
                    case let zj as ZJAnimatorView:
                        let states: [MJRefreshState: RefreshViewState] = [.idle: .pullToRefresh, .pulling: .releaseToFresh, .refreshing: .loading]
                        guard let state = states[moment.0] else { throw gone }
                        return try zj.scene(state: state, percent: moment.1, time: moment.2)
                    default: throw gone
                    }
                }
                func draw(_ index: Int, _ control: Any) {
                    for (m, moment) in moments.enumerated() {
                        do {
                            let image = try RefreshRenderer().render(try scene(control, moment))
                            try image.writePNG(to: out + "/scene\\(index)-\\(m).png")
                        } catch {
                            try? Data("\\(error)".utf8).write(to: URL(fileURLWithPath: out + "/scene\\(index)-\\(m).error"))
                        }
                    }
                }

                """
            for index in 0..<count {
                text += """
                    MJRefreshConfig.default.reset()
                    AppResources.folders = [exports + "/scene\(index)"]
                    draw(\(index), install\(index)(on: UITableView()) {})

                    """
            }
            return text
        }

        @Test(
            "every stock kind's, SVPullToRefresh's, ZJRefresh's and every layer scene's exported Swift, built for Linux as written, draws the same PNG bytes"
        )
        func exportedCodeDrawsItsScene() throws {
            let work = try Support.temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: work) }
            let package = work + "/ExportProof"
            let sources = package + "/Sources/ExportProof"
            try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
            // The stock kinds by their settings, then the scenes of a control's own layers (the
            // DIY examples, a ring of shape layers timed by `t`, every kind of layer and way a
            // value varies): their subclass is built too.
            var scenes: [(name: String, description: SceneDescription)] = try (ProofScenes.mjRefresh + ProofScenes.otherLibraries).map {
                ($0.name, try SceneSchema.standard.description(fromArguments: $0.arguments))
            }
            for file in ProofScenes.layerScenes {
                let path = Support.root.appendingPathComponent(file).path
                scenes.append((file, try SceneDescription(contentsOfFile: path)))
            }
            let view = try SceneSchema.standard.description(fromArguments: ProofScenes.view)
            for (index, scene) in scenes.enumerated() {
                let export = try AppExport(scene.description.merged(with: view), baseDirectory: Support.root.path)
                try export.write(to: package + "/exports/scene\(index)")
                // The files as written; only the function and the subclass are renamed, so that all live in one module.
                let function = try #require(export.setup?.function)
                var files = ["RefreshSetup.swift"]
                if let subclass = export.subclass?.className { files.append(subclass + ".swift") }
                for file in files {
                    var swift = try String(contentsOfFile: package + "/exports/scene\(index)/" + file, encoding: .utf8)
                        .replacingOccurrences(of: "func \(function)(", with: "func install\(index)(")
                    if let subclass = export.subclass?.className {
                        swift = swift.replacingOccurrences(
                            of: "\\b\(subclass)\\b", with: subclass + "\(index)", options: .regularExpression)
                    }
                    try swift.write(toFile: sources + "/Scene\(index)" + file, atomically: true, encoding: .utf8)
                }
            }
            try Self.main(count: scenes.count).write(toFile: sources + "/main.swift", atomically: true, encoding: .utf8)
            let manifest = """
                // swift-tools-version:6.0
                import Foundation
                import PackageDescription
                let repository = ProcessInfo.processInfo.environment["REFRESHGIF_PATH"] ?? "../.."
                let identity = URL(fileURLWithPath: repository).lastPathComponent.lowercased()
                let package = Package(
                    name: "ExportProof", dependencies: [.package(path: repository)],
                    targets: [
                        .executableTarget(
                            name: "ExportProof",
                            dependencies: [
                                .product(name: "RefreshGifUIKit", package: identity), .product(name: "RefreshGif", package: identity),
                            ])
                    ])

                """
            try manifest.write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
            let built = try swift(["build", "--scratch-path", scratch, "--product", "ExportProof"], in: package)
            #expect(built.status == 0, "\(built.output.suffix(3000))")
            let out = work + "/out"
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let ran = try CLI.run([out, package + "/exports"], executable: scratch + "/debug/ExportProof")
            #expect(ran.status == 0, "\(ran.stderr)")
            var compared = 0
            for (index, scene) in scenes.enumerated() {
                for (m, moment) in ProofScenes.moments.enumerated() {
                    // A state the kind does not have (no more data on a header) is refused on both sides.
                    let library = scene.description[.library]?.argumentText ?? "mjrefresh"
                    guard
                        let original = try? scene.description.merged(
                            with: try SceneSchema.standard.description(
                                fromArguments: ProofScenes.view + ProofScenes.moment(moment, library: library))
                        ).makeScene(baseDirectory: Support.root.path)
                    else {
                        #expect(FileManager.default.fileExists(atPath: out + "/scene\(index)-\(m).error"), "\(scene.name) \(moment)")
                        continue
                    }
                    let drawn = try? Data(contentsOf: URL(fileURLWithPath: out + "/scene\(index)-\(m).png"))
                    let error = (try? String(contentsOfFile: out + "/scene\(index)-\(m).error", encoding: .utf8)) ?? ""
                    let expected = try RefreshRenderer().render(original)
                    let same = drawn.map([UInt8].init) == (try PNGEncoder().encode(expected))
                    #expect(same, "\(scene.name) \(moment) \(error)")
                    if !same, let look = ProcessInfo.processInfo.environment["REFRESH_LOOK"] {
                        try expected.writePNG(to: look + "/proof-\(index)-\(m)-expected.png")
                        try drawn?.write(to: URL(fileURLWithPath: look + "/proof-\(index)-\(m)-drawn.png"))
                    }
                    compared += 1
                }
            }
            #expect(compared >= 12 + 3 * (ProofScenes.layerScenes.count + ProofScenes.otherLibraries.count))
        }
    }
}
