import RefreshGifTestSupport
import Testing

@testable import ImageCodecs
@testable import PixelDiff
@testable import RefreshGif
@testable import RefreshImage
@testable import RefreshModel
@testable import RefreshRaster

@Suite("GIF decoding")
struct GIFDecoderTests {
    @Test("disposal 1 keeps each frame under the next")
    func disposalKeep() throws {
        let gif = try Support.gif("disposal-keep.gif")
        #expect(gif.frames.count == 3)
        let last = gif.frames[2].image
        #expect(Support.straight(last, 0, 0) == green)
        #expect(Support.straight(last, 1, 1) == blue)
        #expect(Support.straight(last, 3, 3) == red)
        #expect(gif.frames.map(\.delayMilliseconds) == [100, 200, 300])
        #expect(gif.loopCount == 0)
    }

    @Test("disposal 2 clears the frame's rectangle to transparent, not to the background colour")
    func disposalBackground() throws {
        let gif = try Support.gif("disposal-background.gif")
        #expect(Support.straight(gif.frames[1].image, 1, 1) == blue)
        let third = gif.frames[2].image
        #expect(Support.straight(third, 1, 1) == clear)
        #expect(Support.straight(third, 2, 2) == clear)
        #expect(Support.straight(third, 3, 3) == red)
        #expect(Support.straight(third, 0, 0) == green)
        #expect(gif.loopCount == nil)
    }

    @Test("disposal 3 restores what was there, and on the first frame a transparent canvas")
    func disposalPrevious() throws {
        let gif = try Support.gif("disposal-previous.gif")
        #expect(Support.straight(gif.frames[0].image, 0, 0) == red)
        #expect(Support.straight(gif.frames[0].image, 3, 3) == clear)
        // Frame 2 is drawn after frame 1 was undone.
        #expect(Support.straight(gif.frames[1].image, 0, 0) == clear)
        #expect(Support.straight(gif.frames[1].image, 3, 3) == blue)
        // Frame 3 is drawn after frame 2 was undone.
        #expect(Support.straight(gif.frames[2].image, 3, 3) == clear)
        #expect(Support.straight(gif.frames[2].image, 3, 0) == green)
        #expect(gif.frames[2].image.opaqueBounds().map { [$0.minX, $0.minY, $0.maxX, $0.maxY] } == [3, 0, 3, 0])
    }

    @Test("the transparency index counts only when flagged")
    func transparency() throws {
        let gif = try Support.gif("transparency.gif")
        let flagged = gif.frames[1].image
        #expect(Support.straight(flagged, 0, 0) == red)
        #expect(Support.straight(flagged, 1, 0) == blue) // index 1 transparent: blue below shows
        let unflagged = gif.frames[2].image
        #expect(Support.straight(unflagged, 1, 0) == green) // index 1 drawn
        let outOfRange = gif.frames[3].image
        #expect(Support.straight(outOfRange, 1, 1) == yellow) // index 7 of 4 colours: no pixel uses it
        #expect(Support.straight(outOfRange, 0, 0) == red)
    }

    @Test("a local palette applies to its own frame only")
    func localPalette() throws {
        let gif = try Support.gif("local-palette.gif")
        #expect(Support.straight(gif.frames[0].image, 0, 0) == red)
        #expect(Support.straight(gif.frames[1].image, 0, 0) == blue)
        #expect(Support.straight(gif.frames[1].image, 1, 0) == yellow)
        #expect(Support.straight(gif.frames[2].image, 0, 0) == green)
    }

    @Test("interlaced rows land in display order")
    func interlaced() throws {
        let image = try Support.gif("interlaced.gif").frames[0].image
        for y in 0..<16 {
            let v = UInt8(y * 16)
            #expect(Support.straight(image, 1, y) == [v, v, v, 255], "row \(y)")
        }
    }

    @Test("a first frame reaching outside the logical screen grows it, as browsers show it")
    func outside() throws {
        // A 4×4 screen whose only frame is 4×4 at (2, 2): Chromium and Pillow show 6×6.
        let gif = try Support.gif("outside.gif")
        #expect(gif.width == 6 && gif.height == 6)
        let image = gif.frames[0].image
        #expect(image.width == 6)
        #expect(Support.straight(image, 5, 5) == green)
        #expect(Support.straight(image, 1, 1) == clear)
        #expect(image.opaqueBounds().map { [$0.minX, $0.minY, $0.maxX, $0.maxY] } == [2, 2, 5, 5])
    }

    @Test("a zero-size frame is a frame that draws nothing")
    func zeroSize() throws {
        let gif = try Support.gif("zero-size.gif")
        #expect(gif.frames.count == 3)
        #expect(gif.frames[1].image == gif.frames[0].image)
        #expect(Support.straight(gif.frames[2].image, 1, 1) == blue)
        #expect(gif.frames.map(\.delayCentiseconds) == [5, 6, 7])
    }

    @Test("no colour table at all gives opaque black")
    func noPalette() throws {
        let image = try Support.gif("no-palette.gif").frames[0].image
        #expect(Support.straight(image, 0, 0) == black)
    }

    @Test("a file cut inside a frame keeps its complete frames only")
    func truncated() throws {
        let gif = try Support.gif("truncated.gif")
        #expect(gif.frames.count == 2)
        #expect(Support.straight(gif.frames[1].image, 7, 7) == green)
    }

    @Test("LZW data that ends early inside intact blocks: the frame counts, its decoded rows are drawn, the rest left as it was")
    func lzwShort() throws {
        let gif = try Support.gif("lzw-short.gif")
        #expect(gif.frames.count == 3)
        let blue: [UInt8] = [0, 0, 255, 255], red: [UInt8] = [255, 0, 0, 255], yellow: [UInt8] = [255, 255, 0, 255]
        for (x, y) in [(0, 0), (3, 1)] { #expect(Support.straight(gif.frames[1].image, x, y) == blue) }
        for (x, y) in [(0, 2), (3, 3)] { #expect(Support.straight(gif.frames[1].image, x, y) == red) }
        #expect(Support.straight(gif.frames[2].image, 3, 3) == yellow)
        #expect(Support.straight(gif.frames[2].image, 0, 3) == red)
    }

    @Test("real LZW data, loop count and effective delays")
    func spectrum() throws {
        let gif = try Support.gif("spectrum.gif")
        #expect(gif.frames.count == 6)
        #expect(gif.loopCount == 3)
        // Delays 0, 1, 2, 5, 10, 20 cs; 0 and 1 count as 10 cs.
        #expect(gif.frames.map(\.effectiveDelayMicroseconds) == [100_000, 100_000, 20_000, 50_000, 100_000, 200_000])
        #expect(gif.totalDurationMicroseconds == 570_000)
        // Pixel (x, y) of frame i has palette index ((3x + 5y + 40i) / 4) % 256 = (k, 255 - k, 7k % 256).
        for (i, x, y) in [(0, 0, 0), (2, 49, 39), (5, 17, 23)] {
            let k = ((3 * x + 5 * y + 40 * i) / 4) % 256
            #expect(Support.straight(gif.frames[i].image, x, y) == [UInt8(k), UInt8(255 - k), UInt8((k * 7) % 256), 255])
        }
    }

    @Test("not a GIF, or no complete frame, is bad input")
    func badInput() throws {
        #expect(throws: ImageCodecError.self) { try GIFDecoder().decode(Array("GIF8".utf8)) }
        #expect(throws: ImageCodecError.self) { try GIFDecoder().decode([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0]) }
        let whole = try Support.bytes("gif/disposal-keep.gif")
        #expect(throws: ImageCodecError.self) { try GIFDecoder().decode(Array(whole.prefix(30))) }
    }

    @Test("a huge logical screen is refused before allocating")
    func hugeScreen() throws {
        var bytes = try Support.bytes("gif/no-palette.gif")
        bytes[6] = 0xFF; bytes[7] = 0xFF; bytes[8] = 0xFF; bytes[9] = 0xFF
        #expect {
            try GIFDecoder().decode(bytes)
        } throws: { error in
            guard case .limitExceeded(.framePixels(_, 65535 * 65535, _)) = error as? ImageCodecError else { return false }
            return true
        }
    }
}
