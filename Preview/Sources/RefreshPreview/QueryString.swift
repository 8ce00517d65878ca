/// A URL query string (`state=pulling&percent=0.6&images=idle%3Dupload%3A1`) as name-value
/// pairs in order: `+` is a space and `%XX` a byte; the result must be UTF-8. Anything else
/// (a bad escape, invalid UTF-8, too many or too long pairs) is a 400, never a guess.
enum QueryString {
    /// The most pairs one query may hold.
    static let maxPairs = 256
    /// The longest query, in bytes.
    static let maxBytes = 64 << 10

    /// The pairs of `query` (nil or empty: none).
    static func parse(_ query: String?) throws -> [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        guard query.utf8.count <= maxBytes else { throw PreviewError(status: 414, "the query is longer than \(maxBytes) bytes") }
        var pairs: [(name: String, value: String)] = []
        for part in query.split(separator: "&", omittingEmptySubsequences: true) {
            guard pairs.count < maxPairs else { throw PreviewError.badRequest("more than \(maxPairs) query parameters") }
            let eq = part.firstIndex(of: "=")
            let name = try decode(eq.map { part[..<$0] } ?? part[...])
            let value = try eq.map { try decode(part[part.index(after: $0)...]) } ?? ""
            pairs.append((name, value))
        }
        return pairs
    }

    /// The text of one encoded name or value.
    static func decode(_ text: Substring) throws -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hex), let low = iterator.next().flatMap(hex) else {
                    throw PreviewError.badRequest("malformed %-escape in the query")
                }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw PreviewError.badRequest("the query is not UTF-8")
        }
        return decoded
    }

    /// `name=value&…` with everything but unreserved characters escaped.
    static func encode(_ pairs: [(name: String, value: String)]) -> String {
        pairs.map { escape($0.name) + "=" + escape($0.value) }.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                out += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
            }
        }
        return out
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
