import CGif
import RefreshImage

/// Writes animated GIFs with giflib, one frame at a time.
///
/// Each frame gets its own 255-colour palette from giflib's median-cut quantiser
/// (`GifQuantizeBuffer`) plus one transparent entry: pixels less than half opaque become
/// transparent (GIF has no partial alpha).
///
/// Frames are written as the differences from what is on screen (docs/images.md): only the
/// smallest rectangle holding the pixels that change, those pixels drawn and the rest of the
/// rectangle left transparent, so a pixel whose source stays the same is never redrawn (it
/// cannot flicker) and a frame equal to the one before is not written at all: its time goes
/// to the frame shown. A frame is kept on screen under the next (disposal "none") unless a
/// pixel of it must turn transparent; then it is cleared to the background (disposal 2),
/// with its rectangle grown to cover every such pixel. Delays are in centiseconds, each frame
/// starting at its own time rounded, so rounding never accumulates; frames closer than 2 cs
/// to the previous one are dropped, because browsers slow delays of 0–1 cs down to 10 cs.
public final class GIFEncoder {
    private let gif: UnsafeMutablePointer<GifFileType>
    private let sink: ByteSink
    /// Width and height in pixels.
    public let width: Int, height: Int
    private var lastCentisecond: Int?
    /// The frame written next, once the frame after it says how it must be disposed of.
    private var pending: Pending?
    /// The screen before the pending frame is drawn, as source pixels (0: transparent).
    private var base: [UInt32]
    private var closed = false

    /// A frame waiting for its disposal and delay.
    private struct Pending {
        var frame: QuantizedFrame
        var start: Int
        /// The rectangle written: x, y, width, height.
        var rect: (x: Int, y: Int, width: Int, height: Int)
        var disposal: Int32 = DISPOSE_DO_NOT
    }

    /// Bytes written so far.
    final class ByteSink {
        var bytes: [UInt8] = []
    }

    /// Starts a GIF of the given size that loops forever.
    public init(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw ImageCodecError.cannotEncode(.gif, reason: "frames must be 1–65535 px a side, got \(width)×\(height)")
        }
        self.width = width
        self.height = height
        base = [UInt32](repeating: 0, count: width * height)
        sink = ByteSink()
        var error: Int32 = 0
        guard let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), writeBytes, &error) else {
            throw ImageCodecError.libraryFailure("giflib could not start a GIF (\(GIFDecoder.message(error)))")
        }
        self.gif = gif
        EGifSetGifVersion(gif, true)
        guard EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil) == GIF_OK else {
            throw ImageCodecError.libraryFailure("giflib: \(GIFDecoder.message(gif.pointee.Error))")
        }
        var netscape = Array("NETSCAPE2.0".utf8)
        var loop: [UInt8] = [1, 0, 0]
        EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE)
        EGifPutExtensionBlock(gif, 11, &netscape)
        EGifPutExtensionBlock(gif, 3, &loop)
        EGifPutExtensionTrailer(gif)
    }

    deinit {
        if !closed {
            var error: Int32 = 0
            EGifCloseFile(gif, &error)
        }
    }

    /// A frame reduced to a palette, ready for `add(_:at:)`; made on any thread.
    public struct QuantizedFrame: Sendable {
        let width: Int, height: Int
        let indices: [UInt8]
        let colors: [(UInt8, UInt8, UInt8)]
        /// The source pixels, straight RGBA packed in one word, 0 where less than half opaque:
        /// what decides which pixels change from frame to frame.
        let source: [UInt32]

        /// Quantises `image` (see ``GIFEncoder``). With a `matte`, the colour of the page the
        /// GIF will sit on, every pixel that is not fully transparent is first composited onto
        /// it and made opaque, so soft edges stay smooth on that page instead of being cut at
        /// half opacity.
        public init(_ image: RGBAImage, matte: RGBAColor? = nil) throws {
            let (indices, map, source) = try GIFEncoder.quantize(matte.map { image.flattenedEdges(onto: $0) } ?? image)
            width = image.width
            height = image.height
            self.indices = indices
            colors = map.map { ($0.Red, $0.Green, $0.Blue) }
            self.source = source
        }
    }

    /// Adds a frame shown from `seconds` after the start; its delay is known when the next
    /// frame (or ``finish(at:)``) comes. Throws ``ImageCodecError/cannotEncode(_:reason:)``
    /// for a frame of another size or a time that is not a finite number ≥ 0.
    public func add(_ image: RGBAImage, at seconds: Double) throws {
        try add(QuantizedFrame(image), atMicroseconds: try encoderMicroseconds(seconds, format: .gif))
    }

    /// Adds an already quantised frame shown from `seconds` after the start.
    public func add(_ frame: QuantizedFrame, at seconds: Double) throws {
        try add(frame, atMicroseconds: try encoderMicroseconds(seconds, format: .gif))
    }

    /// Adds an already quantised frame shown from `time` µs.
    package func add(_ frame: QuantizedFrame, atMicroseconds time: Int64) throws {
        guard frame.width == width, frame.height == height else {
            throw ImageCodecError.cannotEncode(.gif, reason: "frame is \(frame.width)×\(frame.height) px, the GIF \(width)×\(height)")
        }
        let centisecond = Int((Double(time) / 10_000).rounded())
        if let last = lastCentisecond, centisecond - last < 2 { return }
        lastCentisecond = centisecond
        guard var previous = pending else {
            pending = Pending(frame: frame, start: centisecond, rect: Self.changes(from: base, to: frame.source, width: width))
            return
        }
        // The same picture again: the pending frame stays on screen longer.
        if previous.frame.source == frame.source { return }
        // What the screen holds once the pending frame is shown is its source; keep it there
        // (disposal none) when no pixel has to turn transparent, else clear its rectangle,
        // grown to every pixel that must.
        let shown = previous.frame.source
        var clear: (x: Int, y: Int, width: Int, height: Int)?
        for i in 0..<shown.count where shown[i] != 0 && frame.source[i] == 0 {
            clear = Self.union(clear, (i % width, i / width, 1, 1))
        }
        var next = shown
        if let clear {
            previous.rect = Self.union(previous.rect, clear) ?? previous.rect
            previous.disposal = DISPOSE_BACKGROUND
            let r = previous.rect
            for y in r.y..<r.y + r.height { for x in r.x..<r.x + r.width { next[y * width + x] = 0 } }
        }
        try write(previous, until: centisecond)
        base = next
        pending = Pending(frame: frame, start: centisecond, rect: Self.changes(from: next, to: frame.source, width: width))
    }

    /// The bounding box of the pixels `to` draws over `from` (opaque and different), or a
    /// 1×1 rectangle when there are none.
    private static func changes(from: [UInt32], to: [UInt32], width: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        var box: (x: Int, y: Int, width: Int, height: Int)?
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for i in 0..<to.count where to[i] != 0 && to[i] != from[i] {
            let x = i % width, y = i / width
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        if maxX >= 0 { box = (minX, minY, maxX - minX + 1, maxY - minY + 1) }
        return box ?? (0, 0, 1, 1)
    }

    private static func union(_ a: (x: Int, y: Int, width: Int, height: Int)?, _ b: (x: Int, y: Int, width: Int, height: Int))
        -> (x: Int, y: Int, width: Int, height: Int)?
    {
        guard let a else { return b }
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return (x, y, max(a.x + a.width, b.x + b.width) - x, max(a.y + a.height, b.y + b.height) - y)
    }

    /// The bytes written since the last call (the file so far, the first time): a long
    /// animation goes to disk as it is made instead of staying in memory.
    public func takeBytes() -> [UInt8] {
        defer { sink.bytes.removeAll(keepingCapacity: true) }
        return sink.bytes
    }

    /// Writes the last frame (shown until `seconds` after the start) and returns the GIF
    /// file (what ``takeBytes()`` has not handed out yet).
    public func finish(at seconds: Double) throws -> [UInt8] {
        try finish(atMicroseconds: try encoderMicroseconds(seconds, format: .gif))
    }

    /// ``finish(at:)`` in microseconds.
    package func finish(atMicroseconds time: Int64) throws -> [UInt8] {
        let end = Int((Double(time) / 10_000).rounded())
        if let last = pending {
            pending = nil
            try write(last, until: max(end, (lastCentisecond ?? 0) + 2))
        }
        var error: Int32 = 0
        closed = true
        guard EGifCloseFile(gif, &error) == GIF_OK else {
            throw ImageCodecError.libraryFailure("giflib could not finish the GIF (\(GIFDecoder.message(error)))")
        }
        return sink.bytes
    }

    /// Writes `frame` shown until `centisecond`: its rectangle, drawing the pixels that
    /// differ from ``base`` and leaving the rest transparent.
    private func write(_ frame: Pending, until centisecond: Int) throws {
        var gcb = GraphicsControlBlock(
            DisposalMode: frame.disposal, UserInputFlag: false,
            DelayTime: Int32(min(65535, max(2, centisecond - frame.start))), TransparentColor: 0)
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&gcb, &extensionBytes)
        guard EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes) == GIF_OK else {
            throw ImageCodecError.libraryFailure("giflib: \(GIFDecoder.message(gif.pointee.Error))")
        }
        let r = frame.rect
        let source = frame.frame.source, indices = frame.frame.indices
        // The local table holds only the colours this rectangle draws (transparent first), in
        // the smallest power-of-two size: fewer bits per pixel for the LZW coder.
        var slot = [Int](repeating: -1, count: 256)
        var used: [Int] = [0]
        slot[0] = 0
        for y in r.y..<r.y + r.height {
            for x in r.x..<r.x + r.width {
                let i = y * width + x
                guard source[i] != 0 && source[i] != base[i] else { continue }
                let index = Int(indices[i])
                if slot[index] < 0 {
                    slot[index] = used.count
                    used.append(index)
                }
            }
        }
        var size = 2
        while size < used.count { size *= 2 }
        var colors = [GifColorType](repeating: GifColorType(), count: size)
        for (position, index) in used.enumerated() where index > 0 {
            let color = frame.frame.colors[index]
            colors[position] = GifColorType(Red: color.0, Green: color.1, Blue: color.2)
        }
        guard let map = GifMakeMapObject(Int32(size), colors) else {
            throw ImageCodecError.libraryFailure("giflib could not make a colour map")
        }
        defer { GifFreeMapObject(map) }
        guard EGifPutImageDesc(gif, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height), false, map) == GIF_OK else {
            throw ImageCodecError.libraryFailure("giflib: \(GIFDecoder.message(gif.pointee.Error))")
        }
        var line = [GifByteType](repeating: 0, count: r.width)
        for y in r.y..<r.y + r.height {
            for x in r.x..<r.x + r.width {
                let i = y * width + x
                line[x - r.x] = source[i] != 0 && source[i] != base[i] ? GifByteType(slot[Int(indices[i])]) : 0
            }
            let ok = line.withUnsafeMutableBufferPointer { buffer -> Bool in
                guard let start = buffer.baseAddress else { return false }
                return EGifPutLine(gif, start, Int32(r.width)) == GIF_OK
            }
            guard ok else { throw ImageCodecError.libraryFailure("giflib: \(GIFDecoder.message(gif.pointee.Error))") }
        }
    }

    /// Palette indices (0 = transparent), a 256-entry colour map and the source pixels
    /// (straight RGB and 0xFF, 0 where less than half opaque) of one frame.
    ///
    /// A frame of at most 255 colours gets exactly its colours (lossless). Otherwise a
    /// weighted median cut of its distinct colours (``medianCut(_:counts:limit:)``) gives the
    /// first palette and three k-means passes refine it. Distinct colours are sorted, so ties
    /// and sums are the same in every run, on any thread.
    static func quantize(_ image: RGBAImage) throws -> ([UInt8], [GifColorType], [UInt32]) {
        let count = image.width * image.height
        let straight = image.straightPixels()
        var counts = ColorTable(capacity: count)
        var source = [UInt32](repeating: 0, count: count)
        for i in 0..<count where straight[i * 4 + 3] >= 128 {
            let key = UInt32(straight[i * 4]) << 16 | UInt32(straight[i * 4 + 1]) << 8 | UInt32(straight[i * 4 + 2])
            counts.add(key)
            source[i] = key << 8 | 0xFF
        }
        let distinct = counts.keys.sorted()
        let palette =
            distinct.count <= 255
            ? distinct.map { (Int($0 >> 16), Int($0 >> 8 & 0xFF), Int($0 & 0xFF)) }
            : refined(medianCut(distinct, counts: counts), distinct: distinct, counts: counts)
        var colors = [GifColorType](repeating: GifColorType(), count: 256)
        for (index, color) in palette.enumerated() {
            colors[index + 1] = GifColorType(Red: UInt8(color.0), Green: UInt8(color.1), Blue: UInt8(color.2))
        }
        for key in distinct {
            counts.setValue(1 + nearest(Int(key >> 16), Int(key >> 8 & 0xFF), Int(key & 0xFF), in: palette), for: key)
        }
        var indices = [UInt8](repeating: 0, count: count)
        for i in 0..<count where source[i] != 0 {
            indices[i] = UInt8(truncatingIfNeeded: counts.value(for: source[i] >> 8))
        }
        return (indices, colors, source)
    }

    /// A median cut of the distinct colours, weighted by their pixel counts: the box holding
    /// the most pixels × its longest side is split at the weighted median of that side, until
    /// there are `limit` boxes; each gives its weighted mean. Works on full 8-bit channels
    /// (giflib's cut uses 5 bits), over distinct colours rather than pixels, and needs no lock
    /// (giflib's keeps process-wide state).
    static func medianCut(_ distinct: [UInt32], counts: ColorTable, limit: Int = 255) -> [(Int, Int, Int)] {
        struct Box {
            var colors: ArraySlice<UInt32>
            var weight: Int
            var axis = 0
            var spread = 0
        }
        func channel(_ key: UInt32, _ axis: Int) -> Int { Int(key >> UInt32(16 - 8 * axis) & 0xFF) }
        func measured(_ colors: ArraySlice<UInt32>) -> Box {
            var low = [255, 255, 255], high = [0, 0, 0], weight = 0
            for key in colors {
                for axis in 0..<3 {
                    let v = channel(key, axis)
                    low[axis] = min(low[axis], v)
                    high[axis] = max(high[axis], v)
                }
                weight += counts.count(of: key)
            }
            let spreads = (0..<3).map { high[$0] - low[$0] }
            let axis = spreads.firstIndex(of: spreads.max() ?? 0) ?? 0
            return Box(colors: colors, weight: weight, axis: axis, spread: spreads[axis])
        }
        var boxes = [measured(distinct[...])]
        while boxes.count < limit {
            // The box to split: most pixels × widest side (ties: the first).
            guard let index = boxes.indices.max(by: { a, b in
                let x = boxes[a].weight * boxes[a].spread, y = boxes[b].weight * boxes[b].spread
                return x != y ? x < y : a > b
            }), boxes[index].spread > 0, boxes[index].colors.count > 1 else { break }
            let box = boxes[index]
            let sorted = box.colors.sorted { channel($0, box.axis) != channel($1, box.axis) ? channel($0, box.axis) < channel($1, box.axis) : $0 < $1 }
            var running = 0, cut = 1
            for (offset, key) in sorted.enumerated() {
                running += counts.count(of: key)
                if running * 2 >= box.weight { cut = max(1, min(sorted.count - 1, offset + 1)); break }
            }
            let all = Array(sorted)
            boxes[index] = measured(all[0..<cut])
            boxes.append(measured(all[cut...]))
        }
        return boxes.map { box in
            var sums = (0, 0, 0), weight = 0
            for key in box.colors {
                let w = counts.count(of: key)
                sums.0 += channel(key, 0) * w; sums.1 += channel(key, 1) * w; sums.2 += channel(key, 2) * w
                weight += w
            }
            let half = max(1, weight) / 2
            return ((sums.0 + half) / max(1, weight), (sums.1 + half) / max(1, weight), (sums.2 + half) / max(1, weight))
        }
    }

    /// `palette` after three k-means passes over the distinct colours, weighted by their counts.
    private static func refined(_ start: [(Int, Int, Int)], distinct: [UInt32], counts: ColorTable) -> [(Int, Int, Int)] {
        var palette = start
        for _ in 0..<3 {
            var sums = [(Int, Int, Int, Int)](repeating: (0, 0, 0, 0), count: palette.count)
            for key in distinct {
                let weight = counts.count(of: key)
                let r = Int(key >> 16), g = Int(key >> 8 & 0xFF), b = Int(key & 0xFF)
                let index = nearest(r, g, b, in: palette)
                sums[index].0 += r * weight; sums[index].1 += g * weight; sums[index].2 += b * weight
                sums[index].3 += weight
            }
            palette = zip(palette, sums).map { old, sum in
                guard sum.3 > 0 else { return old }
                let half = sum.3 / 2
                return ((sum.0 + half) / sum.3, (sum.1 + half) / sum.3, (sum.2 + half) / sum.3)
            }
        }
        return palette
    }
}

/// Colours (24-bit RGB) of one frame with a count and a value each: an open-addressing hash
/// table, several times faster than `Dictionary` for the hundreds of thousands of lookups a frame
/// makes. It doubles when half full.
struct ColorTable {
    private static let empty = UInt32.max
    private var slotKeys: [UInt32]
    private var counts: [Int32]
    private var values: [Int32]
    private var mask: Int
    private var used = 0

    /// A table for colours of a frame of `capacity` pixels (it starts small and grows).
    init(capacity: Int) {
        var size = 1024
        while size < min(capacity, 4096) * 2 { size *= 2 }
        slotKeys = [UInt32](repeating: Self.empty, count: size)
        counts = [Int32](repeating: 0, count: size)
        values = [Int32](repeating: 0, count: size)
        mask = size - 1
    }

    private mutating func grow() {
        let oldKeys = slotKeys, oldCounts = counts, oldValues = values
        let size = (mask + 1) * 2
        slotKeys = [UInt32](repeating: Self.empty, count: size)
        counts = [Int32](repeating: 0, count: size)
        values = [Int32](repeating: 0, count: size)
        mask = size - 1
        for (index, key) in oldKeys.enumerated() where key != Self.empty {
            let i = slot(of: key)
            slotKeys[i] = key
            counts[i] = oldCounts[index]
            values[i] = oldValues[index]
        }
    }

    private func slot(of key: UInt32) -> Int {
        var i = Int(truncatingIfNeeded: (key &* 2_654_435_761) >> 7) & mask
        while slotKeys[i] != key && slotKeys[i] != Self.empty { i = (i + 1) & mask }
        return i
    }

    /// Counts one more pixel of `key`.
    mutating func add(_ key: UInt32) {
        var i = slot(of: key)
        if slotKeys[i] == Self.empty {
            if (used + 1) * 2 > mask + 1 {
                grow()
                i = slot(of: key)
            }
            used += 1
            slotKeys[i] = key
        }
        counts[i] += 1
    }

    /// The pixels of `key`.
    func count(of key: UInt32) -> Int { Int(counts[slot(of: key)]) }

    /// Sets the value (a palette index) of a colour already added.
    mutating func setValue(_ value: Int, for key: UInt32) { values[slot(of: key)] = Int32(value) }

    /// The value of a colour already added.
    func value(for key: UInt32) -> Int { Int(values[slot(of: key)]) }

    /// Every colour added, in table order.
    var keys: [UInt32] { slotKeys.filter { $0 != Self.empty } }
}

extension GIFEncoder {
    /// The index of the palette colour nearest `(r, g, b)` (squared distance; the first of equals).
    static func nearest(_ r: Int, _ g: Int, _ b: Int, in palette: [(Int, Int, Int)]) -> Int {
        var best = 0, bestDistance = Int.max
        for (index, color) in palette.enumerated() {
            let dr = color.0 - r, dg = color.1 - g, db = color.2 - b
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                best = index
                bestDistance = distance
                if distance == 0 { break }
            }
        }
        return best
    }
}

private func writeBytes(_ gif: UnsafeMutablePointer<GifFileType>?, _ bytes: UnsafePointer<GifByteType>?, _ length: Int32) -> Int32 {
    guard let gif, let bytes, let user = gif.pointee.UserData, length > 0 else { return 0 }
    let sink = Unmanaged<GIFEncoder.ByteSink>.fromOpaque(user).takeUnretainedValue()
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(length)))
    return length
}

/// Seconds from a public API as whole microseconds, refused when they are not a finite time
/// between 0 and about 31 years (the range every frame clock works in).
package func encoderMicroseconds(_ seconds: Double, format: ImageFormat) throws -> Int64 {
    guard seconds.isFinite, seconds >= 0, seconds <= 1e9 else {
        throw ImageCodecError.cannotEncode(
            format, reason: "a frame time must be a finite number of seconds between 0 and 1e9, got \(seconds)")
    }
    return Int64((seconds * 1_000_000).rounded())
}
