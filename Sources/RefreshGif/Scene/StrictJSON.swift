/// A strict reading of JSON text before it is decoded: Foundation's parser takes an object
/// with the same key twice (the last wins) and a comma before a closing bracket, and a setting
/// given twice or a stray comma is more likely a mistake than a wish. Errors name the JSON
/// path (`$.cases[2].percent: "percent" is given twice`).
package enum StrictJSON {
    package struct Problem: Error, Equatable, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "\(path): \(reason)" }
    }

    /// Throws the first duplicate key or trailing comma in `bytes`; other syntax errors are
    /// left to the decoder, which names them.
    package static func check(_ bytes: [UInt8]) throws {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        if reader.index < bytes.count { try reader.value(path: "$", depth: 0) }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(path: String, depth: Int) throws {
            guard depth < 512 else { throw Problem(path: path, reason: "nested more than 512 levels deep") }
            skipSpace()
            guard index < bytes.count else { return }
            switch bytes[index] {
            case UInt8(ascii: "{"): try object(path: path, depth: depth)
            case UInt8(ascii: "["): try array(path: path, depth: depth)
            case UInt8(ascii: "\""): _ = string()
            default:
                while index < bytes.count, !",]} \t\r\n".utf8.contains(bytes[index]) { index += 1 }
            }
        }

        /// A string's text (escapes kept as written: enough to compare keys).
        mutating func string() -> String {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            let text = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
            index += 1
            return text
        }

        mutating func object(path: String, depth: Int) throws {
            index += 1
            var keys = Set<String>()
            var afterComma = false
            while true {
                skipSpace()
                guard index < bytes.count else { return }
                if bytes[index] == UInt8(ascii: "}") {
                    if afterComma { throw Problem(path: path, reason: "a comma before '}' (trailing comma)") }
                    index += 1
                    return
                }
                guard bytes[index] == UInt8(ascii: "\"") else { return }
                let key = string()
                let child = path + "." + key
                guard keys.insert(key).inserted else { throw Problem(path: child, reason: "\"\(key)\" is given twice") }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return }
                index += 1
                try value(path: child, depth: depth + 1)
                skipSpace()
                guard index < bytes.count else { return }
                if bytes[index] == UInt8(ascii: ",") { index += 1; afterComma = true } else { afterComma = false }
            }
        }

        mutating func array(path: String, depth: Int) throws {
            index += 1
            var element = 0
            var afterComma = false
            while true {
                skipSpace()
                guard index < bytes.count else { return }
                if bytes[index] == UInt8(ascii: "]") {
                    if afterComma { throw Problem(path: path, reason: "a comma before ']' (trailing comma)") }
                    index += 1
                    return
                }
                try value(path: path + "[\(element)]", depth: depth + 1)
                element += 1
                skipSpace()
                guard index < bytes.count else { return }
                if bytes[index] == UInt8(ascii: ",") { index += 1; afterComma = true } else { afterComma = false }
            }
        }
    }
}
