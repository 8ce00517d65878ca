import FoundationEssentials
import RefreshGif

/// The scene schema as the page reads it to build its panel (`GET /schema.json`): one entry
/// per ``SceneSchema`` field, in the command line's order, and what each library accepts.
/// The panel is generated from this, so it has every setting the command line has.
struct PanelSchema: Encodable, Sendable {
    struct Field: Encodable, Sendable {
        /// The JSON and query name.
        var name: String
        /// The command-line option, without dashes.
        var option: String
        /// number, integer, flag, text, choice or byState.
        var kind: String
        /// A by-state field's value kind.
        var valueKind: String?
        /// A choice's words.
        var choices: [String]?
        var help: String
        /// An image or font: chosen from the files named at start or dropped on the page.
        var isFile: Bool
        /// A limit of the server: a request may only lower it.
        var isLimit: Bool
    }

    struct Library: Encodable, Sendable {
        var kinds: [String]
        /// Styles by kind.
        var styles: [String: [String]]
        /// The state names the library accepts (its own and the shared ones).
        var states: [String]
    }

    var fields: [Field]
    var libraries: [String: Library]

    static let current = PanelSchema(
        fields: SceneSchema.fields.map { field in
            let (kind, valueKind) = Self.kindNames(field.kind)
            return Field(
                name: field.name, option: field.option, kind: kind, valueKind: valueKind,
                choices: SceneSchema.choices(field.key).isEmpty ? nil : SceneSchema.choices(field.key), help: field.help,
                isFile: field.key == .images || field.key == .font,
                isLimit: [.maxPixels, .maxMemory, .maxSeconds].contains(field.key))
        },
        libraries: Dictionary(
            uniqueKeysWithValues: RefreshLibrary.allCases.map { library in
                let family = library.family
                return (
                    library.rawValue,
                    Library(
                        kinds: family.kinds.map(\.rawValue),
                        styles: Dictionary(
                            uniqueKeysWithValues: family.kinds.map { ($0.rawValue, family.styles(for: $0).map(\.rawValue)) }),
                        states: family.acceptedStateNames)
                )
            }))

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
}
