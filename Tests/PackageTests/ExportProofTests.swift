import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// The code `export` writes, compiled unchanged against RefreshGifUIKit on Linux (its `#else`
/// import), run, and drawn: byte-identical PNGs to the scene it came from, at every moment the
/// kind has (docs/export.md, "Proof").
extension ExamplePackages {
    @Suite("Exported code, compiled against RefreshGifUIKit, draws its scene")
    struct ExportProofTests {
        /// The stock moments (``ProofScenes/moments``) in a library's own states.
        static func stockMoments(library: String) -> [ProofPackage.Moment] {
            ProofScenes.moments.map { moment in
                let named = ProofScenes.moment(moment, library: library)
                func value(_ option: String) -> String? { named.firstIndex(of: option).map { named[$0 + 1] } }
                return ProofPackage.Moment(
                    state: value("--state") ?? "idle", percent: value("--percent").flatMap(Double.init) ?? 0,
                    time: value("--time").flatMap(Double.init) ?? 0)
            }
        }

        /// A control of its own layers is swept as the app's code runs on the phone: every
        /// state of its kind, at pulls 0, 0.3, 1 and 1.7, at the state's start and 0.45 s in.
        static func sweep(_ description: SceneDescription) throws -> [ProofPackage.Moment] {
            let scene = try description.makeScene(baseDirectory: Support.root.path)
            return scene.family.states(of: scene.kind).flatMap { state in
                [0, 0.3, 1, 1.7].flatMap { percent in
                    [0, 0.45].map { ProofPackage.Moment(state: state.rawValue, percent: percent, time: $0) }
                }
            }
        }

        @Test(
            "every stock kind's, SVPullToRefresh's, ZJRefresh's and every layer scene's exported Swift, built for Linux as written, draws the same PNG bytes"
        )
        func exportedCodeDrawsItsScene() throws {
            var package = try ProofPackage()
            defer { package.remove() }
            let view = try SceneSchema.standard.description(fromArguments: ProofScenes.view)
            // The stock kinds by their settings.
            var items: [ProofPackage.Item] = []
            for scene in ProofScenes.mjRefresh + ProofScenes.otherLibraries {
                let description = try SceneSchema.standard.description(fromArguments: scene.arguments).merged(with: view)
                let library = description[.library]?.argumentText ?? "mjrefresh"
                items.append(ProofPackage.Item(name: scene.name, description: description, moments: Self.stockMoments(library: library)))
            }
            // The scenes of a control's own layers (the DIY examples, a ring of shape layers
            // timed by `t`, a burst, every kind of layer and way a value varies): their
            // subclass is built and run too.
            for file in ProofScenes.layerScenes {
                let description = try SceneDescription(contentsOfFile: Support.root.appendingPathComponent(file).path).merged(with: view)
                items.append(ProofPackage.Item(name: file, description: description, moments: try Self.sweep(description)))
            }
            let failed = package.add(items, baseDirectory: Support.root.path)
            #expect(failed.isEmpty, "not exported: \(failed.map { "\($0.name): \($0.error)" })")
            let failure = try package.buildAndRun()
            try #require(failure.isEmpty, "\(failure)")
            let (compared, refused) = try package.compare(baseDirectory: Support.root.path)
            // Only No More Data is refused, on the headers, which lack it.
            let headers = package.entries.filter { $0.description[.kind]?.argumentText ?? "header" == "header" }
            #expect(refused <= headers.count)
            #expect(compared + refused == package.entries.map(\.moments.count).reduce(0, +))
        }
    }
}
