import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

@_spi(Tools) @testable import RefreshGif

/// The export's folder (docs/robustness.md, "Folders we write into"): the user's files planted
/// in, beside and above the target stay byte for byte, whatever the target is (`.`, `..`, a
/// link, a sticky folder); an earlier export's own files are replaced exactly; an error leaves
/// the folder as it was.
@Suite("Trust: the export's folder")
struct FolderTrustTests {
    /// Every entry under `root`, links not followed: its kind, mode and bytes (or link target).
    static func tree(_ root: String) -> [String: String] {
        var out: [String: String] = [:]
        func walk(_ relative: String) {
            let path = relative.isEmpty ? root : root + "/" + relative
            var info = stat()
            guard lstat(path, &info) == 0 else { return }
            let mode = String(info.st_mode & 0o7777, radix: 8)
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                out[relative] = "dir \(mode)"
                for name in CLI.files(in: path) { walk(relative.isEmpty ? name : relative + "/" + name) }
            case S_IFLNK:
                out[relative] = "link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
            default:
                let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
                out[relative] = "file \(mode) " + bytes.base64EncodedString()
            }
        }
        walk("")
        return out
    }

    static func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// A project the user owns: files above (`home/notes.txt`), beside (`home/other/keep.txt`)
    /// and in the targets (`home/project/...`), a link to the project, a sticky shared folder
    /// holding someone's file.
    static func plantUserFiles(in root: String) throws {
        try write("notes", root + "/home/notes.txt")
        try write("keep", root + "/home/other/keep.txt")
        try write("let k = 1\n", root + "/home/project/src/main.swift")
        try write("# readme\n", root + "/home/project/README.md")
        try FileManager.default.createSymbolicLink(atPath: root + "/home/link", withDestinationPath: "project")
        try write("theirs", root + "/home/shared/someone.txt")
        chmod(root + "/home/shared", 0o1777)
        chmod(root + "/home/project/README.md", 0o600)
    }

    @Test(
        "a folder holding the user's files is refused (73, naming it and a file in it) and everything stays, byte for byte",
        arguments: [
            ("home", "project"), ("home/project", "."), ("home/project/src", ".."), ("home", "link"),
            ("home", "shared"), ("home", "/"), ("home/project", "~"),
        ])
    func refused(_ directory: String, _ output: String) throws {
        let root = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.plantUserFiles(in: root)
        let before = Self.tree(root)
        // Through a shell, as a user types it (`~` is the shell's).
        let run = try CLI.run(
            ["-c", "exec \"$BIN\" export --images idle=\"$GIF\" -o \(output)"], in: root + "/" + directory,
            environment: ["HOME": root + "/home/project", "BIN": CLI.binary, "GIF": Support.fixture("demo/pull.gif")],
            executable: "/bin/bash")
        #expect(run.status == 73, "\(output): \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("holds '"), "\(run.stderr)")
        #expect(Self.tree(root) == before, "\(output) changed the user's files")
    }

    @Test("an earlier export's files are replaced exactly: fewer frames remove the stale image sets, nothing else is touched")
    func replacesOnlyItsOwn() throws {
        let root = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write("beside", root + "/keep.txt")
        let out = root + "/export"
        let both = ["--images", "idle=" + Support.fixture("demo/pull.gif"), "--images", "refreshing=" + Support.fixture("demo/spin.gif")]
        #expect(try CLI.run(["export", "-o", out] + both).status == 0)
        #expect(FileManager.default.fileExists(atPath: out + "/Refresh.xcassets/refresh_refreshing_000.imageset/Contents.json"))
        let one = try CLI.run(["export", "-o", out, "--images", "idle=" + Support.fixture("demo/pull.gif")])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/Refresh.xcassets/refresh_refreshing_000.imageset"))
        // The manifest lists exactly the files there, and they are the files a fresh export writes.
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/" + AppExport.manifestName)))
        let listed = Set(((manifest as? [String: Any])?["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String })
        let present = Set(Self.tree(out).filter { $0.value.hasPrefix("file") }.keys).subtracting([AppExport.manifestName])
        #expect(listed == present && !listed.isEmpty)
        let fresh = root + "/fresh"
        #expect(try CLI.run(["export", "-o", fresh, "--images", "idle=" + Support.fixture("demo/pull.gif")]).status == 0)
        #expect(Self.tree(fresh) == Self.tree(out))
        #expect(try String(contentsOfFile: root + "/keep.txt", encoding: .utf8) == "beside")
    }

    @Test("a file added to an export, or one of its files changed, makes the folder the user's: refused, kept")
    func userChanges() throws {
        let root = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let out = root + "/export"
        let args = ["export", "-o", out, "--images", "idle=" + Support.fixture("demo/pull.gif")]
        #expect(try CLI.run(args).status == 0)
        for (change, named) in [
            ({ try Self.write("mine", out + "/Notes.txt") }, "Notes.txt"),
            ({ try Self.write("// edited\n", out + "/RefreshSetup.swift") }, "RefreshSetup.swift"),
            ({ try FileManager.default.createSymbolicLink(atPath: out + "/Refresh.xcassets/l", withDestinationPath: "/etc") }, "l"),
        ] as [(() throws -> Void, String)] {
            let fresh = root + "/e"
            try? FileManager.default.removeItem(atPath: fresh)
            try FileManager.default.copyItem(atPath: out, toPath: fresh)
            try FileManager.default.removeItem(atPath: out)
            try FileManager.default.moveItem(atPath: fresh, toPath: out)
            try change()
            let before = Self.tree(out)
            let run = try CLI.run(args)
            #expect(run.status == 73 && run.stderr.contains(named), "\(run.stderr)")
            #expect(Self.tree(out) == before)
            try FileManager.default.removeItem(atPath: out)
            #expect(try CLI.run(args).status == 0)
        }
    }

    @Test("an error leaves the folder exactly as it was: a bad input, a full disk (74); a new folder is not left behind")
    func errorsLeaveItAsItWas() throws {
        let root = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let out = root + "/export"
        #expect(try CLI.run(["export", "-o", out, "--images", "idle=" + Support.fixture("demo/pull.gif")]).status == 0)
        let before = Self.tree(root)
        let missing = try CLI.run(["export", "-o", out, "--images", "idle=" + root + "/missing.gif"])
        #expect(missing.status == 66 && Self.tree(root) == before, "\(missing.stderr)")
        // A file-size limit fails a write part-way, as a full disk does.
        let full = try CLI.run(
            ["-c", "ulimit -f 1; exec \"$BIN\" export -o export --images idle='\(Support.fixture("demo/spin.gif"))'"], in: root,
            environment: ["BIN": CLI.binary], executable: "/bin/bash")
        #expect(full.status == 74 && full.stderr.split(separator: "\n").count == 1, "\(full.stderr)")
        #expect(Self.tree(root) == before)
        let new = try CLI.run(["export", "-o", root + "/never", "--images", "idle=" + root + "/missing.gif"])
        #expect(new.status == 66 && !FileManager.default.fileExists(atPath: root + "/never"))
    }

    @Test("a file the user saves into the folder while the files are made, or one of ours changed then, refuses the write")
    func changedWhileWriting() throws {
        let root = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = OwnedFolder(root + "/out", manifestName: ".m.json", writer: "test")
        try folder.replace { put in try put("a/one.txt", Array("one".utf8)) }
        for change in [
            { try Self.write("mine", root + "/out/a/two.txt") },
            { try Self.write("edited", root + "/out/a/one.txt") },
        ] as [() throws -> Void] {
            var after: [String: String] = [:]
            #expect(throws: RefreshGifError.self) {
                try folder.replace { put in
                    try put("a/one.txt", Array("new".utf8))
                    try change()
                    after = Self.tree(root)
                    try put("a/two.txt", Array("new".utf8))
                }
            }
            // Exactly as the user left it: their file, nothing of the new set, no staging.
            #expect(Self.tree(root) == after.filter { !$0.key.contains(".tmp-") })
            #expect(Self.tree(root).keys.allSatisfy { !$0.contains(".tmp-") })
            try FileManager.default.removeItem(atPath: root + "/out")
            try folder.replace { put in try put("a/one.txt", Array("one".utf8)) }
        }
    }

    @Test("an empty sticky folder and a link to an empty folder are written into: the mode and the link stay")
    func stickyAndLink() throws {
        let root = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/sticky", withIntermediateDirectories: true)
        chmod(root + "/sticky", 0o1777)
        try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: "real")
        for target in ["sticky", "link"] {
            let run = try CLI.run(["export", "-o", target, "--images", "idle=" + Support.fixture("demo/pull.gif")], in: root)
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(Self.tree(root)["sticky"] == "dir 1777" && Self.tree(root)["link"] == "link real")
        #expect(FileManager.default.fileExists(atPath: root + "/real/RefreshSetup.swift"))
        // Again through the link: its own earlier export is replaced.
        #expect(try CLI.run(["export", "-o", "link", "--images", "idle=" + Support.fixture("demo/spin.gif")], in: root).status == 0)
    }

    @Test(
        "frames folders and extract write beside the user's files in '.', '..', a link and a sticky folder, and keep them all",
        arguments: [("home/project", "."), ("home/project/src", ".."), ("home", "link"), ("home", "shared")])
    func framesBesideTheUsersFiles(_ directory: String, _ output: String) throws {
        let root = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.plantUserFiles(in: root)
        let before = Self.tree(root)
        let gif = Support.fixture("demo/spin.gif")
        let commands = [
            "exec \"$BIN\" sequence --state refreshing --length 0.2 --fps 10 --frames \(output)",
            "exec \"$BIN\" extract \"$GIF\" -o \(output)",
            "exec \"$BIN\" extract \"$GIF\" -o \(output) --force",
        ]
        for command in commands {
            let run = try CLI.run(
                ["-c", command], in: root + "/" + directory, environment: ["BIN": CLI.binary, "GIF": gif], executable: "/bin/bash")
            // extract without --force refuses a folder that holds anything (73); the others write.
            #expect(run.status == (command.contains("extract") && !command.contains("--force") ? 73 : 0), "\(command): \(run.stderr)")
            // Every file of the user's is there, byte for byte, whatever was added beside it.
            let after = Self.tree(root)
            for (path, entry) in before where !entry.hasPrefix("dir") {
                #expect(after[path] == entry, "\(command) in \(directory): \(path)")
            }
            #expect(after.keys.allSatisfy { key in before[key] != nil || Self.isOurs(key) }, "\(command): \(after.keys.sorted())")
        }
        #expect(Self.tree(root)["home/link"] == "link project" && Self.tree(root)["home/shared"] == "dir 1777")
    }

    /// A name the frame outputs write: `frame_0001.png`, `frames.json`.
    static func isOurs(_ path: String) -> Bool {
        let name = URL(fileURLWithPath: path).lastPathComponent
        return (name.hasPrefix("frame_") && name.hasSuffix(".png")) || name == "frames.json"
    }
}

/// The attack's own cases against the export's folder: forged manifests that used to cost
/// quadratic time and memory, and failed exports that left the folders they made.
@Suite("Trust: forged manifests and failed exports")
struct ExportBoundsTests {
    static let image = ["--images", "idle=" + Support.fixture("demo/pull.gif")]

    @Test("a manifest beyond an export's bounds (depth, entries, path length, size) makes the folder the user's: 73, said, at once")
    func forgedManifests() throws {
        let root = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        func entry(_ path: String) -> String { "{\"path\": \"\(path)\", \"bytes\": 1, \"crc32\": \"00000000\"}" }
        let deep = Array(repeating: "d", count: 20_000).joined(separator: "/") + "/f.png"
        let cases: [(String, [String], String)] = [
            ("deep", [entry(deep)], "longer than"),
            ("manyDeep", (0..<50).map { entry(Array(repeating: "e\($0)", count: 1_500).joined(separator: "/") + "/f") }, "longer than"),
            ("nineLevels", [entry("a/b/c/d/e/f/g/h/i.png")], "deeper than"),
            ("entries", (0..<10_001).map { entry("f\($0).png") }, "more than the 10000 files"),
        ]
        for (name, entries, said) in cases {
            let folder = root + "/" + name
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let manifest = "{\"writtenBy\": \"refresh-render export\", \"files\": [" + entries.joined(separator: ", ") + "]}"
            try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder + "/.refresh-export.json"))
            let before = FolderTrustTests.tree(folder)
            let run = try CLI.run(["export"] + Self.image + ["-o", folder, "--max-memory", "64"])
            #expect(run.status == 73, "\(name): \(run.stderr)")
            #expect(run.stderr.contains(".refresh-export.json") && run.stderr.contains(said), "\(name): \(run.stderr)")
            #expect(FolderTrustTests.tree(folder) == before, "\(name)")
        }
        // Over the size an export's manifest could reach: refused before it is parsed.
        let big = root + "/big"
        try FileManager.default.createDirectory(atPath: big, withIntermediateDirectories: true)
        try Data(repeating: 0x20, count: 5 << 20).write(to: URL(fileURLWithPath: big + "/.refresh-export.json"))
        let run = try CLI.run(["export"] + Self.image + ["-o", big])
        #expect(run.status == 73 && run.stderr.contains("larger than"), "\(run.stderr)")
    }

    @Test("a failed export removes every folder it made, however many; the user's folder above stays")
    func failedExportsLeaveNoFolder() throws {
        let root = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let binary = CLI.binary
        // The user's files above and beside, and an empty folder of theirs on the way: all stay.
        try FolderTrustTests.write("notes", root + "/notes.txt")
        try FolderTrustTests.write("keep", root + "/other/keep.txt")
        try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
        let users = FolderTrustTests.tree(root)
        // A disk that fills part-way (the attack's `ulimit -f 8`): 74, and `np` is gone.
        let full = try CLI.run(
            ["-c", "ulimit -f 8; exec \"$0\" export --images idle=\"$1\" -o np/sub/deeper", binary, Support.fixture("demo/pull.gif")],
            in: root, executable: "/bin/sh")
        #expect(full.status == 74, "\(full.stderr)")
        #expect(FolderTrustTests.tree(root) == users, "\(CLI.files(in: root))")
        let inside = try CLI.run(
            ["-c", "ulimit -f 8; exec \"$0\" export --images idle=\"$1\" -o empty/a/b", binary, Support.fixture("demo/pull.gif")],
            in: root, executable: "/bin/sh")
        #expect(inside.status == 74, "\(inside.stderr)")
        #expect(FolderTrustTests.tree(root) == users, "the user's empty folder stays: \(CLI.files(in: root + "/empty"))")
        // SIGTERM part-way through `-o en/a/b`: 143, and `en` is gone. The export may finish
        // before the signal lands; then it is whole. One run at least must be interrupted.
        var interrupted = 0
        for _ in 0..<8 where interrupted == 0 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["export"] + Self.image + ["--scales", "1,2,3", "-o", "en/a/b"]
            process.currentDirectoryURL = URL(fileURLWithPath: root)
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: root + "/en/a/b") && process.isRunning && Date() < deadline { usleep(1_000) }
            process.terminate()
            process.waitUntilExit()
            if process.terminationStatus == 143 {
                interrupted += 1
                #expect(FolderTrustTests.tree(root) == users, "\(CLI.files(in: root))")
            } else {
                #expect(process.terminationStatus == 0)
                #expect(CLI.files(in: root + "/en/a/b").contains(".refresh-export.json"))
            }
            try? FileManager.default.removeItem(atPath: root + "/en")
        }
        #expect(interrupted > 0)
    }

    @Test("staging is removed whatever its depth and width; the user's files in, beside and above it, and behind a link in it, stay")
    func deepStagingIsRemoved() throws {
        let root = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FolderTrustTests.plantUserFiles(in: root)
        let target = root + "/home/project"
        let before = FolderTrustTests.tree(root + "/home")
        let staging = target + "/.staging"
        var path = staging
        for level in 0..<300 {
            path += "/l\(level)"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: path + "/f"))
        }
        // A wide level (the frames of a long animation) and links into the user's folders.
        for index in 0..<3000 { try Data().write(to: URL(fileURLWithPath: staging + "/frame_\(index).png")) }
        try FileManager.default.createSymbolicLink(atPath: staging + "/l0/out", withDestinationPath: root + "/home/other")
        try FileManager.default.createSymbolicLink(atPath: path + "/up", withDestinationPath: "../../../../..")
        Temporaries.removeFolder(staging)
        #expect(!FileManager.default.fileExists(atPath: staging))
        #expect(FolderTrustTests.tree(root + "/home") == before)
    }
}
