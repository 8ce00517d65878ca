import FoundationEssentials
import RefreshModel

/// Every setting a scene can be given, each declared once (``SceneField``): the settings
/// every library has, the `library` setting naming one of `families`, and each family's
/// own settings (`RefreshFamily/settings`). The schema names no library: a family brings
/// its settings with it.
///
/// JSON (snapshot cases, gesture controls), the command line's scene options and help, the
/// preview's panel and queries, the docs' option table and validation are all read from a
/// schema; ``standard`` is the one with the libraries RefreshGif ships (docs/settings.md).
public struct SceneSchema: Sendable {
    /// The libraries `library` may name; the first is not special (a scene's default library
    /// is ``RefreshScene``'s).
    package let families: [any RefreshFamily]
    /// The settings, in the order help lists them: `library`, the shared ones, then each
    /// family's own.
    public let fields: [SceneField]
    /// `library`: which of `families` draws the control.
    public let library: SceneField
    private let byKey: [SceneKey: SceneField]
    /// Each field's place in `fields`.
    private let positions: [SceneKey: Int]
    private let byOption: [String: SceneField]
    /// The families' own effects of shared settings, by key.
    private let effects: [SceneKey: [SceneField]]
    /// Swift property names of the scene → the setting that sets them.
    private let properties: [String: SceneKey]

    /// The schema of MJRefresh, SVPullToRefresh and ZJRefresh.
    public static let standard = SceneSchema(unchecked: RefreshLibrary.allCases.map(\.family))

    /// A schema whose `library` setting names `families` (the shipped ones and your own),
    /// with each family's settings.
    /// - Parameter families: the libraries, each with a distinct `RefreshFamily/name`.
    /// - Throws: ``InvalidValue`` when there is no family, two share a name, or two settings
    ///   share a key or an option (field `library` or the key declared twice).
    package init(families: [any RefreshFamily]) throws {
        guard !families.isEmpty else { throw InvalidValue(field: "library", reason: "a schema needs at least one library") }
        let names = families.map(\.name)
        if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw InvalidValue(field: "library", reason: "two libraries are named '\(SceneRead.quoted(twice))'")
        }
        self.init(unchecked: families)
        for (index, field) in fields.enumerated()
        where fields[..<index].contains(where: { $0.key == field.key || $0.option == field.option }) {
            throw InvalidValue(field: field.name, reason: "declared twice (key or option --\(field.option))")
        }
        for key in effects.keys where byKey[key] == nil {
            throw InvalidValue(field: key.rawValue, reason: "a library's effect of a setting no schema declares")
        }
    }

    private init(unchecked families: [any RefreshFamily]) {
        self.families = families
        let own = families.flatMap(\.settings)
        library = Self.library(families)
        let fields = [library] + SceneField.shared + own.filter { !$0.isEffect }
        self.fields = fields
        byKey = Dictionary(fields.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        positions = Dictionary(fields.indices.map { (fields[$0].key, $0) }, uniquingKeysWith: { first, _ in first })
        byOption = Dictionary(fields.map { ($0.option, $0) }, uniquingKeysWith: { first, _ in first })
        effects = Dictionary(grouping: own.filter(\.isEffect), by: \.key)
        properties = Dictionary(
            fields.flatMap { field in field.properties.map { ($0, field.key) } }, uniquingKeysWith: { first, _ in first })
    }

    /// `library`: which of the schema's families draws the control.
    private static func library(_ families: [any RefreshFamily]) -> SceneField {
        let names = families.map(\.name)
        let standard = RefreshScene().family.name
        let listed = names.map { $0 == standard ? $0 + " (default)" : $0 }
        let help =
            "Library whose control is drawn: "
            + (listed.count > 1 ? listed.dropLast().joined(separator: ", ") + " or " + (listed.last ?? "") : listed.joined()) + "."
        return SceneField(
            "library", .choice(names), group: .control, help: help, example: .text(names.last ?? standard),
            default: names.contains(standard) ? standard : nil
        ) { v, b in
            let word = try SceneRead.text(v, "library")
            guard let family = families.first(where: { $0.name == word }) else {
                throw InvalidValue(
                    field: "library", reason: "unknown value '\(SceneRead.quoted(word))' (choose \(names.joined(separator: ", ")))")
            }
            b.scene.family = family
        }
    }

    /// The key of the `library` setting, applied before the others: the library decides which
    /// states, kinds and styles the rest may name.
    static let libraryKey = SceneKey("library")

    /// The setting with JSON key `key`, if there is one.
    /// - Parameter key: a JSON key.
    /// - Returns: the setting, or nil.
    public func field(_ key: SceneKey) -> SceneField? { byKey[key] }

    /// The declared fields among `keys`, in the order of `fields`: what a description sets,
    /// found from its few keys instead of a pass over every declaration.
    /// - Parameter keys: the keys set; undeclared ones are left out.
    package func fields(among keys: some Sequence<SceneKey>) -> [SceneField] {
        keys.compactMap { positions[$0] }.sorted().map { fields[$0] }
    }

    /// The setting named `name` (its JSON key, or a scene property it sets), if there is one.
    /// - Parameter name: a JSON key or a property of ``RefreshScene`` (`pullingPercent`).
    /// - Returns: the setting, or nil.
    public func field(named name: String) -> SceneField? {
        byKey[properties[name] ?? SceneKey(name)]
    }

    /// The setting given with `--option`, if there is one.
    /// - Parameter option: the option without its dashes.
    /// - Returns: the setting, or nil.
    public func field(option: String) -> SceneField? { byOption[option] }

    /// The family `library` names, if the schema has it.
    /// - Parameter name: a family's `RefreshFamily/name`.
    /// - Returns: the family with its default settings, or nil.
    package func family(named name: String) -> (any RefreshFamily)? {
        families.first { $0.name == name }
    }

    /// Applies `value` of `field` to a build: the setting's effect, then the effects the
    /// scene's family adds. A library's own setting given for another library is refused.
    func apply(_ field: SceneField, _ value: SceneValue, to build: inout SceneBuild) throws {
        if let owner = field.owner, owner != build.scene.family.name {
            throw InvalidValue(field: field.name, reason: "is a setting of \(owner); the library is \(build.scene.family.name)")
        }
        try field.apply(value, to: &build)
        for effect in effects[field.key] ?? [] where effect.owner == build.scene.family.name {
            try effect.apply(value, to: &build)
        }
    }

    /// The decoder's `userInfo` key under which ``SceneDescription`` finds the schema to read
    /// with (``standard`` when absent).
    package static let userInfoKey = CodingUserInfoKey(rawValue: "RefreshGif.SceneSchema")!

    /// Quoted user input in messages: control characters escaped, cut at 80 characters.
    /// - Parameter text: what the user gave.
    /// - Returns: the text, safe to put in a one-line message.
    @_spi(Tools) public static func quoted(_ text: String) -> String { SceneRead.quoted(text) }
}
