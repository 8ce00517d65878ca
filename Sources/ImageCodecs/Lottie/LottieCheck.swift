import FoundationEssentials
import Glibc

/// What a Lottie file would make rlottie do, worked out from its JSON before rlottie sees it:
/// how deep it nests, how many layers and shapes it expands to once precompositions are
/// placed and repeaters copied, whether its dashes can end, and what its image assets weigh
/// and where they live (docs/robustness.md, "Lottie").
///
/// Checks by class, not by pattern: each bound is on a quantity rlottie's work or memory
/// grows with. What cannot be predicted this way is bounded by the worker process's limits.
struct LottieCheck {
    /// Deepest nesting of arrays and objects.
    static let maxDepth = 64
    /// Most layers once every precomposition is expanded where it is used.
    static let maxExpandedLayers = 10_000
    /// Most shapes drawn once repeaters are copied and precompositions expanded.
    static let maxExpandedShapes = 100_000
    /// The shortest dash period (dashes plus gaps), in points.
    static let minDashPeriod = 0.1

    let limits: DecodeLimits
    /// Where relative asset paths are looked up; nil: the working directory.
    let resourceDirectory: String?

    /// The keys the check and the header read, wherever they are: the members under other
    /// keys (paths' vertices, transforms, text, effects) are walked past, not kept.
    static let keysRead: Set<String> = [
        "fr", "ip", "op", "w", "h", "layers", "assets", "markers", "cm", "tm", "dr", // the header
        "id", "p", "u", "e", // assets
        "ty", "refId", "shapes", "it", "c", "d", "n", "v", "k", "s", // layers, shapes, properties
    ]

    /// The parts of `data` the check reads, as a tree; throws for bytes that are not such a
    /// document or that hold too much of what it reads.
    static func parse(_ data: [UInt8]) throws -> LottieJSON {
        do {
            return try LottieJSON.parse(data, maxDepth: maxDepth, keeping: keysRead, maxKeptBytes: LottieLimits.maxCheckedBytes)
        } catch .tooDeep(let limit) {
            throw ImageCodecError.malformed(.lottie, reason: "nested more than \(limit) levels deep")
        } catch .duplicateKey(let key) {
            throw ImageCodecError.malformed(
                .lottie, reason: "the key \(String(key.prefix(40)).debugDescription) is given twice in one object")
        } catch .tooManyKeys(let limit) {
            throw ImageCodecError.malformed(.lottie, reason: "an object has more than \(limit) keys")
        } catch .tooMuchKept(let limit) {
            throw ImageCodecError.malformed(
                .lottie, reason: "its layers, shapes and assets hold more than \(limit >> 20) MiB of values to check")
        } catch {
            throw ImageCodecError.malformed(.lottie, reason: "not valid JSON")
        }
    }

    /// The pixels the image assets decode to; throws the first bound the file breaks.
    @discardableResult
    func check(_ data: [UInt8]) throws -> Int {
        try check(Self.parse(data))
    }

    /// ``check(_:)`` of a document already read by ``parse(_:)``.
    @discardableResult
    func check(_ root: LottieJSON) throws -> Int {
        let assets = root["assets"]?.elements ?? []
        var precomps: [String: [LottieJSON]] = [:]
        for asset in assets {
            guard let id = Self.identifier(asset["id"]), let layers = asset["layers"] else { continue }
            precomps[id] = layers.elements
        }
        var expansion = Expansion(precomps: precomps)
        let cost = try expansion.cost(of: root["layers"]?.elements ?? [], inside: [])
        guard cost.layers <= Self.maxExpandedLayers else {
            throw ImageCodecError.malformed(
                .lottie, reason: "expands to more than \(Self.maxExpandedLayers) layers once its precompositions are placed")
        }
        guard cost.shapes <= Self.maxExpandedShapes else {
            throw ImageCodecError.malformed(
                .lottie, reason: "expands to more than \(Self.maxExpandedShapes) shapes once its repeaters are copied")
        }
        return try checkImages(assets)
    }

    /// The files a Lottie document's image assets name, as paths under `resourceDirectory`
    /// (those inside it only: others are refused when the file is read); none when it is not
    /// valid JSON. For output checks: a command must not write over its own assets.
    static func assetPaths(_ data: [UInt8], resourceDirectory: String?) -> [String] {
        guard let root = try? parse(data) else { return [] }
        let check = LottieCheck(limits: .default, resourceDirectory: resourceDirectory)
        return (root["assets"]?.elements ?? []).compactMap { asset in
            guard let name = asset["p"]?.string, asset["layers"] == nil, !name.hasPrefix("data:") else { return nil }
            return try? check.confinedPath(folder: asset["u"]?.string ?? "", name: name)
        }
    }

    /// Bodymovin writes ids as strings, some exporters as numbers.
    static func identifier(_ value: LottieJSON?) -> String? {
        switch value {
        case let .string(s)?: return s
        case let .number(n)? where n.isFinite && abs(n) < 1e15: return String(Int(n))
        default: return nil
        }
    }

    /// Layers and shapes counted through precompositions and repeaters, saturating.
    struct Cost {
        var layers = 0, shapes = 0

        static func + (a: Cost, b: Cost) -> Cost {
            Cost(layers: a.layers.addingSaturating(b.layers), shapes: a.shapes.addingSaturating(b.shapes))
        }
    }

    /// The expansion of precompositions, each worked out once.
    struct Expansion {
        let precomps: [String: [LottieJSON]]
        var known: [String: Cost] = [:]

        mutating func cost(of layers: [LottieJSON], inside stack: [String]) throws -> Cost {
            var total = Cost()
            for layer in layers {
                total = total + Cost(layers: 1, shapes: try LottieCheck.shapeCost(layer["shapes"]?.elements ?? []))
                guard layer["ty"]?.number == 0, let id = LottieCheck.identifier(layer["refId"]), let inner = precomps[id] else { continue }
                guard !stack.contains(id) else {
                    throw ImageCodecError.malformed(.lottie, reason: "precomposition '\(id)' contains itself")
                }
                if known[id] == nil { known[id] = try cost(of: inner, inside: stack + [id]) }
                total = total + (known[id] ?? Cost())
                // Stop early: the total only grows.
                if total.layers > LottieCheck.maxExpandedLayers || total.shapes > LottieCheck.maxExpandedShapes { return total }
            }
            return total
        }
    }

    /// Shapes a shape list draws: a repeater copies everything before it in its group; groups
    /// (`gr`) count their items. Dashes are checked on the way.
    static func shapeCost(_ items: [LottieJSON]) throws -> Int {
        var count = 0
        for item in items {
            switch item["ty"]?.string {
            case "gr"?:
                count = count.addingSaturating(try shapeCost(item["it"]?.elements ?? []))
            case "rp"?:
                let copies = maxValue(item["c"])
                guard copies.isFinite else { throw ImageCodecError.malformed(.lottie, reason: "a repeater's copies are not a number") }
                let whole = Int(min(max(copies, 1), 1e9).rounded(.up))
                count = count.multipliedSaturating(by: whole)
            case "st"?, "gs"?:
                try checkDashes(item["d"]?.elements ?? [])
                count = count.addingSaturating(1)
            default:
                count = count.addingSaturating(1)
            }
            if count > maxExpandedShapes { return count }
        }
        return count
    }

    /// A stroke's dash pattern: no negative length, and a period long enough to end.
    static func checkDashes(_ entries: [LottieJSON]) throws {
        var period = 0.0
        var dashed = false
        for entry in entries {
            guard let name = entry["n"]?.string, name == "d" || name == "g" else { continue }
            let values = numbers(entry["v"])
            guard values.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                throw ImageCodecError.malformed(.lottie, reason: "a dash or gap is negative or not a number")
            }
            dashed = true
            period += values.min() ?? 0
        }
        guard !dashed || period >= minDashPeriod else {
            throw ImageCodecError.malformed(.lottie, reason: "a dash pattern repeats every \(period) pt, below \(minDashPeriod) pt")
        }
    }

    /// The largest number an animatable property takes (`{"k": n}`, `{"k": [n…]}` or
    /// keyframes with `s`/`e` values); -∞ when it has none.
    static func maxValue(_ property: LottieJSON?) -> Double {
        numbers(property).max() ?? -.infinity
    }

    /// Every number an animatable property takes.
    static func numbers(_ property: LottieJSON?) -> [Double] {
        guard let k = property?["k"] else { return property?.number.map { [$0] } ?? [] }
        if let n = k.number { return [n] }
        return k.elements.flatMap { element -> [Double] in
            if let n = element.number { return [n] }
            return (element["s"]?.elements ?? []).compactMap(\.number) + (element["e"]?.elements ?? []).compactMap(\.number)
                + [element["s"]?.number, element["e"]?.number].compactMap { $0 }
        }
    }

    /// Image assets: paths inside the file's folder and naming regular files, embedded data
    /// inside the file limit, and their decoded pixels inside the memory budget.
    func checkImages(_ assets: [LottieJSON]) throws -> Int {
        var pixels = 0
        for asset in assets {
            guard let name = asset["p"]?.string, asset["layers"] == nil else { continue }
            let embedded =
                asset["e"]?.number == 1
                || {
                    if case .bool(true)? = asset["e"] { return true }; return false
                }()
            let bytes: [UInt8]
            let what: String
            if embedded || name.hasPrefix("data:") {
                // rlottie reads only `data:…,` text, and only when `e` is set; it ignores the rest.
                // Its header is enough for its size: the first 64 KiB, not the whole picture.
                guard embedded, name.hasPrefix("data:"), let comma = name.firstIndex(of: ","),
                    let decoded = Data(
                        base64Encoded: Self.base64Prefix(name[name.index(after: comma)...], bytes: 64 << 10),
                        options: .ignoreUnknownCharacters)
                else {
                    continue
                }
                bytes = Array(decoded)
                what = "an embedded image"
            } else {
                let path = try confinedPath(folder: asset["u"]?.string ?? "", name: name)
                bytes = try Self.readAsset(path, maxBytes: limits.maxFileBytes)
                what = "image asset \(path)"
            }
            // A format other than these two is rlottie's to refuse or decode, under the worker's cap.
            guard let (width, height) = Self.imageSize(bytes) else { continue }
            try limits.check(width: width, height: height, what: what)
            pixels = pixels.addingSaturating(width * height)
            guard pixels <= limits.maxTotalPixels else {
                throw ImageCodecError.limitExceeded(.totalPixels(what: "Lottie file's image assets", limit: limits.maxTotalPixels))
            }
        }
        return pixels
    }

    /// The first characters of base64 `text` that decode to about `bytes` bytes: whole
    /// groups of four, past any white space or other characters the decoder skips.
    static func base64Prefix(_ text: Substring, bytes: Int) -> String {
        var out = ""
        var digits = 0
        for character in text.unicodeScalars {
            out.unicodeScalars.append(character)
            if ("A"..."Z").contains(character) || ("a"..."z").contains(character)
                || ("0"..."9").contains(character) || character == "+" || character == "/" || character == "="
            {
                digits += 1
                if digits % 4 == 0 && digits / 4 * 3 >= bytes { break }
            }
        }
        return out
    }

    /// `folder` + `name` under the resource directory, refused when it leaves it: absolute
    /// paths, `..`, or a link that resolves outside.
    func confinedPath(folder: String, name: String) throws -> String {
        let relative = folder + name
        let parts = relative.split(separator: "/", omittingEmptySubsequences: true)
        guard !relative.hasPrefix("/"), !parts.contains(".."), !parts.isEmpty else {
            throw ImageCodecError.malformed(.lottie, reason: "image asset '\(relative)' is outside the animation's folder")
        }
        let base = resourceDirectory ?? "."
        let path = base + "/" + relative
        guard ResolvedPath.of(path) != nil else { throw ImageCodecError.missingResource(path) }
        guard ResolvedPath.lies(path, inside: base) else {
            throw ImageCodecError.malformed(.lottie, reason: "image asset '\(relative)' resolves outside the animation's folder")
        }
        return path
    }

    /// An asset's bytes: a regular file (a FIFO would block rlottie), within the file limit.
    static func readAsset(_ path: String, maxBytes: Int) throws -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ImageCodecError.missingResource(path) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw ImageCodecError.malformed(.lottie, reason: "image asset \(path) is not a regular file")
        }
        guard Int(info.st_size) <= maxBytes else {
            throw ImageCodecError.limitExceeded(.fileBytes(bytes: Int(info.st_size), limit: maxBytes))
        }
        guard let file = fopen(path, "rb") else { throw ImageCodecError.missingResource(path) }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        return Array(bytes.prefix(read))
    }

    /// The pixel size a PNG or JPEG header gives (the formats Lottie exporters write), or nil.
    static func imageSize(_ bytes: [UInt8]) -> (Int, Int)? {
        if PNGDecoder.isPNG(bytes), bytes.count >= 24 {
            let word = { (i: Int) in Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
            return (word(16), word(20))
        }
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 {
            var i = 2
            while i + 9 < bytes.count {
                guard bytes[i] == 0xFF else { break }
                let marker = bytes[i + 1]
                if marker == 0xFF { i += 1; continue }
                let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
                // Start of frame: every SOFn but DHT (C4), JPG (C8) and DAC (CC).
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    return (Int(bytes[i + 7]) << 8 | Int(bytes[i + 8]), Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]))
                }
                guard length >= 2 else { break }
                i += 2 + length
            }
        }
        return nil
    }
}

extension Int {
    func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }

    func multipliedSaturating(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : product
    }
}
