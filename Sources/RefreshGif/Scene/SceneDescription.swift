import FoundationEssentials
import ImageCodecs
@_spi(Tools) import RefreshFiles
import RefreshImage
import RefreshModel
import RefreshRaster

/// Settings of a scene as data: the format of snapshot cases and of the `control` of
/// gesture files, and what the command line's options make. Every field is optional (a
/// missing one takes ``RefreshScene``'s default) and is one of ``SceneSchema/fields``;
/// unknown fields are an error that names their JSON path.
///
/// ```json
/// {"kind": "header", "style": "normal", "state": "pulling", "percent": 1.2,
///  "images": {"idle": "pull.gif"}, "language": "zh-Hans", "scale": 3}
/// ```
public struct SceneDescription: Decodable, Sendable, Equatable {
    /// The values set, by setting.
    public private(set) var values: [SceneKey: SceneValue] = [:]
    /// The settings these values are read and applied with.
    public var schema: SceneSchema
    /// The control's own subviews, drawn in order over what its class draws (docs/layers.md):
    /// the `layers` of a scene file.
    public var layers: [ControlLayer] = []

    /// An empty description: every default.
    /// - Parameter schema: the settings it may hold (``SceneSchema/standard`` by default).
    public init(schema: SceneSchema = .standard) {
        self.schema = schema
    }

    /// The value of a setting, if set; nil removes it. A whole number given to a setting of
    /// numbers is kept as that number (`description[.height] = 60` equals `--height 60`).
    public subscript(field: SceneField) -> SceneValue? {
        get { values[field.key] }
        set { values[field.key] = newValue.map { Self.normalised($0, field.valueKind) } }
    }

    /// The value of a setting as a Swift value: `description[.height] = height` (a `Double`),
    /// `description[.textColor] = brand` (an `RGBAColor`), `description[.titles] = [.idle: title]`;
    /// read back when it is stored as that type. nil removes it. The setting reads and checks the
    /// value when the description is made into a scene.
    public subscript<V: SceneValueConvertible>(field: SceneField) -> V? {
        get { values[field.key].flatMap(SceneValue.read) }
        set { self[field] = newValue?.sceneValue }
    }

    /// The value of the setting with JSON key `key`, if set; nil removes it.
    public subscript(key key: SceneKey) -> SceneValue? {
        get { values[key] }
        set {
            let kind = schema.field(key)?.valueKind
            values[key] = newValue.map { value in kind.map { Self.normalised(value, $0) } ?? value }
        }
    }

    /// A value as the setting's kind holds it: a whole number for a number is that number.
    private static func normalised(_ value: SceneValue, _ kind: SceneField.Kind) -> SceneValue {
        switch (value, kind) {
        case let (.integer(i), .number): return .number(Double(i))
        case let (.byState(map), .byState(inner)): return .byState(map.mapValues { normalised($0, inner) })
        default: return value
        }
    }

    /// The settings given, in key order.
    public var keys: [SceneKey] { values.keys.sorted() }

    /// Two descriptions are equal when they set the same values.
    public static func == (a: SceneDescription, b: SceneDescription) -> Bool { a.values == b.values && a.layers == b.layers }

    /// Decodes a description, rejecting unknown fields; read with the schema under
    /// `SceneSchema/userInfoKey` (``SceneSchema/standard`` when none).
    /// - Parameter decoder: the JSON decoder's container.
    /// - Throws: `DecodingError` for JSON of the wrong shape; ``RefreshGifError`` naming an unknown field.
    public init(from decoder: Decoder) throws {
        try self.init(from: decoder, alsoAllowing: [])
    }

    /// Decodes a description from an object that may also hold the `extra` keys of an
    /// enclosing format (a snapshot case's `name`).
    package init(from decoder: Decoder, alsoAllowing extra: [String]) throws {
        schema = decoder.userInfo[SceneSchema.userInfoKey] as? SceneSchema ?? .standard
        try UnknownKeys.reject(in: decoder, known: schema.fields.map(\.name) + [Self.layersKey] + extra)
        let c = try decoder.container(keyedBy: SceneField.CodingKey.self)
        if let layers = try c.decodeIfPresent([ControlLayer].self, forKey: SceneField.CodingKey(stringValue: Self.layersKey)) {
            self.layers = layers
        }
        for field in schema.fields where c.contains(SceneField.CodingKey(stringValue: field.name)) {
            values[field.key] = try field.decode(from: c)
        }
    }

    /// The settings as JSON text (keys sorted), e.g. for reports.
    public var jsonText: String {
        var entries = values.sorted { $0.key < $1.key }.map { "  " + SceneValue.text($0.key.rawValue).jsonText + ": " + $0.value.jsonText }
        if !layers.isEmpty {
            entries.append("  \"\(Self.layersKey)\": [\n" + layers.map { "    " + $0.jsonText }.joined(separator: ",\n") + "\n  ]")
        }
        guard !entries.isEmpty else { return "{}" }
        return "{\n" + entries.joined(separator: ",\n") + "\n}"
    }

    /// The JSON key of the layers.
    @_spi(Tools) public static let layersKey = "layers"

    /// The layers, each checked: at most ``ControlLayer/maxCount``, names unique.
    /// - Returns: the checked layers, in order.
    /// - Throws: ``InvalidValue`` naming `layers.NAME.PROPERTY`.
    package func checkedLayers() throws -> [CheckedLayer] {
        guard layers.count <= ControlLayer.maxCount else {
            throw InvalidValue(field: Self.layersKey, reason: "at most \(ControlLayer.maxCount) layers, got \(layers.count)")
        }
        var names: Set<String> = []
        return try layers.map { layer in
            guard names.insert(layer.name).inserted else {
                throw InvalidValue(
                    field: Self.layersKey + "." + SceneRead.quoted(layer.name), reason: "two layers have this name; each needs its own")
            }
            do {
                return try layer.checked()
            } catch let error as InvalidValue {
                throw error.nested(in: Self.layersKey)
            }
        }
    }

    /// This description with every field that `other` sets taken from `other`.
    /// - Parameter other: the settings that win (a snapshot case over its suite's defaults).
    /// - Returns: the merged description, with this one's schema.
    public func merged(with other: SceneDescription) -> SceneDescription {
        var out = self
        out.values.merge(other.values) { _, new in new }
        if !other.layers.isEmpty { out.layers = other.layers }
        return out
    }

    /// The decoding limits these settings ask for.
    public var limits: DecodeLimits {
        var limits = DecodeLimits.default
        if case let .integer(pixels)? = self[.maxPixels], pixels > 0 { limits = limits.allowing(framePixels: pixels) }
        // After --max-pixels, which raises the budget to hold one frame: a budget given is kept.
        if case let .integer(mebibytes)? = self[.maxMemory], mebibytes > 0 { limits = limits.withMemoryBudget(mebibytes: mebibytes) }
        if case let .integer(seconds)? = self[.maxSeconds], DecodeLimits.workerSeconds.contains(seconds) {
            limits.maxWorkerSeconds = seconds
        }
        return limits
    }

    /// Checks every value without loading any file.
    /// - Throws: ``InvalidValue`` naming the setting (its JSON key).
    public func validate() throws {
        _ = try checked()
    }

    /// Applies every set field to a default scene: the class (library, kind, style) first, a
    /// setting the class lacks refused, then the rest in schema order.
    func build() throws -> SceneBuild {
        // A key set from Swift (`description[key:]`) that the schema does not declare.
        if let unknown = values.keys.sorted().first(where: { schema.field($0) == nil }) {
            throw InvalidValue(field: unknown.rawValue, reason: "is not a setting (docs/settings.md lists them)")
        }
        // The class first (library, kind, style); then what the class must have.
        var build = try classBuild()
        try checkApplies(to: build.scene)
        for field in schema.fields(among: values.keys) where !Self.classKeys.contains(field.key) {
            guard let value = values[field.key] else { continue }
            try schema.apply(field, value, to: &build)
        }
        build.scene.layers = try checkedLayers()
        build.scene.stateLabelHidden = build.hideLabels || build.hideStateLabel
        build.scene.timeLabelHidden = build.hideLabels || build.hideTimeLabel
        do {
            try build.scene.validate()
        } catch let error as InvalidValue {
            // The scene names its Swift property; a description names its own field.
            throw InvalidValue(field: schema.field(named: error.field)?.name ?? error.field, reason: error.reason)
        }
        if build.scene.arrowImageTemplate && build.arrowImage == nil {
            throw InvalidValue(field: "arrowImageTemplate", reason: "says how --arrow-image is drawn: give one")
        }
        return build
    }

    /// The settings that choose the class, in the order they are applied.
    private static let classKeys = [SceneSchema.libraryKey, SceneField.kind.key, SceneField.style.key]

    /// A build with only the class applied: the library, then the kind and style (the kind's
    /// first style when none is given).
    private func classBuild() throws -> SceneBuild {
        var build = SceneBuild()
        for key in Self.classKeys {
            guard let field = schema.field(key), let value = values[key] else { continue }
            try schema.apply(field, value, to: &build)
        }
        if self[.style] == nil, let first = build.scene.family.styles(for: build.scene.kind).first { build.scene.style = first }
        return build
    }

    /// This description without the settings its class lacks, but for those `kept` sets: a
    /// server's settings given at start (images for a GIF header) under a request that draws
    /// another class (the Normal style) are left out, as the page leaves them out; a setting the
    /// request itself gives is still refused.
    /// - Parameter kept: the settings asked for now, kept whatever the class.
    /// - Returns: the description.
    /// - Throws: ``InvalidValue`` for a bad library, kind or style.
    @_spi(Tools) public func leavingOut(settingsTheClassLacksBut kept: SceneDescription) throws -> SceneDescription {
        let scene = try classBuild().scene
        guard scene.family.kinds.contains(scene.kind) else { return self }
        let control = scene.controlClass
        var out = self
        for field in schema.fields where values[field.key] != nil && kept[field] == nil && !field.isEffect && !field.applies(to: control) {
            out[field] = nil
        }
        return out
    }

    /// Refuses a setting the scene's class does not have (docs/settings.md, "Where a setting
    /// applies"): the one rule render, export, lint and the preview go through.
    private func checkApplies(to scene: RefreshScene) throws {
        // A class the library does not have is the scene's own check to refuse.
        guard scene.family.kinds.contains(scene.kind), scene.family.styles(for: scene.kind).contains(scene.style) else { return }
        let control = scene.controlClass
        // Another library's setting is refused as such when it is applied.
        for field in schema.fields(among: values.keys)
        where !field.isEffect && (field.owner == nil || field.owner == control.library)
            && !field.applies(to: control)
        {
            let on = SettingsCatalog.classNames(scene.family.classes.filter(field.applies(to:)), in: schema)
            let exists = on.isEmpty ? "no \(scene.family.name) class has it" : "it exists on " + on.joined(separator: ", ")
            throw InvalidValue(
                field: field.name, reason: "does not apply to \(control): \(exists); change the kind or the style, or leave it out")
        }
    }

    /// The scene described, with its images loaded (relative paths from `baseDirectory`).
    /// Without images, the built-in animation is used; without `now`, `clock()` gives it.
    /// - Parameters:
    ///   - baseDirectory: where relative image and font paths start; the working directory when nil.
    ///   - clock: gives "now" when the description sets none.
    /// - Returns: the scene, ready to render.
    /// - Throws: ``InvalidValue`` for a bad setting, ``RefreshGifError`` for a bad or missing
    ///   file or a limit exceeded.
    public func makeScene(baseDirectory: String? = nil, clock: () -> Date = Date.init) throws -> RefreshScene {
        // Every file a setting or a layer names is found from the description's folder, by the
        // declarations of what names files (``SceneField/fileForm``): none is resolved by hand.
        let resolved = try baseDirectory.map(resolvingFiles(from:)) ?? self
        return try resolved.makeResolvedScene(clock: clock)
    }

    /// ``makeScene(baseDirectory:clock:)``, the layers' images already loaded for these paths
    /// taken from `known` instead of read again (app code drawn frame after frame names the same
    /// files; docs/app-code.md).
    package func makeScene(reusingLayerImages known: [String: ImageSequence]) throws -> RefreshScene {
        try makeResolvedScene(clock: Date.init, knownLayerImages: known)
    }

    /// ``makeScene(baseDirectory:clock:)`` once every path is as it is read.
    private func makeResolvedScene(clock: () -> Date, knownLayerImages: [String: ImageSequence] = [:]) throws -> RefreshScene {
        let build = try build()
        var scene = build.scene
        scene.now = build.now ?? clock()
        if let font = build.font { scene.font = FontLocation(path: try Self.fontFile(font)) }
        // A label's own font file, like the scene's, is found from the description's folder.
        for label in [\RefreshScene.stateLabelFont, \.timeLabelFont] {
            if let font = scene[keyPath: label], font.namesFile, let file = font.family {
                scene[keyPath: label]?.family = try Self.fontFile(file)
            }
        }
        try Self.checkFonts(of: scene)
        // The arrow image's pixels, decoded and resampled, count against the memory budget
        // with the state images'.
        var arrowPixels = 0
        if let arrow = build.arrowImage {
            let path = arrow
            let loader = ImageLoader(
                defaultScale: build.imageScale ?? Double(scene.scale), renderScale: Double(scene.scale), limits: limits)
            guard let first = try loader.load(path).frames.first else {
                throw RefreshGifError.badInput(file: path, message: "has no frame to draw as the arrow")
            }
            // The copy's size is known before it is made: refused before, not after.
            let target = Double(scene.scale)
            let copy =
                first.scale == target
                ? 0 : max(1, Int((first.pointWidth * target).rounded())) * max(1, Int((first.pointHeight * target).rounded()))
            arrowPixels = loader.decodedPixels + copy
            guard arrowPixels <= limits.maxTotalPixels else {
                throw RefreshGifError.limitExceeded(
                    file: path, violation: .totalPixels(what: "the arrow image at @\(scene.scale)x", limit: limits.maxTotalPixels))
            }
            scene.arrowImage = try RefreshGifError.translating(file: path) { try first.resampled(toScale: target) }
            // Checked with the image in place: only an arrow that is an image view takes it.
            try scene.validate()
        }
        if let bundle = build.i18nBundle {
            guard let table = scene.family.stringsTable else {
                throw InvalidValue(field: "i18nBundle", reason: "\(scene.family.name) reads no strings file")
            }
            // The app's bundle is read in the language asked for, as the phone reads it: an
            // app's de.lproj is German even though the library's own titles fall back to English.
            let strings = try StringsTable.load(
                bundle, table: table, language: build.language ?? LanguageTag(scene.language))
            scene.family.setStrings(strings)
        }
        // Resampled once here, not in every rendered frame; the copies count against the budget
        // (a GIF's frames are resampled by their source when drawn, inside its reservation).
        scene.images = try RefreshGifError.translating(file: "images") {
            let (images, decoded) = try loadImages(build, scale: scene.scale)
            let target = Double(scene.scale)
            let copies = images.sequences.values.flatMap(\.frames).filter { $0.scale != target && !$0.isLazy }.reduce(0) {
                $0 + max(1, Int(($1.pointWidth * target).rounded())) * max(1, Int(($1.pointHeight * target).rounded()))
            }
            guard decoded + copies + arrowPixels <= limits.maxTotalPixels else {
                throw RefreshGifError.limitExceeded(
                    file: "images",
                    violation: .totalPixels(
                        what: "the images resampled to @\(scene.scale)",
                        limit: limits.maxTotalPixels))
            }
            return try images.resampled(toScale: target)
        }
        scene.layerImages = try loadLayerImages(scene, build: build, known: knownLayerImages)
        return scene
    }

    /// The images the layers name, each decoded once at the scene's scale, within the limits.
    private func loadLayerImages(
        _ scene: RefreshScene, build: SceneBuild, known: [String: ImageSequence] = [:]
    ) throws -> [String: ImageSequence] {
        let files = scene.layers.flatMap(\.files)
        guard !files.isEmpty else { return [:] }
        let loader = ImageLoader(defaultScale: build.imageScale ?? Double(scene.scale), renderScale: Double(scene.scale), limits: limits)
        var out: [String: ImageSequence] = [:]
        for file in files where out[file] == nil {
            if let loaded = known[file] {
                out[file] = loaded
                continue
            }
            let sequence = try loader.load(file)
            guard loader.decodedPixels <= limits.maxTotalPixels else {
                throw RefreshGifError.limitExceeded(
                    file: file, violation: .totalPixels(what: "the layers' images", limit: limits.maxTotalPixels))
            }
            out[file] = try RefreshGifError.translating(file: file) {
                try ImageSequence(
                    frames: sequence.frames.map { try $0.resampled(toScale: Double(scene.scale)) }, duration: sequence.duration,
                    frameDelays: sequence.frameDelays)
            }
        }
        return out
    }

    /// The scene this description draws, made from `loaded` — a scene made by
    /// ``makeScene(baseDirectory:clock:)`` from this description but for its state, pull and
    /// time — without reading any file: what a cache of loaded scenes needs while only the
    /// pull changes.
    /// - Parameter loaded: the scene with its files loaded.
    /// - Returns: `loaded` at this description's state, pull and time.
    /// - Throws: ``InvalidValue`` for a bad setting.
    @_spi(Tools) public func scene(reusing loaded: RefreshScene) throws -> RefreshScene {
        try checked().scene(reusing: loaded)
    }

    /// This description with every value read and checked once: what a server keeps for a
    /// request, so that the state, pull and time are set on a loaded scene without reading the
    /// settings again (one build a request, docs/preview.md).
    /// - Returns: the checked description.
    /// - Throws: ``InvalidValue`` naming the setting (its JSON key).
    public func checked() throws -> CheckedDescription {
        CheckedDescription(description: self, build: try build())
    }

    /// Every file this description names, as written: each setting's and each layer's, found
    /// by one walk over the declarations (``Declaration/fileForm``) — a setting or layer
    /// property that names a file is listed without any change here (docs/robustness.md,
    /// "Paths"). An empty text names no file.
    @_spi(Tools) public var namedFiles: [NamedFile] {
        fileValues.flatMap { slot, form, value in
            form.paths(in: value).filter { !$0.isEmpty }.map { NamedFile(slot: slot, path: $0) }
        }
    }

    /// This description with every file it names (``namedFiles``) replaced: the settings' and
    /// the layers', by the same walk.
    /// - Parameter replace: a file's new path from its path as written.
    /// - Returns: the description, every other value as it was.
    /// - Throws: what `replace` throws.
    @_spi(Tools) public func replacingFiles(_ replace: (String) throws -> String) throws -> SceneDescription {
        var out = self
        for (slot, form, value) in fileValues {
            let replaced = try form.replacingPaths(in: value) { $0.isEmpty ? $0 : try replace($0) }
            switch slot {
            case let .setting(field): out[field] = replaced
            case let .layer(index, _, property): out.layers[index][property] = replaced
            }
        }
        return out
    }

    /// Every value given that may name a file, with the declaration's form: the settings' in
    /// the schema's order, then each layer's properties in the declarations' order.
    private var fileValues: [(slot: NamedFile.Slot, form: FileForm, value: SceneValue)] {
        let settings = schema.fields.compactMap { field -> (NamedFile.Slot, FileForm, SceneValue)? in
            guard let form = field.fileForm, let value = self[field] else { return nil }
            return (.setting(field), form, value)
        }
        let layers = layers.indices.flatMap { index in
            LayerProperty.all.compactMap { property -> (NamedFile.Slot, FileForm, SceneValue)? in
                guard let form = property.fileForm, let value = self.layers[index][property] else { return nil }
                return (.layer(index, self.layers[index].name, property), form, value)
            }
        }
        return settings + layers
    }

    /// This description without any setting that names a file (what costs nothing to apply).
    package var withoutFiles: SceneDescription {
        var out = self
        for field in schema.fields where field.fileForm != nil { out[field] = nil }
        return out
    }

    /// Paths of every input file this description names.
    /// - Parameter baseDirectory: where relative paths start.
    /// - Returns: every named file (``namedFiles``) and a Lottie file's image assets, sorted.
    @_spi(Tools) public func inputPaths(baseDirectory: String? = nil) -> [String] {
        var paths: [String] = []
        for named in namedFiles {
            let file = Self.resolve(named.path, from: baseDirectory)
            if paths.contains(file) { continue }
            paths.append(file)
            // A Lottie file's image assets are inputs too, wherever one is taken.
            if named.accepts?.extensions.contains("json") == true, FileIO.isRegularFile(file),
                let bytes = try? FileIO.read(file, maxBytes: limits.maxFileBytes)
            {
                let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
                paths += LottieAnimation.assetPaths(bytes, resourceDirectory: folder)
            }
        }
        return paths.sorted()
    }

    private func loadImages(_ build: SceneBuild, scale: Int) throws -> (StateImages, decodedPixels: Int) {
        guard !build.images.isEmpty else { return (StateImages(builtIn: build.builtIn), 0) }
        let loader = ImageLoader(defaultScale: build.imageScale ?? Double(scale), renderScale: Double(scale), limits: limits)
        var result = StateImages()
        for (state, path) in build.images.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let lottie = ImageLoader.LottieOptions(segment: build.lottieSegments[state], size: build.lottieSize)
            var sequence = try loader.load(path, lottie: lottie)
            if let seconds = build.durations[state] { sequence.durationMicroseconds = Int64((seconds * 1_000_000).rounded()) }
            result.set(sequence, for: state)
        }
        return (result, loader.decodedPixels)
    }

    /// A font file's path from the description's folder, checked to be a readable regular file.
    /// Opens every font the scene draws with — the scene's font file, the labels', each
    /// layer's in every state — as the renderer will: a family not installed or a file that is
    /// no font is refused here, when the description is made into a scene, not at a frame.
    private static func checkFonts(of scene: RefreshScene) throws {
        var fonts: [(font: LabelFonts.Font, field: String)] = []
        if let font = scene.stateLabelFont { fonts.append((font, SceneField.stateLabelFont.name)) }
        if let font = scene.timeLabelFont { fonts.append((font, SceneField.timeLabelFont.name)) }
        for layer in scene.layers {
            fonts += layer.fontsUsed.map { ($0, Self.layersKey + "." + layer.name + "." + LayerProperty.font.name) }
        }
        var locations = scene.font.map { [$0] } ?? []
        for (font, field) in fonts {
            guard let location = try RefreshRenderer.location(of: font, field: field, scene: scene) else { continue }
            if !locations.contains(location) { locations.append(location) }
        }
        for location in locations {
            do {
                try FontCheck.opens(location)
            } catch let error as RasterError {
                throw RefreshGifError(error)
            }
        }
    }

    private static func fontFile(_ path: String) throws -> String {
        guard FileManager.default.isReadableFile(atPath: path), !FileIO.isDirectory(path) else {
            throw RefreshGifError.missingInput(file: path, message: "no readable font file")
        }
        // A FIFO or device would block FreeType forever, as it would an image decoder.
        guard FileIO.isRegularFile(path) else {
            throw RefreshGifError.missingInput(file: path, message: "is not a regular file (a FIFO, socket or device)")
        }
        return path
    }

    static func resolve(_ path: String, from base: String?) -> String {
        guard let base, !path.hasPrefix("/") else { return path }
        return base + "/" + path
    }
}

/// A scene description whose every value was read and checked once
/// (`SceneDescription/checked()`).
public struct CheckedDescription: Sendable {
    /// The description.
    public let description: SceneDescription
    /// Its settings as read.
    let build: SceneBuild

    /// `loaded` — a scene made from this description but for its state, pull and time — at
    /// this description's state, pull and time (the settings of the moment), reading nothing.
    /// - Parameter loaded: the scene with its files loaded.
    /// - Returns: the scene to draw.
    @_spi(Tools) public func scene(reusing loaded: RefreshScene) -> RefreshScene {
        var scene = loaded
        for field in description.schema.fields { field.carry?(build.scene, &scene) }
        return scene
    }
}

/// A file a description names, as written, with what names it (``SceneDescription/namedFiles``).
@_spi(Tools) public struct NamedFile: Sendable {
    /// What holds the value: a setting, or a property of a layer.
    package enum Slot: Sendable {
        /// A setting.
        case setting(SceneField)
        /// A layer's property: the layer's place in the list and its name.
        case layer(Int, String, LayerProperty)
    }

    /// What holds it.
    package let slot: Slot
    /// The path, as written.
    public let path: String

    /// The setting that names it; nil for a layer's file.
    public var setting: SceneField? {
        if case let .setting(field) = slot { return field }
        return nil
    }

    /// Its JSON path: `images`, `layers.logo.image`.
    public var key: String {
        switch slot {
        case let .setting(field): return field.name
        case let .layer(_, name, property): return SceneDescription.layersKey + "." + name + "." + property.name
        }
    }

    /// Where a message says it was named: `--font` for a setting, `$.layers.logo.image` for a
    /// layer (a layer has no option: it comes from a scene file).
    public var place: String {
        setting.map { "--" + $0.option } ?? "$." + key
    }

    /// The files the declaration that names it takes.
    package var accepts: FileTypes? {
        switch slot {
        case let .setting(field): return field.accepts
        case let .layer(_, _, property): return property.accepts
        }
    }
}
