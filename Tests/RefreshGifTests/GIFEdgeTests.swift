import Foundation
import RefreshGifTestSupport
import Testing

@testable import ImageCodecs
@testable import RefreshImage

/// GIF files that browsers show and giflib alone refuses or mis-sizes, built here by our own
/// writer: each must decode to the frames a browser shows.
@Suite("GIF edge files, as browsers show them")
struct GIFEdgeTests {
    /// LZW codes for `indices` (8-bit): a clear code first, and when the 4096-entry table is
    /// full no clear code again ("deferred clear"): the encoder keeps emitting 12-bit codes.
    static func lzw(_ indices: [UInt8]) -> [UInt8] {
        var table: [[UInt8]: Int] = [:]
        for i in 0..<256 { table[[UInt8(i)]] = i }
        var next = 258, width = 9
        var codes: [(Int, Int)] = [(256, 9)]
        var word: [UInt8] = []
        for byte in indices {
            let candidate = word + [byte]
            if table[candidate] != nil { word = candidate; continue }
            codes.append((table[word] ?? 0, width))
            if next < 4096 {
                table[candidate] = next
                next += 1
                if next > 1 << width && width < 12 { width += 1 }
            }
            word = [byte]
        }
        if !word.isEmpty { codes.append((table[word] ?? 0, width)) }
        codes.append((257, width))
        var out: [UInt8] = [], bits = 0, count = 0
        for (code, size) in codes {
            bits |= code << count
            count += size
            while count >= 8 { out.append(UInt8(bits & 0xFF)); bits >>= 8; count -= 8 }
        }
        if count > 0 { out.append(UInt8(bits & 0xFF)) }
        return out
    }

    /// Data sub-blocks of at most 255 bytes and the terminator.
    static func blocks(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var start = 0
        while start < data.count {
            let end = min(data.count, start + 255)
            out.append(UInt8(end - start))
            out += data[start..<end]
            start = end
        }
        out.append(0)
        return out
    }

    /// A GIF with a 256-colour grey palette and the given images (left, top, width, height, image data).
    static func gif(width: Int, height: Int, images: [(Int, Int, Int, Int, [UInt8])]) -> [UInt8] {
        func le(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        var d: [UInt8] = Array("GIF89a".utf8)
        d += le(width)
        d += le(height)
        d += [0xF7, 0, 0]
        for i in 0..<256 { d += [UInt8(i), UInt8(i), UInt8(i)] }
        for (left, top, w, h, data) in images {
            d.append(0x2C)
            d += le(left)
            d += le(top)
            d += le(w)
            d += le(h)
            d.append(0)
            d += data
        }
        d.append(0x3B)
        return d
    }

    @Test("an LZW stream that fills the table and goes on without a clear code decodes exactly")
    func deferredClear() throws {
        let indices = (0..<(160 * 160)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
        let file = Self.gif(width: 160, height: 160, images: [(0, 0, 160, 160, [8] + Self.blocks(Self.lzw(indices)))])
        let frames = try GIFDecoder().decode(file).frames
        #expect(frames.count == 1)
        let pixels = frames[0].image.pixels
        let exact = (0..<indices.count).allSatisfy { (i: Int) -> Bool in pixels[i * 4] == indices[i] && pixels[i * 4 + 3] == 255 }
        #expect(exact)
    }

    @Test("an image of zero width, height or size, and an image with no data, are frames showing the canvas as it stands")
    func emptyImages() throws {
        let solid = [8] + Self.blocks(Self.lzw([UInt8](repeating: 200, count: 16)))
        for (width, height, data) in [(4, 0, [8, 0] as [UInt8]), (0, 0, [8, 0]), (0, 0, [8] + Self.blocks(Self.lzw([])))] {
            let file = Self.gif(width: 4, height: 4, images: [(0, 0, 4, 4, solid), (0, 0, width, height, data), (1, 1, 2, 2, solid)])
            let frames = try GIFDecoder().decode(file).frames
            #expect(frames.count == 3 && frames[1].image == frames[0].image, "\(width)×\(height), \(data.count) bytes: \(frames.count)")
            #expect(try ImageInspection.inspect(file).frameCount == 3)
        }
        let zeroWidth = Self.gif(width: 4, height: 4, images: [(0, 0, 4, 4, solid), (0, 0, 0, 4, [8, 0])])
        let noData = Self.gif(width: 4, height: 4, images: [(0, 0, 4, 4, solid), (0, 0, 4, 4, [8, 0]), (0, 0, 2, 2, solid)])
        let a = try GIFDecoder().decode(zeroWidth).frames
        #expect(a.count == 2 && a[1].image == a[0].image)
        let b = try GIFDecoder().decode(noData).frames
        #expect(b.count == 3 && b[1].image == b[0].image)
        #expect(try ImageInspection.inspect(noData).frameCount == 3)
    }

    @Test("a screen with no image shows one blank frame; a descriptor straight before the trailer shows the canvas as it stands")
    func noImage() throws {
        let empty = Self.gif(width: 5, height: 3, images: [])
        let blank = try GIFDecoder().decode(empty)
        #expect(blank.frames.count == 1 && blank.width == 5 && blank.height == 3)
        #expect(blank.frames[0].image.pixels.allSatisfy { $0 == 0 }, "the background state is transparent")
        #expect(try ImageInspection.inspect(empty).frameCount == 1)
        let solid = [8] + Self.blocks(Self.lzw([UInt8](repeating: 200, count: 16)))
        // The writer's last image with no data: its descriptor is followed by the trailer.
        let cut = Self.gif(width: 4, height: 4, images: [(0, 0, 4, 4, solid), (0, 0, 4, 4, [])])
        #expect(cut.suffix(2) == [0, 0x3B])
        let frames = try GIFDecoder().decode(cut).frames
        #expect(frames.count == 2)
        #expect(frames.last?.image == frames.first?.image)
        #expect(frames.first?.image.pixel(x: 3, y: 3)?.r == 200)
        #expect(try ImageInspection.inspect(cut).frameCount == 2)
        // Cut short instead (no trailer): still refused, as a file that ends before any image is.
        #expect(throws: ImageCodecError.self) { try GIFDecoder().decode(Array(empty.dropLast())) }
    }

    @Test("frames Chromium cannot draw show the canvas: a minimum code size over 8, a local table the file ends before")
    func framesBrowsersCannotDraw() throws {
        func le(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        let header = Self.gif(width: 0, height: 0, images: []).dropLast()
        func file(_ width: Int, _ height: Int, _ images: [[UInt8]]) -> [UInt8] {
            var d = Array(header)
            d.replaceSubrange(6..<10, with: le(width) + le(height))
            for image in images { d += image }
            return d + [0x3B]
        }
        func descriptor(_ w: Int, _ h: Int, flags: UInt8 = 0) -> [UInt8] { [0x2C] + le(0) + le(0) + le(w) + le(h) + [flags] }
        let noise = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let files: [(String, [UInt8], Int, Int)] = [
            // (a) a frame of zero height whose data has a 12-bit minimum code size.
            ("zero height, code size 12", file(4, 4, [descriptor(4, 0) + [12] + Self.blocks([0, 16])]), 4, 4),
            // (b) a frame of no size declaring a local table, the trailer where the table should be.
            ("a local table the file ends before", file(4, 4, [descriptor(0, 0, flags: 0x80)]), 4, 4),
            // (c) a 100×100 frame coded from an 11-bit minimum code size, never cleared.
            ("code size 11", file(100, 100, [descriptor(100, 100) + [11] + Self.blocks(noise)]), 100, 100),
        ]
        for (name, data, width, height) in files {
            let eager = try GIFDecoder().decode(data)
            #expect(eager.width == width && eager.height == height && eager.frames.count == 1, "\(name)")
            #expect(eager.frames.first?.image.pixels.allSatisfy { $0 == 0 } == true, "\(name): the screen, transparent")
            let lazy = try GIFDecoder().frameSource(data)
            #expect(lazy.image(at: 0, width: width, height: height) == eager.frames.first?.image, "\(name)")
            #expect(try ImageInspection.inspect(data).frameCount == 1, "\(name)")
        }
        // Between frames that draw, such a frame keeps the canvas as it stands.
        let solid = [8] + Self.blocks(Self.lzw([UInt8](repeating: 200, count: 16)))
        let mixed = file(4, 4, [descriptor(4, 4) + solid, descriptor(4, 4) + [11] + Self.blocks(noise), descriptor(2, 2) + solid])
        let frames = try GIFDecoder().decode(mixed).frames
        #expect(frames.count == 3 && frames[1].image == frames[0].image && frames[2].image == frames[0].image)
    }

    @Test("a transparent index past the frame's colour table leaves its pixels transparent, as browsers draw them")
    func transparentIndexPastTheTable() throws {
        func le(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        let grey = [8] + Self.blocks(Self.lzw([UInt8](repeating: 200, count: 3)))
        let one = Self.gif(width: 3, height: 1, images: [(0, 0, 3, 1, grey)])
        // Frame 2: a local table of two colours (black, white) and transparent index 5, past
        // its end: gifsicle -O3 writes such frames. Index 5 stays transparent; index 6, past
        // the table and not transparent, is opaque black; index 1 is white.
        var second: [UInt8] = [0x21, 0xF9, 4, 0x01, 0, 0, 5, 0]
        second += [0x2C] + le(0) + le(0) + le(3) + le(1) + [0x80, 0, 0, 0, 255, 255, 255]
        second += [8] + Self.blocks(Self.lzw([5, 6, 1]))
        let file = one.dropLast() + second + [0x3B]
        let eager = try GIFDecoder().decode(file).frames
        let lazy = try GIFDecoder().frameSource(file)
        for image in [eager[1].image, lazy.image(at: 1, width: 3, height: 1)] {
            #expect(image.pixel(x: 0, y: 0).map { [$0.r, $0.a] } == [200, 255], "index 5 shows the frame below")
            #expect(image.pixel(x: 1, y: 0).map { [$0.r, $0.a] } == [0, 255], "index 6 is opaque black")
            #expect(image.pixel(x: 2, y: 0).map { [$0.r, $0.a] } == [255, 255])
        }
        // Alone on a clear screen, the transparent pixel is clear.
        let alone = try GIFDecoder().decode(one.prefix(13 + 768) + second + [0x3B])
        #expect(alone.frames.count == 1 && alone.frames[0].image.pixel(x: 0, y: 0)?.a == 0)
    }

    @Test("a 0×0 screen, or one smaller than its first frame, grows to hold that frame; later frames are clipped")
    func screenGrowsToTheFirstFrame() throws {
        let solid = [8] + Self.blocks(Self.lzw([UInt8](repeating: 200, count: 16)))
        let zero = Self.gif(width: 0, height: 0, images: [(1, 2, 4, 4, solid), (3, 3, 4, 4, solid)])
        let decoded = try GIFDecoder().decode(zero)
        #expect(decoded.width == 5 && decoded.height == 6 && decoded.frames.count == 2)
        #expect(decoded.frames[0].image.pixel(x: 0, y: 0)?.a == 0 && decoded.frames[0].image.pixel(x: 4, y: 5)?.r == 200)
        let source = try GIFDecoder().frameSource(zero)
        #expect(source.frameWidth == 5 && source.frameHeight == 6)
        #expect(source.image(at: 1, width: 5, height: 6) == decoded.frames[1].image)
        #expect(try ImageInspection.inspect(zero).frameCount == 2)
    }

    @Test("a 65535×1 screen is 65 535 pixels: limits are on pixels, not sides")
    func wideScreen() throws {
        let row = [UInt8](repeating: 90, count: 65_535)
        let file = Self.gif(width: 65_535, height: 1, images: [(0, 0, 65_535, 1, [8] + Self.blocks(Self.lzw(row)))])
        let frames = try GIFDecoder().decode(file).frames
        #expect(frames.count == 1 && frames[0].image.width == 65_535 && frames[0].image.pixel(x: 65_534, y: 0)?.r == 90)
        let tall = Self.gif(width: 1, height: 65_535, images: [(0, 0, 1, 65_535, [8] + Self.blocks(Self.lzw(row)))])
        #expect(try GIFDecoder().decode(tall).frames[0].image.height == 65_535)
    }
}

/// What `info` tells of each GIF frame without decoding it.
@Suite("GIF frame layout from the block structure")
struct GIFLayoutTests {
    @Test("rectangle, disposal and palette of each frame, in inspection, info and info --json")
    func layouts() throws {
        func le(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        let data: [UInt8] = [2, 2, 0x44, 0x01, 0] // a minimum code size and one sub-block, never decoded here
        var d: [UInt8] = Array("GIF89a".utf8) + le(20) + le(10) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        // Frame 1: disposal 2 (background), global palette, at (1, 2), 3 × 4.
        d += [0x21, 0xF9, 4, 2 << 2, 10, 0, 0, 0]
        d += [0x2C] + le(1) + le(2) + le(3) + le(4) + [0] + data
        // Frame 2: disposal 3 (previous), a local table of 4 colours, at (5, 0), 15 × 10.
        d += [0x21, 0xF9, 4, 3 << 2, 20, 0, 0, 0]
        d += [0x2C] + le(5) + le(0) + le(15) + le(10) + [0x81] + Array(repeating: 0, count: 12) + data
        // Frame 3: no graphic control: disposal unspecified.
        d += [0x2C] + le(0) + le(0) + le(20) + le(10) + [0] + data
        d.append(0x3B)
        let found = try ImageInspection.inspect(d)
        #expect(
            found.layouts == [
                GIFFrameLayout(left: 1, top: 2, width: 3, height: 4, disposal: .background, localColors: nil, globalColors: 2),
                GIFFrameLayout(left: 5, top: 0, width: 15, height: 10, disposal: .previous, localColors: 4, globalColors: 2),
                GIFFrameLayout(left: 0, top: 0, width: 20, height: 10, disposal: .unspecified, localColors: nil, globalColors: 2),
            ])
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(d).write(to: URL(fileURLWithPath: folder + "/l.gif"))
        let text = String(decoding: try CLI.run(["info", folder + "/l.gif"]).stdout, as: UTF8.self)
        #expect(text.contains("frame 2:   15×10 at (5, 0), disposal previous, local palette of 4 colours"), "\(text)")
        let json =
            try JSONSerialization.jsonObject(with: Data(try CLI.run(["info", folder + "/l.gif", "--json"]).stdout)) as? [String: Any]
        let frames = json?["frames"] as? [[String: Any]]
        #expect(frames?.count == 3 && frames?[0]["disposal"] as? String == "background" && frames?[1]["localColors"] as? Int == 4)
    }
}
