import FoundationEssentials
@_spi(Tools) import RefreshGif
import RefreshGifTools

/// The scene a request asks for: the query's settings over the ones the server was started
/// with, read by the same schema as the command line's options and the JSON cases.
///
/// A name is a setting's JSON name (`percent`, `imageScale`); a setting by state takes
/// `STATE=VALUE` and may repeat (`titles=idle=Pull&titles=pulling=Let go`). No file path is
/// read from a request: every setting that names a file (an image, a font, the arrow image,
/// a strings bundle, a label's font file) must name one named when the server started, or
/// an upload (`upload:ID`); see ``checkPaths(_:configuration:uploads:)``. The limits may be lowered, never raised. An empty value leaves a
/// setting at its default.
///
/// The control's own layers come as one pair, `layers=[…]`: the JSON array a scene file holds
/// under `layers` (docs/layers.md). Given, it replaces the server's layers (`[]` removes them);
/// left out, the server's stay.
struct SceneRequest: Sendable {
    /// The scene described: the server's settings with the request's on top.
    var description: SceneDescription
    /// The settings the request itself gave.
    var given: SceneDescription
    /// ``description`` read and checked, once: the settings of the moment come from it.
    let checked: CheckedDescription

    /// Reads `pairs` as settings; `ignoring` names the query's other parameters (`format`).
    init(
        pairs: [(name: String, value: String)], configuration: PreviewConfiguration, uploads: UploadStore,
        ignoring: Set<String> = []
    ) throws {
        var texts: [SceneKey: [String]] = [:]
        var layersText: String?
        // An empty value sets the setting back to its default, whatever the server was started
        // with (the page's "(none)" and emptied fields); `STATE=` does so for one state's value.
        var defaults: Set<SceneKey> = []
        var stateDefaults: [SceneKey: Set<String>] = [:]
        for (name, value) in pairs where !ignoring.contains(name) {
            if name == SceneDescription.layersKey {
                if !value.isEmpty { layersText = value }
                continue
            }
            guard let field = SceneSchema.standard.field(SceneKey(name)) else {
                throw PreviewError.badRequest("unknown setting '\(SceneSchema.quoted(name))'")
            }
            if value.isEmpty {
                defaults.insert(field.key)
            } else if field.isByState, value.hasSuffix("="), !value.dropLast().contains("=") {
                stateDefaults[field.key, default: []].insert(String(value.dropLast()))
            } else {
                texts[field.key, default: []].append(value)
            }
        }
        var given = SceneDescription()
        for (key, values) in texts.sorted(by: { $0.key < $1.key }) {
            guard let field = SceneSchema.standard.field(key) else { continue }
            given[field] = try field.parse(values)
        }
        // Checked with the settings below (``SceneDescription/validate()`` checks each layer).
        if let layersText { given.layers = try Self.layers(layersText) }
        try Self.checkPaths(given, configuration: configuration, uploads: uploads)
        // A map's entries merge with the server's (a dropped image replaces one state's).
        var base = configuration.base
        for key in defaults { base[key: key] = nil }
        for (key, states) in stateDefaults {
            guard case let .byState(values)? = base[key: key] else { continue }
            let kept = values.filter { !states.contains($0.key) }
            base[key: key] = kept.isEmpty ? nil : .byState(kept)
        }
        var merged = base.merged(with: given)
        for (key, value) in given.values {
            if case let .byState(values)? = base[key: key], case let .byState(extra) = value {
                merged[key: key] = .byState(values.merging(extra) { _, new in new })
            }
        }
        if layersText != nil { merged.layers = given.layers }
        // What the server was started with but the class drawn now lacks is left out.
        let drawn = try merged.leavingOut(settingsTheClassLacksBut: given)
        // Each value in its range first (`maxMemory=0` is out of range, not above the server's):
        // the scene is read and checked here, once for the whole request.
        checked = try drawn.checked()
        try Self.checkLimits(given, configuration: configuration)
        self.given = given
        description = drawn
    }

    /// The one gate for paths over HTTP: every file a request's settings name — whichever
    /// setting names it, found from the declarations (``SceneDescription/namedFiles``) — must
    /// be a file named when the server started, as it was written there, or an upload. Nothing
    /// is looked up on disk before the answer, so a refusal cannot tell whether a file exists,
    /// and it never quotes the path asked for.
    static func checkPaths(_ given: SceneDescription, configuration: PreviewConfiguration, uploads: UploadStore) throws {
        let named = configuration.namedPaths
        // The settings' files, then the layers' (their images, a font given as a file), each
        // refusal naming what names the file: `--font`, `$.layers.logo.image`.
        for file in given.namedFiles {
            let (place, path) = (file.place, file.path)
            if path.hasPrefix(UploadStore.prefix) {
                guard uploads.path(for: path) != nil else {
                    throw PreviewError.badRequest(
                        "\(place): no upload '\(SceneSchema.quoted(path))' (it was replaced or the server restarted)")
                }
                continue
            }
            guard named.contains(path) else {
                throw PreviewError.badRequest(
                    "\(place): only a file named when the preview started, or one dropped on the page, is read over HTTP")
            }
        }
    }

    /// An address's settings, keeping every one that still applies (a session opened again in
    /// another browser, or after the server restarted): a file that is no longer there is left
    /// out where it is named — one state's image, one layer's property, the layer kept — and
    /// named in `missing` (`images idle`, `layers.logo.image`); a setting that no longer reads
    /// or no longer fits the others is left out and named in `refused`. Nil when nothing of the
    /// address can be kept.
    static func salvage(
        _ pairs: [(name: String, value: String)], configuration: PreviewConfiguration, uploads: UploadStore, ignoring: Set<String>
    ) -> (request: SceneRequest, missing: [String], refused: [String])? {
        var kept: [(name: String, value: String)] = []
        var missing: [String] = [], refused: [String] = []
        for pair in pairs {
            if ignoring.contains(pair.name) {
                kept.append(pair)
                continue
            }
            if pair.name == SceneDescription.layersKey {
                guard var layers = try? Self.layers(pair.value) else {
                    refused.append(pair.name)
                    continue
                }
                // Each layer keeps what it can still show; a property naming a file gone goes.
                for index in layers.indices {
                    var one = SceneDescription()
                    one.layers = [layers[index]]
                    for file in one.namedFiles {
                        // `layers.NAME.PROPERTY`: the property is the key's last part.
                        guard let last = file.key.split(separator: ".").last,
                            let property = LayerProperty.all.first(where: { $0.name == last })
                        else { continue }
                        var probe = SceneDescription()
                        probe.layers = [ControlLayer(layers[index].kind, name: layers[index].name, [property: .text(file.path)])]
                        if (try? checkPaths(probe, configuration: configuration, uploads: uploads)) == nil {
                            layers[index][property] = nil
                            missing.append(file.key)
                        }
                    }
                }
                // A layer that cannot be drawn without what it lost (an image view without its
                // image) is left out alone; the others stay.
                layers.removeAll { layer in
                    var alone = SceneDescription()
                    alone.layers = [layer]
                    guard (try? alone.validate()) == nil else { return false }
                    refused.append(pair.name + "." + layer.name)
                    return true
                }
                kept.append((pair.name, "[" + layers.map(\.jsonText).joined(separator: ", ") + "]"))
                continue
            }
            guard let field = SceneSchema.standard.field(SceneKey(pair.name)), let value = try? field.parse([pair.value]) else {
                refused.append(pair.name)
                continue
            }
            var one = SceneDescription()
            one[field] = value
            if (try? checkPaths(one, configuration: configuration, uploads: uploads)) == nil {
                // A value by state names one state: `images idle`.
                var state: String?
                if case let .byState(map) = value { state = map.keys.sorted().joined(separator: ", ") }
                missing.append(pair.name + (state.map { " " + $0 } ?? ""))
                continue
            }
            kept.append(pair)
        }
        func request(_ pairs: [(name: String, value: String)]) -> SceneRequest? {
            guard let made = try? SceneRequest(pairs: pairs, configuration: configuration, uploads: uploads, ignoring: ignoring),
                (try? made.description.validate()) != nil
            else { return nil }
            return made
        }
        // What no longer fits the others: left out one at a time, the first whose leaving out
        // makes the rest whole (bounded by the pairs' count).
        for _ in 0...kept.count {
            if let made = request(kept) { return (made, missing, refused) }
            guard
                let index = kept.indices.first(where: { index in
                    request(kept.enumerated().filter { $0.offset != index }.map(\.element)) != nil
                })
            else { return nil }
            refused.append(kept[index].name)
            kept.remove(at: index)
        }
        return nil
    }

    /// The layers of a `layers=[…]` pair, read as a scene file's `layers` is read; a mistake
    /// is one line naming the layer and the property (`$.layers.title.textColr: …`).
    static func layers(_ text: String) throws -> [ControlLayer] {
        do {
            return try JSONInput.decode(SceneDescription.self, from: Array("{\"layers\": \(text)}".utf8), name: "layers").layers
        } catch let RefreshGifError.badInput(_, message) {
            throw PreviewError.badRequest(message.hasPrefix("$") ? message : "$.layers: \(message)")
        }
    }

    /// The limits of a request can only be lower than the server's.
    private static func checkLimits(_ given: SceneDescription, configuration: PreviewConfiguration) throws {
        let server = configuration.base.limits
        let asked = given.limits
        if given[.maxMemory] != nil, asked.maxTotalPixels > server.maxTotalPixels {
            throw PreviewError.badRequest("--max-memory: the preview server allows at most what it was started with")
        }
        if given[.maxPixels] != nil, asked.maxFramePixels > server.maxFramePixels {
            throw PreviewError.badRequest("--max-pixels: the preview server allows at most what it was started with")
        }
        if given[.maxSeconds] != nil, asked.maxWorkerSeconds > server.maxWorkerSeconds {
            throw PreviewError.badRequest("--max-seconds: the preview server allows at most what it was started with")
        }
    }

    /// The description with uploads replaced by the files that hold them.
    func resolved(_ uploads: UploadStore) -> SceneDescription {
        replacingUploads { uploads.path(for: $0) }
    }

    /// The description as a user would write it, next to the files the server serves: uploads
    /// named by the file dropped, a file inside `baseDirectory` by its path from there (a saved
    /// scene or a copied command holds no absolute path of the server's folder).
    func asWritten(_ uploads: UploadStore, baseDirectory: String) -> SceneDescription {
        replacingUploads { uploads.originalName(for: $0) ?? Self.relative($0, to: baseDirectory) }
    }

    /// `path` from `folder` when it is inside it; nil otherwise.
    static func relative(_ path: String, to folder: String) -> String? {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard path.hasPrefix(prefix), path.count > prefix.count else { return nil }
        return String(path.dropFirst(prefix.count))
    }

    /// The description with every file value that `replacement` knows replaced.
    private func replacingUploads(_ replacement: (String) -> String?) -> SceneDescription {
        // The replacement never throws.
        (try? description.replacingFiles { replacement($0) ?? $0 }) ?? description
    }
}
