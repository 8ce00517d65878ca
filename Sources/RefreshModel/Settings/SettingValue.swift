import RefreshImage

/// A Swift type a setting's value is stored as: how a ``SceneValue`` is read into it and
/// how it is written back (defaults in help and the docs).
package protocol SceneSettingValue: SceneValueConvertible {
    /// The kind of value JSON and the command line give.
    static var settingKind: SceneField.Kind { get }
    /// Reads `value`.
    /// - Parameters:
    ///   - value: the value as JSON or the command line gave it.
    ///   - field: the setting's name, for the message.
    /// - Returns: the value as this type.
    /// - Throws: ``InvalidValue`` naming `field`.
    static func read(_ value: SceneValue, field: String) throws -> Self
    /// What a value looks like in help (`#RRGGBB[AA]`); nil for the setting's own name.
    static var settingValueName: String? { get }
    /// How a value of this type names a file; nil when it never does.
    static var fileForm: FileForm? { get }
    /// True for a colour: the panel offers a colour picker.
    static var isColor: Bool { get }
    /// Values the panel suggests (the languages titles exist in); nil for none.
    static var suggestions: [String]? { get }
    /// The value as app code holds it in a property (``PropertyValue``); nil for a type no
    /// property of a stock view holds.
    var propertyValue: PropertyValue? { get }
}

extension SceneSettingValue {
    /// The setting's own name.
    public static var settingValueName: String? { nil }
    /// Names no file.
    public static var fileForm: FileForm? { nil }
    /// Not a colour.
    public static var isColor: Bool { false }
    /// No suggestions.
    public static var suggestions: [String]? { nil }
    /// No property holds it.
    package var propertyValue: PropertyValue? { nil }
}

extension Bool: SceneSettingValue {
    /// A flag.
    package static var settingKind: SceneField.Kind { .flag }
    /// true or false.
    public static func read(_ value: SceneValue, field: String) throws -> Bool { try SceneRead.flag(value, field) }
    /// The flag.
    public var sceneValue: SceneValue? { .flag(self) }
    /// A `Bool` property.
    package var propertyValue: PropertyValue? { .flag(self) }
}

extension String: SceneSettingValue {
    /// Text.
    package static var settingKind: SceneField.Kind { .text }
    /// A string.
    public static func read(_ value: SceneValue, field: String) throws -> String { try SceneRead.text(value, field) }
    /// The text.
    public var sceneValue: SceneValue? { .text(self) }
}

extension Double: SceneSettingValue {
    /// A number.
    package static var settingKind: SceneField.Kind { .number }
    /// Any finite number (a setting's range is checked by its declaration).
    public static func read(_ value: SceneValue, field: String) throws -> Double {
        try SceneRead.number(value, field, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
    }
    /// The number.
    public var sceneValue: SceneValue? { .number(self) }
    /// A `CGFloat` or `TimeInterval` property.
    package var propertyValue: PropertyValue? { .number(self) }
}

extension Int: SceneSettingValue {
    /// A whole number.
    package static var settingKind: SceneField.Kind { .integer }
    /// Any whole number (a setting's range is checked by its declaration).
    public static func read(_ value: SceneValue, field: String) throws -> Int {
        try SceneRead.integer(value, field, in: Limit(Int.min...Int.max))
    }
    /// The number.
    public var sceneValue: SceneValue? { .integer(self) }
    /// An `Int` property.
    package var propertyValue: PropertyValue? { .integer(self) }
}

extension RGBAColor: SceneSettingValue {
    /// `#RRGGBB[AA]` text.
    package static var settingKind: SceneField.Kind { .text }
    /// A colour `#RRGGBB` or `#RRGGBBAA`.
    public static func read(_ value: SceneValue, field: String) throws -> RGBAColor { try SceneRead.color(value, field) }
    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var sceneValue: SceneValue? { .text(hexText) }
    /// `#RRGGBB[AA]`.
    public static var settingValueName: String? { "#RRGGBB[AA]" }
    /// A colour.
    public static var isColor: Bool { true }
    /// A `UIColor` property.
    package var propertyValue: PropertyValue? { .color(self) }
}

extension Optional: SceneValueConvertible where Wrapped: SceneValueConvertible {
    /// The wrapped value's; nil when unset.
    public var sceneValue: SceneValue? { self?.sceneValue }
}

extension Optional: SceneSettingValue where Wrapped: SceneSettingValue {
    /// The wrapped type's kind.
    package static var settingKind: SceneField.Kind { Wrapped.settingKind }
    /// The wrapped value, set.
    package static func read(_ value: SceneValue, field: String) throws -> Wrapped? { try Wrapped.read(value, field: field) }
    /// The wrapped type's.
    package static var settingValueName: String? { Wrapped.settingValueName }
    /// The wrapped type's.
    package static var fileForm: FileForm? { Wrapped.fileForm }
    /// The wrapped type's.
    package static var isColor: Bool { Wrapped.isColor }
    /// The wrapped type's.
    package static var suggestions: [String]? { Wrapped.suggestions }
    /// The wrapped value's; nil when unset (the library's own).
    package var propertyValue: PropertyValue? { self?.propertyValue }
}

/// An enumeration whose words are its raw values: a choice setting.
package protocol SceneChoice: SceneSettingValue, RawRepresentable, CaseIterable where RawValue == String {}

extension SceneChoice {
    /// The words of every case.
    public static var settingKind: SceneField.Kind { .choice(allCases.map(\.rawValue)) }
    /// One of the words.
    public static func read(_ value: SceneValue, field: String) throws -> Self { try SceneRead.choice(value, field, Self.self) }
    /// The word.
    public var sceneValue: SceneValue? { .text(rawValue) }
}

extension LabelFonts.Font: SceneSettingValue {
    /// Text: `[bold|regular] SIZE [FAMILY]`.
    package static var settingKind: SceneField.Kind { .text }
    /// A `UIFont` property.
    package var propertyValue: PropertyValue? { .font(self) }

    /// A font as UIFont takes it: `15` or `regular 15` (`systemFont(ofSize: 15)`), `bold 17`
    /// (`boldSystemFont(ofSize: 17)`), followed by an installed family's name for
    /// `UIFont(name:size:)` (`bold 17 DejaVu Serif`), a font file the app bundles
    /// (`15 Fonts/Brand.otf`), or a phone's face for the app's code with a file that draws it
    /// here (`bold 17 Georgia-Bold=Fonts/SerifBold.ttf`); sizes from 1 to 200 points.
    /// - Parameters:
    ///   - value: the text given.
    ///   - field: the setting's name, for the message.
    /// - Returns: the font.
    /// - Throws: ``InvalidValue`` for text of another shape or a size out of range.
    package static func read(_ value: SceneValue, field: String) throws -> LabelFonts.Font {
        let text = try SceneRead.text(value, field)
        var words = text.split(separator: " ", omittingEmptySubsequences: true)[...]
        var bold = false
        if let first = words.first, ["regular", "bold"].contains(first.lowercased()) {
            bold = first.lowercased() == "bold"
            words = words.dropFirst()
        }
        guard let sizeWord = words.first, let size = Double(sizeWord), size.isFinite, (1...200).contains(size) else {
            throw InvalidValue(
                field: field,
                reason:
                    "expected SIZE, regular SIZE or bold SIZE with a size from 1 to 200 points, then an optional family, got '\(SceneRead.quoted(text))'"
            )
        }
        let family = words.dropFirst().joined(separator: " ")
        var font = LabelFonts.Font(pointSize: size, bold: bold, family: family.isEmpty ? nil : family)
        // `FACE=FILE`: the app asks for FACE (a phone's own font), FILE draws it here.
        if let equals = family.firstIndex(of: "=") {
            func trimmed(_ part: Substring) -> String { String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
            let face = trimmed(family[..<equals])
            font.family = trimmed(family[family.index(after: equals)...])
            font.appName = face
            guard !face.isEmpty, font.namesFile else {
                throw InvalidValue(
                    field: field,
                    reason:
                        "FACE=FILE names the face the app asks for and a .ttf, .otf or .ttc file drawn for it, got '\(SceneRead.quoted(text))'"
                )
            }
        }
        return font
    }

    /// `bold 14`, `regular 12 DejaVu Serif`, `bold 17 Georgia-Bold=Fonts/SerifBold.ttf`.
    public var sceneValue: SceneValue? {
        let named = family.map { " " + (appName.map { $0 + "=" } ?? "") + $0 } ?? ""
        return .text((bold ? "bold " : "regular ") + SceneValue.shortest(pointSize) + named)
    }
    /// `[bold|regular] SIZE [FAMILY|FILE|FACE=FILE]`.
    public static var settingValueName: String? { "[bold|regular] SIZE [FAMILY|FILE|FACE=FILE]" }
    /// A font file in place of a family.
    package static var fileForm: FileForm? { .labelFont }
}
