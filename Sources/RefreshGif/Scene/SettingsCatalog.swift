import FoundationEssentials
import RefreshModel

/// A schema's settings as data: what the preview page builds its panel from
/// (`GET /schema.json`) and the docs' option table is written from. One entry per setting,
/// in the command line's order, and what each library accepts.
@_spi(Tools) public struct SettingsCatalog: Encodable, Sendable {
    /// One declaration as the panel and the docs read it: what every declaration has
    /// (``Declared``: a setting's and a layer property's alike), then what its own kind adds
    /// (``SettingPart``, ``LayerPart``), written as one JSON object.
    @dynamicMemberLookup
    public struct Entry<Own: Encodable & Sendable>: Encodable, Sendable {
        /// What every declaration has.
        public var declared: Declared
        /// What its kind adds.
        public var own: Own

        /// A part every declaration has (`entry.name`, `entry.files`).
        public subscript<T>(dynamicMember path: KeyPath<Declared, T>) -> T { declared[keyPath: path] }
        /// A part of its kind (`entry.option`, `entry.kinds`).
        public subscript<T>(dynamicMember path: KeyPath<Own, T>) -> T { own[keyPath: path] }

        /// Both parts, as one object.
        /// - Parameter encoder: the encoder.
        /// - Throws: what the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            try declared.encode(to: encoder)
            try own.encode(to: encoder)
        }
    }

    /// What every declaration has, written by one function for settings and layer properties.
    public struct Declared: Encodable, Sendable {
        /// The JSON key (and query name).
        public var name: String
        /// The key in words, for people who do not read keys (`Hide time label`, `Center X`).
        public var title: String
        /// One sentence.
        public var help: String
        /// A value it takes, as JSON.
        public var example: String
        /// A choice's words.
        public var choices: [String]?
        /// The files it takes when it names one (the whole value or a part of it).
        public var files: Files?
        /// It may take a value per state.
        public var byState: Bool
        /// It may go from one value to another with the pull.
        public var byPull: Bool

        /// The catalog's form of a declaration.
        /// - Parameters:
        ///   - declaration: a setting or a layer property.
        ///   - title: its own title, when it declares one.
        package init(_ declaration: some Declaration, title: String? = nil) {
            name = declaration.name
            self.title = title ?? declaration.spelledName
            help = declaration.help
            example = declaration.example.jsonText
            choices = declaration.choices.isEmpty ? nil : declaration.choices
            files = declaration.accepts.map(Files.init)
            byState = declaration.variation.contains(.byState)
            byPull = declaration.variation.contains(.byPercent)
        }
    }

    /// One setting.
    public typealias Field = Entry<SettingPart>

    /// What a setting adds.
    public struct SettingPart: Encodable, Sendable {
        /// The command-line option, without dashes.
        public var option: String
        /// How Swift sets it on a ``SceneDescription``, with its example: `[.height] = 60`.
        public var swift: String
        /// number, integer, flag, text, choice or byState.
        public var kind: String
        /// A by-state field's value kind.
        public var valueKind: String?
        /// What the value looks like on the command line (`#RRGGBB[AA]`, `STATE=PATH`); empty for flags.
        public var valueName: String
        /// An image or font: chosen from the files named at start or dropped on the page.
        public var isFile: Bool
        /// A limit of the server: a request may only lower it.
        public var isLimit: Bool
        /// True for a setting of the moment (state, pull, time): what changes from picture to
        /// picture; the page leaves them out of what a still picture's files are loaded by.
        public var isMoment: Bool
        /// The panel's section: control, images, labels, look, motion or limits.
        public var group: String
        /// The default as the command line writes it, where the setting has one.
        public var defaultText: String?
        /// The unit of a number.
        public var unit: String?
        /// The library that owns the setting; nil for every library's.
        public var owner: String?
        /// True for a colour (`#RRGGBB[AA]`): the panel offers a colour picker with alpha.
        public var isColor: Bool
        /// The values a text setting knows by name (the title languages), for a menu.
        public var suggestions: [String]?
        /// The classes it exists on, as `library/kind/style` (``ControlClass``); nil for every
        /// class. The panel offers a setting only on these; the docs' table names them.
        public var classes: [String]?
        /// The classes' names in the libraries' headers, in order (the docs' table, the panel's note).
        public var classNames: [String]
    }

    /// What one library accepts.
    public struct Library: Encodable, Sendable {
        /// Its kinds of control.
        public var kinds: [String]
        /// Styles by kind.
        public var styles: [String: [String]]
        /// The state names the library accepts (its own and the shared ones).
        public var states: [String]
        /// By kind: the seconds its inset takes to open when a refresh begins and to close when
        /// it ends (the preview's phone springs by them until a frame says the scene's own).
        public var insetSeconds: [String: [Double]]
    }

    /// What files a setting takes (``FileTypes``): the preview's pickers offer only these.
    public struct Files: Encodable, Sendable, Equatable {
        /// Extensions, lowercase, without the dot.
        public var extensions: [String]
        /// The endings of folders it takes too (named on the command line only).
        public var folders: [String]
        /// What such a file is called.
        public var noun: String

        /// The catalog's form of `types`.
        /// - Parameter types: the declaration's.
        package init(_ types: FileTypes) {
            extensions = types.extensions
            folders = types.folders
            noun = types.noun
        }

        /// Whether a file of this name is one of these (by its extension, in any case).
        /// - Parameter name: a file name or path.
        /// - Returns: true when taken.
        public func accepts(_ name: String) -> Bool {
            FileTypes(extensions, folders: folders, noun: noun).accepts(name)
        }
    }

    /// One property a control's own layers may set (``LayerProperty``, docs/layers.md).
    public typealias LayerField = Entry<LayerPart>

    /// What a layer property adds.
    public struct LayerPart: Encodable, Sendable {
        /// The kinds of layer it exists on (its rule, as a setting's classes).
        public var kinds: [String]
        /// number, color, text, flag, font, file or choice.
        public var type: String
        /// What it takes, in words (`a colour #RRGGBB or #RRGGBBAA`).
        public var phrase: String
    }

    /// The settings.
    public var fields: [Field]
    /// The libraries, by name.
    public var libraries: [String: Library]
    /// The kinds of layer a control may hold, in the declarations' order.
    public var layerKinds: [String] = LayerKind.allCases.map(\.rawValue)
    /// The keys a layer's value per state takes: the states, then `default` for the rest.
    public var layerStates: [String] = RefreshState.allCases.map(\.rawValue) + ["default"]
    /// The properties layers may set, in the declarations' order.
    public var layerFields: [LayerField] = LayerProperty.all.map { property in
        let type: String
        switch property.type {
        case .number: type = "number"
        case .color: type = "color"
        case .text: type = "text"
        case .flag: type = "flag"
        case .font: type = "font"
        case .file: type = "file"
        case .choice: type = "choice"
        }
        return LayerField(
            declared: Declared(property),
            own: LayerPart(
                kinds: LayerKind.allCases.filter(property.applies(to:)).map(\.rawValue), type: type, phrase: property.type.phrase))
    }

    /// The catalog of `schema`'s settings and libraries.
    /// - Parameter schema: the settings and libraries described.
    public init(schema: SceneSchema) {
        self.init(
            fields: schema.fields.map { field in
                let (kind, valueKind) = Self.kindNames(field.valueKind)
                let classes = Self.classes(of: field, in: schema)
                return Field(
                    declared: Declared(field, title: field.title),
                    own: SettingPart(
                        option: field.option, swift: field.swiftExample, kind: kind, valueKind: valueKind, valueName: field.valueName,
                        isFile: field.namesFile, isLimit: field.group == .limits, isMoment: field.isMoment, group: field.group.rawValue,
                        defaultText: field.defaultText, unit: field.unit, owner: field.owner, isColor: field.isColor,
                        suggestions: field.suggestions, classes: classes.map { $0.map(Self.key) },
                        classNames: Self.classNames(classes ?? [], in: schema)))
            },
            libraries: Dictionary(
                uniqueKeysWithValues: schema.families.map { family in
                    return (
                        family.name,
                        Library(
                            kinds: family.kinds.map(\.rawValue),
                            styles: Dictionary(
                                uniqueKeysWithValues: family.kinds.map { ($0.rawValue, family.styles(for: $0).map(\.rawValue)) }),
                            states: family.acceptedStateNames,
                            insetSeconds: Dictionary(
                                uniqueKeysWithValues: family.kinds.map { kind in
                                    let motion = family.motion(for: kind)
                                    return (kind.rawValue, [Double(motion.insetIn) / 1_000_000, Double(motion.insetOut) / 1_000_000])
                                }))
                    )
                }))
    }

    /// The classes of `schema` that `field` exists on; nil when it exists on every class of its library.
    static func classes(of field: SceneField, in schema: SceneSchema) -> [ControlClass]? {
        let owned = schema.families.filter { field.owner == nil || $0.name == field.owner }.flatMap(\.classes)
        let on = owned.filter(field.applies(to:))
        return on.count == owned.count ? nil : on
    }

    /// A class as the panel names it: `mjrefresh/trailer/state`.
    static func key(_ control: ControlClass) -> String { "\(control.library)/\(control.kind.rawValue)/\(control.style.rawValue)" }

    /// Class names in order, each once; a name several styles of one library share says the
    /// style when only some of them are meant.
    static func classNames(_ classes: [ControlClass], in schema: SceneSchema) -> [String] {
        var names: [String] = []
        for control in classes {
            let siblings = (schema.families.first { $0.name == control.library }?.classes ?? []).filter { $0.name == control.name }
            let meant = siblings.filter { sibling in classes.contains { $0 == sibling } }
            // Only some are meant: said by kind where that is what tells them apart (ZJRefresh's
            // animators serve headers and footers), else by style.
            let byKind = Set(siblings.map(\.kind)).count > 1 && Set(meant.map(\.kind)).count == 1
            let name =
                meant.count == siblings.count
                ? control.name : "\(control.name) (\(byKind ? control.kind.rawValue : control.style.rawValue))"
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    private init(fields: [Field], libraries: [String: Library]) {
        self.fields = fields
        self.libraries = libraries
    }

    private static func kindNames(_ kind: SceneField.Kind) -> (String, String?) {
        switch kind {
        case .number: return ("number", nil)
        case .integer: return ("integer", nil)
        case .flag: return ("flag", nil)
        case .text: return ("text", nil)
        case .choice: return ("choice", nil)
        case let .byState(inner): return ("byState", kindNames(inner).0)
        }
    }

    /// The settings as a Markdown table, one row per setting in help's order: the option, the
    /// JSON key, the Swift spelling, the value, the default, the library that has it, the classes it exists on
    /// (as the libraries' headers name them) and what it sets.
    public var markdownTable: String {
        Self.table(
            fields,
            [
                ("Option", { "`--\($0.option)`" }), ("JSON key", { "`\($0.name)`" }), ("Swift", { "`\($0.swift)`" }),
                ("Value", Self.valueCell), ("Default", { $0.defaultText.map { "`\($0)`" } ?? "" }), ("Library", { $0.owner ?? "all" }),
                ("Classes", { $0.classes == nil ? "all" : $0.classNames.joined(separator: ", ") }), ("What it sets", \.help),
            ])
    }

    /// The layer properties as a Markdown table (docs/layers.md), by the same writer: the key,
    /// the kinds of layer it exists on, the value, how it varies and what it sets.
    public var layerMarkdownTable: String {
        Self.table(
            layerFields,
            [
                ("property", { "`\($0.name)`" }),
                ("layers", { $0.kinds == layerKinds ? "every" : $0.kinds.joined(separator: ", ") }),
                ("value", \.phrase),
                (
                    "varies",
                    { entry in
                        let words = [(entry.byState, "by state"), (entry.byPull, "by pull"), (entry.type == "number", "expression")]
                        return words.contains { $0.0 } ? words.filter(\.0).map(\.1).joined(separator: ", ") : "fixed"
                    }
                ),
                ("what it sets", \.help),
            ])
    }

    /// One table of entries, a row each, a cell per column: the docs' one writer of declarations.
    private static func table<Own>(_ entries: [Entry<Own>], _ columns: [(String, (Entry<Own>) -> String)]) -> String {
        MarkdownTable.write(header: columns.map(\.0), rows: entries.map { entry in columns.map { $0.1(entry) } })
    }

    /// What a value is, in words: `flag`, the choices, `number points`, `#RRGGBB[AA]`.
    private static func valueCell(_ field: Field) -> String {
        let unit = field.unit.map { " (\($0))" } ?? ""
        switch field.kind {
        case "flag": return "flag"
        case "choice": return (field.choices ?? []).map { "`\($0)`" }.joined(separator: ", ")
        case "number": return "number" + unit
        case "integer": return "whole number" + unit
        default:
            let specific = field.valueName.contains { $0.isUppercase || $0 == "#" }
            return (specific ? "`\(field.valueName)`" : "text") + unit
        }
    }
}
