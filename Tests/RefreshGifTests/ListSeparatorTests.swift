import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
import Testing

/// The list behind a control draws its separators at every scale and offset, as UIKit draws a
/// hairline: one drawing, whether the phone is live, scrubbed or downloaded.
@Suite("The list's separators")
struct ListSeparatorTests {
    /// Pixels of the light list's separator colour (#E5E5EA, opaque) in `image`.
    static func separatorPixels(_ image: RGBAImage) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                if let p = image.pixel(x: x, y: y), p.r == 0xE5, p.g == 0xE5, p.b == 0xEA, p.a == 255 { count += 1 }
            }
        }
        return count
    }

    @Test("at 1x every frame of a pull, the list between pixels or not, has its separator lines")
    func everyFrameAtOneX() throws {
        let scene = try SceneSchema.standard.description(fromArguments: ["--scale", "1"]).makeScene()
        let gesture = try GestureFile.read(Support.root.appendingPathComponent("gestures/header-pull-release.json").path).gesture
        let animation = try RefreshAnimation.gesture(gesture, scene: scene, fps: 30, showContent: true, wholeView: true)
        let frames = try FrameGrid(of: animation, columns: 8).frames
        #expect(frames.count > 20)
        for frame in frames {
            // The list shows several rows: each line runs from 16 pt to the edge, 359 px at 1x.
            #expect(Self.separatorPixels(frame.image) >= 359 * 3, "frame \(frame.index) lost its separators")
        }
    }
}
