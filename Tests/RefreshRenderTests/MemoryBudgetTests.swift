import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
import Testing

/// Memory is budgeted before allocation, for the whole command.
@Suite("Memory budget")
struct MemoryBudgetTests {
    /// A GIF of `frames` 1×1 images on a `side`×`side` screen: a few hundred bytes that would
    /// decode to frames × side² pixels.
    static func bomb(side: Int, frames: Int, delay: Int = 10) -> Data {
        var d = Data("GIF89a".utf8) + Data([UInt8(side & 0xFF), UInt8(side >> 8), UInt8(side & 0xFF), UInt8(side >> 8), 0, 0, 0])
        for _ in 0..<frames {
            d += Data([0x21, 0xF9, 0x04, 0x00, UInt8(delay & 0xFF), UInt8(delay >> 8), 0x00, 0x00])
            d += Data([0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00])
        }
        return d + Data([0x3B])
    }

    @Test("info reads headers only: a 16-frame 8192² GIF is described without decoding a pixel")
    func infoDecodesNothing() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.bomb(side: 8192, frames: 16).write(to: URL(fileURLWithPath: folder + "/bomb.gif"))
        let info = try CLI.run(["info", folder + "/bomb.gif", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout)) as? [String: Any])
        #expect(info.status == 0 && report["frameCount"] as? Int == 16 && report["width"] as? Int == 8192)
    }

    @Test("rendering it stops at the budget with one line naming the file, the figure and --max-memory")
    func renderStopsAtBudget() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.bomb(side: 8192, frames: 16).write(to: URL(fileURLWithPath: folder + "/bomb.gif"))
        let render = try CLI.run(["--images", "idle=" + folder + "/bomb.gif", "--max-memory", "256", "-o", folder + "/x.png"])
        #expect(render.status == 65)
        #expect(render.stderr.contains("bomb.gif") && render.stderr.contains("256 MiB") && render.stderr.contains("--max-memory"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/x.png"))
    }

    @Test("extract and diff take the same limit flags")
    func sameFlagsEverywhere() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.bomb(side: 8192, frames: 4).write(to: URL(fileURLWithPath: folder + "/bomb.gif"))
        let extract = try CLI.run(["extract", folder + "/bomb.gif", "--max-memory", "64", "-o", folder + "/frames"])
        #expect(extract.status == 65 && extract.stderr.contains("--max-memory"))
        let png = Support.fixture("png/rgba8.png")
        let diff = try CLI.run(["diff", png, png, "--max-pixels", "10"])
        #expect(diff.status == 65 && diff.stderr.contains("--max-pixels"), "\(diff.stderr)")
        #expect(try CLI.run(["diff", png, png, "--max-memory", "16"]).status == 0)
    }

    @Test("the budget is the command's: two inputs that each fit but not together are refused")
    func budgetAcrossInputs() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 3 frames of 2048² = 48 MiB each file; a 64 MiB budget takes one, not both.
        try Self.bomb(side: 2048, frames: 3).write(to: URL(fileURLWithPath: folder + "/a.gif"))
        try Self.bomb(side: 2048, frames: 3).write(to: URL(fileURLWithPath: folder + "/b.gif"))
        let one = try CLI.run([
            "--images", "idle=" + folder + "/a.gif", "--max-memory", "64", "--image-scale", "2", "-o", folder + "/one.png",
        ])
        #expect(one.status == 0, "\(one.stderr)")
        let both = try CLI.run([
            "--images", "idle=" + folder + "/a.gif", "--images", "refreshing=" + folder + "/b.gif",
            "--max-memory", "64", "--image-scale", "2", "-o", folder + "/both.png",
        ])
        #expect(both.status == 65 && both.stderr.contains("memory budget"), "\(both.stderr)")
    }

    @Test("planned frame counts are checked before rendering; GIF and APNG files are whole at the end")
    func plannedOutputs() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.bomb(side: 2, frames: 1, delay: 65535).write(to: URL(fileURLWithPath: folder + "/slow.gif"))
        let loops = try CLI.run([
            "sequence", "--images", "refreshing=" + folder + "/slow.gif", "--state", "refreshing",
            "--loops", "1000", "--fps", "240", "--gif", folder + "/x.gif",
        ])
        #expect(loops.status == 64 && loops.stderr.contains("frames"))
        #expect(CLI.files(in: folder) == ["slow.gif"])
        // Streamed: the files are whole and correct at the end.
        let streamed = try CLI.run([
            "sequence", "--state", "refreshing", "--length", "2", "--fps", "30",
            "--apng", folder + "/s.apng", "--gif", folder + "/s.gif",
        ])
        #expect(streamed.status == 0, "\(streamed.stderr)")
        let apng = try ImageInspection.inspect(FileIO.read(folder + "/s.apng"))
        // 60 frames of 20 pictures (each shown for 0.1 s): a frame equal to the one before is
        // the one before shown longer.
        #expect(apng.format == .apng && apng.frameCount == 20 && abs(apng.durationMilliseconds - 2000) <= 30)
        let gif = try ImageInspection.inspect(FileIO.read(folder + "/s.gif"))
        #expect(abs(gif.durationMilliseconds - 2000) <= 30)
        // The built-in loop shows each picture for 0.1 s: three equal frames are one picture
        // (written as one GIF frame, or two when a second clears what the next must not show).
        let pictures = try GIFDecoder().decode(FileIO.read(folder + "/s.gif")).frames.map { $0.image }
        let changes = zip(pictures, pictures.dropFirst()).filter { $0 != $1 }.count
        #expect(changes + 1 == 20, "\(pictures.count) GIF frames, \(changes + 1) pictures")
        #expect(CLI.files(in: folder).allSatisfy { !$0.hasPrefix(".") })
    }

    /// A GIF of `frames` full frames of `side`² pixels, each a different picture (bands that
    /// move), made by our own encoder.
    static func movingBands(side: Int, frames: Int) throws -> [UInt8] {
        let encoder = try GIFEncoder(width: side, height: side)
        for f in 0..<frames {
            var pixels = [UInt8](repeating: 255, count: side * side * 4)
            for y in 0..<side {
                let band = ((y + f * 7) / 16) % 3
                for x in 0..<side where (x + f * 5) % 64 < 40 {
                    let o = (y * side + x) * 4
                    pixels[o] = band == 0 ? 230 : 40
                    pixels[o + 1] = band == 1 ? 200 : 60
                    pixels[o + 2] = band == 2 ? 220 : 80
                }
            }
            try encoder.add(try RGBAImage(width: side, height: side, straightPixels: pixels), at: Double(f) * 0.04)
        }
        return try encoder.finish(at: Double(frames) * 0.04)
    }

    @Test("decoding work is bounded: a GIF whose frames decode to more than 4 × the budget is refused before any frame is decoded")
    func workBudget() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 20 × 1024² = 21 M pixels to decode; a 16 MiB budget (4 M pixels) allows 16.8 M of work.
        try Data(try Self.movingBands(side: 1024, frames: 20)).write(to: URL(fileURLWithPath: folder + "/big.gif"))
        let refused = try CLI.run([
            "--images", "refreshing=" + folder + "/big.gif", "--state", "refreshing", "--time", "0.7",
            "--max-memory", "16", "-o", folder + "/r.png",
        ])
        #expect(
            refused.status == 65 && refused.stderr.contains("big.gif") && refused.stderr.contains("work limit")
                && refused.stderr.contains("--max-memory"), "\(refused.stderr)")
        let extract = try CLI.run(["extract", folder + "/big.gif", "--max-memory", "16", "-o", folder + "/frames"])
        #expect(extract.status == 65 && extract.stderr.contains("work limit"), "\(extract.stderr)")
        #expect(CLI.files(in: folder) == ["big.gif"])
        let allowed = try CLI.run([
            "--images", "refreshing=" + folder + "/big.gif", "--state", "refreshing", "--time", "0.7",
            "--max-memory", "32", "-o", folder + "/r.png",
        ])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    @Test("an explicit --max-memory is kept when --max-pixels asks for bigger frames: the frame is refused before it is decoded")
    func explicitBudgetKept() throws {
        let limits = try JSONDecoder().decode(SceneDescription.self, from: Data(#"{"maxPixels": 400000000, "maxMemory": 64}"#.utf8)).limits
        #expect(limits.maxFramePixels == 400_000_000 && limits.maxTotalPixels == 64 << 18)
        let defaults = try JSONDecoder().decode(SceneDescription.self, from: Data(#"{"maxPixels": 400000000}"#.utf8)).limits
        #expect(defaults.maxTotalPixels == 400_000_000)
    }

    @Test("GIF frames are composited when drawn: 40 frames that together exceed the budget render within it, pixel for pixel")
    func lazyFrames() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 40 × 512² = 10.5 M pixels (40 MiB) of frames; a 16 MiB budget (4 M pixels) holds a few.
        try Data(try Self.movingBands(side: 512, frames: 40)).write(to: URL(fileURLWithPath: folder + "/bands.gif"))
        for time in ["0", "0.97", "1.55"] {
            var outputs: [Data] = []
            for memory in ["16", "1024"] {
                let out = folder + "/r-\(memory).png"
                let run = try CLI.run([
                    "--images", "refreshing=" + folder + "/bands.gif", "--state", "refreshing", "--time", time,
                    "--hide-labels", "--image-scale", "3", "--scale", "3", "--max-memory", memory, "-o", out,
                ])
                #expect(run.status == 0, "\(run.stderr)")
                outputs.append(try Data(contentsOf: URL(fileURLWithPath: out)))
            }
            #expect(outputs[0] == outputs[1], "time \(time)")
        }
        // A whole loop, frames out of order across workers, within the small budget: the same
        // bytes as with room to spare and one worker.
        var sequences: [Data] = []
        for (memory, jobs) in [("16", "4"), ("1024", "1")] {
            let out = folder + "/s-\(memory).apng"
            let run = try CLI.run([
                "sequence", "--images", "refreshing=" + folder + "/bands.gif", "--state", "refreshing",
                "--hide-labels", "--image-scale", "2", "--fps", "25", "--loops", "1", "--jobs", jobs,
                "--max-memory", memory, "--apng", out,
            ])
            #expect(run.status == 0, "\(run.stderr)")
            sequences.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        #expect(sequences[0] == sequences[1])
        // Held whole, the same file does not fit that budget.
        #expect(throws: (any Error).self) {
            try GIFDecoder(limits: DecodeLimits.default.withMemoryBudget(mebibytes: 16)).decode(try FileIO.read(folder + "/bands.gif"))
        }
        let extract = try CLI.run(["extract", folder + "/bands.gif", "--max-memory", "16", "-o", folder + "/frames"])
        #expect(extract.status == 0 && CLI.files(in: folder + "/frames").count == 41, "\(extract.stderr)")
    }

    @Test("diff keeps the whole command in --max-memory: both pictures and the diff picture, refused from the headers when they cannot fit")
    func diffWithinTheBudget() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Two 2048² pictures: 16 MiB each decoded, 32 MiB more for their diff picture and its encoding.
        try Support.solid(2048, 2048, RGBAColor(red: 0x20, green: 0x40, blue: 0x60)).writePNG(to: folder + "/a.png")
        try Support.solid(2048, 2048, RGBAColor(red: 0x20, green: 0x40, blue: 0x61)).writePNG(to: folder + "/b.png")
        let refused = try Self.peak(["diff", folder + "/a.png", folder + "/b.png", "--max-memory", "40", "-o", folder + "/d.png"])
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                "comparing two 2048×2048 pictures and writing their diff picture needs 65 MiB, above the memory budget of 40 MiB"),
            "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/d.png"))
        // The process itself (its code, Foundation) is not pixels: the bound is the budget and that.
        let baseline = CLI.isSanitized ? Int.max / 2 : 48
        let compared = try Self.peak(["diff", folder + "/a.png", folder + "/b.png", "--max-memory", "40"])
        #expect(compared.status == 1 && compared.mebibytes <= 40 + baseline, "\(compared.mebibytes) MiB \(compared.stderr)")
        let drawn = try Self.peak(["diff", folder + "/a.png", folder + "/b.png", "--max-memory", "66", "-o", folder + "/d.png"])
        #expect(drawn.status == 1 && drawn.mebibytes <= 66 + baseline, "\(drawn.mebibytes) MiB \(drawn.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/d.png"))
    }

    /// `refresh-render ARGUMENTS`'s exit status and peak resident memory in MiB (GNU time: the
    /// command and the workers it waited for).
    static func peak(_ arguments: [String]) throws -> (status: Int32, mebibytes: Int, stderr: String) {
        let result = try CLI.run(["-f", "%M", CLI.binary] + arguments, executable: "/usr/bin/time")
        let lines = result.stderr.split(separator: "\n")
        let kilobytes = lines.last.flatMap { Int($0) } ?? .max
        return (result.status, kilobytes >> 10, lines.dropLast().joined(separator: "\n"))
    }

    @Test(
        "a Lottie check keeps only what it reads: 15 MB of numbers under an unused key, a path of 200 000 vertices, within the budget + 64 MiB"
    )
    func lottieCheckMemory() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try LottieMaker.unusedNumbers(megabytes: 15).write(toFile: folder + "/numbers.json", atomically: true, encoding: .utf8)
        try LottieMaker.longPath(vertices: 200_000).write(toFile: folder + "/path.json", atomically: true, encoding: .utf8)
        for name in ["numbers.json", "path.json"] {
            // Under AddressSanitizer the peak is the sanitizer's (537 MiB here): only the outcome
            // counts, and the worker drawing the path gets room for the sanitizer's own memory
            // (its redzones and quarantine took the 64-MiB worker past its budget now and then).
            let bound = CLI.isSanitized ? Int.max : 64 + 64
            let budget = CLI.isSanitized ? "1024" : "64"
            let info = try Self.peak(["info", folder + "/" + name, "--max-memory", budget])
            #expect(info.status == 0 && info.mebibytes <= bound, "\(name) info: \(info.mebibytes) MiB \(info.stderr)")
            let render = try Self.peak(["--images", "idle=" + folder + "/" + name, "--max-memory", budget, "-o", folder + "/x.png"])
            #expect(render.status == 0 && render.mebibytes <= bound, "\(name) render: \(render.mebibytes) MiB \(render.stderr)")
        }
        // Past the stated file limit, refused before it is parsed.
        try LottieMaker.unusedNumbers(megabytes: 17).write(toFile: folder + "/big.json", atomically: true, encoding: .utf8)
        let big = try Self.peak(["info", folder + "/big.json"])
        #expect(big.status == 65 && big.stderr.contains("above the limit of 16777216"), "\(big.stderr)")
    }
}
