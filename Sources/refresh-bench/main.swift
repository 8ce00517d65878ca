// Micro-benchmarks for the codec choices (release build: `swift run -c release refresh-bench`).
// Prints medians of repeated runs; a comparison, not an assertion.
import Foundation
import RefreshGif

func median(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        times.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
    }
    times.sort()
    return times[times.count / 2]
}

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
func fixture(_ path: String) throws -> [UInt8] { try FileIO.read(root.appendingPathComponent("Fixtures/" + path).path) }

// S1-like frame: the GIF header at 375 pt @3x with both labels and the built-in animation.
var scene = RefreshScene()
scene.scale = 3
scene.images = try BuiltInAnimation.images(scale: 3)
scene.pullingPercent = 0.6
let renderer = try RefreshRenderer()
let frame = try renderer.render(scene)
print("frame: \(frame.width)×\(frame.height) px (375×54 pt @3x), GIF header with both labels")
let renderTime = try median(200) { _ = try renderer.render(scene) }
print(String(format: "render (layout + text + composition): %.1f µs", renderTime))

let candidates: [(String, PNGEncoder.Settings)] = [
    ("level 1, filter NONE (default)", .fastUI),
    ("level 1, filter UP", .init(level: 1, filters: .up, strategy: .default)),
    ("level 1, adaptive filters", .init(level: 1, filters: .all, strategy: .default)),
    ("level 6, adaptive (libpng default)", .libpngDefault),
    ("level 9, adaptive", .init(level: 9, filters: .all, strategy: .default)),
]
var opaqueScene = scene
opaqueScene.background = RGBAColor(red: 255, green: 255, blue: 255)
let opaqueFrame = try renderer.render(opaqueScene)
for (label, image) in [("transparent background", frame), ("white background", opaqueFrame)] {
    print("\nPNG encoding of that frame, \(label) (median of 200):")
    print("settings                              time µs    bytes")
    for (name, settings) in candidates {
        let encoder = PNGEncoder(settings: settings)
        let bytes = try encoder.encode(image).count
        let time = try median(200) { _ = try encoder.encode(image) }
        print(name.padding(toLength: 36, withPad: " ", startingAt: 0) + String(format: "%9.1f %8d", time, bytes))
    }
}

print("\nGIF decoding (median of 50):")
for name in ["demo/pull.gif", "demo/spin.gif", "gif/spectrum.gif"] {
    let bytes = try fixture(name)
    let gif = try GIFDecoder().decode(bytes)
    let time = try median(50) { _ = try GIFDecoder().decode(bytes) }
    print(String(format: "%@: %d frames %d×%d, %d bytes: %.1f µs", name, gif.frames.count, gif.width, gif.height, bytes.count, time))
}

// Diff speed on two screenshot-sized PNGs given as arguments (e.g. 1125×2436).
let arguments = CommandLine.arguments
if arguments.count == 3 {
    let a = try PNGDecoder().decodeStraight(FileIO.read(arguments[1]))
    let b = try PNGDecoder().decodeStraight(FileIO.read(arguments[2]))
    let decode = try median(10) { _ = try PNGDecoder().decodeStraight(FileIO.read(arguments[1])) }
    for (label, draw) in [("count only", false), ("with diff picture", true)] {
        var count = 0
        let time = try median(10) { count = try ImageDiff().compare(a, b, drawDiff: draw).differingPixels }
        let pixelsPerSecond = Double(a.width * a.height) / (time / 1e6)
        print(String(format: "\ndiff %@ %d×%d: %.1f ms, %.0f Mpixel/s, %d differ (decode one PNG: %.1f ms)",
                     label, a.width, a.height, time / 1000, pixelsPerSecond / 1e6, count, decode / 1000))
    }
}
