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

    /// Throws the first duplicate key, trailing comma, text after the value, or string that
    /// JSON does not allow (a bad escape, a lone UTF-16 surrogate, a raw control character) in
    /// `bytes`, with its line and column; other syntax errors are left to the decoder.
    package static func check(_ bytes: [UInt8]) throws {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        if reader.index < bytes.count { try reader.value(path: "$", depth: 0) }
        reader.skipSpace()
        if reader.index < bytes.count {
            throw Problem(path: "$", reason: "text after the JSON value at \(reader.position(reader.index))")
        }
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
            case UInt8(ascii: "\""): _ = try string(path: path)
            default:
                while index < bytes.count, !",]} \t\r\n".utf8.contains(bytes[index]) { index += 1 }
            }
        }

        /// `line L, column C` of a byte offset (both from 1; columns in bytes).
        func position(_ offset: Int) -> String {
            var line = 1
            var column = 1
            for byte in bytes[..<min(offset, bytes.count)] {
                if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
            }
            return "line \(line), column \(column)"
        }

        /// A string's text (escapes kept as written: enough to compare keys), its escapes
        /// checked: `\uXXXX` with four hex digits, surrogates in pairs.
        mutating func string(path: String) throws -> String {
            index += 1
            let start = index
            /// A high surrogate waiting for its low half, and where it was.
            var pendingHigh: Int?
            func hex(at offset: Int) -> UInt16? {
                guard offset + 4 <= bytes.count else { return nil }
                var value: UInt16 = 0
                for byte in bytes[offset..<offset + 4] {
                    guard let digit = Character(UnicodeScalar(byte)).hexDigitValue else { return nil }
                    value = value << 4 | UInt16(digit)
                }
                return value
            }
            func lone(_ at: Int) -> Problem { Problem(path: path, reason: "a lone UTF-16 surrogate at \(position(at))") }
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                let byte = bytes[index]
                if byte < 0x20 {
                    throw Problem(path: path, reason: "a control character in a string at \(position(index)); write it as an escape")
                }
                let escape = byte == UInt8(ascii: "\\") && index + 1 < bytes.count ? bytes[index + 1] : nil
                var unit: UInt16?
                if escape == UInt8(ascii: "u") {
                    guard let value = hex(at: index + 2) else {
                        throw Problem(path: path, reason: "\\u without four hex digits at \(position(index))")
                    }
                    unit = value
                } else if let escape, !"\"\\/bfnrt".utf8.contains(escape) {
                    throw Problem(path: path, reason: "an escape JSON does not have at \(position(index))")
                }
                // A high surrogate is followed by a low one, and a low one follows a high one.
                let isLow = unit.map { (0xDC00...0xDFFF).contains($0) } ?? false
                if let high = pendingHigh, !isLow { throw lone(high) }
                if isLow && pendingHigh == nil { throw lone(index) }
                pendingHigh = unit.map { (0xD800...0xDBFF).contains($0) } == true ? index : nil
                index += unit != nil ? 6 : escape != nil ? 2 : 1
            }
            if let high = pendingHigh { throw lone(high) }
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
                let key = try string(path: path)
                let child = path + "." + key
                guard keys.insert(key).inserted else { throw Problem(path: child, reason: "\"\(key)\" is given twice") }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return }
                index += 1
                try value(path: child, depth: depth + 1)
                skipSpace()
                guard index < bytes.count else { return }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    afterComma = true
                } else if bytes[index] != UInt8(ascii: "}") {
                    return
                } else {
                    afterComma = false
                }
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
                let start = index
                try value(path: path + "[\(element)]", depth: depth + 1)
                element += 1
                skipSpace()
                guard index < bytes.count else { return }
                // Anything but a comma or the end after an element (`[1}`), or no element read
                // at all, is a syntax error the decoder reports: the reading stops, always
                // having moved on or ended.
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    afterComma = true
                } else if bytes[index] != UInt8(ascii: "]") || index == start {
                    return
                } else {
                    afterComma = false
                }
            }
        }
    }
}
