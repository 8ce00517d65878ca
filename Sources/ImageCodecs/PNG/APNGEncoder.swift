import Dispatch
import Glibc
import RefreshImage
import Synchronization

/// Writes animated PNGs (docs/images.md, "APNG output"). After the first frame, each frame is
/// only the rectangle that changed, drawn over the frame before (dispose none): blended over
/// it when every changed pixel is opaque — the unchanged ones in the rectangle are then
/// transparent, which compresses to almost nothing — else replacing it (blend source). A frame
/// equal to the one before adds its time to that one's delay. The colour form (palette with
/// `tRNS`, grey, grey and alpha, RGB, RGBA, the smallest bit depth) is the smallest every
/// frame fits, so the frames are kept, as rectangles, until ``finish(at:)`` writes the file;
/// once they hold more than ``bufferLimit`` bytes the form is RGBA and frames are written as
/// they come. Delays are exact fractions of a second. The decoded frames equal the frames
/// given, pixel for pixel (a fully transparent pixel's colour aside).
package struct APNGEncoder {
    /// A frame kept until the form is known: its rectangle's pixels (straight RGBA, as the
    /// source has them) and which of them changed.
    private struct Frame {
        var x: Int, y: Int, width: Int, height: Int
        var pixels: [UInt8]
        /// Per pixel of the rectangle, whether it differs from the frame before; nil when all do
        /// (or for the first frame).
        var changed: [Bool]?
        /// Every changed pixel is opaque: the rectangle may be blended over the frame before.
        var opaqueChanges: Bool
        var start: Int64
        var end: Int64?
        /// Its place among the rectangles compressed ahead (``AheadCompression``), if it is one.
        var ahead: Int?
        /// Blended over the frame before once the form leaves pixels (RGBA always does).
        var blendsOverRGBA: Bool { opaqueChanges && changed != nil }
    }

    /// Rectangles compressed on other threads while frames still come, once the colours seen
    /// can only be written as RGBA: the form, and with it every rectangle's bytes, is then the
    /// one ``finish(at:)`` would choose, so compressing early changes nothing but when.
    private final class AheadCompression: Sendable {
        private let group = DispatchGroup()
        private let results = Mutex<[Result<[UInt8], any Error>?]>([])

        /// Compresses `frame` on a global queue; returns its place for ``result(_:)``.
        func start(_ frame: Frame, encoder: PNGEncoder) -> Int {
            let index = results.withLock { results in
                results.append(nil)
                return results.count - 1
            }
            DispatchQueue.global().async(group: group) { [self] in
                let done = Result { try APNGEncoder.compressedRGBA(frame, encoder: encoder) }
                results.withLock { $0[index] = done }
            }
            return index
        }

        /// Waits until every rectangle started has been compressed.
        func wait() { group.wait() }

        /// The compressed rectangle at `index` (after ``wait()``).
        func result(_ index: Int) throws -> [UInt8] {
            guard let result = results.withLock({ $0[index] }) else {
                throw ImageCodecError.cannotEncode(.apng, reason: "a rectangle was not compressed")
            }
            return try result.get()
        }
    }

    private var output: [UInt8] = []
    private var sequence: UInt32 = 0
    private var added = 0
    private var previous: [UInt8]?
    private var lastTime: Int64?
    private var frames: [Frame] = []
    private var buffered = 0
    /// The colours of every rectangle's pixels.
    private var census = PNGColorCensus()
    /// Some frame blended over the one before leaves pixels of its rectangle unchanged: a
    /// transparent colour the form must hold.
    private var leavesPixels = false
    /// The form, once the file's header is written.
    private var form: PNGColorForm?
    private let encoder: PNGEncoder
    /// Width and height in pixels.
    public let width: Int, height: Int
    /// The number of frames the file will be given.
    public let frameCount: Int
    /// Bytes of rectangles kept before the form is fixed (RGBA) and frames are written as they
    /// come: 64 MiB unless the encoder was made with another.
    package static let bufferLimit = 64 << 20
    private let bufferLimit: Int
    /// Threads that compress the kept frames at once when the file is written (1 by default);
    /// with more than one, rectangles are also compressed while frames still come once the
    /// form is sure to be RGBA.
    package var jobs = 1
    private var ahead: AheadCompression?

    /// An empty animation of `frameCount` frames of the given size.
    /// - Parameters:
    ///   - width: pixels.
    ///   - height: pixels.
    ///   - frameCount: the frames that will be added.
    ///   - settings: the compression (its ``PNGEncoder/Settings/animationLevel`` and filters).
    public init(width: Int, height: Int, frameCount: Int, settings: PNGEncoder.Settings = .default) {
        self.init(width: width, height: height, frameCount: frameCount, settings: settings, bufferLimit: Self.bufferLimit)
    }

    /// An empty animation that keeps at most `bufferLimit` bytes of rectangles to choose its form.
    package init(width: Int, height: Int, frameCount: Int, settings: PNGEncoder.Settings = .default, bufferLimit: Int) {
        self.bufferLimit = bufferLimit
        self.width = width
        self.height = height
        self.frameCount = max(1, frameCount)
        encoder = PNGEncoder(settings: settings.forAnimation)
        // 8-bit RGBA asked for: the form is known now, and frames are written as they come.
        if settings.colors == .rgba {
            form = .rgba
            leavesPixels = true
            writeHeader(form: .rgba, frames: self.frameCount)
        }
    }

    /// Adds a frame shown from `seconds` after the start; it must have the animation's size.
    /// - Parameters:
    ///   - image: the frame.
    ///   - seconds: when it shows.
    /// - Throws: ``ImageCodecError/cannotEncode(_:reason:)`` for another size, a bad time or one frame too many.
    public mutating func add(_ image: RGBAImage, at seconds: Double) throws {
        guard image.width == width, image.height == height else {
            throw ImageCodecError.cannotEncode(
                .apng, reason: "frame is \(image.width)×\(image.height) px, the animation \(width)×\(height)")
        }
        try add(straight: image.straightPixels(), atMicroseconds: try encoderMicroseconds(seconds, format: .apng))
    }

    /// Adds a frame given as straight RGBA pixels (``RefreshImage/RGBAImage/straightPixels()``,
    /// `width × height × 4` bytes), shown from `time` µs after the start.
    /// - Parameters:
    ///   - pixels: the frame's straight pixels.
    ///   - time: when it shows, in microseconds.
    /// - Throws: ``ImageCodecError/cannotEncode(_:reason:)`` for another size, a time before the
    ///   last frame's or one frame too many; then the file so far stays valid to abandon.
    package mutating func add(straight pixels: [UInt8], atMicroseconds time: Int64) throws {
        guard pixels.count == width * height * 4 else {
            throw ImageCodecError.cannotEncode(.apng, reason: "frame has \(pixels.count) bytes, the animation \(width)×\(height) px")
        }
        guard added < frameCount else {
            throw ImageCodecError.cannotEncode(.apng, reason: "more than the \(frameCount) frames announced")
        }
        if let lastTime, time < lastTime {
            throw ImageCodecError.cannotEncode(.apng, reason: "a frame at \(time) µs comes after one at \(lastTime) µs")
        }
        added += 1
        lastTime = time
        let frame: Frame
        if let previous {
            guard let changed = Self.changedRectangle(previous, pixels, width: width, height: height) else {
                // The same picture: the frame before lasts longer (once the form is fixed, a
                // transparent pixel stands in for it, as the header announced every frame).
                if form != nil {
                    try keep(
                        Frame(x: 0, y: 0, width: 1, height: 1, pixels: [0, 0, 0, 0], changed: [false], opaqueChanges: true, start: time))
                }
                self.previous = pixels
                return
            }
            frame = Self.crop(previous, pixels, rectangle: changed, width: width, start: time)
        } else {
            frame = Frame(
                x: 0, y: 0, width: width, height: height, pixels: pixels, changed: nil, opaqueChanges: false, start: time)
        }
        previous = pixels
        try keep(frame)
    }

    /// Ends the frame before at `frame`'s start and keeps `frame`; writes what is ready once the
    /// form is fixed, and fixes it (RGBA) when the kept rectangles pass ``bufferLimit``.
    private mutating func keep(_ frame: Frame) throws {
        var frame = frame
        if !frames.isEmpty { frames[frames.count - 1].end = frame.start }
        if form == nil {
            frame.pixels.withUnsafeBufferPointer { census.count($0, count: frame.width * frame.height) }
            if frame.opaqueChanges, frame.changed?.contains(false) == true { leavesPixels = true }
            // More than 256 colours, some not grey, some not opaque: whatever comes, RGBA.
            // From the frame that makes it sure, each is compressed as it comes; the frames
            // kept before it are started then.
            if ahead == nil, jobs > 1, census.many, !census.opaque, !census.grey {
                let ahead = AheadCompression()
                self.ahead = ahead
                for index in frames.indices { frames[index].ahead = ahead.start(frames[index], encoder: encoder) }
            }
            if let ahead { frame.ahead = ahead.start(frame, encoder: encoder) }
        }
        buffered += frame.pixels.count
        frames.append(frame)
        if form == nil, buffered > bufferLimit {
            // Every frame from here on is written, so the header counts them all.
            writeHeader(form: .rgba, frames: frames.count + frameCount - added)
        }
        if form != nil { try writeEnded() }
    }

    /// The bytes made since the last call: written to disk as they are made (nothing before
    /// ``finish(at:)`` while the frames are kept to choose the form).
    /// - Returns: the bytes written since the last call.
    public mutating func takeBytes() -> [UInt8] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    /// The rest of the file; the last frame is shown until `seconds` after the start. Plays forever.
    /// - Parameter seconds: when the last frame ends.
    /// - Returns: the bytes not handed out yet.
    /// - Throws: ``ImageCodecError/cannotEncode(_:reason:)`` for fewer frames than announced or a bad time.
    public mutating func finish(at seconds: Double) throws -> [UInt8] {
        try finish(atMicroseconds: try encoderMicroseconds(seconds, format: .apng))
    }

    /// ``finish(at:)`` in microseconds.
    package mutating func finish(atMicroseconds time: Int64) throws -> [UInt8] {
        guard added == frameCount else {
            throw ImageCodecError.cannotEncode(.apng, reason: "\(added) frames came of the \(frameCount) announced")
        }
        if let last = frames.last { frames[frames.count - 1].end = max(time, last.start + 1000) }
        if form == nil { writeHeader(form: chooseForm(), frames: frames.count) }
        try writeEnded()
        PNGChunks.append("IEND", [], to: &output)
        return takeBytes()
    }

    /// The smallest form every rectangle fits. Frames blended over the one before need a
    /// transparent colour; opaque frames go without it (every rectangle then replaces what it
    /// covers) unless a palette holds it at no more bits a pixel: on the opaque scenes of the
    /// bench, RGB rectangles replacing are 3–7 % smaller than RGBA ones blended over.
    private mutating func chooseForm() -> PNGColorForm {
        guard leavesPixels else { return census.form() }
        var withClear = census
        withClear.count(red: 0, green: 0, blue: 0, alpha: 0)
        let clearForm = withClear.form()
        if census.opaque {
            var opaque = census
            let opaqueForm = opaque.form()
            if !(opaqueForm.colorType == 3 && clearForm.colorType == 3 && opaqueForm.bitDepth == clearForm.bitDepth) {
                census = opaque
                leavesPixels = false
                return opaqueForm
            }
        }
        census = withClear
        return clearForm
    }

    /// The file's start (signature, header, animation control, palette and `tRNS`), `frames` frames announced.
    private mutating func writeHeader(form: PNGColorForm, frames count: Int) {
        if form == .rgba { leavesPixels = true }
        self.form = form
        output += PNGDecoder.signature
        PNGChunks.append("IHDR", PNGEncoder.CompressedImage(width: width, height: height, data: [], form: form).header, to: &output)
        PNGChunks.append("acTL", PNGChunks.bigEndian(UInt32(count)) + PNGChunks.bigEndian(0), to: &output)
        if !form.palette.isEmpty { PNGChunks.append("PLTE", form.palette, to: &output) }
        if !form.transparency.isEmpty { PNGChunks.append("tRNS", form.transparency, to: &output) }
    }

    /// Writes every kept frame whose end is known: their rectangles compressed on ``jobs``
    /// threads at once, the chunks then written in order (the same bytes whatever the threads).
    private mutating func writeEnded() throws {
        guard let form else { return }
        let ready = frames.prefix { $0.end != nil }
        let data = try compressedInParallel(Array(ready), form: form)
        for (frame, data) in zip(ready, data) { write(frame, data: data, end: frame.end ?? frame.start) }
        buffered -= ready.reduce(0) { $0 + $1.pixels.count }
        frames.removeFirst(ready.count)
    }

    /// Each frame's compressed rectangle, in order, made on up to ``jobs`` threads (or earlier,
    /// ahead: ``data(of:form:)``).
    private func compressedInParallel(_ frames: [Frame], form: PNGColorForm) throws -> [[UInt8]] {
        // Waited for here, so no thread below waits on the queue that compresses them.
        ahead?.wait()
        let threads = min(jobs, frames.count)
        guard threads > 1 else { return try frames.map { try data(of: $0, form: form) } }
        let results = UnsafeMutableBufferPointer<Result<[UInt8], any Error>>.allocate(capacity: frames.count)
        results.initialize(repeating: .success([]))
        defer {
            results.deinitialize()
            results.deallocate()
        }
        let encoder = self
        // Thread `t` takes frames t, t + threads, …: each slot is written by one thread only,
        // and read after all have ended.
        nonisolated(unsafe) let slots = results
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in stride(from: thread, to: frames.count, by: threads) {
                slots[index] = Result { try encoder.data(of: frames[index], form: form) }
            }
        }
        return try results.map { try $0.get() }
    }

    /// A kept frame's compressed rectangle in `form`: the one made ahead, else made now.
    private func data(of frame: Frame, form: PNGColorForm) throws -> [UInt8] {
        if let ahead, let place = frame.ahead { return try ahead.result(place) }
        return try compressed(frame, form: form, over: blendsOver(frame)).data
    }

    /// Whether `frame` is blended over the frame before (its unchanged pixels transparent).
    private func blendsOver(_ frame: Frame) -> Bool {
        leavesPixels && frame.blendsOverRGBA
    }

    /// A frame's rectangle in `form`, compressed; its unchanged pixels transparent when it is
    /// blended `over` the frame before.
    private func compressed(_ frame: Frame, form: PNGColorForm, over: Bool) throws -> PNGEncoder.CompressedImage {
        let pixels = Self.overPixels(frame, over: over)
        let rows =
            form == .rgba
            ? pixels : pixels.withUnsafeBufferPointer { census.rows($0, width: frame.width, height: frame.height, form: form) }
        return try encoder.compress(packedRows: rows, width: frame.width, height: frame.height, form: form)
    }

    /// A rectangle compressed in RGBA, which needs no census: what ``AheadCompression`` makes.
    private static func compressedRGBA(_ frame: Frame, encoder: PNGEncoder) throws -> [UInt8] {
        let pixels = overPixels(frame, over: frame.blendsOverRGBA)
        return try encoder.compress(packedRows: pixels, width: frame.width, height: frame.height, form: .rgba).data
    }

    /// A rectangle's straight pixels, its unchanged ones transparent when it is blended `over`.
    private static func overPixels(_ frame: Frame, over: Bool) -> [UInt8] {
        var pixels = frame.pixels
        if over, let changed = frame.changed {
            for (i, changed) in changed.enumerated() where !changed {
                pixels[i * 4] = 0
                pixels[i * 4 + 1] = 0
                pixels[i * 4 + 2] = 0
                pixels[i * 4 + 3] = 0
            }
        }
        return pixels
    }

    /// Writes a frame: its `fcTL` (rectangle, delay as a fraction, dispose none, blend over or
    /// source), then IDAT for the first frame and fdAT after it.
    private mutating func write(_ frame: Frame, data: [UInt8], end: Int64) {
        let over = blendsOver(frame)
        let (numerator, denominator) = Self.delay(microseconds: end - frame.start)
        let control =
            PNGChunks.bigEndian(sequence) + PNGChunks.bigEndian(UInt32(frame.width)) + PNGChunks.bigEndian(UInt32(frame.height))
            + PNGChunks.bigEndian(UInt32(frame.x)) + PNGChunks.bigEndian(UInt32(frame.y))
            + [UInt8(numerator >> 8), UInt8(numerator & 0xFF), UInt8(denominator >> 8), UInt8(denominator & 0xFF), 0, over ? 1 : 0]
        PNGChunks.append("fcTL", control, to: &output)
        sequence += 1
        if sequence == 1 {
            PNGChunks.append("IDAT", data, to: &output)
        } else {
            PNGChunks.append("fdAT", PNGChunks.bigEndian(sequence) + data, to: &output)
            sequence += 1
        }
    }

    /// The smallest rectangle (x, y, width, height) holding every pixel that differs between
    /// two frames of `width × height`; nil when none does.
    private static func changedRectangle(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> (Int, Int, Int, Int)? {
        a.withUnsafeBytes { ra in
            b.withUnsafeBytes { rb in
                guard let baseA = ra.baseAddress, let baseB = rb.baseAddress else { return nil }
                let rowBytes = width * 4
                // Whole rows first, with the C library's vectorised compare.
                func rowDiffers(_ y: Int) -> Bool { memcmp(baseA + y * rowBytes, baseB + y * rowBytes, rowBytes) != 0 }
                guard let top = (0..<height).first(where: rowDiffers) else { return nil }
                let bottom = (top..<height).last(where: rowDiffers) ?? top
                let pa = ra.bindMemory(to: UInt32.self), pb = rb.bindMemory(to: UInt32.self)
                var left = width, right = -1
                for y in top...bottom {
                    let o = y * width
                    var x = 0
                    while x < left {
                        if pa[o + x] != pb[o + x] { left = x; break }
                        x += 1
                    }
                    x = width - 1
                    while x > right {
                        if pa[o + x] != pb[o + x] { right = x; break }
                        x -= 1
                    }
                }
                return (left, top, right - left + 1, bottom - top + 1)
            }
        }
    }

    /// The rectangle of `next` and, per pixel, whether it differs from `previous`.
    private static func crop(_ previous: [UInt8], _ next: [UInt8], rectangle: (Int, Int, Int, Int), width: Int, start: Int64) -> Frame {
        let (x0, y0, w, h) = rectangle
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        var changed = [Bool](repeating: false, count: w * h)
        var opaque = true
        previous.withUnsafeBytes { rp in
            next.withUnsafeBytes { rn in
                pixels.withUnsafeMutableBytes { rd in
                    changed.withUnsafeMutableBufferPointer { flags in
                        let before = rp.bindMemory(to: UInt32.self), after = rn.bindMemory(to: UInt32.self)
                        let out = rd.bindMemory(to: UInt32.self)
                        for y in 0..<h {
                            let s = (y0 + y) * width + x0, d = y * w
                            for x in 0..<w {
                                let pixel = after[s + x]
                                out[d + x] = pixel
                                if before[s + x] != pixel {
                                    flags[d + x] = true
                                    // Alpha is the fourth byte of each pixel in memory.
                                    if pixel.littleEndian >> 24 != 255 { opaque = false }
                                }
                            }
                        }
                    }
                }
            }
        }
        return Frame(x: x0, y: y0, width: w, height: h, pixels: pixels, changed: changed, opaqueChanges: opaque, start: start)
    }

    /// A frame's delay as `fcTL` holds it, a fraction of a second: the simplest fraction within
    /// a microsecond of `microseconds` (times arrive rounded to microseconds, so 33 333 and
    /// 33 334 µs are both 1/30 s, and 70 ms stays 7/100), with both terms at most 65 535; else
    /// whole milliseconds (docs/images.md, "APNG output").
    /// - Parameter microseconds: the delay.
    /// - Returns: the numerator and denominator.
    static func delay(microseconds: Int64) -> (UInt16, UInt16) {
        let d = max(microseconds, 1)
        let (p, q) = simplest(low: (max(d - 1, 1), 1_000_000), high: (d + 1, 1_000_000))
        if p >= 1, p <= 65535, q >= 1, q <= 65535 { return (UInt16(p), UInt16(q)) }
        let ms = max(1, min(65535, (d + 500) / 1000))
        return (UInt16(ms), 1000)
    }

    /// The fraction with the smallest denominator in [low, high] (both positive), by continued
    /// fractions (the Stern–Brocot tree's walk).
    private static func simplest(low: (Int64, Int64), high: (Int64, Int64)) -> (Int64, Int64) {
        let whole = low.0 / low.1
        if whole * low.1 == low.0 { return (whole, 1) }
        if (whole + 1) * high.1 <= high.0 { return (whole + 1, 1) }
        // The same whole part: the simplest of the reciprocals of what is left, in reverse order.
        let (p, q) = simplest(low: (high.1, high.0 - whole * high.1), high: (low.1, low.0 - whole * low.1))
        return (whole * p + q, p)
    }
}
