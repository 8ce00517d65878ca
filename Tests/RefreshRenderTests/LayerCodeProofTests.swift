import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// The exported subclass means the layers (docs/layers.md, "Export"): compiled against
/// stand-ins that hold what UIKit's views are given, run through each state and a sweep of
/// pulls and times, and every layer's frame and values read back equal to what the renderer
/// places and draws.
@Suite("Exported layer subclass: compiled, run, read back")
struct LayerCodeProofTests {
    static let proof = Support.root.appendingPathComponent("Tests/LayerCodeProof").path
    static let examples = Support.root.appendingPathComponent("examples/layers").path
    static let appCodeProof = Support.root.appendingPathComponent("Tests/AppCodeProof").path

    @Test(
        "each example's subclass, run against the stand-ins, sets what the renderer draws",
        arguments: ["MJDIYHeader", "MJDIYAutoFooter", "MJDIYBackFooter", "brand-header", "burst", "every-kind", "views-by-state"])
    func subclassMeansTheLayers(name: String) throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The examples, and scenes of the proof's own that give every kind and every way a value varies.
        let own = Self.proof + "/scenes/\(name).json"
        let description = try SceneDescription(
            contentsOfFile: FileManager.default.fileExists(atPath: own) ? own : Self.examples + "/\(name).json")
        let export = try AppExport(description)
        let subclass = try #require(export.subclass)
        try export.write(to: folder + "/export")
        let generated = try String(contentsOfFile: folder + "/export/\(subclass.className).swift", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("import ") ? "import Foundation" : $0 }
            .joined(separator: "\n")
            // `@objc` and `#selector` need the Objective-C runtime, which Linux has not: the
            // display link's target is named by a plain string here.
            .replacingOccurrences(of: "@objc ", with: "").replacingOccurrences(of: "#selector(tick)", with: "Selector(\"tick\")")
        try generated.write(toFile: folder + "/Generated.swift", atomically: true, encoding: .utf8)
        let main = try String(contentsOfFile: Self.proof + "/main.swift", encoding: .utf8)
            .replacingOccurrences(of: "ProofControl()", with: subclass.className + "()")
        try main.write(toFile: folder + "/main.swift", atomically: true, encoding: .utf8)
        let compile = try CLI.run(
            [
                "swiftc", "-swift-version", "5", "-Onone", "-module-name", "Proof", Self.proof + "/UIKitStandIn.swift",
                folder + "/Generated.swift", folder + "/main.swift", "-o", folder + "/proof",
            ],
            executable: "/usr/bin/env")
        try #require(compile.status == 0, "\(compile.stderr)")
        // The Objective-C subclass and the setup that makes it, checked by clang against the
        // libraries' declarations (the Swift proves the behaviour; the two are written alike).
        for file in [subclass.className + ".m", "RefreshSetup.m"] {
            let clang = try CLI.run(
                [
                    "clang", "-fsyntax-only", "-fobjc-arc", "-fblocks", "-x", "objective-c", "-fobjc-runtime=ios-13.0", "-Wall",
                    "-Wextra", "-Werror", "-Wno-nullability-completeness", "-I", Self.appCodeProof + "/objc", "-I", folder + "/export",
                    folder + "/export/" + file,
                ],
                executable: "/usr/bin/env")
            #expect(clang.status == 0, "\(file): \(clang.stderr)")
        }

        let base = try description.makeScene()
        let size = base.size
        var samples: [String] = []
        for state in base.family.states(of: base.kind) {
            for percent in [0.0, 0.3, 1.0, 1.7] {
                for time in [0.0, 0.45] { samples.append("\(state.rawValue):\(percent):\(time)") }
            }
        }
        let run = try CLI.run([String(size.width), String(size.height)] + samples, executable: folder + "/proof")
        try #require(run.status == 0, "\(run.stderr)")
        let read = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [[String: Any]])
        #expect(read.count == samples.count)
        let renderer = try RefreshRenderer()
        var compared = 0
        for entry in read {
            let sample = try #require(entry["sample"] as? String)
            let parts = sample.split(separator: ":").map(String.init)
            var scene = base
            scene.state = try #require(RefreshState(rawValue: parts[0]))
            scene.pullingPercent = Double(parts[1]) ?? 0
            scene.time = Double(parts[2]) ?? 0
            let placed = try renderer.placeLayers(of: scene)
            let layers = try #require(entry["layers"] as? [String: [String: Any]])
            let inputs = RefreshRenderer.layerInputs(scene)
            for (layer, ours) in zip(scene.layers, placed) {
                let theirs = try #require(layers[layer.name], "\(sample): \(layer.name) not recorded")
                let context = "\(name) \(sample) \(layer.name)"
                let frame = try #require(theirs["frame"] as? [Double])
                // A label's or image's own size is measured on the phone: compared where the scene gives it.
                let sized = (layer.gives(.width) && layer.gives(.height)) || [.switch, .spinner, .arrow].contains(layer.kind)
                if sized {
                    for (a, b) in zip(frame, [ours.frame.x, ours.frame.y, ours.frame.width, ours.frame.height]) {
                        #expect(abs(a - b) <= 0.5, "\(context): frame \(frame) against \(ours.frame)")
                    }
                }
                let hidden = theirs["hidden"] as? Bool ?? false
                let alpha = theirs["alpha"] as? Double ?? 1
                let stopped = layer.kind == .spinner && (theirs["animating"] as? Bool) == false
                #expect(
                    (hidden || alpha <= 0 || stopped) == ours.invisible, "\(context): hidden \(hidden) alpha \(alpha) stopped \(stopped)")
                if layer.kind == .label {
                    #expect((theirs["text"] as? String) == (layer.text(.text, inputs) ?? ""), "\(context)")
                    if let color = layer.color(.textColor, inputs) {
                        #expect(
                            Self.close(theirs["textColor"] as? String, color.description),
                            "\(context): \(theirs["textColor"] ?? "none") against \(color)")
                    }
                }
                if layer.kind == .switch { #expect((theirs["on"] as? Bool) == (layer.flag(.on, inputs) ?? false), "\(context)") }
                if layer.kind == .shape, !ours.invisible {
                    if let fill = layer.color(.fillColor, inputs), layer.text(.shape, inputs) != "arc" {
                        #expect(Self.close(theirs["fill"] as? String, fill.description), "\(context)")
                    }
                    let angle = (layer.number(.rotation, inputs) ?? 0) * Double.pi / 180
                    #expect(abs((theirs["angle"] as? Double ?? 0) - angle) < 1e-9, "\(context)")
                }
                compared += 1
            }
        }
        #expect(compared >= samples.count * 3)
        if ["MJDIYHeader", "MJDIYAutoFooter", "MJDIYBackFooter", "views-by-state"].contains(name) {
            try Self.drawnFromReadBack(read, description: description, export: folder + "/export")
        }
    }

    /// The layers read back from the run — frames, visibility, texts, colours, fonts, images,
    /// switches and spinners as the subclass set them — drawn as layers of their own, give the
    /// renderer's pixels for the scene's layers at every sample.
    static func drawnFromReadBack(_ read: [[String: Any]], description: SceneDescription, export: String) throws {
        let styles = ["gray": "classic", "white": "white", "whiteLarge": "white-large", "medium": "medium"]
        let renderer = try RefreshRenderer()
        // The samples 0.45 s into their state (the switch at rest, the spinner turned).
        for entry in read where (entry["sample"] as? String)?.hasSuffix(":0.45") == true {
            let sample = try #require(entry["sample"] as? String)
            let parts = sample.split(separator: ":").map(String.init)
            var original = description
            original[.state] = .text(parts[0])
            original[.percent] = .number(Double(parts[1]) ?? 0)
            original[.time] = .number(Double(parts[2]) ?? 0)
            let recorded = try #require(entry["layers"] as? [String: [String: Any]])
            var rebuilt = original
            rebuilt.layers = try original.layers.map { layer in
                let values = try #require(recorded[layer.name])
                let frame = try #require(values["frame"] as? [Double])
                var out = ControlLayer(layer.kind, name: layer.name, [.x: .number(frame[0]), .y: .number(frame[1])])
                if layer.kind != .switch { (out[.width], out[.height]) = (.number(frame[2]), .number(frame[3])) }
                out[.hidden] = .flag(values["hidden"] as? Bool ?? false)
                out[.alpha] = .number(values["alpha"] as? Double ?? 1)
                if let text = values["text"] as? String { out[.text] = .text(text) }
                if let color = values["textColor"] as? String { out[.textColor] = .text("#" + color) }
                if let font = values["font"] as? String { out[.font] = .text(font) }
                if let alignment = values["alignment"] as? String { out[.alignment] = .text(alignment) }
                if let lines = values["lines"] as? Int { out[.lines] = .integer(lines) }
                if let name = values["image"] as? String {
                    out[.image] = .text(export + "/Refresh.xcassets/\(name).imageset/\(name)@2x.png")
                }
                if let mode = values["contentMode"] as? String { out[.contentMode] = .text(mode) }
                if let animating = values["animating"] as? Bool { out[.animating] = .flag(animating) }
                if let style = values["style"] as? String { out[.spinnerStyle] = .text(styles[style] ?? style) }
                if let on = values["on"] as? Bool { out[.on] = .flag(on) }
                return out
            }
            let a = try renderer.render(try original.makeScene()), b = try renderer.render(try rebuilt.makeScene())
            let equal = a.pixels == b.pixels
            #expect(equal, "\(sample): the layers read back draw other pixels")
        }
    }

    /// Two `#RRGGBBAA` colours within one step a channel (the code writes fractions of 255 to
    /// four decimals).
    static func close(_ a: String?, _ b: String) -> Bool {
        guard let a else { return false }
        let x = Array(a.uppercased().dropFirst(a.hasPrefix("#") ? 1 : 0)), y = Array(b.uppercased().dropFirst(1))
        guard x.count == 8, y.count == 8 else { return false }
        return (0..<4).allSatisfy { i in
            guard let p = Int(String(x[2 * i..<2 * i + 2]), radix: 16), let q = Int(String(y[2 * i..<2 * i + 2]), radix: 16) else {
                return false
            }
            return abs(p - q) <= 1
        }
    }
}
