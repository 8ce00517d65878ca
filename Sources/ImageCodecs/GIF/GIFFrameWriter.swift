import CGif

/// A rectangle of a GIF's screen.
struct GIFRect: Equatable {
    var x: Int, y: Int, width: Int, height: Int
    var area: Int { width * height }

    /// The smallest rectangle holding both.
    func union(_ other: GIFRect?) -> GIFRect {
        guard let other else { return self }
        let left = min(x, other.x), top = min(y, other.y)
        return GIFRect(
            x: left, y: top, width: max(x + width, other.x + other.width) - left,
            height: max(y + height, other.y + other.height) - top)
    }
}

/// A GIF colour table: its colours (index 0 is transparent) and where each colour sits.
struct GIFColorTable {
    /// RGB shifted left by 8 and 0xFF; entry 0 stands for transparent.
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

    /// Adds a colour unless it is there or the table is full.
    mutating func append(_ color: UInt32) {
        guard slots[color] == nil, colors.count < 256 else { return }
        slots[color] = UInt8(colors.count)
        colors.append(color)
    }
}

/// Writes the frames ``GIFEncoder`` has decided through giflib: the colours each frame
/// draws, the table it uses and how its pixels are coded (docs/images.md, "GIF output").
///
/// Frames are held back until the global table is chosen from them (``GIFGlobalTable``): at
/// most ``holdLimit`` pixels of them, ``lossyHoldLimit`` with a colour error allowed, or all
/// when the animation is shorter.
final class GIFFrameWriter {
    /// A frame to write: where, how it is disposed of, for how long, and for each pixel of its
    /// rectangle the colour it must show (RGB shifted left by 8 and 0xFF; 0 where it may stay).
    struct Frame {
        var rect: GIFRect
        var disposal: Int32
        var delay: Int
        var changed: [UInt32]
        /// The colours of `changed` (24-bit RGB) with their pixel counts, counted once.
        var counts: ColorTable
        /// The opaque pixels of the whole picture the frame stands for (counted only when a
        /// colour error is allowed, which is measured over them).
        var opaque: Int
        /// Per pixel of the rectangle, whether its source differs from the frame before's (only
        /// with a colour error allowed; empty otherwise): only such a pixel may take a near
        /// colour, so a pixel that stays the same never changes on screen.
        var free: [Bool]

        init(rect: GIFRect, disposal: Int32, delay: Int, changed: [UInt32], opaque: Int, free: [Bool] = []) {
            self.rect = rect
            self.disposal = disposal
            self.delay = delay
            self.changed = changed
            self.opaque = opaque
            self.free = free
            counts = ColorTable(capacity: 256)
            for color in changed where color != 0 { counts.add(color >> 8) }
        }

        /// The screen positions (on a screen `width` pixels wide) of the pixels the frame
        /// changes, in the rectangle's order.
        func positions(width: Int) -> [Int] {
            var positions: [Int] = []
            for y in 0..<rect.height {
                let row = (rect.y + y) * width + rect.x
                for x in 0..<rect.width where changed[y * rect.width + x] != 0 { positions.append(row + x) }
            }
            return positions
        }
    }

    /// The mean squared error per channel over a frame's changed pixels up to which a frame
    /// with more colours than a table holds is mapped onto the global palette (about 48 dB
    /// over those pixels; the frame as a whole, mostly unchanged pixels, is truer still).
    static let globalError = 4.0

    /// Pixels of frames held back before the global table is chosen (16 MB of colours).
    static let holdLimit = 4_000_000
    /// The same with a colour error allowed (64 MB): the one palette every frame shares is
    /// made from more of the frames it serves.
    static let lossyHoldLimit = 16_000_000

    private let gif: UnsafeMutablePointer<GifFileType>
    private let output: ByteSink
    private let width: Int, height: Int
    private let dithering: GIFDithering
    /// The colours the screen shows, as drawn (0: transparent).
    private var screen: [UInt32]
    /// The global table, once the screen descriptor is written, and whether it is a palette
    /// made for frames with too many colours (then they may be mapped to it).
    private var global: GIFColorTable?
    private var globalPalette: [GIFPalette.RGB] = []
    private var headerWritten = false
    private var held: [Frame] = []
    private var heldPixels = 0
    private var coder = LZWCoder()
    /// The mean squared error per channel over its opaque pixels by which a frame's picture
    /// may differ from its source (0: exact colours).
    private let colorError: Double
    /// Once an error is allowed: how far what the screen shows is from the source.
    private var errors: GIFPictureErrors?
    /// Screen positions last shown in a near colour the coder took (``LZWCoder/Lossy``),
    /// until their source changes.
    private var nearShown: [Int: UInt32] = [:]
    private var closed = false

    /// Bytes written so far.
    final class ByteSink {
        var bytes: [UInt8] = []
    }

    init(width: Int, height: Int, dithering: GIFDithering, colorError: Double) throws {
        self.width = width
        self.height = height
        self.dithering = dithering
        self.colorError = colorError
        screen = [UInt32](repeating: 0, count: width * height)
        if colorError > 0 { errors = GIFPictureErrors(width: width, height: height) }
        output = ByteSink()
        var error: Int32 = 0
        guard let gif = EGifOpen(Unmanaged.passUnretained(output).toOpaque(), writeBytes, &error) else {
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

    /// Writes `frame`, or holds it until the global table is chosen.
    func write(_ frame: Frame) throws {
        if headerWritten { return try emit(frame) }
        held.append(frame)
        // Each frame counts as at least 4 096 pixels: many tiny frames are bounded too.
        heldPixels += max(frame.rect.area, 4096)
        if heldPixels > (colorError > 0 ? Self.lossyHoldLimit : Self.holdLimit) { try release() }
    }

    /// Writes what is held and the trailer; returns what ``takeBytes()`` has not handed out.
    func close() throws -> [UInt8] {
        if !headerWritten { try release() }
        var error: Int32 = 0
        closed = true
        guard EGifCloseFile(gif, &error) == GIF_OK else {
            throw ImageCodecError.libraryFailure("giflib could not finish the GIF (\(GIFDecoder.message(error)))")
        }
        return output.bytes
    }

    /// The bytes written since the last call.
    func takeBytes() -> [UInt8] {
        defer { output.bytes.removeAll(keepingCapacity: true) }
        return output.bytes
    }

    /// Chooses the global table from the frames held, writes the header and them.
    private func release() throws {
        let chosen = GIFGlobalTable(held: held, width: width, height: height, colorError: colorError)
        globalPalette = chosen.palette
        let table = chosen.table
        try writeHeader(global: table.colors.count > 1 ? table : nil)
        for frame in held { try emit(frame) }
        held = []
        heldPixels = 0
    }

    /// The screen descriptor (with `global` as the global table) and the looping extension.
    private func writeHeader(global table: GIFColorTable?) throws {
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
    private func colorMap(_ table: GIFColorTable) throws -> UnsafeMutablePointer<ColorMapObject> {
        var colors = [GifColorType](repeating: GifColorType(), count: table.size)
        for (index, color) in table.colors.enumerated() where index > 0 {
            colors[index] = GifColorType(Red: UInt8(color >> 24), Green: UInt8(color >> 16 & 0xFF), Blue: UInt8(color >> 8 & 0xFF))
        }
        guard let map = GifMakeMapObject(Int32(table.size), colors) else {
            throw ImageCodecError.libraryFailure("giflib could not make a colour map")
        }
        return map
    }

    /// One way of writing a frame: what it draws, where, in which table, coded how.
    private struct Written {
        var rect: GIFRect
        var drawn: [UInt32]
        var coded: LZWCoder.Coded
        var table: GIFColorTable
        var local: Bool
        var codeSize: Int
        /// The image data and, for a table of its own, the table's bytes.
        var bytes: Int
    }

    /// The smallest way to write `drawn` (the colour of each pixel of `frame`'s rectangle that
    /// changes, 0 where none): its own table of the colours it draws, that table with the
    /// colours around them (so unchanged pixels can be drawn again in runs), or the global
    /// table, each with the unchanged pixels transparent or redrawn.
    ///
    /// With a colour `budget` (summed squared error the frame may still take), pixels whose
    /// source changed may take a near colour where the code table continues with it
    /// (``LZWCoder/Lossy``); `drawn` then holds the colours taken.
    private func smallest(_ drawn: [UInt32], for frame: Frame, budget: Int) -> Written? {
        let (r, drawn) = Self.trimmed(frame.rect, drawn, screen: screen, width: width, cleared: frame.disposal == DISPOSE_BACKGROUND)
        let pixels = GIFRectColors(rect: r, width: width, drawn: drawn, screen: screen)
        // The source colour of each pixel free to take a near colour (drawn, its source changed).
        var sources: [UInt32] = [], shown: [UInt32] = []
        if budget > 0, !frame.free.isEmpty {
            sources = [UInt32](repeating: 0, count: r.area)
            shown = [UInt32](repeating: 0, count: r.area)
            for y in 0..<r.height {
                let row = (r.y - frame.rect.y + y) * frame.rect.width + r.x - frame.rect.x
                for x in 0..<r.width where pixels.numbers[y * r.width + x] >= 0 && frame.free[row + x] {
                    sources[y * r.width + x] = frame.changed[row + x]
                    // Cleared after this frame, a pixel left alone would not stay.
                    if frame.disposal != DISPOSE_BACKGROUND { shown[y * r.width + x] = screen[(r.y + y) * width + r.x + x] }
                }
            }
            if !sources.contains(where: { $0 != 0 }) { sources = [] }
        }
        func lossy(_ table: GIFColorTable) -> LZWCoder.Lossy? {
            guard !sources.isEmpty else { return nil }
            return LZWCoder.Lossy(
                sources: sources, shown: shown, palette: table.colors, count: table.colors.count, pixelLimit: Self.pixelLimit(colorError),
                budget: budget)
        }
        var own = GIFColorTable()
        for color in pixels.colors[0..<pixels.drawnColors] { own.append(color) }
        var covering = own
        for color in pixels.colors[pixels.drawnColors...] { covering.append(color) }
        // The global table (no bytes of its own) at its full width, and, when the colours
        // drawn sit in its first 2^k entries, at k bits an index (GIF allows a code size below
        // the table's; unchanged pixels whose colours sit further up then stay transparent).
        // Local tables are not tried when their indices are no narrower: they cannot win.
        var tables: [(table: GIFColorTable, local: Bool, codeSize: Int, slots: [UInt8])] = []
        if let global, own.colors.allSatisfy({ $0 == 0 || global.slots[$0] != nil }) {
            let slots = pixels.slots(in: global)
            let highest = slots[0..<pixels.drawnColors].max() ?? 0
            let narrow = max(2, (Int(highest) + 1).bitsNeeded)
            if narrow < max(2, global.bits) {
                tables.append((global, false, narrow, slots.map { Int($0) < 1 << narrow ? $0 : 0 }))
            }
            tables.append((global, false, max(2, global.bits), slots))
        }
        let narrowest = tables.first?.codeSize ?? Int.max
        if narrowest > max(2, own.bits) { tables.append((own, true, max(2, own.bits), pixels.slots(in: own))) }
        if covering.colors.count > own.colors.count && (narrowest > max(2, covering.bits) || tables.first?.local == true) {
            tables.append((covering, true, max(2, covering.bits), pixels.slots(in: covering)))
        }
        var best: Written?
        var bestSlots: [UInt8] = []
        var bestLossy: LZWCoder.Lossy?
        for (table, local, codeSize, slots) in tables {
            // Made once a table: its near-colour lists are a pass over every pair of colours.
            let allowed = lossy(table)
            var coded = coder.code(pixels.numbers, slots: slots, codeSize: codeSize, lossy: allowed)
            // Near colours help a frame most of the time; where they do not, exact colours.
            if !coded.near.isEmpty {
                let exact = coder.code(pixels.numbers, slots: slots, codeSize: codeSize)
                if exact.bytes <= coded.bytes { coded = exact }
            }
            let total = coded.bytes + (local ? 3 * table.size : 0)
            if total < best?.bytes ?? Int.max {
                best = Written(rect: r, drawn: drawn, coded: coded, table: table, local: local, codeSize: codeSize, bytes: total)
                bestSlots = slots
                bestLossy = allowed
            }
        }
        guard var best else { return nil }
        // The table chosen, coded the other ways too (leaning to clear, clearing the full
        // table at once) where they can differ: the smallest is written.
        best.coded = coder.smallest(pixels.numbers, slots: bestSlots, codeSize: best.codeSize, first: best.coded, lossy: bestLossy)
        best.bytes = best.coded.bytes + (best.local ? 3 * best.table.size : 0)
        // A pixel left alone (index 0) draws nothing: the screen keeps its colour.
        for (offset, index) in best.coded.near { best.drawn[offset] = index == 0 ? 0 : best.table.colors[Int(index)] }
        return best
    }

    /// The largest squared error (summed over the channels) one pixel may take for a near
    /// colour at `colorError`: 300 × the error, at least 3 (one level in each channel), at
    /// most 3 × 24² (about 24 levels a channel), whatever the frame's budget.
    static func pixelLimit(_ colorError: Double) -> Int {
        Int(min(3 * 24 * 24, max(3, (300 * colorError).rounded(.down))))
    }

    /// Writes a frame in its colours (``colorsDrawn(_:counts:width:)``) in whichever way is
    /// smallest (``smallest(_:for:)``); then updates ``screen`` to what shows once the frame
    /// is disposed of.
    private func emit(_ frame: Frame) throws {
        // With an error allowed, the frame's picture may differ from its source by
        // `colorError` per channel on average over its opaque pixels: what the pixels it
        // leaves alone already carry, and its colours.
        let positions = errors == nil ? [] : frame.positions(width: width)
        let others = errors?.total(without: positions) ?? 0
        let room = colorError * Double(3 * frame.opaque) - Double(others)
        var colors = colorsDrawn(frame.changed, counts: frame.counts, width: frame.rect.width, room: room)
        let budget = errors == nil ? 0 : nearColourBudget(&colors, of: frame, room: room)
        guard let best = smallest(colors, for: frame, budget: budget) else { return }
        if errors != nil, frame.disposal != DISPOSE_PREVIOUS { noteErrors(of: best, colors: colors, frame: frame, positions: positions) }
        try write(best, delay: frame.delay, disposal: frame.disposal)
        dispose(best, disposal: frame.disposal)
    }

    /// What the colours leave of the frame's `room` for the coder's near colours. A pixel shown
    /// in a near colour whose source has not changed since is first given that colour again
    /// in `colors` (after a clearing), so it does not change on screen.
    private func nearColourBudget(_ colors: inout [UInt32], of frame: Frame, room: Double) -> Int {
        if !nearShown.isEmpty, !frame.free.isEmpty {
            var index = 0
            for y in 0..<frame.rect.height {
                let row = (frame.rect.y + y) * width + frame.rect.x
                for x in 0..<frame.rect.width {
                    defer { index += 1 }
                    guard frame.changed[index] != 0 else { continue }
                    if frame.free[index] {
                        nearShown.removeValue(forKey: row + x)
                    } else if let shown = nearShown[row + x] {
                        colors[index] = shown
                    }
                }
            }
        }
        var used = 0
        for index in colors.indices where frame.changed[index] != 0 {
            used += GIFPictureErrors.squared(colors[index], frame.changed[index])
        }
        // A quarter of it: near colours stay on screen, and later frames need room to
        // share the global table (on the Lottie header, all of it cost 1.5 % at 0.0003).
        return max(0, Int(room.rounded(.down)) - used) / 4
    }

    /// Keeps the error each pixel the frame draws now carries: its colour's, or the near
    /// colour's the coder took instead (remembered in ``nearShown``).
    private func noteErrors(of best: Written, colors: [UInt32], frame: Frame, positions: [Int]) {
        let drawn = colors.indices.filter { frame.changed[$0] != 0 }
        for (index, position) in zip(drawn, positions) {
            errors?.set(position, GIFPictureErrors.squared(colors[index], frame.changed[index]))
        }
        let r = best.rect
        for (offset, _) in best.coded.near {
            let x = offset % r.width, y = offset / r.width, position = (r.y + y) * width + r.x + x
            let source = frame.changed[(r.y - frame.rect.y + y) * frame.rect.width + r.x - frame.rect.x + x]
            let color = best.drawn[offset] == 0 ? screen[position] : best.drawn[offset]
            errors?.set(position, GIFPictureErrors.squared(color, source))
            nearShown[position] = color
        }
        if frame.disposal == DISPOSE_BACKGROUND { errors?.clear(best.rect) }
    }

    /// Writes the frame's graphics control, its descriptor (with its table, or the global
    /// table's code size) and its coded data through giflib.
    private func write(_ best: Written, delay: Int, disposal: Int32) throws {
        func failed() -> ImageCodecError { .libraryFailure("giflib: \(GIFDecoder.message(gif.pointee.Error))") }
        var gcb = GraphicsControlBlock(DisposalMode: disposal, UserInputFlag: false, DelayTime: Int32(delay), TransparentColor: 0)
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&gcb, &extensionBytes)
        guard EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes) == GIF_OK else { throw failed() }
        let map = best.local ? try colorMap(best.table) : nil
        defer { map.map { GifFreeMapObject($0) } }
        // giflib keeps a copy of the last local table and, given none, drops that copy
        // without freeing it: free it first.
        if map == nil, let kept = gif.pointee.Image.ColorMap {
            GifFreeMapObject(kept)
            gif.pointee.Image.ColorMap = nil
        }
        // giflib writes the code size of the table a frame uses: for the global table at fewer
        // bits, it is told that width while it sets up this frame's coder.
        let r = best.rect
        let globalMap = best.local ? nil : gif.pointee.SColorMap
        let fullBits = globalMap?.pointee.BitsPerPixel
        globalMap?.pointee.BitsPerPixel = Int32(best.codeSize)
        let described = EGifPutImageDesc(gif, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height), false, map)
        if let fullBits { globalMap?.pointee.BitsPerPixel = fullBits }
        guard described == GIF_OK else { throw failed() }
        // The data as our coder wrote it, in sub-blocks of at most 255 bytes (giflib wrote the
        // code size byte with the descriptor, and ends the image at the empty block).
        let data = best.coded.data
        var start = 0
        var first = true
        while start < data.count {
            let end = min(data.count, start + 255)
            var block = [GifByteType](repeating: 0, count: end - start + 1)
            block[0] = GifByteType(end - start)
            for i in start..<end { block[i - start + 1] = data[i] }
            let written = first ? EGifPutCode(gif, Int32(best.codeSize), block) : EGifPutCodeNext(gif, block)
            guard written == GIF_OK else { throw failed() }
            first = false
            start = end
        }
        guard EGifPutCodeNext(gif, nil) == GIF_OK else { throw failed() }
    }

    /// The screen once the frame is disposed of as `disposal` says.
    private func dispose(_ best: Written, disposal: Int32) {
        let r = best.rect, drawn = best.drawn
        switch disposal {
        case DISPOSE_PREVIOUS:
            break
        case DISPOSE_BACKGROUND:
            for y in r.y..<r.y + r.height { for x in r.x..<r.x + r.width { screen[y * width + x] = 0 } }
        default:
            for y in 0..<r.height {
                let row = (r.y + y) * width + r.x
                for x in 0..<r.width where drawn[y * r.width + x] != 0 { screen[row + x] = drawn[y * r.width + x] }
            }
        }
    }

    /// `rect` cut to the pixels whose colour as drawn differs from what the screen shows: a
    /// source change that the palette maps onto the colour already shown draws nothing. A
    /// frame `cleared` afterwards keeps every pixel the screen shows, since the next frame
    /// counts on their clearing (pixels already transparent need none).
    private static func trimmed(
        _ rect: GIFRect, _ drawn: [UInt32], screen: [UInt32], width: Int, cleared: Bool
    ) -> (GIFRect, [UInt32]) {
        var x0 = rect.width, y0 = rect.height, x1 = -1, y1 = -1
        for y in 0..<rect.height {
            let row = (rect.y + y) * width + rect.x
            for x in 0..<rect.width {
                let color = drawn[y * rect.width + x], shown = screen[row + x]
                if (color != 0 && color != shown) || (cleared && shown != 0) {
                    x0 = min(x0, x)
                    x1 = max(x1, x)
                    y0 = min(y0, y)
                    y1 = max(y1, y)
                }
            }
        }
        guard x1 >= 0, x1 - x0 + 1 < rect.width || y1 - y0 + 1 < rect.height else { return (rect, drawn) }
        let cut = GIFRect(x: rect.x + x0, y: rect.y + y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
        var kept = [UInt32](repeating: 0, count: cut.area)
        for y in 0..<cut.height {
            for x in 0..<cut.width { kept[y * cut.width + x] = drawn[(y0 + y) * rect.width + x0 + x] }
        }
        return (cut, kept)
    }

    /// `changed` in `palette`'s colours: each pixel its colour's nearest (as `counts` maps
    /// them), or diffused when dithering is asked.
    private func paint(_ changed: [UInt32], counts: ColorTable, palette: [GIFPalette.RGB], width: Int) -> [UInt32] {
        if dithering == .floydSteinberg { return GIFDither.floydSteinberg(changed, width: width, palette: palette) }
        let keys = palette.map { GIFPalette.key($0) << 8 | 0xFF }
        return changed.map { $0 == 0 ? 0 : keys[counts.value(for: $0 >> 8)] }
    }

    /// The colour each changed pixel is drawn in: its own when the frame has at most 255,
    /// unless an error is allowed and the global table's nearest colours add at most `room`
    /// (summed squared error); else the global palette's when that is made for such frames
    /// and serves the frame about as well as a palette of its own would (always, with an error
    /// allowed), or else the frame's own palette; dithered when asked.
    private func colorsDrawn(_ changed: [UInt32], counts: ColorTable, width: Int, room: Double) -> [UInt32] {
        var counts = counts
        if counts.count <= 255 {
            // Exact colours, unless an error is allowed and the global table's nearest colours
            // serve within the `room` left (the frame then needs no table of its own).
            guard colorError > 0, let global, !counts.keys.allSatisfy({ global.slots[$0 << 8 | 0xFF] != nil }) else {
                return changed
            }
            let shared = global.colors.dropFirst().map { GIFPalette.rgb($0 >> 8) }
            let mapped = GIFPalette.map(&counts, onto: shared)
            guard Double(mapped.error) <= room else { return changed }
            let keys = shared.map { GIFPalette.key($0) << 8 | 0xFF }
            return changed.map { $0 == 0 ? 0 : keys[counts.value(for: $0 >> 8)] }
        }
        // The global palette serves when its mean squared error over the frame's changed
        // pixels stays within `globalError` per channel (or the error allowed, if larger);
        // else the frame gets its own palette.
        var palette = globalPalette
        let global = palette.isEmpty ? nil : GIFPalette.map(&counts, onto: palette)
        if global.map({ colorError == 0 && Double($0.error) > Self.globalError * Double(3 * $0.pixels) }) ?? true {
            palette = GIFPalette.colors(for: counts).colors
            if dithering == .none { _ = GIFPalette.map(&counts, onto: palette) }
        }
        return paint(changed, counts: counts, palette: palette, width: width)
    }
}

private func writeBytes(_ gif: UnsafeMutablePointer<GifFileType>?, _ bytes: UnsafePointer<GifByteType>?, _ length: Int32) -> Int32 {
    guard let gif, let bytes, let user = gif.pointee.UserData, length > 0 else { return 0 }
    let sink = Unmanaged<GIFFrameWriter.ByteSink>.fromOpaque(user).takeUnretainedValue()
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(length)))
    return length
}

extension Int {
    /// The bits an index below this count needs (0 for 1).
    fileprivate var bitsNeeded: Int { self <= 1 ? 0 : Int.bitWidth - (self - 1).leadingZeroBitCount }
}
