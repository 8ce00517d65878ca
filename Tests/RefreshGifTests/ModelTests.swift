import Foundation
import RefreshGifTestSupport
import Testing

@testable import ImageCodecs
@testable import PixelDiff
@testable import RefreshGif
@testable import RefreshImage
@testable import RefreshModel
@testable import RefreshRaster

@Suite("Frames, timing and auto-height")
struct ModelTests {
    // docs/images.md test vectors, as (N, p, expected index).
    static let idleVectors: [(Int, Double, Int)] = [
        (60, 0, 0), (60, 0.0166, 0), (60, 0.05, 3), (60, 0.6, 36), (60, 0.999, 59), (60, 1.0, 59), (60, 1.7, 59),
        (10, 0.7, 7), (29, 0.1, 2), (3, 0.34, 1), (3, 0.9999, 2), (1, 0, 0), (1, 0.5, 0), (1, 3, 0),
    ]

    @Test("Idle frame = min(N − 1, trunc(N × p)) (docs/images.md vectors)")
    func idleFrames() {
        for (n, p, expected) in Self.idleVectors {
            #expect(FrameClock.idleFrameIndex(count: n, percent: p) == expected, "N=\(n) p=\(p)")
        }
        #expect(FrameClock.idleFrameIndex(count: 0, percent: 0.5) == nil)
        #expect(FrameClock.idleFrameIndex(count: 5, percent: .infinity) == 4)
    }

    @Test("looping frame = floor(M × (t mod D) / D), in microseconds")
    func loopingFrames() {
        let frames = (0..<3).map { _ in try! ScaledImage(image: try! RGBAImage(width: 1, height: 1), scale: 1) }
        let sequence = ImageSequence(frames: frames) // default 3 × 0.1 s
        #expect(sequence.durationMicroseconds == 300_000)
        let at: [(Int64, Int)] = [
            (0, 0), (99_999, 0), (100_000, 1), (199_999, 1), (200_000, 2), (299_999, 2),
            (300_000, 0), (350_000, 0), (400_000, 1), (3_000_000_000, 0),
        ]
        for (t, expected) in at {
            #expect(FrameClock.loopingFrameIndex(of: sequence, time: t) == expected, "t=\(t)")
        }
        var zero = sequence
        zero.durationMicroseconds = 0 // UIKit: 1/30 s a frame
        #expect(FrameClock.loopingFrameIndex(of: zero, time: 40_000) == 1)
        let single = ImageSequence(frames: [frames[0]])
        #expect(FrameClock.loopingFrameIndex(of: single, time: 123_456) == 0)
    }

    @Test("GIF timing shows each frame for its own delay")
    func gifTiming() throws {
        let frames = (0..<3).map { _ in try! ScaledImage(image: try! RGBAImage(width: 1, height: 1), scale: 1) }
        let sequence = try ImageSequence(frames: frames, duration: nil, frameDelays: [0.1, 0.02, 0.05])
        #expect(sequence.durationMicroseconds == 170_000)
        #expect(FrameClock.loopingFrameIndex(of: sequence, time: 110_000, timing: .gif) == 1)
        #expect(FrameClock.loopingFrameIndex(of: sequence, time: 125_000, timing: .gif) == 2)
        #expect(FrameClock.loopingFrameIndex(of: sequence, time: 175_000, timing: .gif) == 0)
        // Equal timing spaces the same three frames 170/3 ms apart.
        #expect(FrameClock.loopingFrameIndex(of: sequence, time: 110_000, timing: .equal) == 1)
        #expect(FrameClock.loopingFrameIndex(of: sequence, time: 125_000, timing: .equal) == 2)
    }

    @Test("auto-height: the first image of each state, only grows (docs/images.md)")
    func autoHeight() {
        func seq(_ heights: [Int], scale: Double = 2) -> ImageSequence {
            ImageSequence(frames: heights.map { try! ScaledImage(image: try! RGBAImage(width: 4, height: $0), scale: scale) })
        }
        var images = StateImages()
        images.set(seq([100]), for: .idle) // 50 pt
        #expect(images.componentHeight(base: 54) == 54)
        #expect(images.componentHeight(base: 44) == 50)
        images.set(seq([80, 200]), for: .pulling) // first image 40 pt; the 100-pt second is ignored
        #expect(images.componentHeight(base: 44) == 50)
        images.set(seq([130]), for: .refreshing) // 65 pt
        #expect(images.componentHeight(base: 54) == 65)
        images.set(seq([10], scale: 1), for: .idle) // never shrinks below the base
        #expect(images.componentHeight(base: 54) == 65)
    }

    @Test("which image shows: Idle by percent, loops in time, hidden where docs/images.md hides it")
    func imageSelection() {
        func tagged(_ count: Int, _ base: Int) -> ImageSequence {
            ImageSequence(frames: (0..<count).map { try! ScaledImage(image: try! RGBAImage(width: base + $0, height: 1), scale: 1) })
        }
        var images = StateImages()
        images.set(tagged(60, 100), for: .idle)
        images.set(tagged(3, 200), for: .refreshing)
        func shown(_ kind: ComponentKind, _ state: RefreshState, _ p: Double = 0, _ t: Int64 = 0) -> Int? {
            ImageSelection.choice(kind: kind, state: state, images: images, percent: p, time: t, timing: .equal)?.image.image.width
        }
        #expect(shown(.header, .idle, 0.6) == 136)
        #expect(shown(.header, .refreshing, 1, 150_000) == 201)
        #expect(shown(.header, .willRefresh, 1, 0) == 200)
        // No Pulling images: the Idle picture stays (docs/images.md, M = 0).
        #expect(shown(.header, .pulling, 1.2) == 159)
        #expect(shown(.backFooter, .idle, 0.05) == 103)
        #expect(shown(.backFooter, .noMoreData) == nil)
        #expect(shown(.autoFooter, .idle, 0.5) == nil)
        #expect(shown(.autoFooter, .refreshing, 0, 250_000) == 202)
        #expect(shown(.trailer, .idle) == nil)
    }
}
