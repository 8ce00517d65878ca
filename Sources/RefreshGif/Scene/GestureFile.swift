import FoundationEssentials
@_spi(Tools) import RefreshFiles
import RefreshModel

/// A gesture file: the control (a ``SceneDescription``; state, percent and time come from
/// the gesture) and the ``Gesture`` played on it (`refresh-render simulate GESTURE.json`).
///
/// ```json
/// {"control": {"kind": "header", "style": "normal", "autoAlpha": true},
///  "geometry": {"viewHeight": 600, "contentHeight": 1000},
///  "script": {"pull": 90, "over": 0.4, "hold": 0.2, "refresh": 1.0}}
/// ```
public struct GestureFile: Decodable, Sendable {
    /// The control's settings.
    public var control: SceneDescription
    /// The scroll view, samples, events, script and duration.
    public var gesture: Gesture

    enum Keys: String, CodingKey { case control }

    /// A file's content from its parts.
    /// - Parameters:
    ///   - control: the control's settings.
    ///   - gesture: the finger's path and the app's calls.
    public init(control: SceneDescription, gesture: Gesture) {
        self.control = control
        self.gesture = gesture
    }

    /// Decodes a gesture file, rejecting unknown fields.
    /// - Parameter decoder: the JSON decoder's container.
    /// - Throws: `DecodingError` for JSON of the wrong shape; ``RefreshGifError`` naming an unknown field.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        control = try c.decodeIfPresent(SceneDescription.self, forKey: .control) ?? SceneDescription()
        gesture = try Gesture(from: decoder, alsoAllowing: ["control"])
    }

    /// Checks the gesture and the control; errors are ``InvalidValue``s whose field is the
    /// JSON path inside the file (`samples[3].t`, `control.scale`).
    /// - Throws: ``InvalidValue`` naming the JSON path.
    public func validate() throws {
        try gesture.validate()
        do {
            try control.validate()
        } catch let error as InvalidValue {
            throw error.nested(in: "control")
        }
    }

    /// Reads and checks a gesture file.
    /// - Parameter path: the JSON file (docs/motion.md's format).
    /// - Returns: the control and the gesture.
    /// - Throws: ``RefreshGifError`` naming the file and the JSON path.
    public static func read(_ path: String) throws -> GestureFile {
        let file = try JSONInput.read(GestureFile.self, from: path)
        do {
            try file.validate()
        } catch let error as InvalidValue {
            throw RefreshGifError.badInput(file: path, message: "$.\(error.field): \(error.reason)")
        }
        return file
    }
}
