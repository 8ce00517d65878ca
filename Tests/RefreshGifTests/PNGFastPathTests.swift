import Foundation
import RefreshGifTestSupport
import Testing

@testable import ImageCodecs
@testable import RefreshImage

/// The fast PNG reader (libdeflate + our unfiltering) against libpng, pixel for pixel: on a
/// PngSuite-style set made here (RGB and RGBA, every filter type, odd sizes, IDAT split every
/// way, ancillary chunks), on every PNG fixture of the project and on broken variants, which
/// the fast reader must leave to libpng.
@Suite("PNG fast path agrees with libpng")
struct PNGFastPathTests {
    /// A PNG of `width × height` pseudo-random (but repeatable) pixels with `channels` 3 or 4,
    /// rows filtered with `filters`, the zlib stream split into IDATs of `split` bytes (a
    /// zero-length IDAT after the first), with `extra` chunks before the image data.
    static func png(
        width: Int, height: Int, channels: Int, filters: PNGEncoder.Settings.Filters, split: Int? = nil,
        extra: [(String, [UInt8])] = [], level: Int = 6
    ) throws -> [UInt8] {
        var state: UInt32 = UInt32(width * 131 + height * 7 + channels)
        let pixels = (0..<(width * height * channels)).map { i -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            // Smooth areas and noise, so every filter type gets chosen by the adaptive set.
            return i % 97 < 60 ? UInt8(truncatingIfNeeded: i / channels) : UInt8(truncatingIfNeeded: state >> 24)
        }
        var rows = [UInt8](repeating: 0, count: (width * channels + 1) * height)
        rows.withUnsafeMutableBufferPointer {
            PNGRowFilter.filter(pixels, width: width, height: height, bytesPerPixel: channels, filters: filters, into: $0)
        }
        let stream = try PNGEncoder.deflate(rows, level: level, strategy: 0)
        var out = header(width: width, height: height, channels: channels)
        for (type, body) in extra { PNGChunks.append(type, body, to: &out) }
        let step = split ?? stream.count
        var start = 0
        while start < stream.count {
            PNGChunks.append("IDAT", stream[start..<min(stream.count, start + step)], to: &out)
            if start == 0 && split != nil { PNGChunks.append("IDAT", [], to: &out) }
            start += step
        }
        PNGChunks.append("IEND", [], to: &out)
        return out
    }

    /// The signature and an IHDR chunk for an 8-bit image with `channels` 3 (RGB) or 4 (RGBA).
    static func header(width: Int, height: Int, channels: Int = 4) -> [UInt8] {
        var out = PNGDecoder.signature
        PNGChunks.append(
            "IHDR",
            PNGChunks.bigEndian(UInt32(width)) + PNGChunks.bigEndian(UInt32(height))
                + [8, channels == 4 ? 6 : 2, 0, 0, 0], to: &out)
        return out
    }

    static let sizes = [(1, 1), (2, 3), (7, 5), (33, 17), (257, 3)]
    static let filterSets: [PNGEncoder.Settings.Filters] = [.none, .sub, .up, .average, .paeth, .all]

    @Test("RGB and RGBA, every filter, odd sizes, IDATs split: the fast reader takes them and matches libpng")
    func generatedSet() throws {
        var checked = 0
        for channels in [3, 4] {
            for (width, height) in Self.sizes {
                for filters in Self.filterSets {
                    for split in [nil, 1, 100] as [Int?] {
                        let extra: [(String, [UInt8])] =
                            split == 100
                            ? [
                                ("tEXt", Array("Comment\u{0}fast".utf8)), ("PLTE", [1, 2, 3, 4, 5, 6]),
                                ("pHYs", [0, 0, 11, 19, 0, 0, 11, 19, 1]),
                            ] : []
                        let bytes = try Self.png(
                            width: width, height: height, channels: channels, filters: filters, split: split, extra: extra)
                        let fast = try #require(
                            try PNGFastPath.decode(bytes, limits: .default),
                            "\(channels) channels \(width)×\(height) \(filters) split \(String(describing: split))")
                        let reference = try PNGDecoder().decodeWithLibpng(bytes)
                        #expect(fast.width == reference.0 && fast.height == reference.1)
                        let same = fast.pixels == reference.2 // a Bool, so a failure names the case, not every byte
                        #expect(
                            same, "\(channels) channels \(width)×\(height) filters \(filters.rawValue) split \(String(describing: split))")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 2 * Self.sizes.count * Self.filterSets.count * 3)
    }

    @Test("every PNG fixture decodes to libpng's pixels, through whichever reader takes it")
    func fixtures() throws {
        let root = Support.fixture("")
        let files =
            FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".png") }.sorted() ?? []
        #expect(files.count > 20)
        var fast = 0
        for file in files {
            let bytes = try Support.bytes(file)
            guard !CgBIConverter.isCgBI(bytes), let reference = try? PNGDecoder().decodeWithLibpng(bytes) else { continue }
            if let taken = try PNGFastPath.decode(bytes, limits: .default) {
                fast += 1
                let same = taken.pixels == reference.2
                #expect(same, "\(file)")
            }
            let decoded = try PNGDecoder().decodeStandard(bytes)
            let same = decoded.2 == reference.2
            #expect(same, "\(file)")
        }
        #expect(fast >= 2) // rgb8 and rgba8 at least
    }

    @Test("what the fast reader does not take goes to libpng: other kinds, and broken files get libpng's answer")
    func leftToLibpng() throws {
        let good = try Self.png(width: 7, height: 5, channels: 4, filters: .all)
        var variants: [(String, [UInt8])] = []
        for name in ["rgba16", "rgba8-interlaced", "rgb8-trns", "palette8", "graya8", "gray8"] {
            variants.append((name, try Support.bytes("png/\(name).png")))
        }
        // A bad CRC in the image data.
        var badCRC = good
        badCRC[badCRC.count - 13] ^= 0xFF
        variants.append(("bad IDAT CRC", badCRC))
        // No IEND.
        variants.append(("no IEND", Array(good.dropLast(12))))
        // Too little or too much image data, a bad filter byte, bytes after the zlib stream.
        let rows = [UInt8](repeating: 0, count: (7 * 4 + 1) * 5)
        for (label, stream) in [
            ("too little data", Array(try PNGEncoder.deflate(Array(rows.dropLast(4)), level: 6, strategy: 0))),
            ("too much data", try PNGEncoder.deflate(rows + [0, 0, 0, 0], level: 6, strategy: 0)),
            ("bad filter byte", try PNGEncoder.deflate([5] + rows.dropFirst(), level: 6, strategy: 0)),
            ("bytes after the stream", try PNGEncoder.deflate(rows, level: 6, strategy: 0) + [1, 2, 3]),
        ] {
            var out = Self.header(width: 7, height: 5)
            PNGChunks.append("IDAT", stream, to: &out)
            PNGChunks.append("IEND", [], to: &out)
            variants.append((label, out))
        }
        // An unknown critical chunk, and a chunk before IHDR.
        var unknown = Self.header(width: 7, height: 5)
        PNGChunks.append("ABCD", [1], to: &unknown)
        unknown += good.dropFirst(33)
        variants.append(("unknown critical chunk", unknown))
        var badName = Self.header(width: 7, height: 5)
        PNGChunks.append("a1b2", [1], to: &badName)
        badName += good.dropFirst(33)
        variants.append(("chunk type with digits", badName))
        var early = PNGDecoder.signature
        PNGChunks.append("tEXt", Array("a\u{0}b".utf8), to: &early)
        early += good.dropFirst(8)
        variants.append(("chunk before IHDR", early))

        for (label, bytes) in variants {
            #expect(try PNGFastPath.decode(bytes, limits: .default) == nil, "\(label)")
            let ours = Result { try PNGDecoder().decodeStandard(bytes) }
            let libpng = Result { try PNGDecoder().decodeWithLibpng(bytes) }
            switch (ours, libpng) {
            case (.success(let a), .success(let b)): #expect(a.2 == b.2, "\(label)")
            case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)", "\(label)")
            default: Issue.record("\(label): the readers disagree on whether the file is good")
            }
        }
    }

    @Test("a huge IHDR is refused by the fast reader before allocating")
    func limits() throws {
        // A 2 × 2 file whose IHDR says 100000 × 100000 (CRC recomputed).
        let bytes =
            Self.header(width: 100_000, height: 100_000) + (try Self.png(width: 2, height: 2, channels: 4, filters: .none)).dropFirst(33)
        #expect(throws: ImageCodecError.self) { try PNGFastPath.decode(bytes, limits: .default) }
    }
}
