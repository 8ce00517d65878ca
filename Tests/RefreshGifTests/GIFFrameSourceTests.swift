import Foundation
import RefreshGifTestSupport
import Testing

@testable import ImageCodecs
@_spi(Tools) @testable import RefreshGif
@testable import RefreshImage

/// Frames composited on demand are the frames decoded all at once, in any order, with a cache
/// small enough to evict (docs/robustness.md).
@Suite("GIF frames composited when drawn")
struct GIFFrameSourceTests {
    static let fixtures = [
        "disposal-background", "disposal-keep", "disposal-mixed", "disposal-previous", "interlaced", "local-palette", "lzw-short",
        "no-palette", "outside", "spectrum", "transparency", "truncated", "zero-size",
    ]

    @Test("every fixture: any order, a one-frame cache, the same pixels as decoding all frames", arguments: fixtures)
    func sameAsEager(name: String) throws {
        let bytes = try FileIO.read(Support.fixture("gif/\(name).gif"))
        let eager = try GIFDecoder().decode(bytes)
        let screen = eager.width * eager.height
        let source = try GIFDecoder().frameSource(bytes, memoryPixels: 3 * screen)
        #expect(source.frameCount == eager.frames.count)
        #expect(source.cachePixels == screen)
        #expect(source.delaysCentiseconds == eager.frames.map(\.delayCentiseconds))
        let count = eager.frames.count
        let order = Array((0..<count).reversed()) + Array(0..<count) + [count / 2, 0, count - 1]
        for index in order {
            #expect(
                source.image(at: index, width: eager.width, height: eager.height) == eager.frames[index].image, "\(name) frame \(index)")
        }
        // Resampled by the source: the same as resampling the decoded frame.
        let half = (max(1, eager.width / 2), max(1, eager.height / 2))
        #expect(
            source.image(at: count - 1, width: half.0, height: half.1)
                == (try Resampler.resize(eager.frames[count - 1].image, width: half.0, height: half.1)))
    }

    @Test("a screen that cannot be composited within the memory given is refused before allocating")
    func refusedWhenOneFrameDoesNotFit() throws {
        let bytes = try FileIO.read(Support.fixture("gif/spectrum.gif"))
        let eager = try GIFDecoder().decode(bytes)
        #expect(throws: ImageCodecError.self) {
            try GIFDecoder().frameSource(bytes, memoryPixels: 3 * eager.width * eager.height - 1)
        }
    }
}
