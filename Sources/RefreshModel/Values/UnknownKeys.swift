/// Rejects JSON object keys a Codable type does not know, so a misspelt field is an error
/// naming its path instead of being silently ignored.
package enum UnknownKeys {
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Throws `DecodingError.dataCorrupted` at the first key of the decoder's object that is
    /// not in `known`.
    package static func reject(in decoder: Decoder, known: [String]) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        for key in container.allKeys where !known.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath + [key],
                    debugDescription: "unknown field '\(key.stringValue)' (known: \(known.joined(separator: ", ")))"))
        }
    }
}
