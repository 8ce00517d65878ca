import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
import Testing

/// Lottie sources through the command line, and byte-identical animated outputs whatever --jobs.
@Suite("refresh-render with Lottie, and --jobs determinism")
struct LottieCommandTests {
    /// A stable digest of a file's bytes (FNV-1a, 64 bits).
    static func digest(_ path: String) throws -> UInt64 {
        try FileIO.read(path).reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    @Test("the same GIF, APNG and PNG frames with --jobs 1, 2 and 8, run after run (Lottie header gesture)")
    func jobsDeterminism() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gesture = Support.root.appendingPathComponent("gestures/header-lottie-pull-release.json").path
        var digests: [[UInt64]] = []
        for (run, jobs) in ["1", "2", "8", "2", "8"].enumerated() {
            let out = folder + "/\(run)"
            let result = try CLI.run([
                "simulate", gesture, "--fps", "15", "--jobs", jobs, "--gif", out + ".gif",
                "--apng", out + ".apng", "--frames", out,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let frames = CLI.files(in: out)
            #expect(frames.count == 46)
            digests.append(
                [try Self.digest(out + ".gif"), try Self.digest(out + ".apng")] + frames.map { try! Self.digest(out + "/" + $0) })
        }
        for (index, other) in digests.enumerated().dropFirst() {
            #expect(other == digests[0], "run \(index) differs from --jobs 1")
        }
    }

    @Test("info on a Lottie file; a missing asset exits 66, a file that is not Lottie 65")
    func infoAndErrors() throws {
        let info = try CLI.run(["info", Support.fixture("lottie/pull-loop.json")])
        let text = String(decoding: info.stdout, as: UTF8.self)
        #expect(info.status == 0 && text.contains("60×60 pt") && text.contains("60 at 30.0 fps") && text.contains("pull 0+30, loop 30+30"))
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spinner = try String(contentsOfFile: Support.fixture("lottie/spinner.json"), encoding: .utf8)
        let withAsset = spinner.replacingOccurrences(
            of: "\"assets\": []", with: "\"assets\": [{\"id\": \"i\", \"p\": \"gone.png\", \"u\": \"\", \"e\": 0}]")
        try Data(withAsset.utf8).write(to: URL(fileURLWithPath: folder + "/a.json"))
        let missing = try CLI.run(["--images", "refreshing=" + folder + "/a.json", "--state", "refreshing", "-o", folder + "/x.png"])
        #expect(missing.status == 66 && missing.stderr.contains("gone.png"), "\(missing.stderr)")
        try Data("{\"layers\": [], \"w\": 1}".utf8).write(to: URL(fileURLWithPath: folder + "/b.json"))
        let bad = try CLI.run(["--images", "idle=" + folder + "/b.json", "-o", folder + "/x.png"])
        #expect(bad.status == 65 && bad.stderr.contains("b.json"), "\(bad.stderr)")
        let segment = try CLI.run([
            "--images", "idle=" + Support.fixture("lottie/pull-loop.json"), "--lottie-segment", "idle=nope",
            "-o", folder + "/x.png",
        ])
        #expect(segment.status == 64 && segment.stderr.contains("--lottie-segment"), "\(segment.stderr)")
        #expect(CLI.files(in: folder) == ["a.json", "b.json"])
    }
}
