import Foundation
import Testing

@testable import ImageCodecs
@testable import RefreshImage

/// The GIF writer as a viewer sees its files: every frame decoded by our browser-faithful
/// decoder and compared with what was given to the encoder.
@Suite("GIF encoder")
struct GIFEncoderTests {
    /// An opaque picture: `color(x, y)` as straight RGB.
    static func picture(_ side: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) throws -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let (r, g, b) = color(x, y)
                pixels[(y * side + x) * 4] = r
                pixels[(y * side + x) * 4 + 1] = g
                pixels[(y * side + x) * 4 + 2] = b
            }
        }
        return try RGBAImage(width: side, height: side, straightPixels: pixels)
    }

    /// The pictures shown at each frame's start (frames 0.1 s apart), decoded from `bytes`.
    static func shown(_ bytes: [UInt8], count: Int) throws -> [[UInt8]] {
        let gif = try GIFDecoder().decode(bytes)
        var starts: [Int] = []
        var time = 0
        for frame in gif.frames {
            starts.append(time)
            time += frame.delayCentiseconds
        }
        return (0..<count).map { index in
            let frame = starts.lastIndex { $0 <= index * 10 } ?? 0
            return gif.frames[frame].image.straightPixels()
        }
    }

    static func encode(_ frames: [RGBAImage], dithering: GIFDithering = .none) throws -> [UInt8] {
        let encoder = try GIFEncoder(width: frames[0].width, height: frames[0].height, dithering: dithering)
        for (index, frame) in frames.enumerated() { try encoder.add(frame, at: Double(index) / 10) }
        return try encoder.finish(at: Double(frames.count) / 10)
    }

    /// `count` solid 4×4 frames at `fps`, frame i with red + 256 × green = i, encoded; the
    /// GIF's frames as (start in centiseconds, the index their colour spells).
    static func timeline(count: Int, fps: Int) throws -> [(start: Int, red: Int)] {
        let encoder = try GIFEncoder(width: 4, height: 4)
        for index in 0..<count {
            try encoder.add(Self.picture(4) { _, _ in (UInt8(index % 256), UInt8(index / 256), 90) }, at: Double(index) / Double(fps))
        }
        let gif = try GIFDecoder().decode(encoder.finish(at: Double(count) / Double(fps)))
        var time = 0
        return gif.frames.map { frame in
            defer { time += frame.delayCentiseconds }
            let pixel = frame.image.straightPixels()
            return (time, Int(pixel[0]) + 256 * Int(pixel[1]))
        }
    }

    @Test("above 50 fps frames are shown on a uniform 2-cs grid, each tick the source frame nearest to it")
    func fastSourcesOnAGrid() throws {
        for fps in [60, 100, 120] {
            let count = fps * 22 / 10 // 2.2 s
            let frames = try Self.timeline(count: count, fps: fps)
            #expect(frames.map(\.start) == Array(stride(from: 0, to: 220, by: 2)), "\(fps) fps")
            for frame in frames {
                // The nearest source frame in time; a tie goes to the earlier frame.
                let nearest = (0..<count).min {
                    abs(Double($0) / Double(fps) - Double(frame.start) / 100) < abs(Double($1) / Double(fps) - Double(frame.start) / 100)
                }
                #expect(frame.red == nearest, "\(fps) fps, tick \(frame.start) cs")
            }
        }
    }

    @Test("at 50 fps or slower every frame starts at its own time, rounded")
    func slowSourcesKeepTheirTimes() throws {
        for fps in [50, 40, 30, 24] {
            let count = fps * 2
            let frames = try Self.timeline(count: count, fps: fps)
            #expect(frames.map(\.red) == Array(0..<count), "\(fps) fps")
            #expect(frames.map(\.start) == (0..<count).map { Int((Double($0) * 100 / Double(fps)).rounded()) }, "\(fps) fps")
        }
    }

    @Test("a frame drawing the animation's most used colours takes the global table at narrow indices, no table of its own")
    func narrowGlobalIndices() throws {
        // Frame 0 draws 24 colours in stripes; frames 1… flip a square between two colours
        // that every later frame draws, so the global table puts them first.
        let stripes = try Self.picture(24) { x, _ in (UInt8(x * 10), UInt8(200 - x * 5), 30) }
        var frames = [stripes]
        for f in 1..<8 {
            frames.append(
                try Self.picture(24) { x, y in
                    (4..<12).contains(x) && (4..<12).contains(y)
                        ? (f % 2 == 0 ? (250, 250, 0) : (0, 0, 250)) : (UInt8(x * 10), UInt8(200 - x * 5), 30)
                })
        }
        let bytes = try Self.encode(frames)
        let shown = try Self.shown(bytes, count: frames.count)
        for (index, frame) in frames.enumerated() {
            #expect(shown[index] == frame.straightPixels(), "frame \(index)")
        }
        #expect(bytes[10] & 0x80 != 0 && bytes[10] & 7 == 4, "a global table of 32 entries")
        var images: [(localTable: Bool, codeSize: UInt8)] = []
        GIFBlocks.walk(bytes) { block in
            if case let .image(descriptor, data) = block { images.append((bytes[descriptor + 9] & 0x80 != 0, bytes[data])) }
        }
        #expect(images.count == frames.count)
        for (index, image) in images.enumerated().dropFirst() {
            #expect(!image.localTable && image.codeSize == 2, "frame \(index): \(image)")
        }
    }

    @Test("with a colour error allowed, every frame of at most 255 colours stays within it over its picture, in one shared table")
    func colorErrorBound() throws {
        // 200 colours a frame in moving bands, their blue drifting a little each frame: 2 400
        // colours in all, near twins of one another, so exact colours need a table a frame.
        let frames = try (0..<12).map { f in
            try Self.picture(64) { x, y in
                let band = (x + y + f * 3) % 200
                return (UInt8(band), UInt8(255 - band), UInt8((band * 7 + f * 2) % 256))
            }
        }
        func encoded(_ error: Double) throws -> [UInt8] {
            let encoder = try GIFEncoder(width: 64, height: 64, dithering: .none, colorError: error)
            for (index, frame) in frames.enumerated() { try encoder.add(frame, at: Double(index) / 10) }
            return try encoder.finish(at: Double(frames.count) / 10)
        }
        func localTables(_ bytes: [UInt8]) -> Int {
            var count = 0
            GIFBlocks.walk(bytes) { block in
                if case let .image(descriptor, _) = block, bytes[descriptor + 9] & 0x80 != 0 { count += 1 }
            }
            return count
        }
        let (exact, lossy) = (try encoded(0), try encoded(2))
        let shown = try Self.shown(lossy, count: frames.count)
        var worst = 0.0
        for (index, frame) in frames.enumerated() {
            let source = frame.straightPixels()
            var squared = 0
            for i in stride(from: 0, to: source.count, by: 4) {
                for c in 0..<3 {
                    squared += (Int(shown[index][i + c]) - Int(source[i + c])) * (Int(shown[index][i + c]) - Int(source[i + c]))
                }
            }
            let error = Double(squared) / Double(3 * 64 * 64)
            #expect(error <= 2, "frame \(index): \(error)")
            worst = max(worst, error)
        }
        #expect(worst > 0, "some colours were merged")
        #expect(localTables(exact) > 0 && localTables(lossy) == 0, "\(localTables(exact)) and \(localTables(lossy)) tables of their own")
        #expect(lossy.count < exact.count)
        #expect(try Self.shown(exact, count: frames.count) == frames.map { $0.straightPixels() })
    }

    @Test("a palette a few colours short merges near twins and keeps every colour that stands apart")
    func paletteMergesTwins() {
        // 250 colours 16 levels apart, 100 pixels each, and 10 of them with a twin one level
        // bluer (1 pixel each): 260 colours for 255 entries.
        var counts = ColorTable(capacity: 512)
        let grid = (0..<250).map { (index: Int) -> UInt32 in
            let red = UInt32(index % 16 * 16), green = UInt32(index / 16 * 16)
            return red << 16 | green << 8 | 128
        }
        for key in grid { counts.add(key, pixels: 100) }
        for key in grid.prefix(10) { counts.add(key + 1, pixels: 1) }
        let palette = GIFPalette.colors(for: counts).colors
        #expect(palette.count == 255)
        let keys = Set(palette.map { GIFPalette.key($0) })
        #expect(grid.allSatisfy { keys.contains($0) }, "every colour that stands apart is kept exactly")
        // The five cheapest merges: five twins shown one level off, 1 pixel each.
        var squared = 0
        for key in counts.keys {
            let (r, g, b) = GIFPalette.rgb(key)
            let c = palette[GIFPalette.nearest(r, g, b, in: palette)]
            squared += ((c.0 - r) * (c.0 - r) + (c.1 - g) * (c.1 - g) + (c.2 - b) * (c.2 - b)) * counts.count(of: key)
        }
        #expect(squared == 5)
    }

    @Test("an opaque animation of at most 255 colours a frame is lossless, every frame")
    func lossless() throws {
        // 200 colours in bands that move: every frame has all of them, and they move.
        let frames = try (0..<6).map { f in
            try Self.picture(64) { x, y in
                let band = (x + y + f * 3) % 200
                return (UInt8(band), UInt8(255 - band), UInt8((band * 7) % 256))
            }
        }
        let shown = try Self.shown(Self.encode(frames), count: frames.count)
        for (index, frame) in frames.enumerated() {
            #expect(zip(shown[index], frame.straightPixels()).allSatisfy { $0 == $1 }, "frame \(index)")
        }
    }

    @Test(
        "frames of more than 255 colours: close to the source, and pixels that stay the same never change, dithered or not",
        arguments: GIFDithering.allCases)
    func manyColours(dithering: GIFDithering) throws {
        // A gradient of 4 096 colours whose right half shifts from frame to frame.
        let side = 64
        let frames = try (0..<5).map { f in
            try Self.picture(side) { x, y in
                let shift = x < side / 2 ? 0 : f * 9
                return (UInt8(x * 4 % 256), UInt8((y * 4 + shift) % 256), UInt8((x + y) * 2 % 256))
            }
        }
        let bytes = try Self.encode(frames, dithering: dithering)
        let shown = try Self.shown(bytes, count: frames.count)
        var squared = 0.0, flicker = 0
        for (index, frame) in frames.enumerated() {
            let source = frame.straightPixels()
            var frameSquared = 0.0
            for i in stride(from: 0, to: source.count, by: 4) {
                for c in 0..<3 { frameSquared += pow(Double(source[i + c]) - Double(shown[index][i + c]), 2) }
            }
            squared += frameSquared
            guard index > 0 else { continue }
            let before = frames[index - 1].straightPixels()
            for i in stride(from: 0, to: source.count, by: 4) where source[i..<i + 4] == before[i..<i + 4] {
                if shown[index][i..<i + 4] != shown[index - 1][i..<i + 4] { flicker += 1 }
            }
        }
        #expect(flicker == 0, "pixels that stay the same but change on screen")
        let psnr = 10 * log10(255 * 255 / (squared / Double(frames.count * side * side * 3)))
        #expect(psnr > (dithering == .none ? 34 : 33), "PSNR \(psnr) dB")
        #expect(try Self.encode(frames, dithering: dithering) == bytes, "the same bytes every run")
    }

    @Test("Floyd–Steinberg keeps the average colour of small areas where nearest colours make flat bands")
    func ditheringKeepsAverages() throws {
        // 16 384 colours: each palette colour stands for a patch of about 8×8 pixels, so
        // nearest colours are flat over every 4×4 area while dithering mixes them.
        let side = 128
        let frames = try (0..<2).map { f in try Self.picture(side) { x, y in (UInt8(x * 2), UInt8(y * 2), UInt8(100 + f * 20)) } }
        func blockError(_ dithering: GIFDithering) throws -> Double {
            let shown = try Self.shown(Self.encode(frames, dithering: dithering), count: 2)
            var total = 0.0
            for (index, frame) in frames.enumerated() {
                let source = frame.straightPixels()
                for by in stride(from: 0, to: side, by: 4) {
                    for bx in stride(from: 0, to: side, by: 4) {
                        for c in 0..<3 {
                            var difference = 0.0
                            for y in by..<by + 4 {
                                for x in bx..<bx + 4 {
                                    let i = (y * side + x) * 4 + c
                                    difference += Double(source[i]) - Double(shown[index][i])
                                }
                            }
                            total += abs(difference / 16)
                        }
                    }
                }
            }
            return total
        }
        let nearest = try blockError(.none), dithered = try blockError(.floydSteinberg)
        #expect(dithered < nearest * 0.5, "summed 4×4 block error: dithered \(dithered), nearest \(nearest)")
    }

    @Test("frames whose colours fit one table share the global table: no frame writes a table of its own")
    func sharedTable() throws {
        let frames = try (0..<8).map { f in
            try Self.picture(40) { x, _ in x / 4 == f ? (255, 0, 0) : (UInt8(x * 6), 40, 90) }
        }
        let bytes = try Self.encode(frames)
        let layouts = try ImageInspection.inspect(bytes).layouts
        #expect(layouts.count == 8)
        #expect(layouts.allSatisfy { $0.localColors == nil && $0.globalColors > 0 }, "\(layouts.map(\.summary))")
        let lossless = try Self.shown(bytes, count: 8) == frames.map { $0.straightPixels() }
        #expect(lossless)
    }

    @Test("a held frame that must lose pixels is kept and cleared by a small frame, not redrawn whole")
    func clearingWithoutRedrawing() throws {
        // A large opaque block that stays, and a dot beside it that moves on transparency; each
        // picture is held for 0.3 s.
        func frame(_ f: Int) throws -> RGBAImage {
            var pixels = [UInt8](repeating: 0, count: 80 * 80 * 4)
            for y in 0..<80 {
                for x in 0..<80 where (x >= 20 && y < 60) || (x >= 2 + f * 4 && x < 6 + f * 4 && y >= 70 && y < 74) {
                    pixels.replaceSubrange((y * 80 + x) * 4..<(y * 80 + x) * 4 + 4, with: [UInt8(x * 3), y >= 70 ? 210 : 40, 200, 255])
                }
            }
            return try RGBAImage(width: 80, height: 80, straightPixels: pixels)
        }
        let encoder = try GIFEncoder(width: 80, height: 80)
        for f in 0..<4 { try encoder.add(try frame(f), at: Double(f) * 0.3) }
        let bytes = try encoder.finish(at: 1.2)
        let layouts = try ImageInspection.inspect(bytes).layouts
        // After the first frame, no frame covers the block again: the dot's frames are small.
        #expect(layouts.dropFirst().allSatisfy { $0.width * $0.height <= 16 * 8 }, "\(layouts.map(\.summary))")
        let gif = try GIFDecoder().decode(bytes)
        var time = 0
        for shownFrame in gif.frames {
            let expected = try frame(min(3, time / 30)).straightPixels()
            let differing = zip(shownFrame.image.straightPixels(), expected).filter { $0 != $1 }.count
            #expect(differing == 0, "at \(time) cs")
            time += shownFrame.delayCentiseconds
        }
        #expect(time == 120)
    }

    @Test("the LZW data counted to choose a frame's table is the data written, and decodes to the pixels chosen")
    func codedDataIsWritten() throws {
        let frames = try (0..<3).map { f in
            try Self.picture(48) { x, y in ((x + f) % 5 == 0 ? 30 : 220, UInt8((y / 6) * 20), UInt8(f * 60)) }
        }
        let bytes = try Self.encode(frames)
        // Each image's data block as written, against the count for the same indices.
        var offset = 13 + 3 * (2 << Int(bytes[10] & 7)) * Int(bytes[10] >> 7)
        var checked = 0
        while offset < bytes.count, bytes[offset] != 0x3B {
            if bytes[offset] == 0x21 {
                offset += 2
                while bytes[offset] != 0 { offset += Int(bytes[offset]) + 1 }
                offset += 1
                continue
            }
            let width = Int(bytes[offset + 5]) | Int(bytes[offset + 6]) << 8
            let height = Int(bytes[offset + 7]) | Int(bytes[offset + 8]) << 8
            let flags = bytes[offset + 9]
            offset += 10 + (flags & 0x80 != 0 ? 3 * (2 << Int(flags & 7)) : 0)
            let start = offset
            let codeSize = Int(bytes[offset])
            offset += 1
            var data: [UInt8] = []
            while bytes[offset] != 0 {
                data += bytes[offset + 1...offset + Int(bytes[offset])]
                offset += Int(bytes[offset]) + 1
            }
            offset += 1
            let indices = Self.decodeLZW(data, codeSize: codeSize, count: width * height)
            var coder = LZWCoder()
            let counted = coder.code(indices.map { Int32($0) }, slots: (0...255).map { UInt8($0) }, codeSize: codeSize)
            #expect(Self.decodeLZW(counted.data, codeSize: codeSize, count: indices.count) == indices)
            #expect(counted.data == data)
            #expect(counted.bytes == offset - start, "image \(checked)")
            checked += 1
        }
        #expect(checked >= 2)
    }

    @Test("a full code table is kept while it codes well and cleared once it codes worse, and both decode")
    func fullTableClearing() throws {
        // 3 000 random pixels of 64 colours, repeated to 40 000: the table fills in the first
        // run and then keeps matching it; then fresh noise, which that table codes badly.
        var seed: UInt32 = 7
        func random() -> Int32 {
            seed = seed &* 1_103_515_245 &+ 12345
            return Int32(seed >> 16 & 63)
        }
        let block = (0..<3000).map { _ in random() }
        let repeating = (0..<40_000).map { block[$0 % 3000] }
        let noisy = repeating + (0..<40_000).map { _ in random() }
        let slots = (0...255).map { UInt8($0) }
        for numbers in [repeating, noisy] {
            var coder = LZWCoder()
            let eager = coder.code(numbers, slots: slots, codeSize: 6, clearing: .whenFull)
            let deferred = coder.code(numbers, slots: slots, codeSize: 6, clearing: .whenWorse)
            #expect(eager.filled && deferred.filled)
            for coded in [eager, deferred] {
                #expect(Self.decodeLZW(coded.data, codeSize: 6, count: numbers.count) == numbers.map { UInt8($0) })
            }
            if numbers.count == repeating.count {
                // The full table goes on matching the pattern: fewer bytes than relearning it.
                #expect(deferred.bytes < eager.bytes, "\(deferred.bytes) against \(eager.bytes)")
                #expect(Self.clearCodes(deferred.data, codeSize: 6) == 1)
            } else {
                // It must clear in the noise: counted by the clear codes in the data.
                #expect(Self.clearCodes(deferred.data, codeSize: 6) > 1)
            }
        }
        // A whole file whose frame fills the table (244 colours at random in rows repeating
        // every 9), read back by giflib pixel for pixel.
        let frame = try Self.picture(200) { x, y in
            seed = 77 &+ UInt32(x) &* 2_654_435_761 &+ UInt32(y % 9) &* 40503
            let n = Int(seed >> 20) % 61
            return (UInt8(n * 4), UInt8(255 - n * 4), UInt8((x / 50) * 60))
        }
        let bytes = try Self.encode([frame])
        // More than 4 096 codes of at least 9 bits: the table filled.
        #expect(bytes.count > 4096 * 9 / 8 + 800, "\(bytes.count) bytes")
        let gif = try GIFDecoder().decode(bytes)
        #expect(gif.frames.first?.image.straightPixels() == frame.straightPixels(), "not read back exactly")
    }

    /// How many clear codes `data` holds (the first included).
    static func clearCodes(_ data: [UInt8], codeSize: Int) -> Int {
        let clear = 1 << codeSize, end = clear + 1
        var width = codeSize + 1, defined = clear + 2, previousSeen = false, clears = 0
        var bits = 0, held = 0, position = 0
        while true {
            while held < width && position < data.count {
                bits |= Int(data[position]) << held
                held += 8
                position += 1
            }
            guard held >= width else { return clears }
            let code = bits & ((1 << width) - 1)
            bits >>= width
            held -= width
            if code == clear {
                clears += 1
                width = codeSize + 1
                defined = clear + 2
                previousSeen = false
                continue
            }
            if code == end { return clears }
            if previousSeen && defined < 4096 { defined += 1 }
            previousSeen = true
            if defined == 1 << width && width < 12 { width += 1 }
        }
    }

    /// GIF's LZW decoding, written out plainly: the indices of `data` at `codeSize`.
    static func decodeLZW(_ data: [UInt8], codeSize: Int, count: Int) -> [UInt8] {
        let clear = 1 << codeSize, end = clear + 1
        var table: [[UInt8]] = []
        var width = codeSize + 1
        func reset() {
            table = (0..<clear).map { [UInt8($0)] } + [[], []]
            width = codeSize + 1
        }
        reset()
        var out: [UInt8] = [], previous: [UInt8]? = nil
        var bits = 0, held = 0, position = 0
        while out.count < count {
            while held < width && position < data.count {
                bits |= Int(data[position]) << held
                held += 8
                position += 1
            }
            guard held >= width else { break }
            let code = bits & ((1 << width) - 1)
            bits >>= width
            held -= width
            if code == clear {
                reset()
                previous = nil
                continue
            }
            if code == end { break }
            let word: [UInt8]
            if code < table.count {
                word = table[code]
            } else if let previous {
                word = previous + [previous[0]]
            } else {
                break
            }
            if let previous, table.count < 4096 { table.append(previous + [word[0]]) }
            out += word
            previous = word
            if table.count == 1 << width && width < 12 { width += 1 }
        }
        return out
    }
}
