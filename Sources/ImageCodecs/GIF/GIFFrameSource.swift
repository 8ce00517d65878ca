import CGif
import RefreshImage
import RefreshLocking

/// One image record of a GIF, as a scan found it: what compositing it needs.
struct GIFFrameRecord: Sendable {
    var left: Int, top: Int, width: Int, height: Int
    var interlaced: Bool
    /// The palette in effect (local, else global) as RGB triples.
    var colors: [(UInt8, UInt8, UInt8)]
    /// The transparent index, when the graphic control sets one inside the palette.
    var transparentIndex: Int?
    var delayCentiseconds: Int
    var disposal: Int
    /// The image record (its 0x2C byte to its block terminator) in the scanned bytes.
    var bytes: Range<Int>
}

/// What a one-pass decode found: the logical screen, the loop count and the number of frames.
package struct GIFSummary: Sendable, Equatable {
    /// Logical screen width in pixels.
    public var width: Int
    /// Logical screen height in pixels.
    public var height: Int
    /// The NETSCAPE2.0 loop count (nil: none, 0: forever).
    public var loopCount: Int?
    /// The number of complete frames.
    public var frameCount: Int
}

/// A GIF's structure after one pass: the bytes (repaired), where the header ends, the
/// logical screen, the loop count and every complete image record.
struct GIFScan: Sendable {
    let bytes: [UInt8]
    /// The signature, screen descriptor and global colour table: what precedes every
    /// frame's own bytes when a frame is decoded alone.
    let header: [UInt8]
    /// The screen's size: the logical screen's, grown to hold the first frame as browsers grow
    /// it (a 0×0 screen takes the first frame's size).
    var width: Int
    var height: Int
    var loopCount: Int?
    var records: [GIFFrameRecord] = []

    init(bytes: [UInt8], headerEnd: Int, width: Int, height: Int) {
        self.bytes = bytes
        header = Array(bytes[0..<min(headerEnd, bytes.count)])
        self.width = width
        self.height = height
    }

    /// A record's palette indices in display order (de-interlaced), decoded from its own
    /// bytes behind the file's header: any frame can be read without those before it. When
    /// the LZW data breaks off, the lines decoded before the break are kept.
    func indices(of record: GIFFrameRecord) -> GIFIndices {
        guard record.width > 0, record.height > 0 else { return GIFIndices(values: [], linesDecoded: 0) }
        var stream = header
        stream += bytes[record.bytes]
        stream.append(0x3B)
        var indices = GIFIndices(values: [UInt8](repeating: 0, count: record.width * record.height), linesDecoded: 0)
        _ = try? GIFStream.reading(stream) { gif, _ in
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &type) == GIF_OK, type == IMAGE_DESC_RECORD_TYPE, DGifGetImageDesc(gif) == GIF_OK else { return }
            indices.linesDecoded = Self.readIndices(
                gif, width: record.width, height: record.height, interlaced: record.interlaced,
                into: &indices.values)
        }
        return indices
    }

    /// The display rows of an image in the order its lines are stored (interlaced: the four passes).
    static func storedRowOrder(height: Int, interlaced: Bool) -> [Int] {
        interlaced
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
            : Array(0..<height)
    }

    /// Reads an image's lines into `indices` (width × height) in display order, putting
    /// interlaced passes in their rows; returns how many lines were read before the data ended
    /// or broke.
    static func readIndices(
        _ gif: UnsafeMutablePointer<GifFileType>, width: Int, height: Int, interlaced: Bool,
        into indices: inout [UInt8]
    ) -> Int {
        let rows = storedRowOrder(height: height, interlaced: interlaced)
        guard indices.count == width * height else { return 0 }
        return indices.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return 0 }
            for (read, row) in rows.enumerated() where DGifGetLine(gif, base + row * width, Int32(width)) != GIF_OK { return read }
            return rows.count
        }
    }
}

/// A frame's palette indices in display order, and how many of its lines (in stored order)
/// were decoded: the rest of a frame whose data breaks off is not drawn.
struct GIFIndices {
    var values: [UInt8]
    var linesDecoded: Int
}

/// Draws GIF frames onto the logical screen the way browsers do: disposal 0 and 1 keep a
/// frame, 2 clears its rectangle, 3 restores what was there before it; the transparent
/// index leaves pixels as they are; parts outside the screen are clipped.
struct GIFCompositor {
    /// The screen the next frame is drawn onto.
    private(set) var canvas: RGBAImage

    /// A transparent screen.
    init(width: Int, height: Int) throws {
        canvas = try RGBAImage(width: width, height: height)
    }

    /// A screen that starts as `canvas`.
    init(canvas: RGBAImage) {
        self.canvas = canvas
    }

    /// Draws a frame and returns the picture it shows; the canvas is left as the next frame
    /// finds it (after this frame's disposal).
    mutating func composite(_ record: GIFFrameRecord, indices: GIFIndices) -> RGBAImage {
        let before = record.disposal == 3 ? canvas : nil
        draw(record, indices)
        let shown = canvas
        switch record.disposal {
        case 2: clear(record)
        case 3: if let before { canvas = before }
        default: break
        }
        return shown
    }

    /// The canvas the frame after `record` starts from, given the picture `record` showed;
    /// nil for disposal 3 (which needs the picture before it).
    static func canvas(after record: GIFFrameRecord, shown: RGBAImage) -> RGBAImage? {
        switch record.disposal {
        case 3: return nil
        case 2:
            var next = GIFCompositor(canvas: shown)
            next.clear(record)
            return next.canvas
        default: return shown
        }
    }

    /// Why frame `index` shows the same picture drawn onto a transparent screen as onto
    /// whatever the frames before it left, or nil when it may not.
    enum BlankStart {
        /// The first frame, or one after a frame that covered the screen and was cleared
        /// (disposal 2): the screen is transparent whatever the frame's data.
        case cleared
        /// A frame covering the screen with no transparent index: true only if its data
        /// decodes in full, which the caller checks when it decodes it.
        case covered
    }

    /// The reason frame `index` can be drawn from a transparent screen. A covering frame that
    /// restores the previous canvas (disposal 3) leaves the wrong canvas for later frames, so
    /// it counts only as the `last` one composited.
    static func blankStart(_ index: Int, in records: [GIFFrameRecord], width: Int, height: Int, last: Bool) -> BlankStart? {
        func covers(_ r: GIFFrameRecord) -> Bool {
            r.left <= 0 && r.top <= 0 && r.left + r.width >= width && r.top + r.height >= height
        }
        guard index > 0 else { return .cleared }
        let previous = records[index - 1], record = records[index]
        if previous.disposal == 2 && covers(previous) { return .cleared }
        if covers(record) && record.transparentIndex == nil && (last || record.disposal != 3) { return .covered }
        return nil
    }

    private func clipped(_ r: GIFFrameRecord) -> (x0: Int, x1: Int, y0: Int, y1: Int)? {
        let x0 = max(0, r.left), x1 = min(canvas.width, r.left + r.width)
        let y0 = max(0, r.top), y1 = min(canvas.height, r.top + r.height)
        return x0 < x1 && y0 < y1 ? (x0, x1, y0, y1) : nil
    }

    private mutating func draw(_ r: GIFFrameRecord, _ decoded: GIFIndices) {
        let indices = decoded.values
        guard let box = clipped(r), indices.count == r.width * r.height else { return }
        let colors = r.colors, transparent = r.transparentIndex, canvasWidth = canvas.width
        // Lines after a break in the data are left as they were.
        var drawn = [Bool](repeating: decoded.linesDecoded >= r.height, count: r.height)
        if decoded.linesDecoded < r.height {
            for row in GIFScan.storedRowOrder(height: r.height, interlaced: r.interlaced).prefix(decoded.linesDecoded) { drawn[row] = true }
        }
        canvas.withUnsafeMutablePixels { out in
            for y in box.y0..<box.y1 where drawn[y - r.top] {
                let sourceRow = (y - r.top) * r.width - r.left
                for x in box.x0..<box.x1 {
                    let index = Int(indices[sourceRow + x])
                    if index == transparent { continue }
                    let o = (y * canvasWidth + x) * 4
                    if index < colors.count {
                        let c = colors[index]
                        out[o] = c.0; out[o + 1] = c.1; out[o + 2] = c.2
                    } else {
                        out[o] = 0; out[o + 1] = 0; out[o + 2] = 0
                    }
                    out[o + 3] = 255
                }
            }
        }
    }

    private mutating func clear(_ r: GIFFrameRecord) {
        guard let box = clipped(r) else { return }
        let canvasWidth = canvas.width
        canvas.withUnsafeMutablePixels { out in
            for y in box.y0..<box.y1 {
                let start = (y * canvasWidth + box.x0) * 4
                out[start..<(start + (box.x1 - box.x0) * 4)].update(repeating: 0)
            }
        }
    }
}

/// A GIF's frames composited when they are drawn (docs/robustness.md): the file is read once
/// to check every frame and find where each lies; a frame asked for is composited from the
/// nearest earlier frame still kept (or from the start), and the most recently used pictures
/// are kept within a budget in pixels. Thread-safe; the same frame always has the same pixels.
package final class GIFFrameSource: LazyImageSource {
    private let scan: GIFScan
    /// The pixels the kept pictures may take together.
    public let cachePixels: Int
    private let cache: Locked<FrameCache>

    /// The number of frames.
    public var frameCount: Int { scan.records.count }
    /// The logical screen's width.
    public var frameWidth: Int { scan.width }
    /// The logical screen's height.
    public var frameHeight: Int { scan.height }
    /// The NETSCAPE2.0 loop count (nil: none, 0: forever).
    public var loopCount: Int? { scan.loopCount }
    /// Each frame's delay as written, in centiseconds.
    public var delaysCentiseconds: [Int] { scan.records.map(\.delayCentiseconds) }
    /// Each frame's delay as players use it (0 or 1 cs count as 10 cs), in microseconds.
    package var effectiveDelaysMicroseconds: [Int64] {
        scan.records.map { GIFAnimation.Frame.effectiveDelayMicroseconds(centiseconds: $0.delayCentiseconds) }
    }
    /// The pixels this source may hold at most: kept pictures, the canvas and its copy.
    public var reservedPixels: Int { cachePixels + 2 * scan.width * scan.height }

    init(scan: GIFScan, cachePixels: Int) {
        self.scan = scan
        self.cachePixels = max(scan.width * scan.height, cachePixels)
        cache = Locked(FrameCache())
    }

    /// Frame `index` at `width` × `height` pixels.
    /// - Parameters:
    ///   - index: the frame.
    ///   - width: pixels.
    ///   - height: pixels.
    /// - Returns: the frame (transparent when it cannot be composited).
    public func image(at index: Int, width: Int, height: Int) -> RGBAImage {
        guard scan.records.indices.contains(index) else {
            return RGBAImage.transparent(width: width, height: height)
        }
        return cache.withLock { cache in
            let key = FrameCache.Key(index: index, width: width, height: height)
            if let kept = cache.take(key) { return kept }
            let shown = composite(index, cache: &cache)
            guard width != scan.width || height != scan.height else { return shown }
            let resized = (try? Resampler.resize(shown, width: width, height: height)) ?? shown
            cache.keep(resized, as: key, limit: cachePixels)
            return resized
        }
    }

    /// Frame `index` at the screen's size: from the latest kept frame before it whose
    /// disposal lets the next one start from its picture, or from the latest frame that does
    /// not depend on those before it (``GIFCompositor/blankStart(_:in:width:height:last:)``).
    private func composite(_ index: Int, cache: inout FrameCache, trustingCover: Bool = true) -> RGBAImage {
        var start = 0
        var compositor: GIFCompositor?
        var fromCover = false
        var earlier = index
        while earlier >= 0 {
            if let kept = cache.take(FrameCache.Key(index: earlier, width: scan.width, height: scan.height)) {
                if earlier == index { return kept }
                if let canvas = GIFCompositor.canvas(after: scan.records[earlier], shown: kept) {
                    compositor = GIFCompositor(canvas: canvas)
                    start = earlier + 1
                    break
                }
            }
            if let reason = GIFCompositor.blankStart(
                earlier, in: scan.records, width: scan.width, height: scan.height,
                last: earlier == index),
                reason == .cleared || trustingCover
            {
                fromCover = reason == .covered
                start = earlier
                break
            }
            earlier -= 1
        }
        guard var compositor = compositor ?? (try? GIFCompositor(width: scan.width, height: scan.height)) else {
            return RGBAImage.transparentPixel
        }
        var shown = compositor.canvas
        for i in start...index {
            let indices = scan.indices(of: scan.records[i])
            // A covering frame whose data breaks off does not cover: start further back.
            if i == start && fromCover && indices.linesDecoded < scan.records[i].height {
                return composite(index, cache: &cache, trustingCover: false)
            }
            shown = compositor.composite(scan.records[i], indices: indices)
            cache.keep(shown, as: FrameCache.Key(index: i, width: scan.width, height: scan.height), limit: cachePixels)
        }
        return shown
    }
}

/// Pictures kept by a ``GIFFrameSource``, least recently used first out.
private struct FrameCache {
    struct Key: Hashable {
        var index: Int, width: Int, height: Int
    }

    private var pictures: [Key: RGBAImage] = [:]
    private var order: [Key] = []
    private var pixels = 0

    /// The picture kept under `key`, now the most recently used.
    mutating func take(_ key: Key) -> RGBAImage? {
        guard let picture = pictures[key] else { return nil }
        if let at = order.firstIndex(of: key) { order.remove(at: at) }
        order.append(key)
        return picture
    }

    /// Keeps `picture`, dropping the least recently used until everything fits `limit`
    /// (the newest picture always stays).
    mutating func keep(_ picture: RGBAImage, as key: Key, limit: Int) {
        if let old = pictures[key] {
            pixels -= old.width * old.height
            if let at = order.firstIndex(of: key) { order.remove(at: at) }
        }
        pictures[key] = picture
        order.append(key)
        pixels += picture.width * picture.height
        while pixels > limit, order.count > 1 {
            let oldest = order.removeFirst()
            if let dropped = pictures.removeValue(forKey: oldest) { pixels -= dropped.width * dropped.height }
        }
    }
}
