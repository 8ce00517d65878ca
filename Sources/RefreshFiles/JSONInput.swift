import FoundationEssentials
import RefreshModel

/// Reading JSON files into Codable values with errors that name the file and the JSON path.
@_spi(Tools) public enum JSONInput {
    /// Decodes `T` from the file at `path`.
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - path: the JSON file (at most 64 MiB).
    /// - Returns: the decoded value.
    /// - Throws: ``RefreshGifError``, naming the file and the JSON path.
    public static func read<T: Decodable>(_ type: T.Type, from path: String) throws -> T {
        try decode(type, from: try FileIO.read(path, maxBytes: 64 << 20), name: path)
    }

    /// Decodes `T` from JSON `bytes` (strictly: no duplicate keys or trailing commas); errors
    /// are ``RefreshGifError/badInput(file:message:)`` naming `name` and the JSON path.
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - bytes: JSON text.
    ///   - path: the name errors give the input (a file's path, or what the bytes are).
    /// - Returns: the decoded value.
    /// - Throws: ``RefreshGifError/badInput(file:message:)``.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], name path: String) throws -> T {
        do {
            try StrictJSON.check(bytes)
        } catch let problem as StrictJSON.Problem {
            throw RefreshGifError.badInput(file: path, message: problem.description)
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw RefreshGifError.badInput(file: path, message: describe(error))
        } catch let error as RefreshGifError {
            throw error
        } catch let error as InvalidValue {
            throw RefreshGifError.badInput(file: path, message: "$.\(error.field): \(error.reason)")
        } catch {
            throw RefreshGifError.badInput(file: path, message: "invalid JSON")
        }
    }

    /// `$.cases[3].percent` for a coding path.
    package static func path(_ codingPath: [CodingKey]) -> String {
        codingPath.reduce("$") { partial, key in
            if let index = key.intValue { return partial + "[\(index)]" }
            return partial + "." + key.stringValue
        }
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case let .typeMismatch(type, context):
            return "\(path(context.codingPath)): expected \(typeName(type))"
        case let .valueNotFound(type, context):
            return "\(path(context.codingPath)): expected \(typeName(type)), found null"
        case let .keyNotFound(key, context):
            return "\(path(context.codingPath + [key])): required field is missing"
        case let .dataCorrupted(context):
            if context.codingPath.isEmpty { return "not valid JSON" }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "invalid JSON"
        }
    }

    static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: return "a number"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        default: return "\(type)".lowercased()
        }
    }
}
