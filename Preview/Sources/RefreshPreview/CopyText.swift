import FoundationEssentials
@_spi(Tools) import RefreshGif

/// What the page's copy buttons give for the scene on screen: a `refresh-render` command, Swift
/// that builds the same ``RefreshScene``, a snapshot case and a scene file. Each draws the same
/// bytes as the page's picture (`GET /render.png`); the tests run them all.
struct CopyText: Encodable, Sendable, Equatable {
    /// A shell command line; with layers, one that reads the scene file (``scene``) as
    /// `scene.json`, since layers have no options.
    var command: String
    /// Swift code using the library.
    var swift: String
    /// A snapshot cases file holding one case.
    var json: String
    /// A scene file (`--scene`) holding every setting and the layers.
    var scene: String

    /// The file name the command gives the scene file.
    static let sceneFileName = "scene.json"

    /// The texts for `description` (uploads already named as the user's files).
    init(_ description: SceneDescription, output: String = "refresh.png") {
        let arguments = description.layers.isEmpty ? description.commandLineArguments : ["--scene", Self.sceneFileName]
        command = (["refresh-render"] + arguments + ["-o", output]).map(ShellWord.quoted).joined(separator: " ")
        swift = Self.swift(description, output: output)
        json = Self.json(description)
        scene = description.jsonText + "\n"
    }

    static func swift(_ description: SceneDescription, output: String) -> String {
        var lines = ["import RefreshGif", "", "var control = SceneDescription()"]
        for key in description.keys.sorted(by: { order($0) < order($1) }) {
            guard let value = description[key: key] else { continue }
            // A library's own setting has no static member of its own: it is named by its key.
            let shared = SceneSchema.standard.field(key)?.owner == nil
            let subscriptText = shared ? ".\(key.rawValue)" : "key: SceneKey(\"\(key.rawValue)\")"
            lines.append("control[\(subscriptText)] = \(swiftValue(value))")
        }
        if !description.layers.isEmpty {
            lines.append("control.layers = [")
            for layer in description.layers {
                let values = layer.values.sorted { $0.key < $1.key }.map { ".\($0.key): \(swiftValue($0.value))" }
                let dictionary = values.isEmpty ? "" : ", [" + values.joined(separator: ", ") + "]"
                lines.append("    ControlLayer(.\(layer.kind.rawValue), name: \(swiftString(layer.name))\(dictionary)),")
            }
            lines.append("]")
        }
        lines += [
            "let scene: RefreshScene = try control.makeScene()",
            "let image = try RefreshRenderer().render(scene)",
            "try image.writePNG(to: \(swiftString(output)))",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ description: SceneDescription) -> String {
        let fields = description.jsonText.dropFirst().dropLast() // the object's inside, one field a line
        let inner = fields.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        return "{\"cases\": [\n  {\n    \"name\": \"preview\"" + (inner.isEmpty ? "" : ",\n" + inner) + "\n  }\n]}\n"
    }

    private static func order(_ key: SceneKey) -> Int {
        SceneSchema.standard.fields.firstIndex { $0.key == key } ?? 0
    }

    private static func swiftValue(_ value: SceneValue) -> String {
        switch value {
        case let .number(n): return ".number(\(SceneValue.number(n).argumentText))" // 80, not 80.0
        case let .integer(i): return ".integer(\(i))"
        case let .flag(b): return ".flag(\(b))"
        case let .text(t): return ".text(\(swiftString(t)))"
        case let .byState(map) where Set(map.keys) == ["from", "to"]:
            // A value that follows the pull, as the library's Swift API names it.
            let (from, to) = (map["from"] ?? .flag(false), map["to"] ?? .flag(false))
            return ".pull(from: \(pullEnd(from, like: to)), to: \(pullEnd(to, like: from)))"
        case let .byState(map):
            return ".byState(["
                + map.sorted { $0.key < $1.key }.map { "\(swiftString($0.key)): \(swiftValue($0.value))" }.joined(separator: ", ")
                + "])"
        }
    }

    /// One end of ``SceneValue/pull(from:to:)``: a literal of the type both ends share (a
    /// string, a `Double`, a `Bool`), else the value spelled out.
    private static func pullEnd(_ value: SceneValue, like other: SceneValue) -> String {
        switch (value, other) {
        case let (.text(t), .text): return swiftString(t)
        case let (.number(n), .number): return String(describing: n)
        case let (.flag(b), .flag): return String(b)
        default: return "SceneValue" + swiftValue(value)
        }
    }

    /// A Swift string literal (``AppCode/swiftString(_:)``, as the app code writes them).
    static func swiftString(_ text: String) -> String {
        AppCode.swiftString(text)
    }
}
