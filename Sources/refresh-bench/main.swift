// Micro-benchmarks for the codec choices (release build: `swift run -c release refresh-bench`).
// Prints medians of repeated runs; a comparison, not an assertion.
import CRLottie
import Foundation
@_spi(Tools) import RefreshGif

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

/// `refresh-bench floor DIR`: the PNGs in DIR compressed again in process, the way
/// refresh-render writes them (un-premultiplied, filtered, libdeflate at the default settings,
/// chunks) and by libpng with the same level and filter; prints both medians in seconds for
/// the whole set (the floor columns of bench/run.py).
func floor(_ folder: String) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
    let images = try names.map { try PNGDecoder().decode(FileIO.read(folder + "/" + $0)) }
    let ours = PNGEncoder()
    let libpng = PNGEncoder(settings: .init(level: ours.settings.level, filters: ours.settings.filters, compressor: .libpng))
    let times = try [ours, libpng].map { encoder in try median(7) { for image in images { _ = try encoder.encode(image) } } }
    print(times.map { String(format: "%.6f", $0 / 1e6) }.joined(separator: " "))
}

/// `refresh-bench diff A B`: the diff alone, in process.
func diffSpeed(_ first: String, _ second: String) throws {
    let a = try PNGDecoder().decodeStraight(FileIO.read(first))
    let b = try PNGDecoder().decodeStraight(FileIO.read(second))
    let decode = try median(10) { _ = try PNGDecoder().decodeStraight(FileIO.read(first)) }
    for (label, draw) in [("count only", false), ("with diff picture", true)] {
        var count = 0
        let time = try median(10) { count = try ImageDiff().compare(a, b, drawDiff: draw).differingPixels }
        let pixelsPerSecond = Double(a.width * a.height) / (time / 1e6)
        print(
            String(
                format: "diff %@ %d×%d: %.1f ms, %.0f Mpixel/s, %d differ (decode one PNG: %.1f ms)",
                label, a.width, a.height, time / 1000, pixelsPerSecond / 1e6, count, decode / 1000))
    }
}

/// `refresh-bench` (no arguments): render and PNG settings on an S1-like frame, GIF decoding.
func codecs() throws {
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
        ("libdeflate \(PNGEncoder.Settings.default.level), no filter (default)", .default),
        ("libdeflate 6, no filter", .init(level: 6, filters: .none)),
        ("libdeflate 3, no filter (fastUI)", .fastUI),
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
}

/// `refresh-bench settings DIR`: total bytes and time of the PNGs in DIR under several settings.
func settings(_ folder: String) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
    let images = try names.map { try PNGDecoder().decode(FileIO.read(folder + "/" + $0)) }
    var candidates: [(String, PNGEncoder.Settings)] = []
    for level in [1, 2, 3, 4, 5, 6, 7, 8, 9, 12] {
        let filterSets: [(String, PNGEncoder.Settings.Filters)] =
            [1, 6, 9].contains(level)
            ? [("none", .none), ("sub", .sub), ("up", .up), ("paeth", .paeth), ("adaptive", .all)] : [("none", .none)]
        for (name, filters) in filterSets {
            candidates.append(("libdeflate \(level), \(name)", PNGEncoder.Settings(level: level, filters: filters)))
        }
    }
    candidates += [
        ("zlib 1, none (old default)", .init(level: 1, filters: .none, compressor: .zlib)),
        ("zlib 6, adaptive", .init(level: 6, filters: .all, strategy: .filtered, compressor: .zlib)),
        ("libpng 6, adaptive (its default)", .init(level: 6, filters: .all, strategy: .filtered, compressor: .libpng)),
    ]
    for (name, setting) in candidates {
        let encoder = PNGEncoder(settings: setting)
        var bytes = 0
        for image in images { bytes += try encoder.encode(image).count }
        let time = try median(3) { for image in images { _ = try encoder.encode(image) } }
        print(name.padding(toLength: 28, withPad: " ", startingAt: 0) + String(format: "%8.1f ms %10d B", time / 1000, bytes))
    }
}

let arguments = CommandLine.arguments
/// `refresh-bench lottie`: what drawing Lottie in a worker process costs next to rlottie called
/// in this process, on the fixture animation: opening the file (the worker: start, check,
/// parse) and one frame at 120 and 360 px square, both turned into an `RGBAImage`. Medians in
/// milliseconds; needs `refresh-render` built beside this program (the worker).
func lottieIsolation() throws {
    let path = root.appendingPathComponent("Fixtures/lottie/pull-loop.json").path
    let folder = root.appendingPathComponent("Fixtures/lottie").path
    let bytes = try FileIO.read(path)
    func direct() -> OpaquePointer? {
        var text = bytes + [0]
        return text.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { lottie_animation_from_data($0.baseAddress, "", folder + "/") }
        }
    }
    let openDirect = median(31) { lottie_animation_destroy(direct()) }
    let openWorker = try median(31) { _ = try LottieAnimation(data: bytes, resourceDirectory: folder) }
    print(String(format: "open a file: in process %.2f ms, worker %.2f ms", openDirect / 1000, openWorker / 1000))
    guard let handle = direct() else { return }
    defer { lottie_animation_destroy(handle) }
    let animation = try LottieAnimation(data: bytes, resourceDirectory: folder)
    for side in [120, 360] {
        // In process as the library drew before the worker: a fresh buffer, rlottie, then the
        // same swap to RGBA bytes the worker's frames get.
        let inProcess =
            try median(7) {
                for frame in 0..<60 {
                    var image = try RGBAImage(width: side, height: side)
                    image.withUnsafeMutablePixels { out in
                        out.withMemoryRebound(to: UInt32.self) {
                            lottie_animation_render(handle, frame, $0.baseAddress, side, side, side * 4)
                        }
                        for i in stride(from: 0, to: out.count, by: 4) {
                            let b = out[i], g = out[i + 1], r = out[i + 2], a = out[i + 3]
                            out[i] = min(r, a)
                            out[i + 1] = min(g, a)
                            out[i + 2] = min(b, a)
                        }
                    }
                }
            } / 60
        let worker = try median(7) { for frame in 0..<60 { _ = try animation.render(frame: frame, width: side, height: side) } } / 60
        print(
            String(
                format: "one frame at %d px: in process %.3f ms, worker %.3f ms (+%.3f ms)", side, inProcess / 1000, worker / 1000,
                (worker - inProcess) / 1000))
    }
}

switch arguments.count > 1 ? arguments[1] : "" {
case "lottie": try lottieIsolation()
case "floor" where arguments.count == 3: try floor(arguments[2])
case "diff" where arguments.count == 4: try diffSpeed(arguments[2], arguments[3])
case "settings" where arguments.count == 3: try settings(arguments[2])
case "fonts": try FontsReport.run()
case "appcode": try AppCodeBench.run(root: root)
case "diy": try DIYBench.run(root: root)
default: try codecs()
}
