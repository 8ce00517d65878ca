import RefreshGif
import RefreshGifTestSupport
import RefreshGifTesting
import Testing

@testable import ImageCodecs
@testable import RefreshImage

/// PNG files in their smallest lossless colour form: each kind of picture gets the form
/// expected, and decodes (with libpng) to exactly the pixels encoded.
@Suite("PNG colour reduction")
struct PNGReductionTests {
    /// A picture of `width × height` whose straight RGBA pixel `i` is `pixel(i)`.
    static func image(_ width: Int, _ height: Int, _ pixel: (Int) -> (UInt8, UInt8, UInt8, UInt8)) throws -> RGBAImage {
        var bytes: [UInt8] = []
        for i in 0..<(width * height) {
            let (r, g, b, a) = pixel(i)
            bytes += [r, g, b, a]
        }
        return try RGBAImage(width: width, height: height, straightPixels: bytes)
    }

    @Test("a small picture whose palette costs more than it saves stays RGBA")
    func smallPicturesTakeTheSmallerFile() throws {
        let tiny = try Self.image(6, 2) { i in [(255, 0, 0, 255), (0, 128, 0, 255), (0, 0, 0, 0)][i % 3] }
        let file = try PNGEncoder().encode(tiny)
        let rgba = try PNGEncoder(settings: PNGEncoder.Settings(level: 10, filters: .none, colors: .rgba)).encode(tiny)
        #expect(file.count <= rgba.count)
        #expect(try PNGDecoder().decode(file) == tiny)
    }

    /// Each kind of picture (160 × 110, past the small pictures also tried as RGBA) and the
    /// colour type and bit depth its file must have.
    static func cases() throws -> [(name: String, image: RGBAImage, colorType: UInt8, depth: UInt8)] {
        [
            ("black and white", try image(160, 110) { i in i % 3 == 0 ? (0, 0, 0, 255) : (255, 255, 255, 255) }, 0, 1),
            (
                "four greys",
                try image(160, 110) { i in
                    let v = UInt8(i % 4 * 85); return (v, v, v, 255)
                }, 0, 2
            ),
            (
                "sixteen greys",
                try image(160, 110) { i in
                    let v = UInt8(i % 16 * 17); return (v, v, v, 255)
                }, 0, 4
            ),
            (
                "every grey",
                try image(160, 110) { i in
                    let v = UInt8(i % 256); return (v, v, v, 255)
                }, 0, 8
            ),
            ("three colours", try image(160, 110) { i in [(255, 0, 0, 255), (0, 128, 0, 255), (0, 0, 0, 0)][i % 3] }, 3, 2),
            ("twelve colours with alpha", try image(160, 110) { i in (UInt8(i % 12 * 20), 40, 200, i % 2 == 0 ? 255 : 128) }, 3, 4),
            ("200 colours", try image(160, 110) { i in (UInt8(i % 200), UInt8(255 - i % 200), 7, 255) }, 3, 8),
            ("opaque, many colours", try image(160, 110) { i in (UInt8(i % 256), UInt8(i / 2 % 256), UInt8(i % 7), 255) }, 2, 8),
            (
                "grey with many alphas",
                try image(160, 110) { i in
                    let v = UInt8(i % 256); return (v, v, v, UInt8(255 - i % 250))
                }, 4, 8
            ),
            ("colour with many alphas", try image(160, 110) { i in (UInt8(i % 256), 9, UInt8(i % 5), UInt8(255 - i % 250)) }, 6, 8),
        ]
    }

    @Test("each kind of picture is stored in its form and decodes to the same pixels")
    func formsAndPixels() throws {
        for (name, image, colorType, depth) in try Self.cases() {
            let file = try PNGEncoder().encode(image)
            // IHDR's bit depth and colour type follow the signature, length, type and size.
            #expect(file[24] == depth && file[25] == colorType, "\(name): depth \(file[24]), type \(file[25])")
            #expect(try PNGDecoder().decode(file) == image, "\(name)")
            // The same pixels, the same bytes.
            #expect(try PNGEncoder().encode(image) == file, "\(name)")
            // 8-bit RGBA on request; the same picture.
            let rgba = try PNGEncoder(settings: PNGEncoder.Settings(level: 7, filters: .none, colors: .rgba)).encode(image)
            #expect(rgba[24] == 8 && rgba[25] == 6)
            #expect(try PNGDecoder().decode(rgba) == image, "\(name)")
        }
    }

    @Test("a palette lists the colours with alpha first, so tRNS stops at the last of them")
    func paletteOrder() throws {
        let image = try Self.image(160, 110) { i in [(10, 20, 30, 255), (0, 0, 0, 0), (40, 50, 60, 255), (1, 2, 3, 100)][i % 4] }
        let file = try PNGEncoder().encode(image)
        let text = String(decoding: file, as: UTF8.self)
        #expect(text.contains("PLTE") && text.contains("tRNS"))
        let trns = try #require(file.firstRange(of: Array("tRNS".utf8)))
        // Length 2 (two colours with alpha), then their alphas.
        #expect(Array(file[(trns.lowerBound - 4)..<trns.lowerBound]) == [0, 0, 0, 2])
        #expect(Array(file[trns.upperBound..<(trns.upperBound + 2)]) == [0, 100])
    }

    @Test("a golden recorded as 8-bit RGBA (before colour reduction) still matches: goldens compare by pixels")
    func oldGoldensKeepPassing() throws {
        for (name, image, _, _) in try Self.cases() {
            let old = try PNGEncoder(settings: .rgbaLevel7).encode(image)
            let new = try Diffing<RGBAImage>.image().toData(image)
            #expect(new.count <= old.count, "\(name)")
            #expect(try Diffing<RGBAImage>.image().diff(old, image).matches, "\(name)")
            #expect(try Diffing<RGBAImage>.image().diff(new, image).matches, "\(name)")
        }
    }
}
