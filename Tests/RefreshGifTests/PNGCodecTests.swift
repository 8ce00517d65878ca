import CZlib
import RefreshGifTestSupport
import Testing

@testable import ImageCodecs
@testable import PixelDiff
@testable import RefreshGif
@testable import RefreshImage
@testable import RefreshModel
@testable import RefreshRaster

@Suite("PNG decoding and encoding")
struct PNGCodecTests {
    static let cases = [
        "gray1", "gray2", "gray4", "gray8", "gray16", "gray8-trns", "gray16-interlaced",
        "graya8", "graya16", "rgb8", "rgb16", "rgb8-trns", "rgba8", "rgba16",
        "rgba8-interlaced", "rgba16-interlaced", "palette1", "palette2", "palette4", "palette8",
    ]

    @Test("every colour type, bit depth, tRNS and interlace decodes to the expected RGBA8", arguments: cases)
    func decodesEveryKind(name: String) throws {
        let image = try PNGDecoder().decode(Support.bytes("png/\(name).png"))
        let expected = try Support.bytes("png/\(name).rgba")
        #expect(image.width == 9 && image.height == 7)
        #expect(try image == RGBAImage(width: 9, height: 7, straightPixels: expected))
    }

    @Test("encode then decode gives the same pixels", arguments: ["rgba8", "palette8", "graya8", "rgb8-trns"])
    func roundTrip(name: String) throws {
        let image = try PNGDecoder().decode(Support.bytes("png/\(name).png"))
        for settings in [
            PNGEncoder.Settings.default, .fastUI, .libpngDefault, .init(level: 12, filters: .all),
            .init(level: 9, filters: .paeth, strategy: .rle, compressor: .zlib),
        ] {
            let again = try PNGDecoder().decode(PNGEncoder(settings: settings).encode(image))
            #expect(again == image)
        }
    }

    @Test("a frame seen before comes from the memo, the same bytes; a forged hash match is refused by inflating")
    func compressionMemo() throws {
        let a = try PNGDecoder().decode(Support.bytes("png/rgba8.png"))
        var b = a
        b.withUnsafeMutablePixels {
            $0[0] = $0[0] &+ 1; $0[3] = 255
        }
        let encoder = PNGEncoder(), memo = PNGCompressionMemo()
        let first = try encoder.compress(a, memo: memo)
        #expect(first == (try encoder.compress(a)))
        let again = try encoder.compress(try RGBAImage(width: a.width, height: a.height, premultipliedPixels: Array(a.pixels)), memo: memo)
        #expect(again == first && memo.count == 1) // found, not kept twice
        let other = try encoder.compress(b, memo: memo)
        #expect(other == (try encoder.compress(b)) && other != first && memo.count == 2)
        // B's rows under A's hash: the kept data does not inflate to them, so no match.
        let forged = PNGCompressionMemo()
        var rows = [UInt8](repeating: 0, count: PNGRowFilter.filteredCount(width: b.width, height: b.height))
        rows.withUnsafeMutableBufferPointer { PNGRowFilter.filter(premultiplied: b, filters: .none, into: $0) }
        forged.keep(first, hash: 42)
        let found = try PNGWorkspace.with(level: 6) { workspace in
            rows.withUnsafeBufferPointer { forged.lookUp($0, width: b.width, height: b.height, form: .rgba, hash: 42, in: workspace) }
        }
        #expect(found == nil)
    }

    @Test("the same pixels always give the same bytes, with no time or text chunk")
    func deterministic() throws {
        let image = try PNGDecoder().decode(Support.bytes("png/rgba16.png"))
        let a = try PNGEncoder().encode(image), b = try PNGEncoder().encode(image)
        #expect(a == b)
        let text = String(decoding: a, as: UTF8.self)
        #expect(!text.contains("tIME") && !text.contains("tEXt") && !text.contains("zTXt"))
    }

    @Test("an Apple CgBI PNG built from a normal one decodes to the same picture")
    func cgbi() throws {
        let straight = try Support.bytes("png/rgba8.rgba")
        let reference = try! RGBAImage(width: 9, height: 7, straightPixels: straight)
        let cgbi = try Self.makeCgBI(reference)
        #expect(CgBIConverter.isCgBI(cgbi))
        let decoded = try PNGDecoder().decode(cgbi)
        #expect(decoded == reference)
    }

    @Test("a CgBI file with broken image data is bad input")
    func cgbiBroken() throws {
        let reference = try PNGDecoder().decode(Support.bytes("png/rgba8.png"))
        var cgbi = try Self.makeCgBI(reference)
        // Cut the file inside its IDAT.
        cgbi.removeLast(30)
        #expect(throws: ImageCodecError.self) { try PNGDecoder().decode(cgbi) }
    }

    @Test("truncated data, a bad signature and a bad CRC are bad input")
    func broken() throws {
        let good = try Support.bytes("png/rgba8.png")
        #expect(throws: ImageCodecError.self) { try PNGDecoder().decode(Array(good.prefix(good.count - 40))) }
        #expect(throws: ImageCodecError.self) { try PNGDecoder().decode(Array(good.dropFirst())) }
        var badCRC = good
        badCRC[29] ^= 0xFF // inside IHDR's CRC
        #expect(throws: ImageCodecError.self) { try PNGDecoder().decode(badCRC) }
    }

    @Test("a damaged chunk's name is not quoted as libpng spells it")
    func damagedChunkInWords() throws {
        let good = try Support.bytes("png/rgba8.png")
        // The signature and IHDR, then a chunk named " is " (bytes no chunk name may hold).
        let damaged = Array(good.prefix(33)) + [0, 0, 0, 0] + Array(" is ".utf8) + [0, 0, 0, 0]
        let error = try #require(throws: ImageCodecError.self) { try PNGDecoder().decode(damaged) }
        let text = error.description
        #expect(text.contains("a damaged chunk") && !text.contains("[20]"), "\(text)")
    }

    @Test("huge IHDR dimensions are refused before allocating")
    func hugeDimensions() throws {
        var bytes = try Support.bytes("png/gray8.png")
        // 100000 × 100000 px in IHDR (10 G pixels; limits are on pixels, not sides), CRC fixed so
        // libpng reads the header.
        bytes.replaceSubrange(16..<24, with: [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0])
        let crc = UInt32(bytes[12..<29].withContiguousStorageIfAvailable { crc32(0, $0.baseAddress, 17) } ?? 0)
        bytes.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        #expect {
            try PNGDecoder().decode(bytes)
        } throws: { error in
            guard case .limitExceeded(.framePixels(_, 10_000_000_000, _)) = error as? ImageCodecError else { return false }
            return true
        }
    }

    /// Builds an iPhone-optimised PNG: CgBI chunk, premultiplied BGRA, raw deflate.
    static func makeCgBI(_ image: RGBAImage) throws -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<image.height {
            raw.append(0)
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)!
                raw += [p.b, p.g, p.r, p.a]
            }
        }
        var stream = z_stream()
        #expect(
            deflateInit2_(&stream, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        var out = [UInt8](repeating: 0, count: raw.count + 1024)
        let produced: Int = raw.withUnsafeMutableBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                stream.next_in = input.baseAddress
                stream.avail_in = UInt32(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = UInt32(output.count)
                deflate(&stream, Z_FINISH)
                return output.count - Int(stream.avail_out)
            }
        }
        deflateEnd(&stream)
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            var out: [UInt8] = []
            PNGChunks.append(type, body, to: &out)
            return out
        }
        let w = UInt32(image.width), h = UInt32(image.height)
        let ihdr: [UInt8] = [
            UInt8(w >> 24), UInt8(w >> 16 & 0xFF), UInt8(w >> 8 & 0xFF), UInt8(w & 0xFF),
            UInt8(h >> 24), UInt8(h >> 16 & 0xFF), UInt8(h >> 8 & 0xFF), UInt8(h & 0xFF), 8, 6, 0, 0, 0,
        ]
        return PNGDecoder.signature + chunk("CgBI", [0x50, 0x00, 0x20, 0x02]) + chunk("IHDR", ihdr)
            + chunk("IDAT", Array(out.prefix(produced))) + chunk("IEND", [])
    }
}
