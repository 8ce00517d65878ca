import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// Outputs never destroy what is not theirs: devices, links, folders, and the command's own inputs.
@Suite("Output safety")
struct OutputSafetyTests {
    static func bytes(_ path: String) -> [UInt8]? { (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) } }

    @Test("a device is written through (/dev/full fails with 74 and stays a device; /dev/stdout works)")
    func devices() throws {
        let full = try CLI.run(["-o", "/dev/full"])
        #expect(full.status == 74 && full.stderr.contains("/dev/full"))
        var info = stat()
        #expect(stat("/dev/full", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
        let out = try CLI.run(["-o", "/dev/stdout"])
        #expect(out.status == 0 && out.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let report = try CLI.run(["info", Support.fixture("gif/spectrum.gif"), "--json", "-o", "/dev/null"])
        #expect(report.status == 64, "info has no -o")
    }

    @Test("a symlink output replaces its target and stays a link; a folder is refused with 73")
    func linksAndFolders() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.png", withDestinationPath: "target.png")
        #expect(try CLI.run(["-o", folder + "/link.png"]).status == 0)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.png")) == "target.png")
        #expect(Self.bytes(folder + "/target.png")?.starts(with: [0x89, 0x50]) == true)
        let dir = try CLI.run(["-o", folder])
        #expect(dir.status == 73)
    }

    @Test("outputs that are inputs (by device and inode) are refused with 64 and nothing is written")
    func inputsAreNotOutputs() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = folder + "/fr"
        #expect(try CLI.run(["extract", Support.fixture("demo/pull.gif"), "-o", frames]).status == 0)
        let first = Self.bytes(frames + "/frame_0001.png")
        // A frame of an input folder as the output.
        let one = try CLI.run(["--images", "idle=" + frames, "-o", frames + "/frame_0001.png"])
        #expect(one.status == 64 && one.stderr.contains("frame_0001.png"))
        // The input folder as the frames folder.
        let sequence = try CLI.run([
            "sequence", "--images", "refreshing=" + frames, "--state", "refreshing", "--fps", "10", "--frames", frames,
        ])
        #expect(sequence.status == 64)
        #expect(Self.bytes(frames + "/frame_0001.png") == first)
        // A hard link to an input.
        try FileManager.default.linkItem(atPath: Support.fixture("demo/pull.gif"), toPath: folder + "/hard.gif")
        #expect(try CLI.run(["--images", "idle=" + Support.fixture("demo/pull.gif"), "-o", folder + "/hard.gif"]).status == 64)
        // JUnit over the cases file.
        let cases = folder + "/cases.json"
        try Data("{\"cases\": [{\"name\": \"a\"}]}".utf8).write(to: URL(fileURLWithPath: cases))
        let junit = try CLI.run(["snapshot", cases, "--golden", folder + "/g", "--junit", cases, "--artifacts", folder + "/art"])
        #expect(junit.status == 64 && Self.bytes(cases) == Array("{\"cases\": [{\"name\": \"a\"}]}".utf8))
        // Recording a golden over a case's own image.
        try FileManager.default.createDirectory(atPath: folder + "/golden", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Support.fixture("png/rgba8.png"), toPath: folder + "/golden/b.png")
        try Data("{\"cases\": [{\"name\": \"b\", \"images\": {\"idle\": \"golden/b.png\"}}]}".utf8).write(to: URL(fileURLWithPath: cases))
        let record = try CLI.run(["snapshot", cases, "--golden", folder + "/golden", "--record", "--artifacts", folder + "/art"])
        #expect(record.status == 64 && Self.bytes(folder + "/golden/b.png") == Self.bytes(Support.fixture("png/rgba8.png")))
    }

    @Test("a full standard output is an error (74), not a success")
    func fullStandardOutput() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["info", Support.fixture("gif/spectrum.gif"), "--json"]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
    }

    @Test("SIGTERM during a long run removes the temporary files and exits 143")
    func interrupted() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = [
            "sequence", "--state", "refreshing", "--scale", "3", "--length", "60", "--fps", "60", "--jobs", "1",
            "--frames", folder + "/frames",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until it is writing frames (into its temporary folder beside the frames'), then
        // stop it: however fast the build, it is stopped mid-write.
        func framesWritten() -> Int {
            let temporary = CLI.files(in: folder).filter { $0.hasPrefix(".frames.tmp") }
            return temporary.map { CLI.files(in: folder + "/" + $0).count }.max() ?? 0
        }
        for _ in 0..<1000 where framesWritten() < 3 && process.isRunning { usleep(2_000) }
        #expect(framesWritten() >= 3, "the frames' temporary folder was not seen")
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        #expect(CLI.files(in: folder + "/frames").allSatisfy { !$0.hasPrefix(".") }, "temporary files were left")
    }
}
