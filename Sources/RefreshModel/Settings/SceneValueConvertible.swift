/// A Swift value a setting or a layer property takes as it is, so that configuring a scene
/// from Swift needs no literal: `description[.height] = height` (a `Double`),
/// `description[.textColor] = brand` (an `RGBAColor`), `description[.titles] = [.idle: title]`
/// (a value per ``RefreshState``). The setting still reads and checks the value when the
/// description is made into a scene (docs/library.md, "Values from Swift").
public protocol SceneValueConvertible: Sendable {
    /// The value as a scene file writes it; nil for none (an optional that is nil).
    var sceneValue: SceneValue? { get }
}

extension SceneValue: SceneValueConvertible {
    /// Itself.
    public var sceneValue: SceneValue? { self }
}

extension RefreshState: SceneValueConvertible {
    /// The state's name (`state`'s value).
    public var sceneValue: SceneValue? { .text(rawValue) }
}

extension RefreshLibrary: SceneValueConvertible {
    /// The library's name (`library`'s value).
    public var sceneValue: SceneValue? { .text(rawValue) }
}

extension Dictionary: SceneValueConvertible where Key == RefreshState, Value: SceneValueConvertible {
    /// One value per state, by the state's name; a state whose value is none is left out.
    public var sceneValue: SceneValue? {
        .byState([String: SceneValue](uniqueKeysWithValues: compactMap { state, value in value.sceneValue.map { (state.rawValue, $0) } }))
    }
}

extension SceneValue {
    /// The key of a layer property's value for the states not given.
    package static let otherwiseKey = "default"

    /// One value per state: a setting given by state (`titles`, `images`), or a layer property
    /// that changes with the state, `otherwise` for the states not given (a layer's only;
    /// without it they take the property's default).
    ///
    /// ```swift
    /// layer[.text] = .states([.idle: "Pull", .pulling: "Release"], otherwise: "Loading…")
    /// ```
    /// - Parameters:
    ///   - values: the value of each state given.
    ///   - otherwise: the value of every other state.
    /// - Returns: the value.
    public static func states<V: SceneValueConvertible>(_ values: [RefreshState: V], otherwise: V? = nil) -> SceneValue {
        guard case var .byState(map)? = values.sceneValue else { return .byState([:]) }
        map[otherwiseKey] = otherwise?.sceneValue
        return .byState(map)
    }

    /// A layer property that follows the pull: `from` at a pull of 0 to `to` at 1, continued past
    /// it (numbers and colours mixed, other values `from` until the pull reaches 1).
    ///
    /// ```swift
    /// layer[.textColor] = .pull(from: RGBAColor(red: 255, green: 128, blue: 0), to: .black)
    /// ```
    /// - Parameters:
    ///   - from: the value at rest.
    ///   - to: the value at a full pull.
    /// - Returns: the value.
    public static func pull<V: SceneValueConvertible>(from: V, to: V) -> SceneValue {
        var map: [String: SceneValue] = [:]
        map["from"] = from.sceneValue
        map["to"] = to.sceneValue
        return .byState(map)
    }
}

extension SceneValue {
    /// This value as `V`, when it reads as one: itself, or a setting's Swift type read from it.
    package static func read<V: SceneValueConvertible>(_ value: SceneValue) -> V? {
        if let same = value as? V { return same }
        guard let type = V.self as? any SceneSettingValue.Type else { return nil }
        return (try? type.read(value, field: "")) as? V
    }
}
