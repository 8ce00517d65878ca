import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
import Testing

extension ExamplePackages {
    /// The exported app code means the picture for every setting on every class it exists on
    /// (docs/export.md, "Proof"): the cases are generated from the declarations — each setting
    /// the app sets (not what surrounds the control), with its declared example, on each class of
    /// each library its declaration names — exported, their Swift built together as written against
    /// RefreshGifUIKit (``ProofPackage``) and run, each control drawn: the same PNG bytes as the
    /// scene exported, at the state the example names and at a moment into refreshing. The
    /// classes a setting does not exist on are SchemaTests' (refused, 64).
    ///
    /// It compiles and draws some hundreds of scenes: `make check` runs it (`make test-proof`),
    /// not `make test`.
    @Suite("Every setting on every class it exists on: exported, built against RefreshGifUIKit, drawn the same")
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
                        var description = try schema.description(fromArguments: ProofScenes.view)
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
                                name: "\(control.library)-\(control.kind.rawValue)-\(control.style.rawValue)-\(field.name)",
                                field: field.name,
                                control: control.description, description: description, state: state))
                    }
                }
            }
            return cases
        }

        /// The moments a case is drawn at: the state its example names (or the library's idle)
        /// half pulled, and 0.3 s into refreshing, in the library's own state names.
        static func moments(_ one: Case) -> [ProofPackage.Moment] {
            let library = one.description[.library]?.argumentText ?? "mjrefresh"
            let named = ProofScenes.moment(["idle", "refreshing"], library: library)
            return [
                // An example may name a state by the shared name (`idle`), which the library's own means.
                ProofPackage.Moment(
                    state: one.state.map { ProofScenes.moment([$0], library: library)[0] } ?? named[0], percent: 0.5, time: 0),
                ProofPackage.Moment(state: named[1], percent: 0, time: 0.3),
            ]
        }

        @Test("each case's Swift, built against RefreshGifUIKit, draws the same PNG bytes as its scene")
        func everySettingMeansThePicture() throws {
            // REFRESH_PROOF_ONLY=svpulltorefresh runs the cases whose name has it.
            let only = ProcessInfo.processInfo.environment["REFRESH_PROOF_ONLY"]
            let cases = try Self.cases().filter { only == nil || $0.name.contains(only ?? "") }
            #expect(cases.count > (only == nil ? 200 : 0))
            var package = try ProofPackage()
            defer { package.remove() }
            // The files the examples name, in the folder the cases are read from.
            let inputs = package.work + "/inputs"
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
            let items = cases.map { ProofPackage.Item(name: $0.name, description: $0.description, moments: Self.moments($0)) }
            for (name, error) in package.add(items, baseDirectory: inputs) {
                Issue.record("\(name): \(error)")
            }
            let failure = try package.buildAndRun()
            try #require(failure.isEmpty, "\(failure)")
            let (compared, refused) = try package.compare(baseDirectory: inputs)
            #expect(compared > cases.count)
            #expect(refused <= cases.count / 10)
        }
    }
}
