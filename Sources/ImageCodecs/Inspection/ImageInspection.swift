/// What a GIF or PNG (APNG) file holds, read from its headers and block structure alone:
/// no pixel is decoded and nothing proportional to the image's size is allocated, so
/// `refresh-render info` costs the same for a 16-frame 8192² GIF as for a tiny one.
package struct ImageInspection: Sendable, Equatable {
    /// The format.
    public var format: ImageFormat
    /// The canvas (logical screen) size in pixels.
    public var width: Int, height: Int
    /// Each frame's delay in milliseconds as the file states it, to the nearest millisecond
    /// (one frame: `[0]`).
    public var delaysMilliseconds: [Int]
    /// An APNG's playing time in milliseconds from its delays' own fractions (1/30 s a frame
    /// adds up to the length exactly, not 33 ms a frame); nil for GIF and PNG.
    var exactMilliseconds: Double?
    /// Loop count (0: forever), when the file sets one.
    public var loopCount: Int?
    /// A GIF's frames as its blocks state them: where each is drawn, how it is disposed of,
    /// and which palette it uses (empty for PNG).
    public var layouts: [GIFFrameLayout] = []

    /// The number of frames.
    public var frameCount: Int { delaysMilliseconds.count }

    /// The playing time in ms, a GIF delay of 0 or 10 ms counting as 100 ms as browsers play it.
    public var durationMilliseconds: Int {
        if let exactMilliseconds { return Int(exactMilliseconds.rounded()) }
        return format == .gif ? delaysMilliseconds.reduce(0) { $0 + ($1 <= 10 ? 100 : $1) } : delaysMilliseconds.reduce(0, +)
    }

    /// Inspects `data` (GIF, PNG or APNG); throws ``ImageCodecError`` for anything else.
    /// - Parameter data: a file's bytes.
    /// - Returns: its format, size, frames, delays and loop count.
    /// - Throws: ``ImageCodecError`` for another format or a broken file.
    public static func inspect(_ data: [UInt8]) throws -> ImageInspection {
        if GIFDecoder.isGIF(data) { return try gif(data) }
        if PNGDecoder.isPNG(data) { return try png(data) }
        throw ImageCodecError.notThisFormat(.png)
    }

    /// Walks the GIF's blocks: image descriptors are counted and their LZW data skipped.
    static func gif(_ d: [UInt8]) throws -> ImageInspection {
        guard d.count >= 13 else { throw ImageCodecError.malformed(.gif, reason: "no screen descriptor") }
        let width = Int(d[6]) | Int(d[7]) << 8, height = Int(d[8]) | Int(d[9]) << 8
        var delays: [Int] = [], pendingDelay = 0, pendingDisposal = 0, loop: Int?
        var layouts: [GIFFrameLayout] = []
        let globalColors = d[10] & 0x80 != 0 ? 1 << (Int(d[10] & 7) + 1) : 0
        let netscape = Array("NETSCAPE2.0".utf8), animexts = Array("ANIMEXTS1.0".utf8)
        GIFBlocks.walk(d) { block in
            switch block {
            case let .extension(0xF9, i) where i + 5 <= d.count && d[i] >= 4:
                pendingDelay = (Int(d[i + 2]) | Int(d[i + 3]) << 8) * 10
                pendingDisposal = Int(d[i + 1] >> 2 & 7)
            case let .extension(0xFF, i) where i + 12 <= d.count && d[i] == 11:
                let name = Array(d[(i + 1)...(i + 11)])
                let sub = i + 12
                if name == netscape || name == animexts, sub + 3 < d.count, d[sub] >= 3, d[sub + 1] == 1 {
                    loop = Int(d[sub + 2]) | Int(d[sub + 3]) << 8
                }
            case .extension:
                break
            case let .image(descriptor, _):
                delays.append(pendingDelay)
                let word = { (k: Int) in Int(d[descriptor + k]) | Int(d[descriptor + k + 1]) << 8 }
                let flags = d[descriptor + 9]
                layouts.append(
                    GIFFrameLayout(
                        left: word(1), top: word(3), width: word(5), height: word(7),
                        disposal: GIFFrameLayout.Disposal(code: pendingDisposal),
                        localColors: flags & 0x80 != 0 ? 1 << (Int(flags & 7) + 1) : nil,
                        globalColors: globalColors))
                pendingDelay = 0
                pendingDisposal = 0
            case .trailer where delays.isEmpty:
                // A whole file with no image: one frame, the blank screen.
                delays.append(pendingDelay)
                layouts.append(
                    GIFFrameLayout(
                        left: 0, top: 0, width: 0, height: 0, disposal: GIFFrameLayout.Disposal(code: 0), localColors: nil,
                        globalColors: globalColors))
            case .trailer:
                break
            }
        }
        guard !delays.isEmpty else { throw ImageCodecError.malformed(.gif, reason: "no complete frame") }
        let (shownWidth, shownHeight) = GIFDecoder.shownScreen(
            width: width, height: height, firstFrame: layouts.first.map { ($0.left, $0.top, $0.width, $0.height) })
        return ImageInspection(
            format: .gif, width: shownWidth, height: shownHeight, delaysMilliseconds: delays, loopCount: loop, layouts: layouts)
    }

    /// Reads IHDR, and acTL/fcTL for an animated PNG.
    static func png(_ d: [UInt8]) throws -> ImageInspection {
        let chunks = try PNGChunks.read(d)
        let cgbi = CgBIConverter.isCgBI(d)
        guard let header = chunks.first(where: { $0.type == "IHDR" }), header.body.count >= 8 else {
            throw ImageCodecError.malformed(.png, reason: "no IHDR chunk")
        }
        let h = Array(header.body)
        let width = Int(PNGChunks.bigEndian32(h, 0)), height = Int(PNGChunks.bigEndian32(h, 4))
        guard let control = chunks.first(where: { $0.type == "acTL" }), control.body.count >= 8 else {
            return ImageInspection(format: cgbi ? .cgbiPNG : .png, width: width, height: height, delaysMilliseconds: [0], loopCount: nil)
        }
        let plays = Int(PNGChunks.bigEndian32(Array(control.body), 4))
        // A delay is a fraction of a second (a denominator of 0 means 1/100).
        let delays = chunks.filter { $0.type == "fcTL" && $0.body.count >= 24 }.map { chunk -> Double in
            let b = Array(chunk.body)
            let numerator = Double(Int(b[20]) << 8 | Int(b[21])), denominator = Double(Int(b[22]) << 8 | Int(b[23]))
            return numerator * 1000 / (denominator == 0 ? 100 : denominator)
        }
        var inspection = ImageInspection(
            format: .apng, width: width, height: height,
            delaysMilliseconds: delays.isEmpty ? [0] : delays.map { Int($0.rounded()) }, loopCount: plays)
        inspection.exactMilliseconds = delays.isEmpty ? nil : delays.reduce(0, +)
        return inspection
    }
}

/// One GIF frame as its image descriptor and graphic control state it, nothing decoded.
package struct GIFFrameLayout: Sendable, Equatable, Codable {
    /// What happens to a frame's rectangle before the next is drawn.
    public enum Disposal: String, Sendable, Equatable, Codable {
        /// Not set (0): treated as `none`.
        case unspecified
        /// Left in place (1).
        case none
        /// Cleared to the background (2).
        case background
        /// Restored to what was there before (3).
        case previous
        /// A code GIF does not define (4–7): browsers treat it as `none`.
        case reserved

        /// The disposal a graphic control block's code (0–7) means.
        /// - Parameter code: the block's disposal field.
        public init(code: Int) {
            switch code {
            case 0: self = .unspecified
            case 1: self = .none
            case 2: self = .background
            case 3: self = .previous
            default: self = .reserved
            }
        }
    }

    /// The rectangle the frame is drawn in, in screen pixels.
    public var left: Int, top: Int, width: Int, height: Int
    /// Its disposal.
    public var disposal: Disposal
    /// The size of its local colour table, or nil when it uses the global one.
    public var localColors: Int?
    /// The size of the global colour table (0: none).
    public var globalColors: Int

    /// "40×40 at (0, 0), disposal none, local palette of 256 colours".
    public var summary: String {
        let palette =
            localColors.map { "local palette of \($0) colours" }
            ?? (globalColors > 0 ? "global palette of \(globalColors) colours" : "no palette")
        return "\(width)×\(height) at (\(left), \(top)), disposal \(disposal.rawValue), \(palette)"
    }
}
