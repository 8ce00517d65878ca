import CGif
import RefreshImage

/// How a GIF frame with more colours than its palette shows the colours it lacks.
public enum GIFDithering: String, Sendable, CaseIterable {
    /// Each pixel takes the nearest palette colour.
    case none
    /// Floyd–Steinberg error diffusion among the pixels the frame draws.
    case floydSteinberg = "floyd-steinberg"
}

/// Writes animated GIFs with giflib's writer, one frame at a time (docs/images.md, "GIF output").
///
/// Frames are written as the differences from what is on screen: only the smallest
/// rectangle holding the pixels that change is written, and a pixel whose source stays the
/// same is never given another colour, so it cannot flicker. A frame equal to the one before
/// is not written at all: its time goes to the frame shown.
///
/// - **Palettes.** The pixels a frame draws get exactly their colours when there are at most
///   255 (``GIFPalette``); beyond that a median cut refined by k-means, optionally dithered
///   (``GIFDithering``). The first frame's table is the global one; a later frame whose
///   colours it holds may use it instead of a table of its own.
/// - **Choosing by trying.** Inside the rectangle, pixels that stay the same may be left
///   transparent or drawn again in the colour they show; the encoder counts the LZW bytes of
///   each way (``LZWCost``), with its own table or the global one, and writes the smallest.
/// - **Disposal.** When the next frame comes, the frame before is kept (none), cleared
///   (background) or restored (previous), whichever leaves the next frame the smallest
///   rectangle among those that show the right pixels.
/// - **Time.** Delays are in centiseconds, each frame starting at its own time rounded, so
///   rounding never accumulates; frames closer than 2 cs to the previous one are dropped,
///   because browsers slow delays of 0–1 cs down to 10 cs.
///
/// Pixels less than half opaque are transparent (GIF has no partial alpha) unless a matte
/// is given (``QuantizedFrame/init(_:matte:)``). The output depends only on the frames and
/// their times: the same bytes whatever thread prepared them.
public final class GIFEncoder {
    private let gif: UnsafeMutablePointer<GifFileType>
    private let sink: ByteSink
    /// Width and height in pixels.
    public let width: Int, height: Int
    private let dithering: GIFDithering
    private var lastCentisecond: Int?
    /// The frame written next, once the frame after it says how it must be disposed of.
    private var pending: Pending?
    /// The source pixels the screen stands for before the pending frame (0: transparent).
    private var base: [UInt32]
    /// The colours the screen shows before the pending frame, as drawn (0: transparent).
    private var screen: [UInt32]
    /// The global colour table, once the screen descriptor is written.
    private var global: Table?
    private var headerWritten = false
    private var cost = LZWCost()
    /// Frames written before the global table is chosen, and their pixels.
    private var waiting: [Record] = []
    private var waitingPixels = 0
    private var closed = false

    /// A rectangle of the screen.
    struct Rect: Equatable {
        var x: Int, y: Int, width: Int, height: Int
        var area: Int { width * height }

        func union(_ other: Rect?) -> Rect {
            guard let other else { return self }
            let left = min(x, other.x), top = min(y, other.y)
            return Rect(
                x: left, y: top, width: max(x + width, other.x + other.width) - left,
                height: max(y + height, other.y + other.height) - top)
        }
    }

    /// A choice of disposal of ours: the frame is kept (disposal none) for 2 cs, then a frame
    /// that draws nothing clears the pixels that must turn transparent (background).
    private static let disposeBySplitting: Int32 = -1

    /// A frame waiting for its disposal and delay.
    private struct Pending {
        var frame: QuantizedFrame
        var start: Int
        var rect: Rect
        var disposal: Int32 = DISPOSE_DO_NOT
    }

    /// A frame as it will be written: where, how long, how disposed of, and its pixels.
    private struct Record {
        var rect: Rect
        var disposal: Int32
        var delay: Int
        var pixels: RectColors
    }

    /// A colour table: its colours (index 0 is transparent) and where each colour sits.
    struct Table {
        var colors: [UInt32] = [0]
        var slots: [UInt32: UInt8] = [:]

        /// The smallest power-of-two size holding the colours (at least 2).
        var size: Int {
            var size = 2
            while size < colors.count { size *= 2 }
            return size
        }
        /// Bits per index for that size.
        var bits: Int { size.trailingZeroBitCount }

        mutating func append(_ color: UInt32) {
            guard slots[color] == nil, colors.count < 256 else { return }
            slots[color] = UInt8(colors.count)
            colors.append(color)
        }
    }

    /// Bytes written so far.
    final class ByteSink {
        var bytes: [UInt8] = []
    }

    /// Starts a GIF of the given size that loops forever; `dithering` applies to frames with
    /// more colours than a palette holds.
    public init(width: Int, height: Int, dithering: GIFDithering = .none) throws {
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw ImageCodecError.cannotEncode(.gif, reason: "frames must be 1–65535 px a side, got \(width)×\(height)")
        }
        self.width = width
        self.height = height
        self.dithering = dithering
        base = [UInt32](repeating: 0, count: width * height)
        screen = base
        sink = ByteSink()
        var error: Int32 = 0
        guard let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), writeBytes, &error) else {
            throw ImageCodecError.libraryFailure("giflib could not start a GIF (\(GIFDecoder.message(error)))")
        }
        self.gif = gif
        EGifSetGifVersion(gif, true)
    }

    deinit {
        if !closed {
            var error: Int32 = 0
            EGifCloseFile(gif, &error)
        }
    }

    /// A frame ready for ``add(_:at:)``, made on any thread: its pixels as the colours the
    /// encoder compares and draws.
    public struct QuantizedFrame: Sendable {
        let width: Int, height: Int
        /// The source pixels, straight RGB shifted left by 8 and 0xFF, 0 where less than half
        /// opaque: what decides which pixels change from frame to frame, and their colours.
        let source: [UInt32]

        /// Prepares `image` (see ``GIFEncoder``). With a `matte`, the colour of the page the
        /// GIF will sit on, every pixel that is not fully transparent is first composited onto
        /// it and made opaque, so soft edges stay smooth on that page instead of being cut at
        /// half opacity.
        public init(_ image: RGBAImage, matte: RGBAColor? = nil) throws {
            let straight = (matte.map { image.flattenedEdges(onto: $0) } ?? image).straightPixels()
            let count = image.width * image.height
            var source = [UInt32](repeating: 0, count: count)
            for i in 0..<count where straight[i * 4 + 3] >= 128 {
                source[i] =
                    UInt32(straight[i * 4]) << 24 | UInt32(straight[i * 4 + 1]) << 16 | UInt32(straight[i * 4 + 2]) << 8 | 0xFF
            }
            width = image.width
            height = image.height
            self.source = source
        }
    }

    /// Adds a frame shown from `seconds` after the start; its delay is known when the next
    /// frame (or ``finish(at:)``) comes. Throws ``ImageCodecError/cannotEncode(_:reason:)``
    /// for a frame of another size or a time that is not a finite number ≥ 0.
    public func add(_ image: RGBAImage, at seconds: Double) throws {
        try add(QuantizedFrame(image), atMicroseconds: try encoderMicroseconds(seconds, format: .gif))
    }

    /// Adds an already prepared frame shown from `seconds` after the start.
    public func add(_ frame: QuantizedFrame, at seconds: Double) throws {
        try add(frame, atMicroseconds: try encoderMicroseconds(seconds, format: .gif))
    }

    /// Adds an already prepared frame shown from `time` µs.
    package func add(_ frame: QuantizedFrame, atMicroseconds time: Int64) throws {
        guard frame.width == width, frame.height == height else {
            throw ImageCodecError.cannotEncode(.gif, reason: "frame is \(frame.width)×\(frame.height) px, the GIF \(width)×\(height)")
        }
        let centisecond = Int((Double(time) / 10_000).rounded())
        if let last = lastCentisecond, centisecond - last < 2 { return }
        lastCentisecond = centisecond
        guard var previous = pending else {
            pending = Pending(frame: frame, start: centisecond, rect: changes(from: base, to: frame.source))
            return
        }
        // The same picture again: the pending frame stays on screen longer.
        if previous.frame.source == frame.source { return }
        let next = frame.source
        let shown = previous.frame.source
        // The ways to leave the pending frame, each with what the screen then stands for.
        var choices: [(disposal: Int32, rect: Rect, base: [UInt32])] = []
        var clear: Rect?
        for i in 0..<shown.count where shown[i] != 0 && next[i] == 0 {
            clear = Rect(x: i % width, y: i / width, width: 1, height: 1).union(clear)
        }
        if let clear {
            let grown = previous.rect.union(clear)
            var cleared = shown
            for y in grown.y..<grown.y + grown.height {
                for x in grown.x..<grown.x + grown.width { cleared[y * width + x] = 0 }
            }
            choices.append((DISPOSE_BACKGROUND, grown, cleared))
            // Held for 4 cs or more, the frame can stay on screen and a frame of its own
            // clear only what must turn transparent, instead of clearing all the frame drew.
            if centisecond - previous.start >= 4 {
                var kept = shown
                for y in clear.y..<clear.y + clear.height {
                    for x in clear.x..<clear.x + clear.width { kept[y * width + x] = 0 }
                }
                choices.append((Self.disposeBySplitting, previous.rect, kept))
            }
        } else {
            choices.append((DISPOSE_DO_NOT, previous.rect, shown))
        }
        // Restoring is right when no pixel restored must be transparent, and it never makes
        // the next frame redraw a pixel that stays the same (a new palette could show it in
        // another colour: flicker).
        var restorable = true
        for i in 0..<next.count {
            let clears = base[i] != 0 && next[i] == 0
            let redraws = shown[i] != base[i] && next[i] == shown[i]
            if clears || redraws {
                restorable = false
                break
            }
        }
        if restorable {
            choices.append((DISPOSE_PREVIOUS, previous.rect, base))
        }
        var best = 0, bestArea = Int.max, bestRect = Rect(x: 0, y: 0, width: 1, height: 1)
        for (index, choice) in choices.enumerated() {
            let rect = changes(from: choice.base, to: next)
            if rect.area < bestArea {
                best = index
                bestArea = rect.area
                bestRect = rect
            }
        }
        previous.disposal = choices[best].disposal
        previous.rect = choices[best].rect
        let before = screen
        if previous.disposal == Self.disposeBySplitting, let clear {
            previous.disposal = DISPOSE_DO_NOT
            try write(previous, until: previous.start + 2)
            base = shown
            try write(Pending(frame: previous.frame, start: previous.start + 2, rect: clear, disposal: DISPOSE_BACKGROUND), until: centisecond)
            previous.rect = clear
            previous.disposal = DISPOSE_BACKGROUND
        } else {
            try write(previous, until: centisecond)
        }
        switch previous.disposal {
        case DISPOSE_PREVIOUS:
            screen = before
        case DISPOSE_BACKGROUND:
            let r = previous.rect
            for y in r.y..<r.y + r.height { for x in r.x..<r.x + r.width { screen[y * width + x] = 0 } }
        default:
            break
        }
        base = choices[best].base
        pending = Pending(frame: frame, start: centisecond, rect: bestRect)
    }

    /// The bounding box of the pixels `to` draws over `from` (opaque and different), or a
    /// 1×1 rectangle when there are none.
    private func changes(from: [UInt32], to: [UInt32]) -> Rect {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = y * width
            var first = -1, last = -1
            for x in 0..<width where to[row + x] != 0 && to[row + x] != from[row + x] {
                if first < 0 { first = x }
                last = x
            }
            guard first >= 0 else { continue }
            minX = min(minX, first)
            maxX = max(maxX, last)
            minY = min(minY, y)
            maxY = y
        }
        guard maxX >= 0 else { return Rect(x: 0, y: 0, width: 1, height: 1) }
        return Rect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
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
        if !headerWritten { try flushWaiting() }
        var error: Int32 = 0
        closed = true
        guard EGifCloseFile(gif, &error) == GIF_OK else {
            throw ImageCodecError.libraryFailure("giflib could not finish the GIF (\(GIFDecoder.message(error)))")
        }
        return sink.bytes
    }

    /// The screen descriptor (with `global` as the global table) and the looping extension,
    /// once, before the first frame.
    private func writeHeader(global table: Table?) throws {
        guard !headerWritten else { return }
        headerWritten = true
        global = table
        let map = try table.map(colorMap)
        defer { map.map { GifFreeMapObject($0) } }
        guard EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map) == GIF_OK else {
            throw ImageCodecError.libraryFailure("giflib: \(GIFDecoder.message(gif.pointee.Error))")
        }
        var netscape = Array("NETSCAPE2.0".utf8)
        var loop: [UInt8] = [1, 0, 0]
        EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE)
        EGifPutExtensionBlock(gif, 11, &netscape)
        EGifPutExtensionBlock(gif, 3, &loop)
        EGifPutExtensionTrailer(gif)
    }

    /// giflib's colour map of `table`, padded to its size.
    private func colorMap(_ table: Table) throws -> UnsafeMutablePointer<ColorMapObject> {
        var colors = [GifColorType](repeating: GifColorType(), count: table.size)
        for (index, color) in table.colors.enumerated() where index > 0 {
            colors[index] = GifColorType(Red: UInt8(color >> 24), Green: UInt8(color >> 16 & 0xFF), Blue: UInt8(color >> 8 & 0xFF))
        }
        guard let map = GifMakeMapObject(Int32(table.size), colors) else {
            throw ImageCodecError.libraryFailure("giflib could not make a colour map")
        }
        return map
    }

    /// Writes `frame` shown until `centisecond`: its rectangle, drawing the pixels that
    /// differ from ``base``, the others left transparent or drawn again as they show,
    /// whichever is smaller; updates ``screen`` to what the frame shows. Until the global
    /// table is chosen, frames wait in ``waiting``.
    private func write(_ frame: Pending, until centisecond: Int) throws {
        let r = frame.rect
        let source = frame.frame.source
        // The colours to draw: the pixels that change.
        var counts = ColorTable(capacity: r.area)
        for y in r.y..<r.y + r.height {
            for i in y * width + r.x..<y * width + r.x + r.width where source[i] != 0 && source[i] != base[i] {
                counts.add(source[i] >> 8)
            }
        }
        let (palette, exact) = GIFPalette.colors(for: counts)
        let drawn = colorsDrawn(in: r, source: source, palette: palette, exact: exact, counts: &counts)
        let record = Record(
            rect: r, disposal: frame.disposal, delay: min(65535, max(2, centisecond - frame.start)),
            pixels: RectColors(rect: r, width: width, drawn: drawn, screen: screen))
        for y in 0..<r.height {
            let row = (r.y + y) * width + r.x
            for x in 0..<r.width where drawn[y * r.width + x] != 0 { screen[row + x] = drawn[y * r.width + x] }
        }
        if headerWritten { return try emit(record) }
        waiting.append(record)
        waitingPixels += r.area
        if waitingPixels > Self.waitingLimit { try flushWaiting() }
    }

    /// Pixels of frames held back before the global table is chosen (16 MB of colour numbers).
    private static let waitingLimit = 4_000_000

    /// Chooses the global table from the frames waiting, writes the header and them.
    ///
    /// The table takes the colours of each waiting frame in turn, skipping a frame whose
    /// colours would take it past 255: as many frames as can share one table, from the first.
    private func flushWaiting() throws {
        var table = Table()
        for record in waiting {
            let colors = record.pixels.colors[0..<record.pixels.drawnColors]
            let new = colors.filter { table.slots[$0] == nil }.count
            if table.colors.count + new <= 256 { for color in colors { table.append(color) } }
        }
        try writeHeader(global: table.colors.count > 1 ? table : nil)
        for record in waiting { try emit(record) }
        waiting = []
        waitingPixels = 0
    }

    /// Writes a frame in whichever way is smallest: its own table of the colours it draws,
    /// that table with the colours around them (so unchanged pixels can be drawn again in
    /// runs), or the global table, each with the unchanged pixels transparent or redrawn.
    private func emit(_ record: Record) throws {
        let pixels = record.pixels
        var own = Table()
        for color in pixels.colors[0..<pixels.drawnColors] { own.append(color) }
        var covering = own
        for color in pixels.colors[pixels.drawnColors...] { covering.append(color) }
        var candidates: [(table: Table, local: Bool, redraw: Bool)] = [(own, true, false)]
        if covering.colors.count > own.colors.count { candidates.append((covering, true, true)) }
        if let global, own.colors.allSatisfy({ $0 == 0 || global.slots[$0] != nil }) {
            candidates.append((global, false, false))
            if pixels.drawnColors < pixels.colors.count { candidates.append((global, false, true)) }
        }
        var best = (indices: pixels.indices(in: own, redraw: false), table: own, local: true)
        if candidates.count > 1 {
            var bestBytes = Int.max
            for candidate in candidates {
                let indices = pixels.indices(in: candidate.table, redraw: candidate.redraw)
                let bytes =
                    cost.bytes(of: indices, codeSize: max(2, candidate.table.bits))
                    + (candidate.local ? 3 * candidate.table.size : 0)
                if bytes < bestBytes {
                    bestBytes = bytes
                    best = (indices, candidate.table, candidate.local)
                }
            }
        }
        var gcb = GraphicsControlBlock(
            DisposalMode: record.disposal, UserInputFlag: false, DelayTime: Int32(record.delay), TransparentColor: 0)
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&gcb, &extensionBytes)
        guard EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes) == GIF_OK else {
            throw ImageCodecError.libraryFailure("giflib: \(GIFDecoder.message(gif.pointee.Error))")
        }
        let map = best.local ? try colorMap(best.table) : nil
        defer { map.map { GifFreeMapObject($0) } }
        let r = record.rect
        guard EGifPutImageDesc(gif, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height), false, map) == GIF_OK else {
            throw ImageCodecError.libraryFailure("giflib: \(GIFDecoder.message(gif.pointee.Error))")
        }
        var indices = best.indices
        let ok = indices.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let start = buffer.baseAddress else { return false }
            return EGifPutLine(gif, start, Int32(buffer.count)) == GIF_OK
        }
        guard ok else { throw ImageCodecError.libraryFailure("giflib: \(GIFDecoder.message(gif.pointee.Error))") }
    }

    /// The colour each pixel of `r` is drawn in (0: not drawn): the pixels that change, in
    /// their palette colour, dithered when asked and the palette is not exact.
    private func colorsDrawn(
        in r: Rect, source: [UInt32], palette: [GIFPalette.RGB], exact: Bool, counts: inout ColorTable
    ) -> [UInt32] {
        var drawn = [UInt32](repeating: 0, count: r.area)
        for y in 0..<r.height {
            let row = (r.y + y) * width + r.x
            for x in 0..<r.width where source[row + x] != 0 && source[row + x] != base[row + x] {
                drawn[y * r.width + x] = source[row + x]
            }
        }
        if exact { return drawn }
        if dithering == .floydSteinberg { return GIFDither.floydSteinberg(drawn, width: r.width, palette: palette) }
        for key in counts.keys {
            let (red, green, blue) = GIFPalette.rgb(key)
            counts.setValue(GIFPalette.nearest(red, green, blue, in: palette), for: key)
        }
        let keys = palette.map { GIFPalette.key($0) << 8 | 0xFF }
        for offset in drawn.indices where drawn[offset] != 0 {
            drawn[offset] = keys[counts.value(for: drawn[offset] >> 8)]
        }
        return drawn
    }
}

/// The pixels of a frame's rectangle as small colour numbers: what each changed pixel is
/// drawn in, and what each unchanged opaque pixel shows, so that trying a colour table costs
/// an array lookup a pixel.
private struct RectColors {
    /// Each colour once (drawn colours first), as RGB shifted left by 8 and 0xFF.
    var colors: [UInt32] = []
    /// How many of ``colors`` are drawn colours.
    var drawnColors = 0
    /// Per pixel: the number of its drawn colour (≥ 0), −2 − the number of the colour an
    /// unchanged pixel shows, or −1 (transparent, nothing drawn).
    var numbers: [Int32]

    init(rect r: GIFEncoder.Rect, width: Int, drawn: [UInt32], screen: [UInt32]) {
        numbers = [Int32](repeating: -1, count: r.area)
        var table = ColorTable(capacity: 256)
        var lastColor: UInt32 = 0, lastNumber: Int32 = 0
        func number(of color: UInt32) -> Int32 {
            if color == lastColor { return lastNumber }
            let key = color >> 8
            if !table.contains(key) {
                table.add(key)
                table.setValue(colors.count, for: key)
                colors.append(color)
            }
            lastColor = color
            lastNumber = Int32(table.value(for: key))
            return lastNumber
        }
        for y in 0..<r.height {
            let row = (r.y + y) * width + r.x
            // A pixel drawn in the colour it already shows need not be drawn.
            for x in 0..<r.width where drawn[y * r.width + x] != 0 && drawn[y * r.width + x] != screen[row + x] {
                numbers[y * r.width + x] = number(of: drawn[y * r.width + x])
            }
        }
        drawnColors = colors.count
        for y in 0..<r.height {
            let row = (r.y + y) * width + r.x
            for x in 0..<r.width where numbers[y * r.width + x] < 0 && screen[row + x] != 0 {
                numbers[y * r.width + x] = -2 - number(of: screen[row + x])
            }
        }
    }

    /// The indices in `table`: drawn pixels in their colour; with `redraw`, unchanged pixels
    /// whose colour the table holds drawn again; the rest transparent (0).
    func indices(in table: GIFEncoder.Table, redraw: Bool) -> [UInt8] {
        let slots = colors.map { table.slots[$0] ?? 0 }
        var indices = [UInt8](repeating: 0, count: numbers.count)
        for offset in numbers.indices {
            let number = Int(numbers[offset])
            if number >= 0 {
                indices[offset] = slots[number]
            } else if redraw, number < -1 {
                indices[offset] = slots[-2 - number]
            }
        }
        return indices
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
