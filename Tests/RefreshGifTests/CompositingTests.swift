import RefreshGifTestSupport
import Testing

@testable import RefreshImage

/// The fast paths of the pixel loops give what their general paths give: painting over
/// transparent pixels, un-premultiplying runs of transparent pixels, comparing frames.
@Suite("Compositing fast paths")
struct CompositingTests {
    /// A deterministic byte stream (xorshift), so every run tests the same pixels.
    struct Bytes {
        var state: UInt64
        mutating func next() -> UInt8 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    /// A premultiplied canvas where about half the pixels are transparent and the rest any
    /// valid premultiplied colour, some opaque.
    static func mixedCanvas(width: Int, height: Int, bytes: inout Bytes) throws -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) where bytes.next() & 1 == 1 {
            let a = bytes.next() & 1 == 1 ? 255 : bytes.next()
            for c in 0..<3 { pixels[i + c] = UInt8(UInt32(bytes.next()) * UInt32(a) / 255) }
            pixels[i + 3] = a
        }
        return try RGBAImage(width: width, height: height, premultipliedPixels: pixels)
    }

    @Test(
        "painting a mask equals drawing the same coverage as a premultiplied layer, over transparent and coloured pixels",
        arguments: [RGBAColor(red: 90, green: 90, blue: 90), RGBAColor(red: 200, green: 30, blue: 120, alpha: 170)])
    func paintMatchesDraw(color: RGBAColor) throws {
        var bytes = Bytes(state: 0x9E37_79B9_7F4A_7C15)
        let width = 23, height = 17
        let canvas = try Self.mixedCanvas(width: width, height: height, bytes: &bytes)
        let coverage = (0..<(19 * 13)).map { _ in bytes.next() }
        let mask = try CoverageMask(width: 19, height: 13, originX: 3, originY: 2, coverage: coverage)
        // The layer: coverage × the colour's alpha, premultiplied, the form draw(_:atX:y:) composes.
        var layer = [UInt8](repeating: 0, count: 19 * 13 * 4)
        for (i, cov) in coverage.enumerated() {
            let a = (UInt32(cov) * UInt32(color.alpha) + 127) / 255
            layer[i * 4] = UInt8((UInt32(color.red) * a + 127) / 255)
            layer[i * 4 + 1] = UInt8((UInt32(color.green) * a + 127) / 255)
            layer[i * 4 + 2] = UInt8((UInt32(color.blue) * a + 127) / 255)
            layer[i * 4 + 3] = UInt8(a)
        }
        var painted = canvas
        painted.paint(mask, color: color)
        var drawn = canvas
        drawn.draw(try RGBAImage(width: 19, height: 13, premultipliedPixels: layer), atX: 3, y: 2)
        #expect(painted == drawn)
        #expect(painted != canvas)
    }

    @Test(
        "drawing a layer equals source-over pixel by pixel, over runs of transparent pixels, placed anywhere (clipped), at any opacity",
        arguments: [(0, 0, 255), (3, 2, 255), (-5, -4, 255), (17, 11, 255), (-30, 0, 255), (3, 2, 128), (-5, -4, 1)])
    func drawMatchesSourceOver(x: Int, y: Int, opacity: UInt8) throws {
        var bytes = Bytes(state: 0x1234_5678_9ABC_DEF1)
        let canvas = try Self.mixedCanvas(width: 29, height: 19, bytes: &bytes)
        // The layer: runs of 0–9 transparent pixels between opaque and partly transparent ones.
        let width = 26, height = 15
        var layer = [UInt8](repeating: 0, count: width * height * 4)
        var i = 0
        while i < width * height {
            i += Int(bytes.next() % 10)
            guard i < width * height else { break }
            let a = bytes.next() & 1 == 1 ? 255 : max(1, bytes.next())
            for c in 0..<3 { layer[i * 4 + c] = UInt8(UInt32(bytes.next()) * UInt32(a) / 255) }
            layer[i * 4 + 3] = a
            i += 1
        }
        let source = try RGBAImage(width: width, height: height, premultipliedPixels: layer)
        var expected = canvas.pixels
        for row in 0..<height where (0..<canvas.height).contains(row + y) {
            for column in 0..<width where (0..<canvas.width).contains(column + x) {
                let s = (row * width + column) * 4, d = ((row + y) * canvas.width + column + x) * 4
                // The layer's pixel times the opacity, then over the canvas.
                let pixel = (0..<4).map { (UInt32(layer[s + $0]) * UInt32(opacity) + 127) / 255 }
                let k = 255 - pixel[3]
                for c in 0..<4 { expected[d + c] = UInt8(pixel[c] + (UInt32(expected[d + c]) * k + 127) / 255) }
            }
        }
        var drawn = canvas
        drawn.draw(source, atX: x, y: y, opacity: opacity)
        #expect(drawn.pixels == expected)
        #expect(x == -30 || drawn != canvas)
    }

    @Test("un-premultiplying a frame at once equals un-premultiplying it a pixel at a time, whatever the transparent runs")
    func unpremultiplyRuns() throws {
        var bytes = Bytes(state: 42)
        // Runs of transparent pixels of every length from 0 to 40 at every alignment, between
        // partly transparent and opaque pixels.
        var pixels: [UInt8] = []
        for run in 0...40 {
            pixels += [UInt8](repeating: 0, count: run * 4)
            let a = bytes.next() | 1
            pixels += [
                UInt8(UInt32(bytes.next()) * UInt32(a) / 255), UInt8(UInt32(bytes.next()) * UInt32(a) / 255), UInt8(17 * UInt32(a) / 255),
                a,
            ]
            pixels += [bytes.next(), bytes.next(), bytes.next(), 255]
        }
        var whole = [UInt8](repeating: 0xAA, count: pixels.count)
        var converter = RGBAImage.Unpremultiplier()
        pixels.withUnsafeBufferPointer { source in
            whole.withUnsafeMutableBufferPointer { converter.convert(source, into: $0) }
        }
        var single = [UInt8](repeating: 0x55, count: pixels.count)
        var stepper = RGBAImage.Unpremultiplier()
        pixels.withUnsafeBufferPointer { source in
            single.withUnsafeMutableBufferPointer { target in
                for i in stride(from: 0, to: source.count, by: 4) {
                    stepper.convert(
                        UnsafeBufferPointer(rebasing: source[i..<(i + 4)]), into: UnsafeMutableBufferPointer(rebasing: target[i..<(i + 4)]))
                }
            }
        }
        #expect(whole == single)
        let image = try RGBAImage(width: pixels.count / 4, height: 1, premultipliedPixels: pixels)
        #expect(image.straightPixels() == whole)
    }

    @Test("a partly transparent pixel after an opaque one of its colour keeps that colour; otherwise it is divided by its alpha")
    func unpremultiplyEveryAlpha() throws {
        for alpha in 1...254 {
            var pixels: [UInt8] = []
            var expected: [UInt8] = []
            for value in stride(from: 0, through: 255, by: 3) {
                let premultiplied = UInt8((value * alpha + 127) / 255)
                // An opaque pixel of the colour, then the colour at this alpha: the colour again.
                pixels += [UInt8(value), 0, 0, 255, premultiplied, 0, 0, UInt8(alpha)]
                expected += [UInt8(value), 0, 0, 255, UInt8(value), 0, 0, UInt8(alpha)]
                // After a transparent pixel and an opaque black one: rounded division.
                pixels += [0, 0, 0, 0, 0, 0, 0, 255, premultiplied, 0, 0, UInt8(alpha)]
                let divided = premultiplied == 0 ? 0 : min(255, (Int(premultiplied) * 255 + alpha / 2) / alpha)
                expected += [0, 0, 0, 0, 0, 0, 0, 255, UInt8(divided), 0, 0, UInt8(alpha)]
            }
            let image = try RGBAImage(width: pixels.count / 4, height: 1, premultipliedPixels: pixels)
            #expect(image.straightPixels() == expected, "alpha \(alpha)")
        }
    }

    @Test("frames compare equal only when every byte is equal, wherever the difference is")
    func equality() throws {
        var bytes = Bytes(state: 7)
        let image = try Self.mixedCanvas(width: 31, height: 9, bytes: &bytes)
        var copy = image
        copy.withUnsafeMutablePixels { _ in } // a separate buffer with the same bytes
        #expect(copy == image)
        for index in [0, 3, 500, 31 * 9 * 4 - 1] {
            var changed = image
            changed.withUnsafeMutablePixels { $0[index] ^= 1 }
            #expect(changed != image, "byte \(index)")
        }
        #expect(try RGBAImage(width: 9, height: 31) != (try RGBAImage(width: 31, height: 9)))
    }
}
