import Foundation
import RefreshGifTestSupport
import Testing

@testable import ImageCodecs
@testable import PixelDiff
@_spi(Tools) @testable import RefreshGif
@testable import RefreshImage
@testable import RefreshModel
@testable import RefreshRaster

@Suite("Animated outputs")
struct AnimationTests {
    /// The picture an APNG shows at the middle of each of `count` frames at `fps`.
    static func apngShown(_ data: [UInt8], count: Int, fps: Double) throws -> [RGBAImage?] {
        let reader = try APNGReader(data)
        return (0..<count).map { reader.shown(at: (Double($0) + 0.5) / fps) }
    }

    @Test("simulate: PNG frames, APNG frames and GIF frames agree; --jobs 1 equals --jobs 2")
    func simulateOutputs() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gesture = Support.root.appendingPathComponent("gestures/header-pull-release.json").path
        let one = try CLI.run([
            "simulate", gesture, "--fps", "10", "--jobs", "1", "--frames", folder + "/one",
            "--apng", folder + "/a.png", "--gif", folder + "/a.gif", "--show-content",
        ])
        #expect(one.status == 0, "\(one.stderr)")
        let two = try CLI.run(["simulate", gesture, "--fps", "10", "--jobs", "2", "--frames", folder + "/two", "--show-content"])
        #expect(two.status == 0)
        let names = CLI.files(in: folder + "/one")
        #expect(names.count == 29) // 2.8 s at 10 fps, both ends included
        #expect(names == CLI.files(in: folder + "/two"))
        for name in names {
            #expect(try FileIO.read(folder + "/one/" + name) == FileIO.read(folder + "/two/" + name), "\(name)")
        }
        let pngFrames = try names.map { try PNGDecoder().decode(FileIO.read(folder + "/one/" + $0)) }
        // APNG: the picture shown at each frame's time is the frame; a frame equal to the one
        // before is not written.
        #expect(try Self.apngShown(FileIO.read(folder + "/a.png"), count: pngFrames.count, fps: 10) == pngFrames)
        #expect(try APNGReader(FileIO.read(folder + "/a.png")).frames.count < pngFrames.count)
        // GIF: 10 fps = 10 cs a frame; a frame equal to the one before is not written, its
        // time going to the frame shown. The picture shown at each frame's time keeps every
        // pixel close (colours exact on flat areas, transparency exact).
        let gif = try GIFDecoder().decode(FileIO.read(folder + "/a.gif"))
        #expect(gif.frames.count < pngFrames.count)
        #expect(gif.frames.reduce(0) { $0 + $1.delayCentiseconds } == 10 * pngFrames.count)
        #expect(gif.loopCount == 0)
        let shown = Self.shownAtEachFrame(gif, count: pngFrames.count, centiseconds: 10)
        for (g, p) in zip(shown, pngFrames) {
            var worst = 0
            for i in stride(from: 0, to: p.pixels.count, by: 4) where p.pixels[i + 3] == 255 {
                for c in 0..<3 { worst = max(worst, abs(Int(g.image.pixels[i + c]) - Int(p.pixels[i + c]))) }
            }
            #expect(worst <= 48)
            #expect(g.image.pixel(x: 0, y: g.image.height - 1)! == p.pixel(x: 0, y: p.height - 1)!)
        }
    }

    @Test(
        "GIF of a transparent control: what is shown at each frame's time has exactly the frame's transparency, and pixels that stay the same do not flicker",
        arguments: ["header-pull-release.json", "trailer-pull-release.json", "sv-pull-to-refresh.json"])
    func transparentGIF(gesture: String) throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = Support.root.appendingPathComponent("gestures/" + gesture).path
        let run = try CLI.run(["simulate", path, "--fps", "10", "--frames", folder + "/f", "--gif", folder + "/a.gif"])
        #expect(run.status == 0, "\(run.stderr)")
        let pngFrames = try CLI.files(in: folder + "/f").map { try PNGDecoder().decode(FileIO.read(folder + "/f/" + $0)) }
        let gif = try GIFDecoder().decode(FileIO.read(folder + "/a.gif"))
        let shown = Self.shownAtEachFrame(gif, count: pngFrames.count, centiseconds: 10)
        #expect(shown.count == pngFrames.count)
        #expect(gif.frames.count < pngFrames.count, "frames equal to the one before are merged")
        var flicker = 0, worst = 0
        var before: (source: [UInt8], picture: [UInt8])?
        for (index, (g, p)) in zip(shown, pngFrames).enumerated() {
            let source = p.straightPixels(), picture = g.image.straightPixels()
            let kept = PixelChecks.kept(source: source, shown: picture)
            #expect(
                kept.alphaChanges == 0,
                "frame \(index): \(kept.alphaChanges) pixels changed transparency, first \(kept.firstAlphaChange ?? -1)")
            worst = max(worst, kept.worstChannel)
            if let before {
                flicker += PixelChecks.flicker(
                    before: before.source, now: source, shownBefore: before.picture, shownNow: picture, opaqueOnly: true)
            }
            before = (source, picture)
        }
        #expect(worst <= 16, "palette error")
        #expect(flicker == 0)
    }

    @Test("the pixel checks find a flicker, a changed transparency and a colour error where there is one")
    func pixelChecksCanFail() {
        // Two pixels: the first opaque red, the second half-transparent grey.
        let source: [UInt8] = [255, 0, 0, 255, 90, 90, 90, 100]
        let same = PixelChecks.kept(source: source, shown: source)
        #expect(same.alphaChanges == 0 && same.firstAlphaChange == nil && same.squaredError == 0 && same.opaque == 1)
        let shown: [UInt8] = [250, 0, 3, 255, 90, 90, 90, 255]
        let kept = PixelChecks.kept(source: source, shown: shown)
        #expect(kept.firstAlphaChange == 1 && kept.alphaChanges == 1)
        #expect(kept.worstChannel == 5 && kept.squaredError == 25 + 9 && kept.opaque == 1)
        #expect(PixelChecks.squaredDifference(source, shown) == 25 + 9 + 155 * 155)
        // The source stays the same and what is shown changes on both pixels; only the first is opaque.
        #expect(PixelChecks.flicker(before: source, now: source, shownBefore: source, shownNow: shown) == 2)
        #expect(PixelChecks.flicker(before: source, now: source, shownBefore: source, shownNow: shown, opaqueOnly: true) == 1)
        #expect(PixelChecks.flicker(before: shown, now: source, shownBefore: source, shownNow: shown) == 0)
    }

    @Test("--gif-matte: soft edges are composited onto the page colour and shown opaque; clear pixels stay clear")
    func gifMatte() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run([
            "sequence", "--state", "pulling", "--length", "0.1", "--fps", "10", "--frames", folder + "/f",
            "--gif", folder + "/a.gif", "--gif-matte", "#FFFFFF",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let source = try PNGDecoder().decode(FileIO.read(folder + "/f/frame_0001.png")).straightPixels()
        let shown = try GIFDecoder().decode(FileIO.read(folder + "/a.gif")).frames[0].image.straightPixels()
        var soft = 0
        for i in stride(from: 0, to: source.count, by: 4) {
            let alpha = Int(source[i + 3])
            #expect(shown[i + 3] == (alpha == 0 ? 0 : 255))
            guard alpha > 0 && alpha < 255 else { continue }
            soft += 1
            for c in 0..<3 {
                let onWhite = (Int(source[i + c]) * alpha + 255 * (255 - alpha) + 127) / 255
                #expect(abs(Int(shown[i + c]) - onWhite) <= 16)
            }
        }
        #expect(soft > 100, "the title's anti-aliased edges")
        let bad = try CLI.run(["sequence", "--state", "pulling", "--length", "0.1", "--gif", folder + "/b.gif", "--gif-matte", "white"])
        #expect(bad.status == 64 && bad.stderr.contains("--gif-matte"))
    }

    @Test("--gif-dither: each value writes the GIF, and the two differ; another word is refused naming the option")
    func gifDither() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = try ["none", "floyd-steinberg"].map { try Self.listGIF(in: folder, name: $0, ["--gif-dither", $0]) }
        // The scrolling list has frames of more than 255 colours: those are dithered.
        #expect(files[0] != files[1])
        let bad = try CLI.run(["sequence", "--state", "pulling", "--length", "0.1", "--gif", folder + "/b.gif", "--gif-dither", "bayer"])
        #expect(bad.status == 64 && bad.stderr.contains("--gif-dither"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/b.gif"))
        // Without a GIF to write, the GIF's options do not apply: refused, nothing written.
        for option in [["--gif-dither", "floyd-steinberg"], ["--gif-matte", "#FFFFFF"]] {
            let alone = try CLI.run(["sequence", "--state", "pulling", "--length", "0.1", "--frames", folder + "/f"] + option)
            #expect(alone.status == 64 && alone.stderr.contains(option[0] + " applies to a GIF"), "\(alone.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/f"))
    }

    @Test("--gif-color-error: frames share the global table within the error, the file shrinks; refused without --gif or out of range")
    func gifColorError() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = try ["0", "1"].map {
            try Self.listGIF(in: folder, name: $0, ["--gif-color-error", $0, "--frames", folder + "/frames-" + $0])
        }
        let (exact, shared) = (try ImageInspection.inspect(files[0]), try ImageInspection.inspect(files[1]))
        let tables = { (info: ImageInspection) in info.layouts.filter { $0.localColors != nil }.count }
        #expect(tables(shared) < tables(exact), "frames with a table of their own: \(tables(shared)) against \(tables(exact))")
        #expect(files[1].count < files[0].count)
        // Each frame as shown stays within the error of the exact GIF's (a mean squared error
        // of 1 a channel over the picture).
        let (a, b) = (try GIFDecoder().decode(files[0]), try GIFDecoder().decode(files[1]))
        #expect(a.frames.count == b.frames.count)
        for (x, y) in zip(a.frames, b.frames) {
            let (p, q) = (x.image.straightPixels(), y.image.straightPixels())
            #expect(Double(PixelChecks.squaredDifference(p, q)) / Double(p.count) <= 1)
        }
        // Pixels that stay the same in the source stay the same in the lossy GIF: one palette
        // serves every frame with many colours, so a pixel redrawn after a clear comes back in
        // the same shade.
        let sources = try CLI.files(in: folder + "/frames-1").map { try PNGDecoder().decode(FileIO.read(folder + "/frames-1/" + $0)) }
        let shown = Self.shownAtEachFrame(b, count: sources.count, centiseconds: 10)
        var flicker = 0
        for i in 1..<sources.count {
            flicker += PixelChecks.flicker(
                before: sources[i - 1].pixels, now: sources[i].pixels, shownBefore: shown[i - 1].image.pixels,
                shownNow: shown[i].image.pixels)
        }
        #expect(flicker == 0)
        for arguments in [
            ["--frames", folder + "/f", "--gif-color-error", "1"], ["--gif", folder + "/c.gif", "--gif-color-error", "101"],
        ] {
            let bad = try CLI.run(["sequence", "--state", "pulling", "--length", "0.1"] + arguments)
            #expect(bad.status == 64 && bad.stderr.contains("--gif-color-error"), "\(bad.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/c.gif") && !FileManager.default.fileExists(atPath: folder + "/f"))
    }

    @Test(
        "--gif-color-error on a transparent control: near colours where the LZW code table continues make the file smaller, within the error, with no flicker",
        arguments: ["header-pull-release.json", "back-footer-pull-release.json"])
    func transparentColorError(gesture: String) throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = Support.root.appendingPathComponent("gestures/" + gesture).path
        var files: [[UInt8]] = []
        for error in ["0", "1"] {
            let run = try CLI.run([
                "simulate", path, "--fps", "10", "--gif", folder + "/\(error).gif", "--gif-color-error", error,
                "--frames", folder + "/frames-" + error,
            ])
            #expect(run.status == 0, "\(run.stderr)")
            files.append(try FileIO.read(folder + "/\(error).gif"))
        }
        #expect(files[1].count < files[0].count, "\(files[1].count) bytes against \(files[0].count)")
        let sources = try CLI.files(in: folder + "/frames-1").map { try PNGDecoder().decode(FileIO.read(folder + "/frames-1/" + $0)) }
        let gif = try GIFDecoder().decode(files[1])
        let shown = Self.shownAtEachFrame(gif, count: sources.count, centiseconds: 10)
        var flicker = 0
        for (index, (g, p)) in zip(shown, sources).enumerated() {
            // Within the error: a mean squared error of at most 1 a channel over the opaque
            // pixels, transparency exact.
            let kept = PixelChecks.kept(source: p.straightPixels(), shown: g.image.straightPixels())
            #expect(
                kept.alphaChanges == 0,
                "frame \(index): \(kept.alphaChanges) pixels changed transparency, first \(kept.firstAlphaChange ?? -1)")
            #expect(Double(kept.squaredError) <= Double(3 * max(kept.opaque, 1)), "frame \(index)")
            guard index > 0 else { continue }
            flicker += PixelChecks.flicker(
                before: sources[index - 1].pixels, now: p.pixels, shownBefore: shown[index - 1].image.pixels, shownNow: g.image.pixels)
        }
        #expect(flicker == 0)
    }

    /// The GIF of the scrolling list under the GIF header's pull and release (10 fps, a list of
    /// many colours) with `options`, written as `folder/name.gif`, read back.
    static func listGIF(in folder: String, name: String, _ options: [String]) throws -> [UInt8] {
        let gesture = Support.root.appendingPathComponent("gestures/header-gif-pull-release.json").path
        let run = try CLI.run(["simulate", gesture, "--fps", "10", "--show-content", "--gif", folder + "/\(name).gif"] + options)
        #expect(run.status == 0, "\(run.stderr)")
        return try FileIO.read(folder + "/\(name).gif")
    }

    /// The GIF frame on screen at the start of each of `count` frames `centiseconds` apart.
    static func shownAtEachFrame(_ gif: GIFAnimation, count: Int, centiseconds: Int) -> [GIFAnimation.Frame] {
        var starts: [Int] = []
        var time = 0
        for frame in gif.frames {
            starts.append(time)
            time += frame.delayCentiseconds
        }
        return (0..<count).compactMap { index in
            let at = index * centiseconds
            return (starts.lastIndex { $0 <= at }).map { gif.frames[$0] }
        }
    }

    @Test("frames held on screen for several frames are written as if each were encoded alone, with any number of jobs")
    func heldFrames() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var scene = RefreshScene()
        scene.state = .refreshing
        // The built-in Refreshing loop shows each picture for 0.1 s: four frames each at 40 fps.
        let animation = try RefreshAnimation.sequence(of: scene, fps: 40, length: 0.6)
        let frames = try (0..<animation.count).map { try animation.frame(at: $0).image }
        #expect(frames[0] == frames[3] && frames[3] != frames[4])
        var outputs: [Int: [String: [UInt8]]] = [:]
        for jobs in [1, 3] {
            let base = folder + "/jobs\(jobs)"
            try animation.write(
                AnimationOutputs(
                    framesFolder: base, gif: base + ".gif", apng: base + ".apng", sheet: base + "-sheet.png",
                    sheetEvery: 3), jobs: jobs)
            var files: [String: [UInt8]] = [:]
            for name in CLI.files(in: base) { files[name] = try FileIO.read(base + "/" + name) }
            for suffix in [".gif", ".apng", "-sheet.png"] { files[suffix] = try FileIO.read(base + suffix) }
            outputs[jobs] = files
        }
        #expect(outputs[1] == outputs[3])
        // Each frame file is the encoding of that frame alone; the sheet holds every third frame.
        let encoder = PNGEncoder()
        for (index, image) in frames.enumerated() {
            #expect(outputs[1]?[String(format: "frame_%04d.png", index + 1)] == (try encoder.encode(image)), "frame \(index + 1)")
        }
        #expect(try PNGDecoder().decode(outputs[1]?["-sheet.png"] ?? []) == (try animation.contactSheet(every: 3)))
        #expect(try Self.apngShown(outputs[1]?[".apng"] ?? [], count: frames.count, fps: 40) == frames)
    }

    @Test("simulate --json reproduces the docs/motion.md timeline from sample offsets")
    func simulateReport() throws {
        let gesture = Support.root.appendingPathComponent("gestures/header-samples.json").path
        let result = try CLI.run(["simulate", gesture, "--fps", "10", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
        let rows = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        try #require(rows.count == 23, "expected 23 report lines (2.2 s at 10 fps), got \(rows.count)")
        func row(_ i: Int) -> (String, Double, Double) {
            (rows[i]["state"] as? String ?? "", rows[i]["percent"] as? Double ?? -1, rows[i]["alpha"] as? Double ?? -1)
        }
        #expect(row(0) == ("idle", 0, 0))
        #expect(row(1) == ("idle", 0.3704, 0.3704))
        #expect(row(2) == ("idle", 1, 1))
        #expect(row(3) == ("pulling", 1.1111, 1))
        #expect(row(4) == ("idle", 0.9259, 0.9259))
        #expect(row(5) == ("pulling", 1.2963, 1))
        #expect(row(6).0 == "refreshing" && row(6).1 == 1)
        #expect(row(15).0 == "idle") // endRefreshing at 1.5 s
        #expect(row(17).2 < 1 && row(17).2 > 0) // fading out over 0.4 s
        #expect(row(20) == ("idle", 0, 0))
    }

    @Test("sequence: one loop of a state's images at the requested fps")
    func sequence() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run([
            "sequence", "--state", "refreshing", "--images", "refreshing=" + Support.fixture("demo/spin.gif"),
            "--fps", "25", "--loops", "1", "--frames", folder, "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // spin.gif: 8 frames × 80 ms = 0.64 s → 16 frames at 25 fps.
        #expect(CLI.files(in: folder).count == 16)
        let frames = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .compactMap { $0["imageFrame"] as? Int }
        // Equal timing: frame = floor(8 × t / 0.64 s) at t = i / 25 s.
        #expect(frames == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7])
    }

    @Test("bad gesture files name the file and the JSON path")
    func badGesture() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/g.json"
        for (json, path) in [
            ("{\"samples\": [{\"t\": 0, \"offset\": \"x\", \"dragging\": true}]}", "$.samples[0].offset"),
            (
                "{\"samples\": [{\"t\": 1, \"offset\": 0, \"dragging\": true}, {\"t\": 0.5, \"offset\": 0, \"dragging\": true}]}",
                "$.samples[1].t"
            ),
            ("{\"script\": {\"pull\": 10, \"over\": 1, \"hold\": 0}, \"wiggle\": 1}", "$.wiggle"),
            ("{\"control\": {\"kind\": \"sidebar\"}, \"script\": {\"pull\": 10, \"over\": 1, \"hold\": 0}}", "$.control.kind"),
            ("{\"control\": {\"percent\": -1}, \"script\": {\"pull\": 10, \"over\": 1, \"hold\": 0}}", "$.control.percent"),
            ("{}", "needs samples or a script"),
        ] {
            try FileIO.write(Array(json.utf8), to: file)
            let result = try CLI.run(["simulate", file, "--json"])
            #expect(result.status == 65, "\(json): \(result.stderr)")
            #expect(result.stderr.contains(path) && result.stderr.contains(file), "\(result.stderr)")
        }
    }

    @Test("render --from-state/--since draws the arrow half-way through its turn")
    func transitionRender() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let start = try CLI.run([
            "--style", "normal", "--state", "pulling", "--from-state", "idle", "--since", "0", "-o", folder + "/a.png",
        ])
        let mid = try CLI.run([
            "--style", "normal", "--state", "pulling", "--from-state", "idle", "--since", "0.125", "-o", folder + "/b.png",
        ])
        let idle = try CLI.run(["--style", "normal", "--state", "idle", "-o", folder + "/c.png"])
        #expect(start.status == 0 && mid.status == 0 && idle.status == 0)
        let a = try PNGDecoder().decode(FileIO.read(folder + "/a.png")), b = try PNGDecoder().decode(FileIO.read(folder + "/b.png"))
        let c = try PNGDecoder().decode(FileIO.read(folder + "/c.png"))
        #expect(a != b)
        // At the start of the turn the arrow is exactly the Idle arrow (the titles differ).
        let arrowBox = { (image: RGBAImage) in (0..<image.height).flatMap { y in (0..<200).map { image.pixel(x: $0, y: y)!.a } } }
        #expect(arrowBox(a) == arrowBox(c))
        // Half-way, the arrow lies on its side: its ink box is wider than tall.
        var minX = Int.max, maxX = 0, minY = Int.max, maxY = 0
        for y in 0..<b.height {
            for x in 0..<200 where b.pixel(x: x, y: y)!.a > 64 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        #expect(maxX - minX > maxY - minY)
    }
}
