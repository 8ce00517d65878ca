import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
import Testing

/// Every output kind when writing fails part-way (a full device, a file-size limit as a full
/// disk gives it, a closed pipe), every catchable signal, and the file classes an outside
/// attack found: one line, a documented exit code, and nothing partial, stale or foreign left.
@Suite("Write failures, signals and output files")
struct WriteFailureTests {
    static let gesture = Support.root.appendingPathComponent("gestures/header-pull-release.json").path
    static let cases = Support.root.appendingPathComponent("examples/snapshots/cases.json").path
    static let goldens = Support.root.appendingPathComponent("examples/snapshots/golden").path

    /// Runs the binary through `bash` with `script` around it (`$BIN` is the binary), in `folder`.
    static func shell(_ script: String, in folder: String) throws -> CLI.Result {
        try CLI.run(["-c", script], in: folder, environment: ["BIN": CLI.binary], executable: "/bin/bash")
    }

    /// Expects exit 74 with one line naming `file`, and `folder` holding only `kept`.
    static func expectWriteFailure(
        _ result: CLI.Result, naming file: String, folder: String, kept: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == 74, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            result.stderr.contains(file) && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)",
            sourceLocation: sourceLocation)
        #expect(CLI.files(in: folder) == kept.sorted(), "left behind", sourceLocation: sourceLocation)
    }

    @Test("each output on /dev/full: GIF, APNG, sheet, JUnit, the JSON report, a single frame")
    func fullDevice() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let g = Self.gesture
        for arguments in [
            ["simulate", g, "--gif", "/dev/full"], ["simulate", g, "--apng", "/dev/full"],
            ["sequence", "--state", "refreshing", "--gif", "/dev/full"], ["simulate", g, "--sheet", "/dev/full"],
            ["snapshot", Self.cases, "--golden", Self.goldens, "--junit", "/dev/full"], ["-o", "/dev/full"],
        ] {
            Self.expectWriteFailure(try CLI.run(arguments, in: folder), naming: "/dev/full", folder: folder)
        }
        let json = try Self.shell("\"$BIN\" simulate '\(g)' --json > /dev/full", in: folder)
        Self.expectWriteFailure(json, naming: "standard output", folder: folder)
    }

    @Test("a disk that fills part-way (a file-size limit): GIF, APNG, frames, sheet, HTML report; nothing partial stays")
    func fullDisk() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let g = Self.gesture
        // 4 blocks of 512 bytes: the first frame files fit, the animation does not.
        for (options, file) in [
            ("--gif a.gif", "a.gif"), ("--apng a.png", "a.png"), ("--frames F", "F/frame_"), ("--sheet s.png", "s.png"),
        ] {
            let result = try Self.shell("ulimit -f 4; exec \"$BIN\" simulate '\(g)' --fps 30 \(options)", in: folder)
            Self.expectWriteFailure(result, naming: file, folder: folder)
        }
        let report = try Self.shell(
            "ulimit -f 1; exec \"$BIN\" snapshot '\(Self.cases)' --golden '\(Self.goldens)' --html H --artifacts A", in: folder)
        #expect(report.status == 74, "\(report.stderr)")
        #expect(!CLI.files(in: folder).contains { $0.hasPrefix(".") })
        #expect(CLI.files(in: folder + "/H").allSatisfy { !$0.hasPrefix(".") })
    }

    @Test("a closed pipe is a write error (74, one line), not a silent SIGPIPE")
    func brokenPipe() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for command in [
            // Outputs larger than the pipe's buffer, so a write fails once `head` is gone.
            "sequence --state refreshing --length 20 --fps 60 --gif -", "sequence --state refreshing --length 20 --fps 60 --apng -",
            "sequence --state refreshing --length 20 --fps 120 --json",
        ] {
            let status = try Self.shell("set -o pipefail; \"$BIN\" \(command) | head -c 10 > /dev/null", in: folder)
            #expect(status.status == 74 && status.stderr.contains("Broken pipe"), "\(command): \(status.status) \(status.stderr)")
        }
    }

    @Test(
        "every catchable ending signal mid-write removes the temporary files and exits 128 + N",
        arguments: [SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGTERM, SIGVTALRM, SIGPWR])
    func signals(_ number: Int32) throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = [
            "sequence", "--state", "refreshing", "--fps", "240", "--length", "30",
            "--gif", folder + "/a.gif", "--apng", folder + "/a.png", "--frames", folder + "/F",
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the temporaries exist, then signal.
        let start = Date()
        while CLI.files(in: folder).filter({ $0.hasPrefix(".") }).count < 3 && Date().timeIntervalSince(start) < 20 { usleep(20_000) }
        kill(process.processIdentifier, number)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + number)
        #expect(CLI.files(in: folder).isEmpty, "left: \(CLI.files(in: folder))")
    }

    @Test("a replaced output keeps its mode; a 250-character name works; outputs naming one file are refused")
    func outputFiles() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/private.png", contents: Data([1]), attributes: [.posixPermissions: 0o600])
        #expect(try CLI.run(["-o", folder + "/private.png"]).status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/private.png")[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let long = String(repeating: "n", count: 246) + ".png"
        #expect(try CLI.run(["-o", folder + "/" + long]).status == 0)
        for arguments in [
            ["--gif", "x.gif", "--apng", "x.gif"], ["--frames", "D", "--gif", "D/frame_0001.png"],
            ["--frames", "D", "--sheet", "./D/../D/frame_0003.png"], ["--frames", "-"], ["--gif", "-", "--json"],
        ] {
            let result = try CLI.run(["simulate", Self.gesture] + arguments, in: folder)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
        }
        #expect(CLI.files(in: folder) == [long, "private.png"].sorted())
    }

    @Test("a Lottie file's image asset is an input: -o on it is refused and the asset kept")
    func lottieAssetIsInput() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let asset = try FileIO.read(Support.fixture("png/rgb8.png"))
        try Data(asset).write(to: URL(fileURLWithPath: folder + "/a.png"))
        let document = LottieMaker.document(layers: [LottieMaker.imageLayer("i")], assets: [LottieMaker.imageAsset("i", name: "a.png")])
        try Data(document.utf8).write(to: URL(fileURLWithPath: folder + "/anim.json"))
        let result = try CLI.run(["--images", "idle=anim.json", "-o", "a.png"], in: folder)
        #expect(result.status == 64 && result.stderr.contains("a.png"), "\(result.stderr)")
        #expect(try FileIO.read(folder + "/a.png") == asset)
    }

    @Test("a JSON object with more than 1 MiB before \"layers\" gets a Lottie reason, not 'unknown format'")
    func longLottiePreamble() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let padding = "\"nm\": \"" + String(repeating: "x", count: 1_200_000) + "\", "
        let document = LottieMaker.document().replacingOccurrences(of: "{\"v\"", with: "{" + padding + "\"v\"")
        try Data(document.utf8).write(to: URL(fileURLWithPath: folder + "/long.json"))
        let result = try CLI.run(["--images", "idle=long.json", "-o", "x.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        try Data("{\"not\": \"lottie\"}".utf8).write(to: URL(fileURLWithPath: folder + "/other.json"))
        let other = try CLI.run(["--images", "idle=other.json", "-o", "y.png"], in: folder)
        #expect(other.status == 65 && other.stderr.contains("invalid Lottie") && !other.stderr.contains("neither"), "\(other.stderr)")
    }

    @Test("a font whose hhea descender is -32768 draws instead of trapping")
    func extremeDescender() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var font = try FileIO.read("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        // The table directory: 12 bytes, then 16 a table (tag, checksum, offset, length).
        let tables = Int(font[4]) << 8 | Int(font[5])
        let hhea = Array("hhea".utf8)
        let found = (0..<tables).map { (table: Int) -> Int in 12 + 16 * table }.first { (at: Int) -> Bool in
            Array(font[at..<at + 4]) == hhea
        }
        let record = try #require(found)
        var offset = 0
        for byte in font[(record + 8)..<(record + 12)] { offset = (offset << 8) | Int(byte) }
        font[offset + 6] = 0x80 // descender, a big-endian Int16 at byte 6 of hhea
        font[offset + 7] = 0x00
        try Data(font).write(to: URL(fileURLWithPath: folder + "/f.ttf"))
        let result = try CLI.run(["--font", folder + "/f.ttf", "--state", "pulling", "-o", folder + "/x.png"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("extract refuses a folder with files unless --force, and then leaves no stale frame")
    func extractFolder() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLI.run(["extract", Support.fixture("demo/pull.gif"), "-o", folder + "/F"]).status == 0)
        let before = CLI.files(in: folder + "/F")
        let refused = try CLI.run(["extract", Support.fixture("demo/spin.gif"), "-o", folder + "/F"])
        #expect(refused.status == 73 && refused.stderr.contains("--force"))
        #expect(CLI.files(in: folder + "/F") == before)
        _ = FileManager.default.createFile(atPath: folder + "/F/notes.txt", contents: Data())
        #expect(try CLI.run(["extract", Support.fixture("demo/spin.gif"), "-o", folder + "/F", "--force"]).status == 0)
        let frames = CLI.files(in: folder + "/F").filter { $0.hasPrefix("frame_") }
        let count = try ImageInspection.inspect(FileIO.read(Support.fixture("demo/spin.gif"))).frameCount
        #expect(frames.count == count && CLI.files(in: folder + "/F").contains("notes.txt"))
        #expect(CLI.files(in: folder) == ["F"])
    }

    @Test("snapshot artifacts never follow a planted link; record-again commands are shell-quoted; info escapes control codes")
    func hostileNames() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases = folder + "/c$(touch PWNED).json"
        try Data(#"{"cases": [{"name": "a", "scene": {"state": "pulling"}}]}"#.utf8).write(to: URL(fileURLWithPath: cases))
        try FileManager.default.createDirectory(atPath: folder + "/g", withIntermediateDirectories: true)
        try Data(try FileIO.read(Support.fixture("png/rgb8.png"))).write(to: URL(fileURLWithPath: folder + "/g/a.png"))
        try FileManager.default.createDirectory(atPath: folder + "/art", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/victim", contents: Data("secret".utf8))
        try FileManager.default.createSymbolicLink(atPath: folder + "/art/a.actual.png", withDestinationPath: folder + "/victim")
        let result = try CLI.run(["snapshot", cases, "--golden", folder + "/g", "--artifacts", folder + "/art"], in: folder)
        #expect(result.status != 0)
        #expect(try String(contentsOfFile: folder + "/victim", encoding: .utf8) == "secret")
        let printed = String(decoding: result.stdout, as: UTF8.self) + result.stderr
        #expect(!printed.contains("snapshot \(cases) ") && !FileManager.default.fileExists(atPath: folder + "/PWNED"))
        // A marker named with an escape sequence is shown escaped.
        let lottie = LottieMaker.document().replacingOccurrences(
            of: #""layers""#, with: #""markers": [{"cm": "\u001b[31mred", "tm": 0, "dr": 5}], "layers""#)
        try Data(lottie.utf8).write(to: URL(fileURLWithPath: folder + "/m.json"))
        let info = try CLI.run(["info", folder + "/m.json"])
        let text = String(decoding: info.stdout, as: UTF8.self)
        #expect(info.status == 0 && !text.contains("\u{1B}") && text.contains("\\u{1B}[31mred"), "\(text)")
    }
}
