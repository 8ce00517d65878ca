import CGif
import RefreshImage

/// Decodes GIF files with giflib and composites every frame the way browsers do: all at
/// once (``decode(_:)``) or on demand (``frameSource(_:memoryPixels:)``).
///
/// The canvas starts transparent. Disposal 0 and 1 keep a frame, 2 clears its rectangle to
/// transparent, 3 restores what was there before it. The transparency index counts only
/// when the graphic control extension sets its flag and the index is inside the palette.
/// Parts of frames outside the logical screen are clipped; interlaced images are
/// de-interlaced; a file that ends early keeps its complete frames, and a frame whose LZW
/// data breaks off draws the rows decoded before the break.
package struct GIFDecoder: Sendable {
    /// Limits checked before any canvas or frame is allocated.
    public var limits: DecodeLimits

    /// A decoder with the given limits.
    /// - Parameter limits: checked against the header before anything is allocated.
    public init(limits: DecodeLimits = .default) {
        self.limits = limits
    }

    /// True when `data` starts with a GIF signature.
    /// - Parameter data: a file's bytes.
    /// - Returns: true for `GIF87a` or `GIF89a`.
    public static func isGIF(_ data: [UInt8]) -> Bool {
        data.count >= 6 && data[0] == 0x47 && data[1] == 0x49 && data[2] == 0x46 && data[3] == 0x38
    }

    /// Decodes `data` into composited frames, every one of them held (checked against the
    /// memory budget first: frames × logical screen pixels).
    /// - Parameter data: a file's bytes.
    /// - Returns: the frames, composited, with their delays.
    /// - Throws: ``ImageCodecError`` for a broken file or a limit exceeded.
    public func decode(_ data: [UInt8]) throws -> GIFAnimation {
        var frames: [GIFAnimation.Frame] = []
        let summary = try decode(data, screensHeld: 1) { frame, screen in
            // The budget is checked before each frame is kept.
            let (total, overflow) = screen.multipliedReportingOverflow(by: frames.count + 1)
            if overflow || total > limits.maxTotalPixels {
                throw ImageCodecError.limitExceeded(.totalPixels(what: "GIF", limit: limits.maxTotalPixels))
            }
            frames.append(frame)
        }
        return GIFAnimation(width: summary.width, height: summary.height, frames: frames, loopCount: summary.loopCount)
    }

    /// Decodes `data` frame by frame in one walk through the file, handing each composited
    /// frame (and the screen's pixel count) to `body` as soon as it is drawn: one screen is
    /// held, whatever the number of frames. Returns the screen's size, the loop count and the number of frames.
    /// Throws before allocating when the canvas and its copy (for disposal 3) do not fit the
    /// memory budget.
    /// - Parameters:
    ///   - data: a file's bytes.
    ///   - body: given each composited frame and its index, in order.
    /// - Throws: ``ImageCodecError`` for a broken file or a limit exceeded; what `body` throws.
    /// - Returns: the screen's size, the loop count and the number of frames.
    public func decode(_ data: [UInt8], eachFrame body: (GIFAnimation.Frame, Int) throws -> Void) throws -> GIFSummary {
        try decode(data, screensHeld: 2, eachFrame: body)
    }

    /// ``decode(_:eachFrame:)`` checking that `screensHeld` screens fit the budget first.
    private func decode(_ data: [UInt8], screensHeld: Int, eachFrame body: (GIFAnimation.Frame, Int) throws -> Void) throws -> GIFSummary {
        var compositor: GIFCompositor?
        let scan = try withoutActuallyEscaping(body) { body in
            try self.scan(data) { record, indices, width, height in
                if compositor == nil {
                    guard width * height <= limits.maxTotalPixels / screensHeld else {
                        throw ImageCodecError.limitExceeded(
                            .totalPixels(what: "GIF (a \(width)×\(height) screen)", limit: limits.maxTotalPixels))
                    }
                    compositor = try GIFCompositor(width: width, height: height)
                }
                // Optional chaining draws on the canvas in place (no copy of the screen).
                guard let image = compositor?.composite(record, indices: indices) else { return }
                try body(
                    GIFAnimation.Frame(
                        image: image, delayCentiseconds: record.delayCentiseconds, disposal: record.disposal,
                        left: record.left, top: record.top, width: record.width, height: record.height),
                    width * height)
            }
        }
        return GIFSummary(width: scan.width, height: scan.height, loopCount: scan.loopCount, frameCount: scan.records.count)
    }

    /// Walks `data` once (its blocks checked, no LZW data decoded, no pixel kept) and
    /// returns a source that composites frames when they are drawn, keeping the most recent
    /// ones within `memoryPixels` (the decoding budget when nil). Throws when even one frame
    /// cannot be composited within it (the screen, its copy for disposal 3 and one frame).
    /// - Parameters:
    ///   - data: a file's bytes.
    ///   - memoryPixels: the pixels the source may keep; nil for the decoding budget.
    /// - Returns: the source.
    /// - Throws: ``ImageCodecError`` for a broken file or a limit exceeded.
    public func frameSource(_ data: [UInt8], memoryPixels: Int? = nil) throws -> GIFFrameSource {
        let scan = try self.scan(data)
        let budget = memoryPixels ?? limits.maxTotalPixels
        let screen = scan.width * scan.height
        guard screen <= budget / 3 else {
            throw ImageCodecError.limitExceeded(
                .totalPixels(
                    what: "GIF (one \(scan.width)×\(scan.height) frame, its canvas and a copy)",
                    limit: budget))
        }
        // Kept pictures: every frame twice (at its size and resampled) at most, and no more
        // than a quarter of the budget unless one frame needs more, so other inputs keep room.
        let (all, overflow) = (2 * screen).multipliedReportingOverflow(by: scan.records.count)
        let cache = min(budget - 2 * screen, max(screen, min(overflow ? Int.max : all, budget / 4)))
        return GIFFrameSource(scan: scan, cachePixels: cache)
    }

    /// The file's structure: screen, loop count and every complete image record (its LZW
    /// data's blocks walked, not decoded).
    ///
    /// With `visit`, each frame is decoded from its own bytes as soon as its record is
    /// complete and handed over with its palette indices (in display order) and the screen's size.
    func scan(_ data: [UInt8], visit: ((GIFFrameRecord, GIFIndices, Int, Int) throws -> Void)? = nil) throws -> GIFScan {
        guard Self.isGIF(data) else {
            throw ImageCodecError.notThisFormat(.gif)
        }
        let bytes = GIFStreamRepair.repaired(data)
        return try GIFStream.reading(bytes) { gif, source in
            let screenWidth = Int(gif.pointee.SWidth), screenHeight = Int(gif.pointee.SHeight)
            if screenWidth > 0 && screenHeight > 0 {
                try limits.check(width: screenWidth, height: screenHeight, what: "GIF logical screen")
            }
            var scan = GIFScan(bytes: bytes, headerEnd: source.offset, width: screenWidth, height: screenHeight)
            let globalPalette = Palette(gif.pointee.SColorMap)
            var control = GraphicControl()
            // The decoding work the file can ask for: every frame's pixels, each decoded at least
            // once to draw the frames after it (docs/robustness.md, "Work").
            var work = 0
            var endedAtTrailer = false
            records: while true {
                var recordType = UNDEFINED_RECORD_TYPE
                guard DGifGetRecordType(gif, &recordType) == GIF_OK else { break records }
                switch recordType {
                case IMAGE_DESC_RECORD_TYPE:
                    let start = source.offset - 1
                    guard DGifGetImageDesc(gif) == GIF_OK else { break records }
                    if scan.records.count >= limits.maxFrames {
                        throw ImageCodecError.limitExceeded(.frames(what: "GIF", limit: limits.maxFrames))
                    }
                    let desc = gif.pointee.Image
                    let width = Int(desc.Width), height = Int(desc.Height)
                    // As Chromium and Pillow read it, the screen grows to hold the first frame:
                    // a file whose screen is 0×0 (or smaller than its first frame) shows it whole.
                    if scan.records.isEmpty {
                        (scan.width, scan.height) = Self.shownScreen(
                            width: scan.width, height: scan.height, firstFrame: (Int(desc.Left), Int(desc.Top), width, height))
                        guard scan.width > 0, scan.height > 0 else {
                            throw ImageCodecError.malformed(.gif, reason: "logical screen is \(scan.width)×\(scan.height)")
                        }
                        try limits.check(width: scan.width, height: scan.height, what: "GIF logical screen")
                    }
                    let palette = Palette(desc.ColorMap) ?? globalPalette
                    if width > 0, height > 0 {
                        try limits.check(width: width, height: height, what: "GIF frame")
                        work = work.addingSaturating(width * height)
                        if work > limits.maxDecodedPixels {
                            throw ImageCodecError.limitExceeded(.work(what: "GIF's frames", limit: limits.maxDecodedPixels))
                        }
                    }
                    // The LZW data's blocks are walked, not decoded: a frame is decoded only
                    // when it is drawn.
                    guard Self.skipImageData(gif) else { break records }
                    let record = GIFFrameRecord(
                        left: Int(desc.Left), top: Int(desc.Top), width: width, height: height, interlaced: desc.Interlace,
                        colors: palette?.colors ?? [], transparentIndex: control.transparentIndex(in: palette),
                        delayCentiseconds: control.delay, disposal: control.disposal, bytes: start..<source.offset)
                    scan.records.append(record)
                    control = GraphicControl()
                    if let visit { try visit(record, scan.indices(of: record), scan.width, scan.height) }
                case EXTENSION_RECORD_TYPE:
                    guard Self.readExtension(gif, control: &control, loopCount: &scan.loopCount) else { break records }
                case TERMINATE_RECORD_TYPE:
                    endedAtTrailer = true
                    break records
                default:
                    break records // what cannot be read
                }
            }
            // A whole file with a screen and no image shows one frame: the canvas in its
            // background state (transparent). A file cut short before any image is refused.
            if scan.records.isEmpty && endedAtTrailer {
                guard screenWidth > 0, screenHeight > 0 else {
                    throw ImageCodecError.malformed(.gif, reason: "logical screen is \(screenWidth)×\(screenHeight)")
                }
                let record = GIFFrameRecord(
                    left: 0, top: 0, width: 0, height: 0, interlaced: false, colors: [], transparentIndex: nil,
                    delayCentiseconds: control.delay, disposal: 0, bytes: 0..<0)
                scan.records.append(record)
                if let visit { try visit(record, GIFIndices(values: [], linesDecoded: 0), screenWidth, screenHeight) }
            }
            guard !scan.records.isEmpty else {
                throw ImageCodecError.malformed(.gif, reason: "no complete frame")
            }
            return scan
        }
    }

    /// The screen a GIF is shown on: its logical screen grown to hold its first frame, as
    /// Chromium and Pillow show it (a 0×0 screen takes the first frame's size). The decoder and
    /// `info` both read the size from here.
    /// - Parameters:
    ///   - width: the logical screen's width.
    ///   - height: its height.
    ///   - firstFrame: the first image's left, top, width and height; nil for none.
    /// - Returns: the width and height shown.
    static func shownScreen(width: Int, height: Int, firstFrame: (left: Int, top: Int, width: Int, height: Int)?) -> (Int, Int) {
        guard let first = firstFrame else { return (width, height) }
        return (max(width, first.left + first.width), max(height, first.top + first.height))
    }

    /// Walks past a frame's LZW data block by block without decoding it; false when the
    /// blocks end early.
    static func skipImageData(_ gif: UnsafeMutablePointer<GifFileType>) -> Bool {
        var codeSize: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetCode(gif, &codeSize, &block) == GIF_OK else { return false }
        while block != nil {
            guard DGifGetCodeNext(gif, &block) == GIF_OK else { return false }
        }
        return true
    }

    private static func readExtension(
        _ gif: UnsafeMutablePointer<GifFileType>, control: inout GraphicControl,
        loopCount: inout Int?
    ) -> Bool {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else { return false }
        var blocks: [[UInt8]] = []
        while let current = block {
            let length = Int(current[0])
            blocks.append(Array(UnsafeBufferPointer(start: current + 1, count: length)))
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else { return false }
        }
        if code == GRAPHICS_EXT_FUNC_CODE, let body = blocks.first, body.count >= 4 {
            control.disposal = Int(body[0] >> 2 & 0x07)
            control.hasTransparency = body[0] & 0x01 != 0
            control.delay = Int(body[1]) | Int(body[2]) << 8
            control.transparentIndex = Int(body[3])
        } else if code == APPLICATION_EXT_FUNC_CODE, blocks.count >= 2,
            blocks[0] == Array("NETSCAPE2.0".utf8) || blocks[0] == Array("ANIMEXTS1.0".utf8),
            blocks[1].count >= 3, blocks[1][0] == 1
        {
            loopCount = Int(blocks[1][1]) | Int(blocks[1][2]) << 8
        }
        return true
    }

    static func message(_ code: Int32) -> String {
        if let text = GifErrorString(code) { return String(cString: text).lowercased() }
        return "giflib error \(code)"
    }
}

/// The graphic control extension that applies to the next image.
private struct GraphicControl {
    var disposal = 0
    var delay = 0
    var hasTransparency = false
    var transparentIndex = 0

    /// The index left transparent. Browsers honour it whatever the colour table's size: an
    /// index past the table's end (gifsicle writes such frames) still leaves its pixels as they
    /// were, while other indices past the end are drawn opaque black.
    func transparentIndex(in palette: Palette?) -> Int? {
        hasTransparency ? transparentIndex : nil
    }
}

/// A GIF colour table as RGB triples.
private struct Palette {
    var colors: [(UInt8, UInt8, UInt8)]

    init?(_ map: UnsafeMutablePointer<ColorMapObject>?) {
        guard let map, let entries = map.pointee.Colors, map.pointee.ColorCount > 0 else { return nil }
        colors = (0..<Int(map.pointee.ColorCount)).map { (entries[$0].Red, entries[$0].Green, entries[$0].Blue) }
    }
}
