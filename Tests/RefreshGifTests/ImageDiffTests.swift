import Foundation
import RefreshGifTestSupport
import Testing

@testable import ImageCodecs
@testable import PixelDiff
@_spi(Tools) @testable import RefreshGif
@testable import RefreshImage
@testable import RefreshModel
@testable import RefreshRaster

@Suite("Image diff (pixelmatch semantics)")
struct ImageDiffTests {
    struct Reference: Decodable {
        struct Pair: Decodable {
            var a: String
            var b: String
            var blend: String
            var counts: [String: Int]
        }
        var pairs: [Pair]
    }

    static let reference: Reference? = {
        guard let bytes = try? FileIO.read(Support.fixture("diff/counts.json")) else { return nil }
        return try? JSONDecoder().decode(Reference.self, from: Data(bytes))
    }()

    static func load(_ name: String) throws -> StraightImage {
        try PNGDecoder().decodeStraight(Support.bytes("diff/pairs/" + name))
    }

    static func options(_ name: String, blend: ImageDiff.Blend) -> ImageDiff.Options {
        var options = ImageDiff.Options()
        options.blend = blend
        switch name {
        case "include-aa": options.includeAA = true
        case "threshold-0.05": options.threshold = 0.05
        case "threshold-0.3": options.threshold = 0.3
        default: break
        }
        return options
    }

    @Test("counts equal PyPI pixelmatch's on every fixture pair and option set (white blend)")
    func matchesReference() throws {
        let reference = try #require(Self.reference)
        #expect(reference.pairs.count >= 10)
        for pair in reference.pairs {
            let a = try Self.load(pair.a), b = try Self.load(pair.b)
            for (name, expected) in pair.counts.sorted(by: { $0.key < $1.key }) {
                let result = try ImageDiff(options: Self.options(name, blend: .white)).compare(a, b, drawDiff: false)
                #expect(result.differingPixels == expected, "\(pair.a) vs \(pair.b), \(name)")
            }
        }
    }

    @Test("on opaque images the checkerboard (v7) and white rules count the same")
    func opaqueBlendsAgree() throws {
        for stem in ["gradient", "noise", "lines", "shape", "text"] {
            let a = try Self.load(stem + "-a.png"), b = try Self.load(stem + "-b.png")
            let white = try ImageDiff(options: Self.options("default", blend: .white)).compare(a, b)
            let checker = try ImageDiff(options: Self.options("default", blend: .checkerboard)).compare(a, b)
            #expect(white.differingPixels == checker.differingPixels, "\(stem)")
        }
    }

    @Test("the checkerboard rule sees an alpha-only change that white blending also sees, and a change hidden on white")
    func alphaSemantics() throws {
        // Transparent white vs transparent black: identical over white only at alpha 0 … and
        // a white pixel at alpha 128 vs opaque white: same over white, different over the checkerboard.
        let a = try! StraightImage(width: 1, height: 1, pixels: [255, 255, 255, 128])
        let b = try! StraightImage(width: 1, height: 1, pixels: [255, 255, 255, 255])
        #expect(try ImageDiff(options: Self.options("default", blend: .white)).compare(a, b).differingPixels == 0)
        #expect(try ImageDiff(options: Self.options("default", blend: .checkerboard)).compare(a, b).differingPixels == 1)
    }

    @Test("identical images give 0 and a faded grey picture")
    func identical() throws {
        let a = try Self.load("noise-a.png")
        let result = try ImageDiff().compare(a, a)
        #expect(result.differingPixels == 0)
        let picture = try #require(result.diffImage)
        #expect(picture.pixels[3] == 255)
        #expect(picture.pixels[0] == picture.pixels[1] && picture.pixels[0] > 200)
    }

    @Test("different sizes are an error, not a crash")
    func sizeMismatch() throws {
        let a = try! StraightImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 16))
        let b = try! StraightImage(width: 2, height: 1, pixels: [UInt8](repeating: 0, count: 8))
        #expect(throws: DiffError.self) { try ImageDiff().compare(a, b) }
    }

    @Test("anti-aliasing on rendered text shifted by a quarter pixel is detected, not counted")
    func antialiasedText() throws {
        let a = try Self.load("text-a.png"), b = try Self.load("text-b.png")
        let detected = try ImageDiff().compare(a, b)
        var options = ImageDiff.Options()
        options.includeAA = true
        let counted = try ImageDiff(options: options).compare(a, b)
        #expect(counted.differingPixels > detected.differingPixels * 10)
        // AA pixels are yellow in the picture, real differences red.
        let picture = try #require(detected.diffImage).pixels
        var yellow = 0, red = 0
        for i in stride(from: 0, to: picture.count, by: 4) {
            if picture[i] == 255 && picture[i + 1] == 255 && picture[i + 2] == 0 { yellow += 1 }
            if picture[i] == 255 && picture[i + 1] == 0 && picture[i + 2] == 0 { red += 1 }
        }
        #expect(red == detected.differingPixels)
        #expect(yellow > red)
    }

    @Test("diff colours: red where the second is lighter, the alt colour where it is darker; a mask is transparent elsewhere")
    func colours() throws {
        let light = try! StraightImage(width: 2, height: 1, pixels: [255, 255, 255, 255, 0, 0, 0, 255])
        let dark = try! StraightImage(width: 2, height: 1, pixels: [0, 0, 0, 255, 255, 255, 255, 255])
        var options = ImageDiff.Options()
        options.includeAA = true
        options.diffColorAlt = RGBAColor(red: 0, green: 0, blue: 255)
        options.diffMask = true
        let result = try ImageDiff(options: options).compare(light, dark)
        #expect(result.differingPixels == 2)
        #expect(result.diffImage?.pixels == [0, 0, 255, 255, 255, 0, 0, 255])
        let same = try ImageDiff(options: options).compare(
            light, try! StraightImage(width: 2, height: 1, pixels: [255, 255, 255, 255, 0, 0, 0, 254]))
        #expect(same.diffImage?.pixels == [0, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test("tolerance: within either limit passes; defaults allow nothing")
    func tolerance() {
        let result = ImageDiff.Result(differingPixels: 10, totalPixels: 1000, diffImage: nil)
        #expect(!DiffTolerance().accepts(result))
        #expect(DiffTolerance(maxDiffPixels: 10).accepts(result))
        #expect(!DiffTolerance(maxDiffPixels: 9).accepts(result))
        #expect(DiffTolerance(maxDiffRatio: 0.01).accepts(result))
        #expect(DiffTolerance().accepts(ImageDiff.Result(differingPixels: 0, totalPixels: 5, diffImage: nil)))
    }
}

/// The perceptual comparison: CIEDE2000 against published values, and what it counts.
@Suite("Image diff (perceptual, CIEDE2000)")
struct PerceptualDiffTests {
    @Test(
        "ΔE₀₀ of Sharma, Wu and Dalal's test pairs (2005, table 1), to 4 decimals",
        arguments: [
            ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
            ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
            ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
            ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
            ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
            ((50.0, 2.5, 0.0), (50.0, 0.0, -2.5), 4.3065),
        ])
    func sharmaPairs(first: (Double, Double, Double), second: (Double, Double, Double), expected: Double) {
        let value = PerceptualDiff.ciede2000((first.0, first.1, first.2), (second.0, second.1, second.2))
        #expect(abs(value - expected) < 0.00005, "got \(value)")
        // Symmetric.
        #expect(abs(PerceptualDiff.ciede2000((second.0, second.1, second.2), (first.0, first.1, first.2)) - value) < 1e-9)
    }

    static func image(_ pixel: [UInt8], count: Int = 16) throws -> StraightImage {
        try StraightImage(width: 4, height: count / 4, pixels: Array((0..<count).map { _ in pixel }.joined()))
    }

    @Test("a colour change below ΔE 2 matches, a visible one and a change of transparency do not")
    func counts() throws {
        var options = ImageDiff.Options()
        options.method = .perceptual
        let diff = ImageDiff(options: options)
        let grey = try Self.image([0x5A, 0x5A, 0x5A, 255])
        #expect(try diff.compare(grey, grey).differingPixels == 0)
        #expect(try diff.compare(grey, try Self.image([0x5B, 0x5B, 0x5B, 255])).differingPixels == 0)
        #expect(try diff.compare(grey, try Self.image([0x7A, 0x5A, 0x5A, 255])).differingPixels == 16)
        #expect(try diff.compare(grey, try Self.image([0x5A, 0x5A, 0x5A, 128])).differingPixels == 16)
        options.maxDeltaE = 50
        #expect(try ImageDiff(options: options).compare(grey, try Self.image([0x7A, 0x5A, 0x5A, 255])).differingPixels == 0)
    }
}
