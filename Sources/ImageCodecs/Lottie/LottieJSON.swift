/// A JSON document as the Lottie check reads it: objects keep their keys in file order, a key
/// given twice in one object is refused (readers disagree on which one counts: rlottie the last,
/// Foundation's decoder the first, so a checked value could differ from a drawn one), and
/// nesting is refused past a depth before it can exhaust the stack.
///
/// Written for this one job (the standard decoder took seconds on a 2 MB animation when asked
/// for untyped values): one pass over the bytes, no recursion deeper than the limit. Given the
/// keys a check reads, it keeps only the members under those keys and walks past the rest
/// (checking their syntax and keys, keeping nothing), so memory follows what the check needs,
/// not the file: 25 M numbers under an unused key or a path of 200 000 vertices cost nothing.
/// What it keeps is counted, and refused past a weight.
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
        /// One object with more keys than allowed.
        case tooManyKeys(limit: Int)
        /// What would be kept weighs more than allowed (bytes, estimated).
        case tooMuchKept(limit: Int)
    }

    /// The most keys one object may have (Lottie's objects have a few dozen).
    static let maxKeys = 4096
    /// What a kept value weighs, besides a string's bytes: its node in the tree.
    static let nodeWeight = 64

    /// The document in `bytes`, nested at most `maxDepth` arrays and objects deep. With
    /// `keys`, an object keeps only the members under those keys (the top-level object is
    /// always read); what is kept may weigh at most `maxKeptBytes`.
    static func parse(
        _ bytes: [UInt8], maxDepth: Int, keeping keys: Set<String>? = nil, maxKeptBytes: Int = .max
    ) throws(Failure) -> LottieJSON {
        var reader = Reader(bytes: bytes, maxDepth: maxDepth, keys: keys, budget: maxKeptBytes, limit: maxKeptBytes)
        reader.skipSpace()
        let value = try reader.value(depth: 0, kept: true)
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
        /// The keys whose values are kept; nil: all.
        let keys: Set<String>?
        /// What may still be kept, and the whole allowance.
        var budget: Int
        let limit: Int
        var offset = 0

        mutating func charge(_ weight: Int) throws(Failure) {
            budget -= weight
            guard budget >= 0 else { throw .tooMuchKept(limit: limit) }
        }

        mutating func skipSpace() {
            while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        }

        /// The value at `offset`; when not `kept`, its syntax and keys are checked and `.null`
        /// stands for it.
        mutating func value(depth: Int, kept: Bool) throws(Failure) -> LottieJSON {
            guard offset < bytes.count else { throw .syntax(offset: offset) }
            if kept { try charge(LottieJSON.nodeWeight) }
            switch bytes[offset] {
            case UInt8(ascii: "{"):
                guard depth < maxDepth else { throw .tooDeep(limit: maxDepth) }
                offset += 1
                var members: [(key: String, value: LottieJSON)] = []
                var keysSeen: Set<String> = []
                var hashesSeen: Set<Int> = []
                skipSpace()
                if next(UInt8(ascii: "}")) { return kept ? .object(members) : .null }
                repeat {
                    skipSpace()
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw .syntax(offset: offset) }
                    if kept {
                        let key = try string()
                        guard keysSeen.insert(key).inserted else { throw .duplicateKey(key) }
                        guard keysSeen.count <= LottieJSON.maxKeys else { throw .tooManyKeys(limit: LottieJSON.maxKeys) }
                        skipSpace()
                        guard next(UInt8(ascii: ":")) else { throw .syntax(offset: offset) }
                        skipSpace()
                        let keep = keys?.contains(key) ?? true
                        let member = try value(depth: depth + 1, kept: keep)
                        if keep {
                            try charge(key.utf8.count)
                            members.append((key, member))
                        }
                    } else {
                        let (hash, text) = try skippedString()
                        guard hashesSeen.insert(hash).inserted else { throw .duplicateKey(text) }
                        guard hashesSeen.count <= LottieJSON.maxKeys else { throw .tooManyKeys(limit: LottieJSON.maxKeys) }
                        skipSpace()
                        guard next(UInt8(ascii: ":")) else { throw .syntax(offset: offset) }
                        skipSpace()
                        _ = try value(depth: depth + 1, kept: false)
                    }
                    skipSpace()
                } while next(UInt8(ascii: ","))
                guard next(UInt8(ascii: "}")) else { throw .syntax(offset: offset) }
                return kept ? .object(members) : .null
            case UInt8(ascii: "["):
                guard depth < maxDepth else { throw .tooDeep(limit: maxDepth) }
                offset += 1
                var elements: [LottieJSON] = []
                skipSpace()
                if next(UInt8(ascii: "]")) { return kept ? .array(elements) : .null }
                repeat {
                    skipSpace()
                    let element = try value(depth: depth + 1, kept: kept)
                    if kept { elements.append(element) }
                    skipSpace()
                } while next(UInt8(ascii: ","))
                guard next(UInt8(ascii: "]")) else { throw .syntax(offset: offset) }
                return kept ? .array(elements) : .null
            case UInt8(ascii: "\""):
                guard kept else {
                    _ = try skippedString()
                    return .null
                }
                let text = try string()
                try charge(text.utf8.count)
                return .string(text)
            case UInt8(ascii: "t"):
                try literal("true")
                return kept ? .bool(true) : .null
            case UInt8(ascii: "f"):
                try literal("false")
                return kept ? .bool(false) : .null
            case UInt8(ascii: "n"):
                try literal("null")
                return .null
            default:
                guard kept else {
                    try skipNumber()
                    return .null
                }
                return .number(try number())
            }
        }

        /// Walks past a number, checking JSON's grammar (`-? int frac? exp?`) without making it.
        mutating func skipNumber() throws(Failure) {
            let start = offset
            func digits() -> Int {
                let from = offset
                while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
                return offset - from
            }
            _ = next(UInt8(ascii: "-"))
            guard digits() > 0 else { throw .syntax(offset: start) }
            if next(UInt8(ascii: ".")) { guard digits() > 0 else { throw .syntax(offset: start) } }
            if next(UInt8(ascii: "e")) || next(UInt8(ascii: "E")) {
                if !next(UInt8(ascii: "+")) { _ = next(UInt8(ascii: "-")) }
                guard digits() > 0 else { throw .syntax(offset: start) }
            }
        }

        /// Walks past a string, checking its escapes; a hash of its raw bytes (to tell keys
        /// apart) and its first bytes (to name it).
        mutating func skippedString() throws(Failure) -> (hash: Int, text: String) {
            let start = offset + 1
            offset += 1 // the opening quote
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    var hasher = Hasher()
                    let raw = bytes[start..<offset]
                    raw.withUnsafeBytes { hasher.combine(bytes: $0) }
                    offset += 1
                    return (hasher.finalize(), String(decoding: raw.prefix(40), as: UTF8.self))
                }
                guard byte >= 0x20 else { throw .syntax(offset: offset) }
                if byte == UInt8(ascii: "\\") {
                    offset += 1
                    guard offset < bytes.count else { throw .syntax(offset: offset) }
                    switch bytes[offset] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        offset += 1
                    case UInt8(ascii: "u"):
                        offset += 1
                        _ = try hex4()
                    default: throw .syntax(offset: offset)
                    }
                    continue
                }
                offset += 1
            }
            throw .syntax(offset: offset)
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
