/// One setting of a scene, declared once: its key, value type, default, limit, help, unit,
/// panel group, whether it names a file, an example, and its effect on the scene.
///
/// The JSON key, the command-line option and its help, the preview panel's entry, the docs'
/// option table and the schema tests' sample values are all derived from this declaration
/// (docs/settings.md). Settings every library has are declared by RefreshGif; a library's
/// own settings by its family (`RefreshFamily/settings`), in its folder.
public struct SceneField: Sendable {
    /// The type of a setting's value.
    package enum Kind: Sendable, Equatable {
        /// A finite number.
        case number
        /// A whole number.
        case integer
        /// true or false; a command-line flag.
        case flag
        /// A string.
        case text
        /// One of a fixed set of words.
        case choice([String])
        /// A map from state name to a value of the inner kind; `STATE=VALUE` on the command line.
        indirect case byState(Kind)
    }

    /// Where the preview's panel and the docs put a setting.
    package enum Group: String, Sendable, CaseIterable {
        /// The control, its state and the canvas.
        case control
        /// The state images and their timing.
        case images
        /// Titles, the last-updated line, fonts.
        case labels
        /// Colours, the spinner, what is hidden.
        case look
        /// How the control moves.
        case motion
        /// Decoding limits: a request may only lower them.
        case limits
    }

    /// The setting's JSON key.
    public let key: SceneKey
    /// The JSON key (camelCase), e.g. `imageScale`.
    public var name: String { key.rawValue }
    /// The command-line option without its dashes, e.g. `image-scale`.
    public let option: String
    /// The value's type.
    package let valueKind: Kind
    /// One sentence for `--help`, the panel and the docs.
    public let help: String
    /// The setting's name in words, for the panel (`Artwork scale`); nil to spell out the key.
    public let title: String?
    /// The default as the command line writes it (`#808080`); nil when there is none or it is
    /// the library's own.
    public let defaultText: String?
    /// The unit of a number (`points`, `seconds`, `MiB`); nil for none.
    public let unit: String?
    /// What the value looks like in help: `#RRGGBB[AA]`, `STATE=PATH`.
    public let valueName: String
    /// The panel's section.
    package let group: Group
    /// True when the whole value names a file (an image, a font, a strings bundle): paths are
    /// read relative to the file that names them, and the preview offers the files it was given.
    public var namesFile: Bool { fileForm.map { $0.kind == .path } ?? false }
    /// How the value names files, when it can: the whole value (``FileForm/path``) or a part of
    /// it (a label font's file, ``FileForm/labelFont``); nil for a setting that names none.
    /// Every reader and gate of paths derives from this (docs/robustness.md, "Paths").
    package let fileForm: FileForm?
    /// The files it takes when it names one (fonts, pictures, strings): the preview's pickers
    /// and upload check follow it; nil for a setting that names no file.
    package let accepts: FileTypes?
    /// A valid value that differs from the default (help, docs and the schema tests).
    public let example: SceneValue
    /// The Swift type the value is read as, when declared: what the panel offers for it
    /// (a colour picker, suggestions) derives from it.
    package let valueType: (any SceneSettingValue.Type)?
    /// True for a colour setting (its value type is a colour).
    public var isColor: Bool { valueType?.isColor ?? false }
    /// Values the panel suggests (its value type's); nil for none.
    public var suggestions: [String]? { valueType?.suggestions }
    /// The library that owns the setting (its family's name); nil for settings every library has.
    public let owner: String?
    /// The Swift properties of the scene the setting sets when they are named otherwise
    /// (`pullingPercent` for `percent`): errors from the scene's checks name the setting.
    package let properties: [String]
    /// True for a library's own effect of a setting every library has
    /// (``SceneField/effect(of:in:_:)``): not a setting of its own.
    package let isEffect: Bool
    /// The classes the setting exists on (``ControlClass``): given for any other, it is
    /// refused before anything is drawn or exported. Every class unless declared.
    package private(set) var classes = ClassRule.every
    /// True for what surrounds the control rather than what the app sets on it: the state,
    /// pull and time, the canvas, the device's clock, zone and language, how files are read,
    /// decoding limits. Such a setting exists on every class and is never app code
    /// (docs/export.md): the export leaves it out, and its proof carries it over.
    package private(set) var isSurroundings = false
    /// How the setting's value moves from one scene to another when it is of the moment — the
    /// state, the pull, the time: what changes from picture to picture while the files stay
    /// (``SceneDescription/scene(reusing:)``, the preview's scene cache, the page's still
    /// pictures); nil for the others.
    package private(set) var carry: (@Sendable (RefreshScene, inout RefreshScene) -> Void)?
    /// True for a setting of the moment (`carry`).
    public var isMoment: Bool { carry != nil }
    /// How app code spells the setting, when it is a property of one of the control's views
    /// (``spelled(_:libraries:value:)``): the export writes it and RefreshGifUIKit reads it back
    /// from this; nil for one set otherwise (a hand-written rule of its library's export).
    package internal(set) var spelling: AppSpelling?
    /// The value app code sets for it, from a scene; nil when the scene leaves it to the library.
    /// Derived where the setting says where it stores its value (``stored(_:_:group:help:example:default:unit:properties:)``,
    /// a library's own setting of a property); given by ``spelled(_:libraries:value:)`` otherwise.
    package internal(set) var propertyValue: (@Sendable (RefreshScene) -> PropertyValue?)?
    /// Puts a checked value into the scene being built; throws ``InvalidValue`` naming ``name``.
    let apply: @Sendable (SceneValue, inout SceneBuild) throws -> Void

    /// A setting. `option` defaults to the key in kebab-case (`imageScale` → `image-scale`).
    package init(
        _ key: String, option: String? = nil, _ kind: Kind, group: Group, help: String, example: SceneValue,
        default defaultText: String? = nil, unit: String? = nil, valueName: String? = nil, files: FileTypes? = nil,
        fileForm: FileForm? = nil, owner: String? = nil, properties: [String] = [], isEffect: Bool = false,
        title: String? = nil, valueType: (any SceneSettingValue.Type)? = nil,
        apply: @escaping @Sendable (SceneValue, inout SceneBuild) throws -> Void
    ) {
        self.key = SceneKey(key)
        self.valueType = valueType
        self.option = option ?? Self.kebab(key)
        self.valueKind = kind
        self.help = help
        self.title = title
        self.defaultText = defaultText
        self.unit = unit
        self.valueName = valueName ?? Self.valueName(of: kind, key: key)
        self.group = group
        self.fileForm = files != nil ? .path : fileForm
        self.accepts = files ?? fileForm?.accepts
        self.example = example
        self.owner = owner
        self.properties = properties
        self.isEffect = isEffect
        self.apply = apply
    }

    /// A setting stored at `path` of the scene being built, read as its Swift type
    /// (`stored("textColor", \.scene.textColor, …)`): the kind and the value's look in help come
    /// from the type, the key is written once.
    /// - Parameters:
    ///   - key: the JSON key; the option is its kebab-case.
    ///   - path: where the value goes.
    ///   - group: the panel's section.
    ///   - help: one sentence.
    ///   - example: a valid value other than the default.
    ///   - defaultText: the default as the command line writes it; nil for none.
    ///   - unit: the unit of its numbers; nil for none.
    ///   - properties: the Swift properties it sets when they are named otherwise.
    /// - Returns: the setting.
    package static func stored<V: SceneSettingValue>(
        _ key: String, _ path: WritableKeyPath<SceneBuild, V> & Sendable, group: Group, help: String, example: V,
        default defaultText: String? = nil, unit: String? = nil, properties: [String] = []
    ) -> SceneField {
        var field = SceneField(
            key, V.settingKind, group: group, help: help, example: example.sceneValue ?? .text(""), default: defaultText,
            unit: unit, valueName: V.settingValueName, fileForm: V.fileForm, properties: properties, valueType: V.self
        ) { raw, build in build[keyPath: path] = try V.read(raw, field: key) }
        // The scene's value where it is stored, when it is not the default scene's.
        let plain = SceneBuild()[keyPath: path].propertyValue
        field.propertyValue = { scene in
            var build = SceneBuild()
            build.scene = scene
            let value = build[keyPath: path].propertyValue
            return value == plain ? nil : value
        }
        return field
    }

    /// This setting, existing only on the classes `rule` holds for.
    /// - Parameter rule: the classes.
    /// - Returns: the setting.
    package func on(_ rule: ClassRule) -> SceneField {
        var field = self
        field.classes = rule
        return field
    }

    /// This setting, of the moment: it sets `property` of the scene, and a scene whose files
    /// are loaded takes a new value of it without reading them again (`carry`).
    /// - Parameter property: the scene's property it sets.
    /// - Returns: the setting.
    package func moment<V>(_ property: WritableKeyPath<RefreshScene, V> & Sendable) -> SceneField {
        var field = self
        field.carry = { from, to in to[keyPath: property] = from[keyPath: property] }
        return field
    }

    /// This setting, marked as what surrounds the control (``isSurroundings``).
    /// - Returns: the setting.
    package func surroundings() -> SceneField {
        var field = self
        field.isSurroundings = true
        return field
    }

    /// A value of this setting naming `path`, for one state when it is set by state (the
    /// example's first): how tests and tools write a file into any file-naming setting.
    /// - Parameter path: a file's path.
    /// - Returns: the value; nil for a setting that names no file.
    public func value(naming path: String) -> SceneValue? { valueNaming(path) }

    /// Applies the value to a build (the schema's merge of core and library settings).
    package func apply(_ value: SceneValue, to build: inout SceneBuild) throws {
        try apply(value, &build)
    }

    /// How Swift sets this setting on a ``SceneDescription`` to its example: `[.height] = 60`
    /// (every setting is a static member of `SceneField`; docs/settings.md, its Swift column).
    public var swiftExample: String { "[.\(name)] = \(example.swiftLiteral)" }

    /// The words a choice accepts; empty for other kinds.
    public var choices: [String] {
        if case let .choice(words) = valueKind { return words }
        return []
    }

    static func kebab(_ key: String) -> String {
        key.reduce(into: "") { out, c in
            if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
        }
    }

    static func valueName(of kind: Kind, key: String) -> String {
        switch kind {
        case .byState: return "STATE=VALUE"
        case .flag: return ""
        default: return kebab(key)
        }
    }

    // MARK: - Reading command-line text

    /// Reads command-line texts as this setting's value (`STATE=VALUE` entries for maps; the
    /// last text for the others).
    /// - Parameter texts: the texts given, in order.
    /// - Returns: the value, of this setting's kind (its range is checked when it is applied).
    /// - Throws: ``InvalidValue`` naming ``name`` for text that is not of its kind.
    public func parse(_ texts: [String]) throws -> SceneValue {
        let fail = { (reason: String) in InvalidValue(field: self.name, reason: reason) }
        if case let .byState(inner) = valueKind {
            var map: [String: SceneValue] = [:]
            for text in texts {
                guard let eq = text.firstIndex(of: "=") else {
                    throw fail("expected STATE=VALUE, got '\(SceneRead.quoted(text))'")
                }
                map[String(text[..<eq])] = try Self.parseOne(String(text[text.index(after: eq)...]), as: inner, fail: fail)
            }
            return .byState(map)
        }
        guard let text = texts.last else { throw fail("needs a value") }
        return try Self.parseOne(text, as: valueKind, fail: fail)
    }

    private static func parseOne(_ text: String, as kind: Kind, fail: (String) -> InvalidValue) throws -> SceneValue {
        switch kind {
        case .number:
            guard let value = Double(text) else { throw fail("expected a number, got '\(SceneRead.quoted(text))'") }
            return .number(value)
        case .integer:
            guard let value = Int(text) else { throw fail("expected a whole number, got '\(SceneRead.quoted(text))'") }
            return .integer(value)
        case .flag:
            switch text.lowercased() {
            case "true", "yes", "1": return .flag(true)
            case "false", "no", "0": return .flag(false)
            default: throw fail("expected true or false, got '\(SceneRead.quoted(text))'")
            }
        case .text, .choice:
            return .text(text)
        case .byState:
            throw fail("expected STATE=VALUE")
        }
    }

    // MARK: - Reading JSON

    /// A JSON key.
    package struct CodingKey: Swift.CodingKey {
        /// The key's text.
        public var stringValue: String
        /// JSON object keys are never integers here.
        public var intValue: Int? { nil }
        /// A key from its text.
        /// - Parameter stringValue: the key's text.
        public init(stringValue: String) { self.stringValue = stringValue }
        /// Not used.
        /// - Parameter intValue: not used.
        public init?(intValue: Int) { nil }
    }

    /// Reads this setting's value from a JSON object.
    package func decode(from container: KeyedDecodingContainer<CodingKey>) throws -> SceneValue {
        try Self.decode(valueKind, from: container, key: CodingKey(stringValue: name))
    }

    private static func decode(_ kind: Kind, from c: KeyedDecodingContainer<CodingKey>, key: CodingKey) throws -> SceneValue {
        switch kind {
        case .number: return .number(try c.decode(Double.self, forKey: key))
        case .integer: return .integer(try c.decode(Int.self, forKey: key))
        case .flag: return .flag(try c.decode(Bool.self, forKey: key))
        case .text, .choice: return .text(try c.decode(String.self, forKey: key))
        case let .byState(inner):
            let nested = try c.nestedContainer(keyedBy: CodingKey.self, forKey: key)
            var map: [String: SceneValue] = [:]
            for entry in nested.allKeys { map[entry.stringValue] = try decode(inner, from: nested, key: entry) }
            return .byState(map)
        }
    }
}

extension SceneField: Declaration {
    /// The classes it exists on: its library's (for a library's own setting) held by ``classes``.
    package var rule: ClassRule {
        let owner = owner
        return ClassRule { owner == nil || owner == $0.library }.and(classes)
    }

    /// A setting by state takes only a value per state; the others one value.
    package var variation: ValueVariation {
        if case .byState = valueKind { return [.byState, .onlyByState] }
        return []
    }
}
