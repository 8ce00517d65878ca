/// A JSON document as the Lottie check reads it: objects keep their keys in file order, a key
/// given twice in one object is refused (readers disagree on which one counts: rlottie the last,
/// Foundation's decoder the first, so a checked value could differ from a drawn one), and
/// nesting is refused past a depth before it can exhaust the stack.
///
/// Written for this one job (the standard decoder took seconds on a 2 MB animation when asked
/// for untyped values): one pass over the bytes, no recursion deeper than the limit.
indirect enum LottieJSON {
    case object([(key: String, value: LottieJSON)])
    case array([LottieJSON])
    case number(Double)
    case string(String)
    case bool(Bool)
    case null

    /// Why the bytes are not a JSON document this reader takes.
    enum Failure: Error, Equatable {
        /// Broken JSON at a byte offset.
        case syntax(offset: Int)
        /// Nested deeper than allowed.
        case tooDeep(limit: Int)
        /// A key given twice in one object.
        case duplicateKey(String)
    }

    /// The document in `bytes`, nested at most `maxDepth` arrays and objects deep.
    static func parse(_ bytes: [UInt8], maxDepth: Int) throws(Failure) -> LottieJSON {
        var reader = Reader(bytes: bytes, maxDepth: maxDepth)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.offset == bytes.count else { throw .syntax(offset: reader.offset) }
        return value
    }

    /// The value under `key` of an object (keys are unique: ``parse(_:maxDepth:)`` refuses others).
    subscript(key: String) -> LottieJSON? {
        guard case let .object(members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The number, when this is one.
    var number: Double? { if case let .number(n) = self { return n }; return nil }
    /// The string, when this is one.
    var string: String? { if case let .string(s) = self { return s }; return nil }
    /// The elements, when this is an array.
    var elements: [LottieJSON] { if case let .array(a) = self { return a }; return [] }

    private struct Reader {
        let bytes: [UInt8]
        let maxDepth: Int
        var offset = 0

        mutating func skipSpace() {
            while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        }

        mutating func value(depth: Int) throws(Failure) -> LottieJSON {
            guard offset < bytes.count else { throw .syntax(offset: offset) }
            switch bytes[offset] {
            case UInt8(ascii: "{"):
                guard depth < maxDepth else { throw .tooDeep(limit: maxDepth) }
                offset += 1
                var members: [(key: String, value: LottieJSON)] = []
                var keys: Set<String> = []
                skipSpace()
                if next(UInt8(ascii: "}")) { return .object(members) }
                repeat {
                    skipSpace()
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw .syntax(offset: offset) }
                    let key = try string()
                    guard keys.insert(key).inserted else { throw .duplicateKey(key) }
                    skipSpace()
                    guard next(UInt8(ascii: ":")) else { throw .syntax(offset: offset) }
                    skipSpace()
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                } while next(UInt8(ascii: ","))
                guard next(UInt8(ascii: "}")) else { throw .syntax(offset: offset) }
                return .object(members)
            case UInt8(ascii: "["):
                guard depth < maxDepth else { throw .tooDeep(limit: maxDepth) }
                offset += 1
                var elements: [LottieJSON] = []
                skipSpace()
                if next(UInt8(ascii: "]")) { return .array(elements) }
                repeat {
                    skipSpace()
                    elements.append(try value(depth: depth + 1))
                    skipSpace()
                } while next(UInt8(ascii: ","))
                guard next(UInt8(ascii: "]")) else { throw .syntax(offset: offset) }
                return .array(elements)
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"):
                try literal("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                return .null
            default:
                return .number(try number())
            }
        }

        mutating func next(_ byte: UInt8) -> Bool {
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
            return true
        }

        mutating func literal(_ word: StaticString) throws(Failure) {
            let count = word.utf8CodeUnitCount
            guard offset + count <= bytes.count else { throw .syntax(offset: offset) }
            for i in 0..<count where bytes[offset + i] != word.utf8Start[i] { throw .syntax(offset: offset) }
            offset += count
        }

        mutating func number() throws(Failure) -> Double {
            let start = offset
            while offset < bytes.count, Self.numberBytes.contains(bytes[offset]) { offset += 1 }
            guard offset > start, let value = Double(String(decoding: bytes[start..<offset], as: UTF8.self)) else {
                throw .syntax(offset: start)
            }
            return value
        }

        private static let numberBytes = Set("0123456789+-.eE".utf8)

        mutating func string() throws(Failure) -> String {
            offset += 1 // the opening quote
            var scalars = String.UnicodeScalarView()
            var plainStart = offset
            func flushPlain(_ end: Int) {
                if end > plainStart { scalars.append(contentsOf: String(decoding: bytes[plainStart..<end], as: UTF8.self).unicodeScalars) }
            }
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    flushPlain(offset)
                    offset += 1
                    return String(scalars)
                }
                guard byte >= 0x20 else { throw .syntax(offset: offset) }
                guard byte == UInt8(ascii: "\\") else { offset += 1; continue }
                flushPlain(offset)
                offset += 1
                guard offset < bytes.count else { throw .syntax(offset: offset) }
                let escape = bytes[offset]
                offset += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(escape))
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), offset + 1 < bytes.count,
                        bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
                    {
                        offset += 2
                        let low = try hex4()
                        code = (0xDC00..<0xE000).contains(low) ? 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                    }
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default: throw .syntax(offset: offset - 1)
                }
                plainStart = offset
            }
            throw .syntax(offset: offset)
        }

        mutating func hex4() throws(Failure) -> UInt32 {
            guard offset + 4 <= bytes.count else { throw .syntax(offset: offset) }
            var code: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[offset]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw .syntax(offset: offset)
                }
                code = code << 4 | UInt32(digit)
                offset += 1
            }
            return code
        }
    }
}
