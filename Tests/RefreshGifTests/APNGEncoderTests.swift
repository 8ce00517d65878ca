import RefreshGifTestSupport
import Testing

@testable import ImageCodecs
@testable import RefreshImage

/// Animated PNGs of changed rectangles: played by an independent reader (``APNGReader``: each
/// frame decoded by libpng and composed as the APNG specification says), every frame shows
/// exactly the picture given, in the smallest colour form all frames share.
@Suite("APNG frames as changed rectangles")
struct APNGEncoderTests {
    /// Frames of a 64 × 48 animation: a background and a moving square whose colour and alpha
    /// come from `square`, and `still` frames repeating the one before.
    static func frames(
        count: Int, background: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8), square: (Int) -> (UInt8, UInt8, UInt8, UInt8),
        repeating: Set<Int> = [], moving: Bool = true, checkered: Bool = false
    ) throws -> [RGBAImage] {
        var out: [RGBAImage] = []
        for index in 0..<count {
            if repeating.contains(index), let last = out.last {
                out.append(last)
                continue
            }
            var bytes: [UInt8] = []
            for y in 0..<48 {
                for x in 0..<64 {
                    let left = x - (moving ? index * 3 : 0)
                    let inSquare = left >= 4 && left < 14 && y >= 10 && y < 20
                    let fixed = checkered && (x + y) % 2 == 1
                    let (r, g, b, a) = inSquare ? (fixed ? (5, 5, 5, 255) : square(index)) : background(x, y)
                    bytes += [r, g, b, a]
                }
            }
            out.append(try RGBAImage(width: 64, height: 48, straightPixels: bytes))
        }
        return out
    }

    /// The file of `frames` at 10 fps, compressed on `jobs` threads.
    static func file(_ frames: [RGBAImage], bufferLimit: Int = APNGEncoder.bufferLimit, jobs: Int = 1) throws -> (
        bytes: [UInt8], streamed: Int
    ) {
        var encoder = APNGEncoder(width: 64, height: 48, frameCount: frames.count, bufferLimit: bufferLimit)
        encoder.jobs = jobs
        var bytes: [UInt8] = []
        var streamed = 0
        for (index, frame) in frames.enumerated() {
            try encoder.add(frame, at: Double(index) / 10)
            let made = encoder.takeBytes()
            if index < frames.count - 1 { streamed += made.count }
            bytes += made
        }
        return (bytes + (try encoder.finish(at: Double(frames.count) / 10)), streamed)
    }

    /// Asserts the file shows each frame at its time and lasts as long as they do.
    static func expectPlays(_ bytes: [UInt8], _ frames: [RGBAImage]) throws -> APNGReader {
        let reader = try APNGReader(bytes)
        #expect(reader.announced == reader.frames.count)
        #expect(abs(reader.duration - Double(frames.count) / 10) < 1e-9)
        for (index, frame) in frames.enumerated() {
            #expect(reader.shown(at: (Double(index) + 0.5) / 10) == frame, "frame \(index)")
        }
        return reader
    }

    static func noise(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        (UInt8((x * 37 + y * 11) & 0xFF), UInt8((x * 7 + y * 53) & 0xFF), UInt8((x * y) & 0xFF), 255)
    }

    @Test("opaque frames of many colours: RGB, every later frame only its changed rectangle, replacing")
    func opaque() throws {
        let frames = try Self.frames(count: 6, background: Self.noise, square: { i in (UInt8(i * 40), 0, 0, 255) })
        let reader = try Self.expectPlays(try Self.file(frames).bytes, frames)
        #expect(reader.colorType == 2)
        #expect(reader.frames.dropFirst().allSatisfy { $0.blend == 0 && $0.dispose == 0 })
        // The square moves 3 px a frame: its old and new places, 13 × 10 px.
        #expect(reader.frames[1].rectangle == (4, 10, 13, 10))
    }

    @Test("opaque changes over a transparent background are blended over; soft or cleared ones replace")
    func transparent() throws {
        let clear: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8) = { x, _ in x < 2 ? (200, 10, 10, 128) : (0, 0, 0, 0) }
        // Frames 1–3: half of an opaque square's pixels change colour (over); 4–5: they are
        // half-transparent (source).
        let still = try Self.frames(
            count: 6, background: clear, square: { i in i < 4 ? (UInt8(i * 50), 90, 200, 255) : (10, 20, 30, UInt8(60 + i)) },
            moving: false, checkered: true)
        let reader = try Self.expectPlays(try Self.file(still).bytes, still)
        #expect(reader.colorType == 3, "a few colours with alpha: a palette with tRNS")
        #expect(reader.frames[1...3].allSatisfy { $0.blend == 1 })
        #expect(reader.frames[4...5].allSatisfy { $0.blend == 0 })
        // Moving, the square leaves transparent pixels behind, which only replacing can draw.
        let moving = try Self.frames(count: 4, background: clear, square: { _ in (1, 90, 200, 255) })
        #expect(try Self.expectPlays(try Self.file(moving).bytes, moving).frames.dropFirst().allSatisfy { $0.blend == 0 })
    }

    @Test("grey with alpha: grey and alpha; many colours with alpha: RGBA")
    func forms() throws {
        let grey = try Self.frames(
            count: 4,
            background: { x, y in
                let v = UInt8((x * 4 + y) & 0xFF); return (v, v, v, UInt8(x * 4))
            },
            square: { i in (UInt8(i), UInt8(i), UInt8(i), 255) })
        #expect(try Self.expectPlays(try Self.file(grey).bytes, grey).colorType == 4)
        let colour = try Self.frames(
            count: 4, background: { x, y in (UInt8(x * 4), UInt8(y * 5), UInt8((x * y) & 0xFF), UInt8(x * 4)) },
            square: { i in (UInt8(i * 9), 1, 2, 255) })
        #expect(try Self.expectPlays(try Self.file(colour).bytes, colour).colorType == 6)
    }

    @Test("a frame equal to the one before adds its time to that frame's delay")
    func repeated() throws {
        let frames = try Self.frames(count: 6, background: Self.noise, square: { _ in (1, 2, 3, 255) }, repeating: [2, 3])
        let reader = try Self.expectPlays(try Self.file(frames).bytes, frames)
        #expect(reader.frames.count == 4)
        #expect(reader.frames.map(\.seconds) == [0.1, 0.3, 0.1, 0.1])
    }

    @Test("past the buffer limit the frames are RGBA and written as they come, still exact")
    func streamed() throws {
        let frames = try Self.frames(count: 6, background: Self.noise, square: { i in (UInt8(i * 40), 0, 0, 255) }, repeating: [4])
        let (bytes, streamed) = try Self.file(frames, bufferLimit: 12_000)
        #expect(streamed > 0, "bytes handed out before the last frame")
        let reader = try Self.expectPlays(bytes, frames)
        #expect(reader.colorType == 6)
        #expect(reader.frames.count == 6, "a repeated frame is a transparent pixel, as the header announced six")
        #expect(reader.frames[4].rectangle == (0, 0, 1, 1) && reader.frames[4].blend == 1)
        #expect(try Self.file(frames).bytes.count < bytes.count, "the shared form is smaller")
    }

    @Test("threads change nothing: RGBA rectangles compressed ahead, as frames come, make the same file")
    func threads() throws {
        // Many colours with alpha from the first frame: RGBA is sure at once, so with two
        // threads every rectangle is compressed ahead; one thread compresses them at the end.
        let colour: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8) = { x, y in
            (UInt8(x * 4), UInt8(y * 5), UInt8((x * y) & 0xFF), UInt8(x * 4))
        }
        // A still square whose every other pixel stays: opaque changes are blended over (the
        // pixels that stay written transparent), soft ones replace.
        let frames = try Self.frames(
            count: 8, background: colour, square: { i in (UInt8(i * 30), 1, 2, i % 3 == 0 ? 90 : 255) }, repeating: [5],
            moving: false, checkered: true)
        let serial = try Self.file(frames).bytes
        for jobs in [2, 4] {
            #expect(try Self.file(frames, jobs: jobs).bytes == serial, "\(jobs) threads")
            #expect(try Self.file(frames, bufferLimit: 12_000, jobs: jobs).bytes == (try Self.file(frames, bufferLimit: 12_000).bytes))
        }
        let reader = try Self.expectPlays(serial, frames)
        #expect(reader.colorType == 6)
        #expect(reader.frames.contains { $0.blend == 1 } && reader.frames.dropFirst().contains { $0.blend == 0 })
        // A palette's census is only known at the end: nothing is compressed ahead there.
        let few = try Self.frames(count: 5, background: { _, _ in (0, 0, 0, 0) }, square: { i in (UInt8(i * 40), 0, 0, 255) })
        #expect(try Self.file(few, jobs: 2).bytes == (try Self.file(few).bytes))
    }

    @Test("a frame of another size, a time going back, and one frame too many are refused")
    func refusals() throws {
        var encoder = APNGEncoder(width: 64, height: 48, frameCount: 2)
        #expect(throws: ImageCodecError.self) { try encoder.add(try RGBAImage(width: 8, height: 8), at: 0) }
        try encoder.add(try RGBAImage(width: 64, height: 48), at: 0.5)
        #expect(throws: ImageCodecError.self) { try encoder.add(try RGBAImage(width: 64, height: 48), at: 0.2) }
        try encoder.add(try RGBAImage(width: 64, height: 48), at: 0.6)
        #expect(throws: ImageCodecError.self) { try encoder.add(try RGBAImage(width: 64, height: 48), at: 0.7) }
        var short = APNGEncoder(width: 64, height: 48, frameCount: 3)
        #expect(throws: ImageCodecError.self) { _ = try short.finish(at: 1) }
    }
}
