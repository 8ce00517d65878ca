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
///   255; beyond that a palette merging the nearest colours (far beyond, a median cut
///   refined by k-means), optionally dithered
///   (``GIFDithering``). The first frames are held back (up to 4 million pixels of changes)
///   to choose the global table from their colours; a frame may use it instead of a table
///   of its own.
/// - **Choosing by trying.** Inside the rectangle, each pixel that stays the same is left
///   transparent or drawn again in the colour it shows, whichever continues the LZW coder's
///   current string; each candidate table is coded that way and the smallest is written. The
///   LZW data is our coder's (`LZWCoder`), which keeps a full code table while it codes well
///   instead of clearing it at once as giflib's does; giflib writes the file around it.
/// - **Disposal.** When the next frame comes, the frame before is kept (none), cleared
///   (background) or restored (previous), whichever leaves the next frame the smallest
///   rectangle among those that show the right pixels; a frame held 4 cs or more that must
///   lose a few pixels is kept for 2 cs and then cleared by a frame of just those pixels.
/// - **Time.** Delays are in centiseconds, each frame starting at its own time rounded, so
///   rounding never accumulates. Browsers slow delays of 0–1 cs down to 10 cs, so no frame
///   starts less than 2 cs after the one before: where frames come faster (a source above
///   50 fps), the GIF shows them on a uniform 2-cs grid, each tick the source frame nearest
///   to it in time, instead of keeping whichever frame happens to be 2 cs after the last
///   (which plays 60 fps as an uneven 40 fps).
///
/// Pixels less than half opaque are transparent (GIF has no partial alpha) unless a matte
/// is given (``QuantizedFrame/init(_:matte:)``). The output depends only on the frames and
/// their times: the same bytes whatever thread prepared them.
public final class GIFEncoder {
    private let writer: GIFFrameWriter
    /// Whether frames carry their opaque pixel count (only a colour error needs it).
    private let countsOpaque: Bool
    /// Width and height in pixels.
    public let width: Int, height: Int
    /// When the last frame handed on starts, in centiseconds.
    private var lastCentisecond: Int?
    /// A frame that came less than 2 cs after the last one handed on, with its time in µs:
    /// it is shown at the next 2-cs tick if it is the nearest frame to that tick.
    private var held: (frame: QuantizedFrame, time: Int64)?
    /// The frame written next, once the frame after it says how it must be disposed of.
    private var pending: Pending?
    /// The source pixels the screen stands for before the pending frame (0: transparent).
    private var base: [UInt32]
    /// The source of the frame written last (kept only with a colour error allowed).
    private var lastSource: [UInt32]?

    /// A choice of disposal of ours: the frame is kept (disposal none) for 2 cs, then a frame
    /// that draws nothing clears the pixels that must turn transparent (background).
    private static let disposeBySplitting: Int32 = -1

    /// A frame waiting for its disposal and delay.
    private struct Pending {
        var frame: QuantizedFrame
        var start: Int
        var rect: GIFRect
        var disposal: Int32 = DISPOSE_DO_NOT
    }

    /// Starts a GIF of the given size that loops forever; `dithering` applies to frames with
    /// more colours than a palette holds.
    /// - Parameters:
    ///   - width: pixels, 1 to 65 535.
    ///   - height: pixels, 1 to 65 535.
    ///   - dithering: how missing colours are shown.
    /// - Throws: ``ImageCodecError/cannotEncode(_:reason:)`` for a size GIF cannot hold.
    public convenience init(width: Int, height: Int, dithering: GIFDithering = .none) throws {
        try self.init(width: width, height: height, dithering: dithering, colorError: 0)
    }

    /// The mean squared errors per colour channel a GIF may trade for bytes
    /// (``init(width:height:dithering:colorError:)``).
    public static let colorErrors = 0.0...100.0

    /// Starts a GIF of the given size that loops forever, whose frames may differ from their
    /// source by up to `colorError` — the mean squared error per channel over each frame's
    /// opaque pixels, what remains on screen from earlier frames included — to share one
    /// palette instead of exact colours in tables of their own. 0 keeps exact colours (up to
    /// 255 a frame); 0.002 (about 75 dB) is far below what an eye sees; 1 (about 48 dB) is
    /// about a level a channel (docs/images.md, "GIF output").
    /// - Parameters:
    ///   - width: pixels, 1 to 65 535.
    ///   - height: pixels, 1 to 65 535.
    ///   - dithering: how missing colours are shown.
    ///   - colorError: 0 to 100 (``colorErrors``); fractions such as 0.002 are allowed.
    /// - Throws: ``ImageCodecError/cannotEncode(_:reason:)`` for a size GIF cannot hold or an
    ///   error out of range.
    public init(width: Int, height: Int, dithering: GIFDithering, colorError: Double) throws {
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw ImageCodecError.cannotEncode(.gif, reason: "frames must be 1–65535 px a side, got \(width)×\(height)")
        }
        guard Self.colorErrors.contains(colorError) else {
            throw ImageCodecError.cannotEncode(.gif, reason: "the colour error must be 0–100, got \(colorError)")
        }
        self.width = width
        self.height = height
        base = [UInt32](repeating: 0, count: width * height)
        writer = try GIFFrameWriter(width: width, height: height, dithering: dithering, colorError: colorError)
        countsOpaque = colorError > 0
    }

    /// A frame ready for `add(_:at:)`, made on any thread: its pixels as the colours the
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
        /// - Parameters:
        ///   - image: the frame.
        ///   - matte: the page's colour; nil cuts soft edges at half opacity.
        /// - Throws: nothing at present: every frame can be prepared; the signature leaves room
        ///   for a check.
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
    /// - Parameters:
    ///   - image: the frame.
    ///   - seconds: when it shows.
    /// - Throws: ``ImageCodecError/cannotEncode(_:reason:)`` for another size or a bad time.
    public func add(_ image: RGBAImage, at seconds: Double) throws {
        try add(QuantizedFrame(image), atMicroseconds: try encoderMicroseconds(seconds, format: .gif))
    }

    /// Adds an already prepared frame shown from `seconds` after the start.
    /// - Parameters:
    ///   - frame: the frame, quantised.
    ///   - seconds: when it shows.
    /// - Throws: ``ImageCodecError/cannotEncode(_:reason:)`` for another size or a bad time.
    public func add(_ frame: QuantizedFrame, at seconds: Double) throws {
        try add(frame, atMicroseconds: try encoderMicroseconds(seconds, format: .gif))
    }

    /// Adds an already prepared frame shown from `time` µs.
    package func add(_ frame: QuantizedFrame, atMicroseconds time: Int64) throws {
        guard frame.width == width, frame.height == height else {
            throw ImageCodecError.cannotEncode(.gif, reason: "frame is \(frame.width)×\(frame.height) px, the GIF \(width)×\(height)")
        }
        guard let last = lastCentisecond else { return try show(frame, at: Self.centiseconds(time)) }
        let tick = last + 2, tickTime = Int64(tick) * 10_000
        if let candidate = held {
            // Both before the tick: the later one is the nearer.
            if time < tickTime {
                held = (frame, time)
                return
            }
            held = nil
            // The tick lies between the two: the nearer one is shown at it (a tie, the earlier).
            if tickTime - candidate.time > time - tickTime { return try show(frame, at: tick) }
            try show(candidate.frame, at: tick)
            // The new frame again, against the new last start.
            return try add(frame, atMicroseconds: time)
        }
        let centisecond = Self.centiseconds(time)
        if centisecond >= tick { try show(frame, at: centisecond) } else { held = (frame, time) }
    }

    /// `time` µs in centiseconds, rounded.
    private static func centiseconds(_ time: Int64) -> Int { Int((Double(time) / 10_000).rounded()) }

    /// Hands `frame` on, starting at `centisecond` (at least 2 cs after the last one).
    private func show(_ frame: QuantizedFrame, at centisecond: Int) throws {
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
        var choices: [(disposal: Int32, rect: GIFRect, base: [UInt32])] = []
        // One pass over the screen: what must turn transparent (it needs clearing), and
        // whether restoring the screen from before the pending frame is right (no pixel
        // restored must be transparent, and the next frame need not redraw a pixel that stays
        // the same: a new palette could show it in another colour, which is flicker).
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        var restorable = true
        for i in 0..<next.count {
            if next[i] == 0 {
                if shown[i] != 0 {
                    let x = i % width, y = i / width
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                    minY = min(minY, y)
                    maxY = y
                }
                if base[i] != 0 { restorable = false }
            } else if shown[i] != base[i] && next[i] == shown[i] {
                restorable = false
            }
        }
        let clear = maxX < 0 ? nil : GIFRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        if let clear {
            let grown = previous.rect.union(clear)
            choices.append((DISPOSE_BACKGROUND, grown, cleared(shown, in: grown)))
            // Held for 4 cs or more, the frame can stay on screen and a frame of its own
            // clear only what must turn transparent, instead of clearing all the frame drew.
            if centisecond - previous.start >= 4 {
                choices.append((Self.disposeBySplitting, previous.rect, cleared(shown, in: clear)))
            }
        } else {
            choices.append((DISPOSE_DO_NOT, previous.rect, shown))
        }
        if restorable {
            choices.append((DISPOSE_PREVIOUS, previous.rect, base))
        }
        var best = 0, bestArea = Int.max, bestRect = GIFRect(x: 0, y: 0, width: 1, height: 1)
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
        if previous.disposal == Self.disposeBySplitting, let clear {
            previous.disposal = DISPOSE_DO_NOT
            try write(previous, until: previous.start + 2)
            base = shown
            try write(
                Pending(frame: previous.frame, start: previous.start + 2, rect: clear, disposal: DISPOSE_BACKGROUND), until: centisecond)
        } else {
            try write(previous, until: centisecond)
        }
        base = choices[best].base
        pending = Pending(frame: frame, start: centisecond, rect: bestRect)
    }

    /// `pixels` with `rect` made transparent.
    private func cleared(_ pixels: [UInt32], in rect: GIFRect) -> [UInt32] {
        var pixels = pixels
        for y in rect.y..<rect.y + rect.height {
            for x in rect.x..<rect.x + rect.width { pixels[y * width + x] = 0 }
        }
        return pixels
    }

    /// The bounding box of the pixels `to` draws over `from` (opaque and different), or a
    /// 1×1 rectangle when there are none.
    private func changes(from: [UInt32], to: [UInt32]) -> GIFRect {
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
        guard maxX >= 0 else { return GIFRect(x: 0, y: 0, width: 1, height: 1) }
        return GIFRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The bytes written since the last call (the file so far, the first time): a long
    /// animation goes to disk as it is made instead of staying in memory.
    /// - Returns: the bytes written since the last call.
    public func takeBytes() -> [UInt8] {
        writer.takeBytes()
    }

    /// Writes the last frame (shown until `seconds` after the start) and returns the GIF
    /// file (what ``takeBytes()`` has not handed out yet).
    /// - Parameter seconds: when the last frame ends.
    /// - Returns: the bytes not handed out yet.
    /// - Throws: ``ImageCodecError/cannotEncode(_:reason:)`` for a bad time or a failed write.
    public func finish(at seconds: Double) throws -> [UInt8] {
        try finish(atMicroseconds: try encoderMicroseconds(seconds, format: .gif))
    }

    /// ``finish(at:)`` in microseconds.
    package func finish(atMicroseconds time: Int64) throws -> [UInt8] {
        let end = Self.centiseconds(time)
        // A held frame is the nearest to the next tick if that tick is inside the animation.
        if let candidate = held, let last = lastCentisecond, last + 2 < end {
            held = nil
            try show(candidate.frame, at: last + 2)
        }
        if let last = pending {
            pending = nil
            try write(last, until: max(end, (lastCentisecond ?? 0) + 2))
        }
        return try writer.close()
    }

    /// Hands `frame`, shown until `centisecond`, to the writer: for each pixel of its
    /// rectangle, its colour where it differs from ``base`` (0 elsewhere).
    private func write(_ frame: Pending, until centisecond: Int) throws {
        let r = frame.rect
        let source = frame.frame.source
        var changed = [UInt32](repeating: 0, count: r.area)
        var opaque = 0
        if countsOpaque { for color in source where color != 0 { opaque += 1 } }
        for y in 0..<r.height {
            let row = (r.y + y) * width + r.x
            for x in 0..<r.width where source[row + x] != 0 && source[row + x] != base[row + x] {
                changed[y * r.width + x] = source[row + x]
            }
        }
        // With an error allowed: which pixels' sources changed since the frame written before
        // (only those may take a near colour; a pixel that stays the same must not flicker).
        var free: [Bool] = []
        if countsOpaque {
            free = [Bool](repeating: false, count: r.area)
            for y in 0..<r.height {
                let row = (r.y + y) * width + r.x
                for x in 0..<r.width where changed[y * r.width + x] != 0 {
                    free[y * r.width + x] = lastSource.map { $0[row + x] != source[row + x] } ?? true
                }
            }
            lastSource = source
        }
        try writer.write(
            GIFFrameWriter.Frame(
                rect: r, disposal: frame.disposal, delay: min(65535, max(2, centisecond - frame.start)), changed: changed,
                opaque: opaque, free: free))
    }
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
