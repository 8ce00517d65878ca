import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// Hostile Lottie files, one class each, made by ``LottieMaker``: every one ends in one line
/// naming the file and what it breaks, a documented exit code, no output and no crash, in
/// about a second (docs/robustness.md, "Lottie").
@Suite("Lottie bounds: checked before rlottie, then capped in its worker")
struct LottieBoundsTests {
    /// Writes `text` as `name` in a new folder, renders it (and runs `info` on it) with `extra`
    /// options, and returns the render's result; checks that no output was left.
    static func run(
        _ text: String, name: String = "a.json", extra: [String] = [], info: Bool = true,
        prepare: (String) throws -> Void = { _ in }
    ) throws -> CLI.Result {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try prepare(folder)
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        let render = try CLI.run(["--images", "idle=" + folder + "/" + name, "--state", "idle", "-o", folder + "/out.png"] + extra)
        #expect(FileManager.default.fileExists(atPath: folder + "/out.png") == (render.status == 0))
        if info {
            let described = try CLI.run(["info", folder + "/" + name] + extra)
            #expect(described.status == render.status || render.status != 65 || described.status == 0, "info: \(described.stderr)")
            #expect(!described.stderr.contains("internal error"))
        }
        return render
    }

    /// Expects a refusal: `code`, one line on standard error naming the file and `fragment`.
    static func expectRefused(_ result: CLI.Result, code: Int32 = 65, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation)
    {
        #expect(result.status == code, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("a.json") && result.stderr.contains(fragment), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test("the generators' ordinary files draw: a rectangle, a few repeats, a dash, a precomposition, a small image")
    func ordinaryFilesDraw() throws {
        let small = LottieMaker.document(layers: [
            LottieMaker.shapeLayer([
                LottieMaker.repeated([LottieMaker.rectangle()], copies: "5"),
                LottieMaker.dashedCircle(dash: "4", gap: "3"),
            ])
        ])
        #expect(try Self.run(small).status == 0)
        #expect(try Self.run(LottieMaker.nestedPrecomps(depth: 3, fanOut: 3)).status == 0)
        let image = LottieMaker.document(
            layers: [LottieMaker.imageLayer("i")], assets: [LottieMaker.imageAsset("i", folder: "img/", name: "a.png")])
        let result = try Self.run(image) { folder in
            try FileManager.default.createDirectory(atPath: folder + "/img", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Support.fixture("png/rgb8.png"), toPath: folder + "/img/a.png")
        }
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(
        "frame rates and ranges that made durations overflow or rlottie free twice",
        arguments: [
            ("1e-300", "0", "30", "frame rate"), ("0", "0", "30", "frame rate"), ("30", "0", "0.5", "out point"),
            ("30", "0", "0.4", "out point"), ("30", "0", "0.6", "out point"), ("30", "5.2", "5.4", "out point"),
        ])
    func timeline(_ rate: String, _ inPoint: String, _ outPoint: String, _ fragment: String) throws {
        Self.expectRefused(try Self.run(LottieMaker.document(frameRate: rate, inPoint: inPoint, outPoint: outPoint)), fragment)
    }

    @Test("precompositions that expand to millions of layers, or contain themselves")
    func precomps() throws {
        let bomb = LottieMaker.nestedPrecomps(depth: 8, fanOut: 10)
        #expect(bomb.utf8.count < 25_000)
        Self.expectRefused(try Self.run(bomb), "layers once its precompositions are placed")
        let loop = LottieMaker.document(
            layers: [LottieMaker.precompLayer("a")],
            assets: [
                LottieMaker.precomp("a", layers: [LottieMaker.precompLayer("b")]),
                LottieMaker.precomp("b", layers: [LottieMaker.precompLayer("a")]),
            ])
        Self.expectRefused(try Self.run(loop), "contains itself")
    }

    @Test("repeaters of a billion copies, nested repeaters, and copies that are not numbers")
    func repeaters() throws {
        let billion = LottieMaker.document(layers: [
            LottieMaker.shapeLayer([LottieMaker.repeated([LottieMaker.rectangle()], copies: "1e9")])
        ])
        Self.expectRefused(try Self.run(billion), "shapes once its repeaters are copied")
        var nested = LottieMaker.rectangle()
        for _ in 0..<4 { nested = LottieMaker.repeated([nested], copies: "60") }
        Self.expectRefused(
            try Self.run(LottieMaker.document(layers: [LottieMaker.shapeLayer([nested])])), "shapes once its repeaters are copied")
    }

    @Test(
        "dashes: negative, not a number, or a period too short to end",
        arguments: [("-5", "3"), ("4", "-1"), ("0.001", "0.001"), ("0", "0")])
    func dashes(_ dash: String, _ gap: String) throws {
        let document = LottieMaker.document(layers: [LottieMaker.shapeLayer([LottieMaker.dashedCircle(dash: dash, gap: gap)])])
        Self.expectRefused(try Self.run(document), "dash")
    }

    @Test("nesting deeper than 64 levels is refused before it reaches any parser's stack")
    func depth() throws {
        let deep = LottieMaker.document(layers: [
            LottieMaker.shapeLayer([String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)])
        ])
        Self.expectRefused(try Self.run(deep), "nested more than 64 levels")
    }

    @Test("image assets: outside the folder, through a link, a FIFO, and sizes over the memory budget")
    func assets() throws {
        func document(_ folder: String, _ name: String) -> String {
            LottieMaker.document(layers: [LottieMaker.imageLayer("i")], assets: [LottieMaker.imageAsset("i", folder: folder, name: name)])
        }
        Self.expectRefused(try Self.run(document("../../", "etc/a.png")), "outside the animation's folder")
        Self.expectRefused(try Self.run(document("/tmp/", "a.png")), "outside the animation's folder")
        let linked = try Self.run(document("", "link.png")) { folder in
            try FileManager.default.createSymbolicLink(atPath: folder + "/link.png", withDestinationPath: Support.fixture("png/rgb8.png"))
        }
        Self.expectRefused(linked, "resolves outside the animation's folder")
        let fifo = try Self.run(document("", "pipe.png")) { folder in #expect(mkfifo(folder + "/pipe.png", 0o600) == 0) }
        Self.expectRefused(fifo, "not a regular file")
        let huge = LottieMaker.pngHeader(width: 8_000, height: 8_000)
        let five = LottieMaker.document(
            layers: (0..<5).map { LottieMaker.imageLayer("i\($0)") },
            assets: (0..<5).map { LottieMaker.imageAsset("i\($0)", name: "big.png") })
        let large = try Self.run(five) { folder in try Data(huge).write(to: URL(fileURLWithPath: folder + "/big.png")) }
        Self.expectRefused(large, "--max-memory")
        let embedded = LottieMaker.document(layers: [LottieMaker.imageLayer("e")], assets: [LottieMaker.embeddedImage("e", bytes: huge)])
        Self.expectRefused(try Self.run(embedded, extra: ["--max-memory", "64"]), "--max-memory")
    }

    @Test("what passes the check is capped in the worker: memory (--max-memory) and time (--max-seconds)")
    func workerLimits() throws {
        // 5000 stroked squares pass the check; one frame of 2000 × 2000 px (1000 pt at @2x)
        // fits a budget of 16 MiB for our pixels, but rlottie needs its own buffers too.
        let squares = (0..<5000).map { LottieMaker.strokedSquare(angle: $0) }
        let heavy = LottieMaker.document(outPoint: "1", width: 1000, height: 1000, layers: [LottieMaker.shapeLayer(squares)])
        let memory = try Self.run(heavy, extra: ["--max-memory", "16"], info: false)
        Self.expectRefused(memory, "--max-memory")
        // Dashes of 0.1 pt around circles 30 000 pt across: each dash is legal, and rlottie
        // spends seconds cutting ten million of them.
        let dashes = (0..<20).map { _ in LottieMaker.dashedCircle(dash: "0.1", gap: "0.1", diameter: 30_000) }
        let slow = LottieMaker.document(outPoint: "1", layers: [LottieMaker.shapeLayer(dashes)])
        let time = try Self.run(slow, extra: ["--max-seconds", "1"], info: false)
        Self.expectRefused(time, "--max-seconds")
    }
}
