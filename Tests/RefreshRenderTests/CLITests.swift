import Foundation
import RefreshGifTestSupport
import Testing

@testable import ImageCodecs
@testable import PixelDiff
@_spi(Tools) @testable import RefreshGif
@testable import RefreshImage
@testable import RefreshModel
@testable import RefreshRaster
@_spi(Tools) @testable import RefreshSnapshots

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Runs the built `refresh-render` binary end to end.
@Suite("refresh-render command line")
struct CLITests {

    @Test("the design card's command works as written, from any folder")
    func designCard() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(["--state", "pulling", "--percent", "0.6"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGDecoder().decode(FileIO.read(folder + "/refresh.png"))
        #expect(image.width == 750 && image.height == 108)
        #expect(CLI.files(in: folder) == ["refresh.png"])
    }

    @Test("--images with GIFs, --hide-labels: the chosen frame, centred, at scale 3")
    func gifImages() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run([
            "--images", "idle=" + Support.fixture("demo/pull.gif"),
            "--images", "refreshing=" + Support.fixture("demo/spin.gif"),
            "--state", "idle", "--percent", "0.6", "--hide-labels", "--scale", "3",
            "-o", folder + "/out.png",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGDecoder().decode(FileIO.read(folder + "/out.png"))
        #expect(image.width == 1125 && image.height == 162)
        // The 100 px GIF at --image-scale 3 (the render scale) is 33.3 pt, drawn 1:1, centred.
        let frames = try GIFDecoder().decode(Support.bytes("demo/pull.gif")).frames
        let expected = frames[12].image // trunc(20 × 0.6) = 12
        let x0 = TextRenderer.snap((375 - 100.0 / 3) / 2 * 3), y0 = TextRenderer.snap((54 - 100.0 / 3) / 2 * 3)
        for (x, y) in [(50, 50), (50, 20), (30, 70)] {
            let p = image.pixel(x: x0 + x, y: y0 + y)!, q = expected.pixel(x: x, y: y)!
            #expect([p.r, p.g, p.b, p.a] == [q.r, q.g, q.b, q.a])
        }
    }

    @Test("-o - writes the PNG to standard output")
    func standardOutput() throws {
        let result = try CLI.run(["--style", "normal", "-o", "-"])
        #expect(result.status == 0)
        #expect(PNGDecoder.isPNG(result.stdout))
        #expect(try PNGDecoder().decode(result.stdout).width == 750)
    }

    @Test("bad options exit 64 with one line naming the option")
    func usage() throws {
        for arguments in [
            ["--percent", "nan"], ["--percent", "-1"], ["--scale", "0"], ["--scale", "100"],
            ["--width", "1e9"], ["--width", "0"], ["--state", "flying"], ["--kind", "trailer", "--style", "gif"],
            ["--background", "red"], ["--title", "soon=Hello"], ["--time", "inf"],
        ] {
            let folder = try Support.temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let result = try CLI.run(arguments + ["-o", folder + "/x.png"])
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.isEmpty)
            #expect(CLI.files(in: folder).isEmpty, "\(arguments) left a file")
        }
    }

    @Test("a missing input exits 66, a broken one 65, both naming the file and leaving no output")
    func badInputs() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = try CLI.run(["--images", "idle=/nonexistent/x.gif", "-o", folder + "/x.png"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("/nonexistent/x.gif"))
        let broken = folder + "/broken.gif"
        try Data("GIF89a-not-really".utf8).write(to: URL(fileURLWithPath: broken))
        let bad = try CLI.run(["--images", "idle=" + broken, "-o", folder + "/x.png"])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("broken.gif"))
        #expect(bad.stderr.split(separator: "\n").count == 1)
        let directory = try CLI.run(["extract", folder, "-o", folder + "/frames"])
        #expect(directory.status == 66)
        #expect(CLI.files(in: folder) == ["broken.gif"])
    }

    @Test("an output that cannot be created exits 73; writing over an input is refused")
    func unwritable() throws {
        let result = try CLI.run(["-o", "/nonexistent-dir/x.png"])
        #expect(result.status == 73)
        #expect(result.stderr.contains("/nonexistent-dir/x.png"))
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = folder + "/in.gif"
        try FileManager.default.copyItem(atPath: Support.fixture("demo/pull.gif"), toPath: input)
        let same = try CLI.run(["--images", "idle=" + input, "-o", input])
        #expect(same.status == 64)
        #expect(try FileIO.read(input) == Support.bytes("demo/pull.gif"))
    }

    @Test("extract writes every composited frame and frames.json")
    func extract() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(["extract", Support.fixture("gif/spectrum.gif"), "-o", folder])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            CLI.files(in: folder) == [
                "frame_0001.png", "frame_0002.png", "frame_0003.png", "frame_0004.png",
                "frame_0005.png", "frame_0006.png", "frames.json",
            ])
        let manifest = try JSONSerialization.jsonObject(with: Data(FileIO.read(folder + "/frames.json"))) as? [String: Any]
        #expect(manifest?["loopCount"] as? Int == 3)
        let frames = manifest?["frames"] as? [[String: Any]]
        #expect(frames?.map { $0["delayMs"] as? Int } == [0, 10, 20, 50, 100, 200])
        let gif = try GIFDecoder().decode(Support.bytes("gif/spectrum.gif"))
        #expect(try PNGDecoder().decode(FileIO.read(folder + "/frame_0005.png")) == gif.frames[4].image)
        // Each frame's own rectangle and disposal, as the file states them.
        let regions = frames?.compactMap { $0["region"] as? [String: Int] }
        #expect(regions?.count == 6 && regions?.map { $0["width"] } == gif.frames.map { $0.width })
        #expect(
            frames?.allSatisfy { ["unspecified", "none", "background", "previous", "reserved"].contains($0["disposal"] as? String ?? "") }
                == true)
    }

    @Test("info reports size, frames, delays, duration and loop count")
    func info() throws {
        let result = try CLI.run(["info", Support.fixture("gif/spectrum.gif"), "--json"])
        #expect(result.status == 0)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
        #expect(report?["frameCount"] as? Int == 6)
        #expect(report?["width"] as? Int == 50)
        #expect(report?["totalDurationMs"] as? Int == 570)
        #expect(report?["loopCount"] as? Int == 3)
        let text = try CLI.run(["info", Support.fixture("png/palette4.png")])
        #expect(String(decoding: text.stdout, as: UTF8.self).contains("9×7 px"))
    }

    @Test("a folder of PNG frames loads in natural numeric order")
    func folderOrder() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for i in [1, 2, 10] {
            let png = try PNGEncoder().encode(Support.solid(100, 100, RGBAColor(red: UInt8(i * 20), green: 0, blue: 0)))
            try FileIO.write(png, to: folder + "/frame\(i).png")
        }
        let sequence = try ImageLoader(defaultScale: 2).load(folder)
        #expect(sequence.frames.map { $0.image.pixel(x: 0, y: 0)!.r } == [20, 40, 200])
        #expect(NaturalOrder.less("frame2", "frame10"))
        #expect(!NaturalOrder.less("frame10", "frame2"))
        #expect(NaturalOrder.less("dropdown_anim__0009", "dropdown_anim__00010"))
        #expect(ImageLoader.scaleSuffix(of: "/a/b/loading@3x.png") == 3)
        #expect(ImageLoader.scaleSuffix(of: "loading.png") == nil)
    }

    @Test("--font replaces the primary font; a missing font file exits 66")
    func fontOption() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let regular = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let a = try CLI.run(["--style", "state", "-o", folder + "/a.png"])
        let b = try CLI.run(["--style", "state", "--font", regular, "-o", folder + "/b.png"])
        #expect(a.status == 0 && b.status == 0, "\(b.stderr)")
        #expect(try FileIO.read(folder + "/a.png") != FileIO.read(folder + "/b.png"))
        let missing = try CLI.run(["--font", "/nonexistent.ttf", "-o", folder + "/c.png"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("/nonexistent.ttf"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/c.png"))
    }

    @Test("--title and --rtl change what is drawn")
    func titleAndRTL() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plain = try CLI.run(["--style", "normal", "--hide-time-label", "-o", folder + "/plain.png"])
        let titled = try CLI.run(["--style", "normal", "--hide-time-label", "--title", "idle=Swipe", "-o", folder + "/titled.png"])
        let mirrored = try CLI.run(["--style", "normal", "--hide-time-label", "--rtl", "-o", folder + "/rtl.png"])
        #expect(plain.status == 0 && titled.status == 0 && mirrored.status == 0)
        let p = try PNGDecoder().decode(FileIO.read(folder + "/plain.png"))
        let t = try PNGDecoder().decode(FileIO.read(folder + "/titled.png"))
        let r = try PNGDecoder().decode(FileIO.read(folder + "/rtl.png"))
        // A shorter title moves the arrow right, towards the centre; RTL puts it right of the text.
        let pb = try #require(p.opaqueBounds()), tb = try #require(t.opaqueBounds()), rb = try #require(r.opaqueBounds())
        #expect(tb.minX > pb.minX)
        #expect(rb.maxX > pb.maxX)
        #expect(rb.maxX == p.width - 1 - pb.minX || abs(rb.maxX - (p.width - 1 - pb.minX)) <= 2)
    }

    @Test("diff prints the count and share, writes the picture, exits 0 within tolerance and 1 beyond")
    func diffCommand() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let a = Support.fixture("diff/pairs/noise-a.png"), b = Support.fixture("diff/pairs/noise-b.png")
        // Exact by default, as the Swift assertions: every pixel that changed at all.
        let failing = try CLI.run(["diff", a, b, "-o", folder + "/diff.png"])
        #expect(failing.status == 1)
        #expect(String(decoding: failing.stdout, as: UTF8.self).hasPrefix("160 pixels differ (5.2083 % of 64×48)"))
        #expect(try PNGDecoder().decode(FileIO.read(folder + "/diff.png")).width == 64)
        // pixelmatch's own leniency, opted into.
        let pixelmatch = ["--threshold", "0.1", "--no-include-aa"]
        let lenient = try CLI.run(["diff", a, b] + pixelmatch)
        #expect(String(decoding: lenient.stdout, as: UTF8.self).hasPrefix("103 pixels differ (3.3529 % of 64×48)"))
        #expect(try CLI.run(["diff", a, b, "--max-diff-pixels", "103"] + pixelmatch).status == 0)
        #expect(try CLI.run(["diff", a, b, "--max-diff-ratio", "0.04"] + pixelmatch).status == 0)
        #expect(try CLI.run(["diff", a, b, "--max-diff-pixels", "159"]).status == 1)
        #expect(try CLI.run(["diff", a, a]).status == 0)
        let sizes = try CLI.run(["diff", a, Support.fixture("diff/pairs/text-a.png")])
        #expect(sizes.status == 1)
        #expect(String(decoding: sizes.stdout, as: UTF8.self).contains("sizes differ"))
        #expect(try CLI.run(["diff", a, "/nonexistent.png"]).status == 66)
        #expect(try CLI.run(["diff", a, b, "--threshold", "2"]).status == 64)
    }

    @Test("snapshot: record, compare, fail with a table and well-formed JUnit, shard deterministically")
    func snapshotBatch() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases = folder + "/cases.json"
        func write(_ json: String) throws { try FileIO.write(Array(json.utf8), to: cases) }
        try write(
            """
            {"defaults": {"width": 200, "scale": 1, "now": "2024-07-05T12:00:00Z"},
             "cases": [{"name": "a", "state": "idle"}, {"name": "b", "style": "normal", "state": "pulling"},
                       {"name": "c", "kind": "back-footer", "state": "no-more-data"}]}
            """)
        let golden = folder + "/golden"
        let recorded = try CLI.run(["snapshot", cases, "--golden", golden, "--record", "--artifacts", folder + "/artifacts"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(CLI.files(in: golden) == ["a.png", "b.png", "c.png", "fonts.json", "refreshgif-goldens.json"])
        let clean = try CLI.run([
            "snapshot", cases, "--golden", golden, "--junit", folder + "/junit.xml", "--artifacts", folder + "/artifacts",
        ])
        #expect(clean.status == 0)
        #expect(String(decoding: clean.stdout, as: UTF8.self).contains("3 passed, 0 failed"))
        // Break one case: its title changes.
        try write(
            """
            {"defaults": {"width": 200, "scale": 1, "now": "2024-07-05T12:00:00Z"},
             "cases": [{"name": "a", "state": "idle"}, {"name": "b", "style": "normal", "state": "pulling", "titles": {"pulling": "Let go"}},
                       {"name": "c", "kind": "back-footer", "state": "no-more-data"}]}
            """)
        let broken = try CLI.run([
            "snapshot", cases, "--golden", golden, "--junit", folder + "/junit.xml", "--artifacts", folder + "/artifacts",
        ])
        #expect(broken.status == 1)
        let table = String(decoding: broken.stdout, as: UTF8.self)
        #expect(table.contains("FAIL") && table.contains("2 passed, 1 failed") && table.contains(folder + "/artifacts/b.diff.png"))
        let xml = try FileIO.read(folder + "/junit.xml")
        let parser = XMLParser(data: Data(xml))
        #expect(parser.parse(), "JUnit XML is not well-formed")
        let text = String(decoding: xml, as: UTF8.self)
        #expect(text.contains("failures=\"1\"") && text.contains("<failure message="))
        // Shards 1/2 and 2/2 split the cases without overlap.
        let first = try CLI.run(["snapshot", cases, "--golden", golden, "--shard", "1/2", "--artifacts", folder + "/artifacts"])
        let second = try CLI.run(["snapshot", cases, "--golden", golden, "--shard", "2/2", "--artifacts", folder + "/artifacts"])
        #expect(String(decoding: first.stdout, as: UTF8.self).contains("2 passed, 0 failed"))
        #expect(String(decoding: second.stdout, as: UTF8.self).contains("0 passed, 1 failed"))
        #expect(try CLI.run(["snapshot", cases, "--golden", golden, "--shard", "3/2", "--artifacts", folder + "/artifacts"]).status == 64)
    }

    @Test("snapshot: a bad case file names the JSON path and exits 65")
    func snapshotBadFile() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases = folder + "/cases.json"
        for (json, path) in [
            ("{\"cases\": [{\"name\": \"a\", \"percent\": \"lots\"}]}", "$.cases[0].percent"),
            ("{\"cases\": [{\"name\": \"a\", \"colour\": 1}]}", "$.cases[0].colour"),
            ("{\"cases\": [{\"name\": \"a\"}, {\"name\": \"a\"}]}", "$.cases[1].name"),
            ("{\"cases\": [", "not valid JSON"),
        ] {
            try FileIO.write(Array(json.utf8), to: cases)
            let result = try CLI.run(["snapshot", cases, "--golden", folder, "--artifacts", folder + "/artifacts"])
            #expect(result.status == 65, "\(json)")
            #expect(result.stderr.contains(path) && result.stderr.contains(cases), "\(result.stderr)")
        }
        try FileIO.write(Array("{\"cases\": [{\"name\": \"a\", \"percent\": -3}]}".utf8), to: cases)
        let invalid = try CLI.run(["snapshot", cases, "--golden", folder, "--artifacts", folder + "/artifacts"])
        // A bad value in a case is bad input data (65), named by its JSON path.
        #expect(invalid.status == 65)
        #expect(String(decoding: invalid.stdout, as: UTF8.self).contains("$.cases[0].percent"))
    }

    @Test("--png-level, --png-filter and --png-encoder trade speed for size, never pixels")
    func pngSettings() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let images = ["--images", "idle=" + Support.fixture("demo/pull.gif"), "--percent", "0.5", "--background", "#FFFFFF"]
        let variants: [(String, [String])] = [
            ("default", []), ("fast", ["--png-level", "1"]), ("small", ["--png-level", "12"]),
            ("adaptive", ["--png-filter", "adaptive"]), ("zlib", ["--png-encoder", "zlib", "--png-level", "1"]),
            ("libpng", ["--png-encoder", "libpng", "--png-level", "6", "--png-filter", "adaptive"]),
        ]
        var sizes: [String: Int] = [:]
        let reference = try { () throws -> RGBAImage in
            #expect(try CLI.run(images + ["-o", folder + "/default.png"]).status == 0)
            return try PNGDecoder().decode(FileIO.read(folder + "/default.png"))
        }()
        for (name, options) in variants {
            #expect(try CLI.run(images + options + ["-o", folder + "/\(name).png"]).status == 0, "\(name)")
            let bytes = try FileIO.read(folder + "/\(name).png")
            sizes[name] = bytes.count
            #expect(try PNGDecoder().decode(bytes) == reference, "\(name) changed pixels")
        }
        // More is smaller; libdeflate beats zlib at the fast end.
        #expect(sizes["small"]! <= sizes["default"]! && sizes["default"]! < sizes["fast"]!)
        #expect(sizes["fast"]! < sizes["zlib"]!)
        #expect(try CLI.run(["--png-level", "13", "-o", folder + "/x.png"]).status == 64)
        #expect(try CLI.run(["--png-encoder", "zlib", "--png-level", "10", "-o", folder + "/x.png"]).status == 64)
    }
}

/// `--compare perceptual` on the command line: the diff command and batch snapshots.
@Suite("refresh-render: perceptual comparison")
struct PerceptualCommandTests {
    static let expected = Support.root.appendingPathComponent("docs/diff-expected.png").path
    static let actual = Support.root.appendingPathComponent("docs/diff-actual.png").path

    @Test("diff --compare perceptual: precision and ΔE decide; a wrong value is a usage error")
    func diff() throws {
        let strict = try CLI.run(["diff", Self.expected, Self.actual, "--compare", "perceptual", "--perceptual-precision", "0.99"])
        #expect(strict.status == 1, "\(strict.stderr)")
        let lenient = try CLI.run(["diff", Self.expected, Self.actual, "--compare", "perceptual", "--perceptual-precision", "0.9"])
        #expect(lenient.status == 0, "\(lenient.stderr)")
        let blind = try CLI.run(["diff", Self.expected, Self.actual, "--compare", "perceptual", "--max-delta-e", "100"])
        #expect(blind.status == 0 && String(decoding: blind.stdout, as: UTF8.self).hasPrefix("0 pixels differ"), "\(blind.stdout)")
        #expect(try CLI.run(["diff", Self.expected, Self.actual, "--compare", "ssim"]).status == 64)
        #expect(try CLI.run(["diff", Self.expected, Self.actual, "--perceptual-precision", "2"]).status == 64)
    }

    @Test("snapshot --compare perceptual passes the example suite against its own goldens")
    func batch() throws {
        let folder = Support.root.appendingPathComponent("examples/snapshots").path
        let artifacts = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: artifacts) }
        let result = try CLI.run([
            "snapshot", folder + "/cases.json", "--golden", folder + "/golden", "--artifacts", artifacts,
            "--compare", "perceptual",
        ])
        #expect(result.status == 0, "\(result.stderr)")
    }
}

/// Sharded CI: each job writes its results, one job merges them into one report.
@Suite("refresh-render snapshot: shards and merge")
struct ShardMergeTests {
    /// The example goldens copied to `work/golden`, the first broken (another case's picture
    /// under its name); their names.
    static func copyGoldensWithOneBroken(into work: String) throws -> [String] {
        let examples = Support.root.appendingPathComponent("examples/snapshots").path
        try FileManager.default.copyItem(atPath: examples + "/golden", toPath: work + "/golden")
        let goldens = CLI.files(in: work + "/golden").filter { $0.hasSuffix(".png") }
        try #require(goldens.count >= 2)
        try FileManager.default.removeItem(atPath: work + "/golden/" + goldens[0])
        try FileManager.default.copyItem(atPath: work + "/golden/" + goldens[1], toPath: work + "/golden/" + goldens[0])
        return goldens
    }

    @Test("two shards' results, moved to another folder, merge into one table, JUnit file and HTML report")
    func mergeShards() throws {
        let work = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let examples = Support.root.appendingPathComponent("examples/snapshots").path
        let goldens = try Self.copyGoldensWithOneBroken(into: work)
        for k in 1...2 {
            let shard = try CLI.run([
                "snapshot", examples + "/cases.json", "--golden", work + "/golden", "--shard", "\(k)/2",
                "--results", work + "/job\(k)/results.json", "--artifacts", work + "/job\(k)/artifacts",
            ])
            #expect([0, 1].contains(shard.status), "\(shard.stderr)")
        }
        // The merge job downloads the results only (not the artifacts folders).
        for k in 1...2 {
            try FileManager.default.createDirectory(atPath: work + "/merge/\(k)", withIntermediateDirectories: true)
            for name in ["results.json", "results.json.files"] {
                try FileManager.default.moveItem(atPath: work + "/job\(k)/" + name, toPath: work + "/merge/\(k)/" + name)
            }
            try FileManager.default.removeItem(atPath: work + "/job\(k)")
        }
        let merged = try CLI.run([
            "snapshot", "merge", work + "/merge/1/results.json", work + "/merge/2/results.json",
            "--html", work + "/report", "--junit", work + "/junit.xml",
        ])
        let table = String(decoding: merged.stdout, as: UTF8.self)
        #expect(merged.status == 1 && table.contains("passed, 1 failed") && table.contains(goldens[0].dropLast(4)), "\(table)")
        let junit = try String(contentsOfFile: work + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("failures=\"1\""))
        // The report's pictures came with the results: the failing case's actual and diff are there.
        let pictures = CLI.files(in: work + "/report/images")
        #expect(pictures.contains { $0.contains(".actual.") } && pictures.contains { $0.contains(".diff.") }, "\(pictures)")
        // Overlapping shards are refused.
        let overlap = try CLI.run(["snapshot", "merge", work + "/merge/1/results.json", work + "/merge/1/results.json"])
        #expect(overlap.status == 65 && overlap.stderr.contains("must not overlap"))
    }

    @Test("one shard of three does not go green: the missing shards are named unless --allow-partial")
    func incompleteShards() throws {
        let work = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let examples = Support.root.appendingPathComponent("examples/snapshots").path
        let shard = try CLI.run([
            "snapshot", examples + "/cases.json", "--golden", examples + "/golden", "--shard", "1/3",
            "--results", work + "/results.json", "--artifacts", work + "/artifacts",
        ])
        #expect(shard.status == 0, "\(shard.stderr)")
        let merged = try CLI.run(["snapshot", "merge", work + "/results.json", "--junit", work + "/junit.xml"])
        #expect(merged.status == 65 && merged.stderr.contains("shards 2/3, 3/3 are missing"), "\(merged.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work + "/junit.xml"))
        let partial = try CLI.run(["snapshot", "merge", work + "/results.json", "--allow-partial"])
        let table = String(decoding: partial.stdout, as: UTF8.self)
        #expect(partial.status == 0 && table.contains("(partial: shards 2/3, 3/3 missing)"), "\(table)")
    }

    @Test("a picture in the results that is a link leading out of its folder is refused")
    func linkedPicture() throws {
        let work = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let examples = Support.root.appendingPathComponent("examples/snapshots").path
        _ = try Self.copyGoldensWithOneBroken(into: work) // so the results carry pictures
        let run = try CLI.run([
            "snapshot", examples + "/cases.json", "--golden", work + "/golden",
            "--results", work + "/results.json", "--artifacts", work + "/artifacts",
        ])
        #expect(run.status == 1, "\(run.stderr)")
        let pictures = CLI.files(in: work + "/results.json.files")
        let picture = try #require(pictures.first)
        let elsewhere = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let secret = elsewhere + "/outside.txt"
        try Data("secret".utf8).write(to: URL(fileURLWithPath: secret))
        try FileManager.default.removeItem(atPath: work + "/results.json.files/" + picture)
        try FileManager.default.createSymbolicLink(atPath: work + "/results.json.files/" + picture, withDestinationPath: secret)
        let merged = try CLI.run(["snapshot", "merge", work + "/results.json", "--html", work + "/report"])
        #expect(merged.status == 65 && merged.stderr.contains("leads out of the results' folder"), "\(merged.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work + "/report"))
    }
}

/// Goldens of a cases file that no case names.
@Suite("refresh-render snapshot orphans (cases files)")
struct BatchOrphanTests {
    @Test("a golden no case names is listed and, with --delete, removed; the cases' goldens stay")
    func orphans() throws {
        let work = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let examples = Support.root.appendingPathComponent("examples/snapshots").path
        try FileManager.default.copyItem(atPath: examples + "/golden", toPath: work + "/golden")
        let kept = CLI.files(in: work + "/golden")
        let picture = try #require(kept.first { $0.hasSuffix(".png") })
        // A golden a batch run recorded for a case since renamed, and a PNG of the user's own.
        try FileManager.default.copyItem(atPath: work + "/golden/" + picture, toPath: work + "/golden/renamed-case.png")
        let record = work + "/golden/" + GoldenRecord.fileName
        let names = try #require(GoldenRecord.names(in: work + "/golden"))
        try Data(#"{"goldens": [\#((names.sorted() + ["renamed-case.png"]).map { "\"\($0)\"" }.joined(separator: ", "))]}"#.utf8)
            .write(to: URL(fileURLWithPath: record))
        try FileManager.default.copyItem(atPath: work + "/golden/" + picture, toPath: work + "/golden/mine.png")
        let arguments = ["snapshot", "orphans", "--cases", examples + "/cases.json", "--golden", work + "/golden"]
        let listed = try CLI.run(arguments)
        let text = String(decoding: listed.stdout, as: UTF8.self)
        #expect(listed.status == 1 && text.contains("renamed-case.png") && text.contains("1 of ") && !text.contains("mine.png"), "\(text)")
        #expect(try CLI.run(arguments + ["--delete"]).status == 0)
        #expect(CLI.files(in: work + "/golden") == (kept + ["mine.png"]).sorted())
        #expect(GoldenRecord.names(in: work + "/golden") == names)
        #expect(try CLI.run(arguments).status == 0, "none left: CI passes")
        #expect(try CLI.run(["snapshot", "orphans", "--cases", examples + "/cases.json"]).status == 64)
    }
}

/// The batch's record modes are the Swift assertions': a retried CI job cannot go green.
@Suite("refresh-render snapshot: record modes")
struct BatchRecordModeTests {
    @Test("with CI=true or REFRESH_RECORD=never a missing golden fails and is not written, run after run; a bad mode is 64")
    func missingGoldenOnCI() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases = folder + "/cases.json"
        try FileIO.write(Array(#"{"cases": [{"name": "a", "state": "idle", "width": 200, "scale": 1}]}"#.utf8), to: cases)
        let arguments = ["snapshot", cases, "--golden", folder + "/golden", "--artifacts", folder + "/artifacts"]
        for environment in [["CI": "true"], ["CI": "false", "REFRESH_RECORD": "never"]] {
            for attempt in 1...2 {
                let run = try CLI.run(arguments, environment: environment)
                let text = String(decoding: run.stdout, as: UTF8.self)
                #expect(
                    run.status == 1 && text.contains("MISSING") && text.contains("0 passed, 1 failed"), "\(environment) \(attempt): \(text)"
                )
                #expect(!FileManager.default.fileExists(atPath: folder + "/golden/a.png"), "\(environment) \(attempt)")
            }
        }
        let bad = try CLI.run(arguments, environment: ["CI": "false", "REFRESH_RECORD": "sometimes"])
        #expect(bad.status == 64 && bad.stderr.contains("REFRESH_RECORD"), "\(bad.stderr)")
        // Locally the missing golden is recorded and the run fails once; --record on CI records.
        let local = try CLI.run(arguments, environment: ["CI": "false", "REFRESH_RECORD": ""])
        #expect(local.status == 1 && FileManager.default.fileExists(atPath: folder + "/golden/a.png"))
        #expect(try CLI.run(arguments, environment: ["CI": "true"]).status == 0)
        try FileManager.default.removeItem(atPath: folder + "/golden/a.png")
        #expect(try CLI.run(arguments + ["--record"], environment: ["CI": "true"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/golden/a.png"))
    }

    @Test("on CI, REFRESH_RECORD=all or failed rewrites no golden and records no missing one: what it would record goes to the artifacts")
    func recordingOnCIWritesOnlyArtifacts() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases = folder + "/cases.json"
        func write(_ width: Int) throws {
            try FileIO.write(
                Array(#"{"cases": [{"name": "a", "state": "idle", "width": \#(width), "scale": 1}]}"#.utf8), to: cases)
        }
        let arguments = ["snapshot", cases, "--golden", folder + "/golden", "--artifacts", folder + "/artifacts"]
        try write(200)
        #expect(try CLI.run(arguments + ["--record"], environment: ["CI": "false"]).status == 0)
        let golden = try FileIO.read(folder + "/golden/a.png")
        try write(180)
        for mode in ["all", "failed", "1"] {
            let run = try CLI.run(arguments, environment: ["CI": "true", "REFRESH_RECORD": mode])
            #expect(run.status == 1, "\(mode): \(run.stderr)")
            #expect(try FileIO.read(folder + "/golden/a.png") == golden, "REFRESH_RECORD=\(mode) on CI rewrote the golden")
            #expect(FileManager.default.fileExists(atPath: folder + "/artifacts/a.actual.png"))
        }
        // A missing golden: not written, and the picture it would be is in the artifacts.
        try FileManager.default.removeItem(atPath: folder + "/golden/a.png")
        try? FileManager.default.removeItem(atPath: folder + "/artifacts/a.actual.png")
        let missing = try CLI.run(arguments, environment: ["CI": "true", "REFRESH_RECORD": "all"])
        #expect(missing.status == 1 && !FileManager.default.fileExists(atPath: folder + "/golden/a.png"))
        #expect(FileManager.default.fileExists(atPath: folder + "/artifacts/a.actual.png"))
    }

    @Test("the default comparison is exact, as the Swift assertions': a title tinted one level fails")
    func exactByDefault() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases = folder + "/cases.json"
        func write(_ color: String) throws {
            try FileIO.write(
                Array(#"{"cases": [{"name": "a", "style": "normal", "state": "pulling", "textColor": "\#(color)"}]}"#.utf8), to: cases)
        }
        let arguments = ["snapshot", cases, "--golden", folder + "/golden", "--artifacts", folder + "/artifacts"]
        try write("#5A5A5A")
        #expect(try CLI.run(arguments + ["--record"], environment: ["CI": "false"]).status == 0)
        try write("#5B5A5A")
        #expect(try CLI.run(arguments, environment: ["CI": "false"]).status == 1)
        #expect(try CLI.run(arguments + ["--threshold", "0.1", "--no-include-aa"], environment: ["CI": "false"]).status == 0)
    }
}
