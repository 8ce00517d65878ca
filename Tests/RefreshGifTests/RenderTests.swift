import Foundation
import RefreshGifTestSupport
import Testing

@testable import ImageCodecs
@testable import PixelDiff
@testable import RefreshGif
@testable import RefreshImage
@testable import RefreshModel
@testable import RefreshRaster

@Suite("Rendering")
struct RenderTests {
    /// N solid 100×100 px frames; frame i has red = i, so the index can be read back.
    static func numbered(_ count: Int, size: Int = 100) -> ImageSequence {
        ImageSequence(
            frames: (0..<count).map {
                try! ScaledImage(image: Support.solid(size, size, RGBAColor(red: UInt8($0), green: 200, blue: 100)), scale: 2)
            })
    }

    static func scene(_ configure: (inout RefreshScene) -> Void) -> RefreshScene {
        var scene = RefreshScene()
        scene.stateLabelHidden = true
        scene.timeLabelHidden = true
        configure(&scene)
        return scene
    }

    @Test("labels hidden: Idle shows frame min(N−1, trunc(N×p)), centred, in a 54-pt header", arguments: [0.0, 0.05, 0.6, 0.999, 1.7])
    func idleFrameCentred(percent: Double) throws {
        let scene = Self.scene {
            $0.images.set(Self.numbered(60), for: .idle)
            $0.pullingPercent = percent
        }
        let image = try RefreshRenderer().render(scene)
        #expect(image.width == 750 && image.height == 108)
        let expected = UInt8(min(59, Int((60 * percent).rounded(.towardZero))))
        // (375 − 50) / 2 = 162.5 pt → 325 px; (54 − 50) / 2 = 2 pt → 4 px.
        #expect(image.opaqueBounds().map { [$0.minX, $0.minY, $0.maxX, $0.maxY] } == [325, 4, 424, 103])
        #expect(Support.straight(image, 374, 50) == [expected, 200, 100, 255])
    }

    @Test("a taller first image grows the header to its height")
    func autoHeight() throws {
        let scene = Self.scene { $0.images.set(Self.numbered(4, size: 140), for: .idle) }
        let image = try RefreshRenderer().render(scene)
        #expect(image.height == 140) // 70 pt @2x
        #expect(image.opaqueBounds().map { [$0.minY, $0.maxY] } == [0, 139])
    }

    @Test("an image at another scale is resampled to the render scale with a real filter")
    func resampling() throws {
        // A 150 px @3x image (50 pt) in a @2x render becomes 100 px.
        var frame = Support.solid(150, 150, RGBAColor(red: 10, green: 20, blue: 30))
        frame.withUnsafeMutablePixels { px in for y in 0..<150 { for x in 75..<150 { px[(y * 150 + x) * 4] = 250 } } }
        let scene = Self.scene {
            $0.images.set(ImageSequence(frames: [try! ScaledImage(image: frame, scale: 3)]), for: .idle)
        }
        let image = try RefreshRenderer().render(scene)
        #expect(image.opaqueBounds().map { [$0.minX, $0.maxX] } == [325, 424])
        // Left half stays 10, right half 250, and the edge has in-between values (not nearest-neighbour).
        #expect(Support.straight(image, 330, 50)[0] == 10)
        #expect(Support.straight(image, 420, 50)[0] == 250)
        let edge = (370...378).map { Support.straight(image, $0, 50)[0] }
        #expect(edge.contains { $0 > 20 && $0 < 240 })
    }

    @Test("resampling once when the scene is built draws what resampling per frame drew")
    func resampleOnce() throws {
        var frame = Support.solid(150, 150, RGBAColor(red: 10, green: 20, blue: 30))
        frame.withUnsafeMutablePixels { px in for y in 0..<150 { for x in 75..<150 { px[(y * 150 + x) * 4] = 250 } } }
        let image = try! ScaledImage(image: frame, scale: 3)
        let at2 = try! image.resampled(toScale: 2)
        #expect(at2.image.width == 100 && at2.pointWidth == image.pointWidth)
        #expect(try! image.resampled(toScale: 3) == image)
        let perFrame = Self.scene { $0.images.set(ImageSequence(frames: [image]), for: .idle) }
        var once = perFrame
        once.images = try! perFrame.images.resampled(toScale: 2)
        #expect(once.images[.idle]?.frames[0].scale == 2)
        let renderer = try RefreshRenderer()
        #expect(try renderer.render(perFrame) == renderer.render(once))
    }

    @Test("rendering twice gives identical PNG bytes")
    func deterministic() throws {
        var scene = RefreshScene()
        scene.images = try BuiltInAnimation.images(scale: 2)
        scene.state = .pulling
        scene.pullingPercent = 0.6
        let a = try PNGEncoder().encode(RefreshRenderer().render(scene))
        let b = try PNGEncoder().encode(RefreshRenderer().render(scene))
        #expect(a == b)
    }

    @Test("a recycled canvas is cleared: frames drawn into given-back buffers equal frames drawn fresh")
    func recycledCanvases() throws {
        var scene = RefreshScene()
        scene.images = try BuiltInAnimation.images(scale: 2)
        scene.state = .idle
        let fresh = try RefreshRenderer()
        let reusing = try RefreshRenderer()
        for (percent, background) in [
            (0.2, RGBAColor(red: 255, green: 255, blue: 255)), (0.9, RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)),
            (0.5, RGBAColor(red: 20, green: 40, blue: 60)),
        ] {
            scene.pullingPercent = percent
            scene.background = background
            let expected = try fresh.render(scene)
            let drawn = try reusing.render(scene)
            #expect(drawn == expected, "percent \(percent)")
            reusing.recycle(drawn)
        }
        var dirty = try RGBAImage(width: 3, height: 2)
        dirty.withUnsafeMutablePixels { $0.update(repeating: 200) }
        reusing.recycle(dirty)
        #expect(try reusing.canvas(width: 3, height: 2) == RGBAImage(width: 3, height: 2))
    }

    @Test("group alpha multiplies the whole control; the background stays opaque")
    func alpha() throws {
        var scene = Self.scene {
            $0.images.set(Self.numbered(1), for: .idle)
            $0.autoAlpha = true
            $0.pullingPercent = 0.5
        }
        let faded = try RefreshRenderer().render(scene)
        #expect(faded.pixel(x: 374, y: 50)!.a == 128)
        scene.background = RGBAColor(red: 255, green: 255, blue: 255)
        let over = try RefreshRenderer().render(scene)
        #expect(Support.straight(over, 0, 0) == [255, 255, 255, 255])
        #expect(over.pixel(x: 374, y: 50)!.a == 255)
        scene.state = .refreshing
        #expect(try RefreshRenderer().render(scene).pixel(x: 374, y: 50)!.g == 200)
    }

    /// Ink (alpha sum) of the top and bottom halves of the arrow's box.
    static func arrowInk(kind: ComponentKind, state: RefreshState) throws -> (top: Int, bottom: Int) {
        var scene = RefreshScene()
        scene.kind = kind
        scene.style = .normal
        scene.state = state
        scene.stateLabelHidden = true
        scene.timeLabelHidden = true
        let renderer = try RefreshRenderer()
        let image = try renderer.render(scene)
        let box = try #require(try renderer.layout(of: scene).arrow)
        let midY = Int(box.midY * 2)
        var top = 0, bottom = 0
        for y in Int(box.y * 2)..<Int(box.maxY * 2) {
            for x in Int(box.x * 2)..<Int(box.maxX * 2) {
                let a = Int(image.pixel(x: x, y: y)!.a)
                if y < midY { top += a } else { bottom += a }
            }
        }
        return (top, bottom)
    }

    @Test("the header arrow's head is at the bottom in Idle and at the top in Pulling; the back footer's the other way")
    func arrowOrientation() throws {
        let idle = try Self.arrowInk(kind: .header, state: .idle)
        #expect(idle.bottom > idle.top * 2)
        let pulling = try Self.arrowInk(kind: .header, state: .pulling)
        #expect(pulling.top > pulling.bottom * 2)
        let footerIdle = try Self.arrowInk(kind: .backFooter, state: .idle)
        #expect(footerIdle.top > footerIdle.bottom * 2)
        let refreshing = try Self.arrowInk(kind: .header, state: .refreshing)
        #expect(refreshing.top + refreshing.bottom > 0) // the spinner, not the arrow, is there now
    }

    @Test("the spinner steps one spoke every 1/8 s")
    func spinnerPhase() throws {
        let style = SpinnerStyle.medium
        #expect(style.headSpoke(time: 0) == 0)
        #expect(style.headSpoke(time: 124_999) == 0)
        #expect(style.headSpoke(time: 125_000) == 1)
        #expect(style.headSpoke(time: 1_000_000) == 0)
        #expect(SpinnerStyle.classic.headSpoke(time: 250_000) == 3)
        var scene = RefreshScene()
        scene.style = .normal
        scene.state = .refreshing
        let renderer = try RefreshRenderer()
        let a = try renderer.render(scene)
        scene.time = 0.125
        let b = try renderer.render(scene)
        scene.time = 1.125
        let c = try renderer.render(scene)
        #expect(a != b)
        #expect(b == c)
    }

    @Test("the built-in animation gives Idle, Pulling and Refreshing frames that fit a 54-pt header")
    func builtIn() throws {
        let images = try BuiltInAnimation.images(scale: 3)
        #expect(images[.idle]?.count == 30)
        #expect(images[.pulling]?.count == 6)
        #expect(images[.refreshing]?.count == 12)
        #expect(images.componentHeight(base: 54) == 54)
        #expect(images[.idle]?.frames[0].image.width == 108)
        #expect(images[.idle]?.frames[0] != images[.idle]?.frames[29])
    }
}

@Suite("Device-pixel placement at every scale")
struct ScaleTests {
    @Test("the GIF image lands at the layout's origin × scale, rounded half up", arguments: [1, 2, 3])
    func imagePlacement(scale: Int) throws {
        var scene = RefreshScene()
        scene.scale = scale
        scene.width = 333 // odd width: half-point positions
        scene.images.set(
            ImageSequence(frames: [
                try! ScaledImage(image: Support.solid(50 * scale, 50 * scale, RGBAColor(red: 0, green: 0, blue: 255)), scale: Double(scale))
            ]), for: .idle)
        scene.textColor = RGBAColor(red: 255, green: 0, blue: 0)
        let renderer = try RefreshRenderer()
        let frame = try #require(try renderer.layout(of: scene).image)
        let image = try renderer.render(scene)
        // Find the blue square's top-left corner.
        var corner: (Int, Int)?
        outer: for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y)! == (0, 0, 255, 255) {
                corner = (x, y)
                break outer
            }
        }
        let s = Double(scale)
        #expect(corner?.0 == TextRenderer.snap(frame.x * s))
        #expect(corner?.1 == TextRenderer.snap(frame.y * s))
        #expect(image.height == 54 * scale)
    }
}
