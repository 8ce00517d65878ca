import FoundationEssentials
import RefreshImage

/// One subview of a custom control, as a scene file gives it: a kind, a name (the property
/// the exported subclass holds it in) and values of the properties its kind has
/// (``LayerProperty``), each fixed, by state or by pull. Drawn in the order declared, over
/// what the library's class draws (docs/layers.md).
///
/// ```json
/// {"kind": "label", "name": "label", "x": 0, "y": 0, "width": "w", "height": "h",
///  "text": {"idle": "Pull down", "pulling": "Release"}, "font": "bold 16",
///  "textColor": {"from": "#FF8000", "to": "#800080"}, "alignment": "center"}
/// ```
public struct ControlLayer: Sendable, Equatable {
    /// The kind of subview.
    public var kind: LayerKind
    /// Its name: letters, digits and `_`, starting with a letter; unique in the control.
    public var name: String
    /// The values given, by property key.
    public private(set) var values: [String: SceneValue] = [:]

    /// A layer.
    /// - Parameters:
    ///   - kind: the kind of subview.
    ///   - name: its name.
    ///   - values: property values (`[.text: "Pull", .font: "bold 16"]`).
    public init(_ kind: LayerKind, name: String, _ values: [LayerProperty: SceneValue] = [:]) {
        self.kind = kind
        self.name = name
        for (property, value) in values { self.values[property.name] = Self.normalised(value, property.name) }
    }

    /// A value as its property holds it: a whole number for a number is that number
    /// (`layer[.height] = 20` equals `"height": 20.0`).
    private static func normalised(_ value: SceneValue, _ key: String) -> SceneValue {
        guard LayerProperty.named(key)?.type == .number else { return value }
        switch value {
        case let .integer(i): return .number(Double(i))
        case let .byState(map): return .byState(map.mapValues { normalised($0, key) })
        default: return value
        }
    }

    /// The value of a property, if given; nil removes it.
    public subscript(property: LayerProperty) -> SceneValue? {
        get { values[property.name] }
        set { values[property.name] = newValue.map { Self.normalised($0, property.name) } }
    }

    /// A property's value as a Swift value (`layer[.width] = width`, `layer[.textColor] = brand`);
    /// read back when it is stored as that type. nil removes it.
    public subscript<V: SceneValueConvertible>(property: LayerProperty) -> V? {
        get { values[property.name].flatMap(SceneValue.read) }
        set { self[property] = newValue?.sceneValue }
    }

    /// The value given under a JSON key (a key no property has is refused by `checked()`).
    public subscript(key key: String) -> SceneValue? {
        get { values[key] }
        set { values[key] = newValue.map { Self.normalised($0, key) } }
    }

    /// The most layers a control may hold.
    public static let maxCount = 64

    /// The layer with every value read and checked.
    /// - Returns: the checked layer.
    /// - Throws: ``InvalidValue`` whose field is `NAME.PROPERTY` (the caller puts `layers.` in front).
    package func checked() throws -> CheckedLayer {
        try CheckedLayer(self)
    }
}

/// A ``ControlLayer`` with its values read into their types: what the renderer and the
/// export use. Made only by `ControlLayer/checked()`.
package struct CheckedLayer: Sendable, Equatable {
    /// The kind.
    public let kind: LayerKind
    /// The name.
    public let name: String
    /// The layer as given.
    public let source: ControlLayer
    package var numbers: [String: LayerVarying<LayerExpression>] = [:]
    package var colors: [String: LayerVarying<RGBAColor>] = [:]
    package var texts: [String: LayerVarying<String>] = [:]
    package var flags: [String: LayerVarying<Bool>] = [:]
    package var fonts: [String: LayerVarying<LabelFonts.Font>] = [:]

    init(_ layer: ControlLayer) throws {
        kind = layer.kind
        name = layer.name
        source = layer
        guard Self.isName(layer.name) else {
            throw InvalidValue(
                field: layer.name.isEmpty ? "name" : SceneRead.quoted(layer.name),
                reason:
                    "a layer's name is letters, digits and _, starting with a letter, at most 40 characters (it names the subclass's property)"
            )
        }
        for key in layer.values.keys.sorted() {
            guard let property = LayerProperty.named(key) else {
                throw InvalidValue(field: name + "." + SceneRead.quoted(key), reason: "is not a layer property (docs/layers.md lists them)")
            }
            guard property.applies(to: kind) else {
                let on = property.kinds.map(\.rawValue).joined(separator: ", ")
                throw InvalidValue(field: name + "." + key, reason: "does not apply to a \(kind.rawValue) layer; it exists on \(on) layers")
            }
            guard let value = layer.values[key] else { continue }
            try read(property, value)
        }
        for (a, b) in [(LayerProperty.x, LayerProperty.centerX), (.y, .centerY)] where layer[a] != nil && layer[b] != nil {
            throw InvalidValue(field: name + "." + b.name, reason: "gives the centre, and \(a.name) the origin: give one of them")
        }
        switch kind {
        case .shape:
            guard layer[.width] != nil, layer[.height] != nil else {
                throw InvalidValue(field: name + ".width", reason: "a shape layer has no size of its own: give width and height")
            }
        case .image:
            guard layer[.image] != nil else { throw InvalidValue(field: name + ".image", reason: "an image layer needs an image") }
        default: break
        }
        if let lines = numbers[LayerProperty.lines.name]?.values.first?.constant, lines < 0 || lines != lines.rounded() || lines > 100 {
            throw InvalidValue(field: name + ".lines", reason: "must be a whole number from 0 to 100, got \(SceneValue.shortest(lines))")
        }
    }

    static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 40, first.isASCII, first.properties.isAlphabetic else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    /// Reads one property's value into its type.
    private mutating func read(_ property: LayerProperty, _ value: SceneValue) throws {
        let field = name + "." + property.name
        switch property.type {
        case .number: numbers[property.name] = try Self.varying(value, property, field) { try Self.expression($0, field) }
        case .color: colors[property.name] = try Self.varying(value, property, field) { try SceneRead.color($0, field) }
        case .flag: flags[property.name] = try Self.varying(value, property, field) { try SceneRead.flag($0, field) }
        case .font: fonts[property.name] = try Self.varying(value, property, field) { try LabelFonts.Font.read($0, field: field) }
        case .text:
            texts[property.name] = try Self.varying(value, property, field) { try SceneRead.text($0, field) }
        case .file:
            texts[property.name] = try Self.varying(value, property, field) { v in
                let path = try SceneRead.text(v, field)
                guard !path.isEmpty, !path.contains("\0") else { throw InvalidValue(field: field, reason: "expected a file's path") }
                return path
            }
        case let .choice(words):
            texts[property.name] = try Self.varying(value, property, field) { v in
                let word = try SceneRead.text(v, field)
                guard words.contains(word) else {
                    throw InvalidValue(
                        field: field, reason: "unknown value '\(SceneRead.quoted(word))' (choose \(words.joined(separator: ", ")))")
                }
                return word
            }
        }
    }

    private static func expression(_ value: SceneValue, _ field: String) throws -> LayerExpression {
        switch value {
        case let .number(n):
            guard n.isFinite else { throw InvalidValue(field: field, reason: "must be a finite number") }
            return LayerExpression(n)
        case let .integer(i): return LayerExpression(Double(i))
        case let .text(text):
            do {
                return try LayerExpression(text)
            } catch let error as InvalidValue {
                throw InvalidValue(field: field, reason: error.reason + " '\(SceneRead.quoted(text))'")
            }
        default: throw InvalidValue(field: field, reason: "expected a number or an expression such as \"w * 0.5\"")
        }
    }

    /// A value fixed, by state (`{"idle": …, "default": …}`) or by pull (`{"from": …, "to": …}`).
    private static func varying<T>(
        _ value: SceneValue, _ property: LayerProperty, _ field: String, _ read: (SceneValue) throws -> T
    ) throws -> LayerVarying<T> {
        guard case let .byState(map) = value else { return .fixed(try read(value)) }
        if Set(map.keys) == ["from", "to"], let from = map["from"], let to = map["to"] {
            guard property.variation.contains(.byPercent) else {
                throw InvalidValue(field: field, reason: "does not change with the pull; give one value or one per state")
            }
            return .byPercent(from: try read(from), to: try read(to))
        }
        guard property.variation.contains(.byState) else {
            throw InvalidValue(field: field, reason: "is set once, in prepare: give one value, not one per state")
        }
        var states: [RefreshState: T] = [:]
        var otherwise: T?
        for key in map.keys.sorted() {
            guard let entry = map[key] else { continue }
            if key == SceneValue.otherwiseKey {
                otherwise = try read(entry)
            } else if let state = RefreshState(rawValue: key) {
                states[state] = try read(entry)
            } else {
                let forms = property.variation.contains(.byPercent) ? "; or {\"from\": …, \"to\": …} for the pull" : ""
                throw InvalidValue(
                    field: field,
                    reason:
                        "unknown state '\(SceneRead.quoted(key))' (choose \(RefreshState.allCases.map(\.rawValue).joined(separator: ", ")), default\(forms))"
                )
            }
        }
        return .byState(states, otherwise: otherwise)
    }

    /// True when the property was given.
    /// - Parameter property: a property.
    /// - Returns: whether the layer sets it.
    public func gives(_ property: LayerProperty) -> Bool { source[property] != nil }

    /// A number property's value for one frame.
    /// - Parameters:
    ///   - property: a number property.
    ///   - frame: the frame's state and inputs.
    /// - Returns: the value, or nil when not given (or not given for this state).
    public func number(_ property: LayerProperty, _ frame: LayerFrameInputs) -> Double? {
        guard let varying = numbers[property.name] else { return nil }
        let inputs = frame.inputs
        return varying.value(in: frame.state, percent: inputs.pullingPercent) { a, b, f in
            LayerExpression(a.value(inputs) + (b.value(inputs) - a.value(inputs)) * f)
        }?.value(inputs)
    }

    /// A colour property's value for one frame: by pull, each channel mixed and kept in 0–255.
    /// - Parameters:
    ///   - property: a colour property.
    ///   - frame: the frame's state and inputs.
    /// - Returns: the colour, or nil when not given.
    public func color(_ property: LayerProperty, _ frame: LayerFrameInputs) -> RGBAColor? {
        colors[property.name]?.value(in: frame.state, percent: frame.inputs.pullingPercent) { a, b, f in
            func mix(_ x: UInt8, _ y: UInt8) -> UInt8 {
                let v = Double(x) + (Double(y) - Double(x)) * f
                return v.isFinite ? UInt8(min(255, max(0, v.rounded()))) : x
            }
            return RGBAColor(red: mix(a.red, b.red), green: mix(a.green, b.green), blue: mix(a.blue, b.blue), alpha: mix(a.alpha, b.alpha))
        }
    }

    /// A text, file or choice property's value for one frame.
    /// - Parameters:
    ///   - property: a text, file or choice property.
    ///   - frame: the frame's state and inputs.
    /// - Returns: the text, or nil when not given.
    public func text(_ property: LayerProperty, _ frame: LayerFrameInputs) -> String? {
        texts[property.name]?.value(in: frame.state, percent: frame.inputs.pullingPercent) { a, _, _ in a }
    }

    /// A flag property's value for one frame.
    /// - Parameters:
    ///   - property: a flag property.
    ///   - frame: the frame's state and inputs.
    /// - Returns: the flag, or nil when not given.
    public func flag(_ property: LayerProperty, _ frame: LayerFrameInputs) -> Bool? {
        flags[property.name]?.value(in: frame.state, percent: frame.inputs.pullingPercent) { a, _, _ in a }
    }

    /// The flag's value in a state, whatever the pull.
    /// - Parameters:
    ///   - property: a flag property.
    ///   - state: the state.
    /// - Returns: the flag, or nil when not given.
    public func flag(_ property: LayerProperty, in state: RefreshState) -> Bool? {
        flags[property.name]?.value(in: state, percent: 0) { a, _, _ in a }
    }

    /// A font property's value for one frame.
    /// - Parameters:
    ///   - property: a font property.
    ///   - frame: the frame's state and inputs.
    /// - Returns: the font, or nil when not given.
    public func font(_ property: LayerProperty, _ frame: LayerFrameInputs) -> LabelFonts.Font? {
        fonts[property.name]?.value(in: frame.state, percent: frame.inputs.pullingPercent) { a, _, _ in a }
    }

    /// Every font the layer draws with, in any state.
    package var fontsUsed: [LabelFonts.Font] { fonts.values.flatMap(\.values) }

    /// Every file the layer names (an image layer's images), in order, each once.
    public var files: [String] {
        var out: [String] = []
        for path in texts[LayerProperty.image.name]?.values ?? [] where !out.contains(path) { out.append(path) }
        return out
    }

    /// The layer's frame in the control's points: its origin or centre, its size or
    /// `intrinsic` (the content's own) where not given.
    /// - Parameters:
    ///   - frame: the frame's state and inputs.
    ///   - intrinsic: the content's own size.
    /// - Returns: the frame (its numbers may be infinite: a division by zero).
    public func frame(_ frame: LayerFrameInputs, intrinsic: (width: Double, height: Double)) -> RefreshRect {
        let width = number(.width, frame) ?? intrinsic.width
        let height = number(.height, frame) ?? intrinsic.height
        let x = number(.x, frame) ?? number(.centerX, frame).map { $0 - width / 2 } ?? 0
        let y = number(.y, frame) ?? number(.centerY, frame).map { $0 - height / 2 } ?? 0
        return RefreshRect(x: x, y: y, width: width, height: height)
    }
}

/// What one frame's layer values depend on: the state and the expression inputs.
package struct LayerFrameInputs: Sendable, Equatable {
    /// The state drawn.
    public var state: RefreshState
    /// The control's size, the pull and the time in the state.
    public var inputs: LayerExpression.Inputs

    /// The inputs of one frame.
    /// - Parameters:
    ///   - state: the state drawn.
    ///   - inputs: the expression inputs.
    public init(state: RefreshState, inputs: LayerExpression.Inputs) {
        self.state = state
        self.inputs = inputs
    }
}

extension ControlLayer: Decodable {
    /// Reads a layer object: `kind` and `name`, and property values as JSON gives them —
    /// a number, a string, true or false, or an object by state or by pull. What the values
    /// mean is checked by `checked()`, which names the layer and the property.
    /// - Parameter decoder: the JSON decoder's container.
    /// - Throws: `DecodingError` for JSON of another shape.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: SceneField.CodingKey.self)
        let kindKey = SceneField.CodingKey(stringValue: "kind"), nameKey = SceneField.CodingKey(stringValue: "name")
        let word = try c.decode(String.self, forKey: kindKey)
        guard let kind = LayerKind(rawValue: word) else {
            throw DecodingError.dataCorruptedError(
                forKey: kindKey, in: c,
                debugDescription:
                    "unknown layer kind '\(SceneRead.quoted(word))' (choose \(LayerKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self.init(kind, name: try c.decode(String.self, forKey: nameKey))
        for key in c.allKeys where !LayerProperty.layerKeys.contains(key.stringValue) {
            values[key.stringValue] = Self.normalised(try Self.value(in: c, key), key.stringValue)
        }
    }

    private static func value(in c: KeyedDecodingContainer<SceneField.CodingKey>, _ key: SceneField.CodingKey) throws -> SceneValue {
        if let scalar = try scalar(in: c, key) { return scalar }
        guard let nested = try? c.nestedContainer(keyedBy: SceneField.CodingKey.self, forKey: key) else {
            throw DecodingError.typeMismatch(
                String.self,
                DecodingError.Context(
                    codingPath: c.codingPath + [key], debugDescription: "expected a number, a string, true or false, or an object by state")
            )
        }
        var map: [String: SceneValue] = [:]
        for entry in nested.allKeys {
            guard let scalar = try scalar(in: nested, entry) else {
                throw DecodingError.typeMismatch(
                    String.self,
                    DecodingError.Context(
                        codingPath: nested.codingPath + [entry], debugDescription: "expected a number, a string, true or false"))
            }
            map[entry.stringValue] = scalar
        }
        return .byState(map)
    }

    private static func scalar(in c: KeyedDecodingContainer<SceneField.CodingKey>, _ key: SceneField.CodingKey) throws -> SceneValue? {
        if let flag = try? c.decode(Bool.self, forKey: key) { return .flag(flag) }
        if let whole = try? c.decode(Int.self, forKey: key) { return .integer(whole) }
        if let number = try? c.decode(Double.self, forKey: key) { return .number(number) }
        if let text = try? c.decode(String.self, forKey: key) { return .text(text) }
        return nil
    }

    /// The layer as a JSON object (keys sorted after `kind` and `name`), as scene files write it.
    public var jsonText: String {
        var parts = ["\"kind\": " + SceneValue.text(kind.rawValue).jsonText, "\"name\": " + SceneValue.text(name).jsonText]
        for key in values.keys.sorted() {
            guard let value = values[key] else { continue }
            parts.append(SceneValue.text(key).jsonText + ": " + value.jsonText)
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

}
