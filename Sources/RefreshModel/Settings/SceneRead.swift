import RefreshImage

/// Reading a ``SceneValue`` as the type a setting needs, with the one message each mistake
/// gets whether the value came from JSON, the command line, a query or the Swift API.
package enum SceneRead {
    /// A finite number in `range`.
    /// - Parameters:
    ///   - v: the value given (a whole number is taken as a number).
    ///   - field: the setting's name, for the message.
    ///   - range: the values accepted.
    /// - Returns: the number.
    /// - Throws: ``InvalidValue`` for another kind of value, or a number outside `range`.
    public static func number(_ v: SceneValue, _ field: String, in range: ClosedRange<Double>) throws -> Double {
        let value: Double
        switch v {
        case let .number(n): value = n
        case let .integer(i): value = Double(i)
        default: throw InvalidValue(field: field, reason: "expected a number")
        }
        guard value.isFinite, range.contains(value) else {
            throw InvalidValue(
                field: field,
                reason:
                    "must be a finite number between \(SceneValue.shortest(range.lowerBound)) and \(SceneValue.shortest(range.upperBound)), got \(value)"
            )
        }
        return value
    }

    /// A whole number within `limit`.
    /// - Parameters:
    ///   - v: the value given.
    ///   - field: the setting's name, for the message.
    ///   - limit: the values accepted, with the words its message uses.
    /// - Returns: the number.
    /// - Throws: ``InvalidValue`` for another kind of value, or a number outside `limit`.
    public static func integer(_ v: SceneValue, _ field: String, in limit: Limit) throws -> Int {
        guard case let .integer(value) = v else { throw InvalidValue(field: field, reason: "expected a whole number") }
        try limit.check(value, field: field)
        return value
    }

    /// true or false.
    /// - Parameters:
    ///   - v: the value given.
    ///   - field: the setting's name, for the message.
    /// - Returns: the flag.
    /// - Throws: ``InvalidValue`` for another kind of value.
    public static func flag(_ v: SceneValue, _ field: String) throws -> Bool {
        guard case let .flag(value) = v else { throw InvalidValue(field: field, reason: "expected true or false") }
        return value
    }

    /// A string.
    /// - Parameters:
    ///   - v: the value given.
    ///   - field: the setting's name, for the message.
    /// - Returns: the text.
    /// - Throws: ``InvalidValue`` for another kind of value.
    public static func text(_ v: SceneValue, _ field: String) throws -> String {
        guard case let .text(value) = v else { throw InvalidValue(field: field, reason: "expected a string") }
        return value
    }

    /// One of the words of `T`.
    /// - Parameters:
    ///   - v: the value given.
    ///   - field: the setting's name, for the message.
    /// - Returns: the case whose raw value is the word.
    /// - Throws: ``InvalidValue`` naming the words accepted.
    public static func choice<T: RawRepresentable & CaseIterable>(_ v: SceneValue, _ field: String, _: T.Type) throws -> T
    where T.RawValue == String {
        let word = try text(v, field)
        guard let value = T(rawValue: word) else {
            throw InvalidValue(
                field: field, reason: "unknown value '\(quoted(word))' (choose \(T.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return value
    }

    /// A colour `#RRGGBB` or `#RRGGBBAA`.
    /// - Parameters:
    ///   - v: the value given.
    ///   - field: the setting's name, for the message.
    /// - Returns: the colour.
    /// - Throws: ``InvalidValue`` for text that is not a colour.
    public static func color(_ v: SceneValue, _ field: String) throws -> RGBAColor {
        let value = try text(v, field)
        guard let color = RGBAColor(hex: value) else {
            throw InvalidValue(field: field, reason: "expected #RRGGBB or #RRGGBBAA, got '\(quoted(value))'")
        }
        return color
    }

    /// The entries of a by-state value, with their state names read in `family`'s terms, in
    /// name order.
    /// - Parameters:
    ///   - v: the value given.
    ///   - field: the setting's name, for the message.
    ///   - family: the library whose state names are accepted.
    /// - Returns: each entry's state name and value.
    /// - Throws: ``InvalidValue`` for another kind of value or an unknown state name.
    public static func states(_ v: SceneValue, _ field: String, family: any RefreshFamily) throws
        -> [(name: FamilyStateName, value: SceneValue)]
    {
        guard case let .byState(map) = v else { throw InvalidValue(field: field, reason: "expected values by state") }
        return try map.sorted { $0.key < $1.key }.map { key, value in (try state(key, field, family: family), value) }
    }

    /// A state name in `family`'s terms (its own names or the shared ones).
    /// - Parameters:
    ///   - name: the name given.
    ///   - field: the setting's name, for the message.
    ///   - family: the library whose state names are accepted.
    /// - Returns: the state the name means.
    /// - Throws: ``InvalidValue`` naming the names accepted.
    public static func state(_ name: String, _ field: String, family: any RefreshFamily) throws -> FamilyStateName {
        guard let named = family.state(named: name) else {
            throw InvalidValue(
                field: field, reason: "unknown state '\(quoted(name))' (choose \(family.acceptedStateNames.joined(separator: ", ")))")
        }
        return named
    }

    /// Quoted user input in messages: control characters escaped, cut at 80 characters.
    /// - Parameter text: what the user gave.
    /// - Returns: the text, safe to put in a one-line message.
    public static func quoted(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars.prefix(80) {
            out += scalar.value < 0x20 || scalar.value == 0x7F ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return text.unicodeScalars.count > 80 ? out + "…" : out
    }
}
