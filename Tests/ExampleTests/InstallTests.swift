import Foundation
import RefreshGifTestSupport
import Testing

/// `make install` and `make uninstall` as a packager runs them, into a prefix of their own (with
/// the debug build, so the suite needs no release build): the installed program runs, its man
/// page renders, its completions are there, and uninstalling leaves the prefix as it was.
@Suite("make install, as a packager runs it")
struct InstallTests {
    static func run(_ executable: String, _ arguments: [String]) throws -> CLI.Result {
        try CLI.run(arguments, in: Support.root.path, executable: executable)
    }

    @Test("install into a fresh prefix: programs, man page, completions; uninstall removes exactly them")
    func installAndUninstall() throws {
        let prefix = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let staging = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: staging) }
        let settings = ["BIN=" + CLI.binary, "MAN_DIR=" + staging, "PREFIX=" + prefix]
        let install = try Self.run("/usr/bin/make", ["-s", "install"] + settings)
        try #require(install.status == 0, "\(install.stderr)")

        let version = try Self.run(prefix + "/bin/refresh-render", ["--version"])
        let source = try String(contentsOf: Support.root.appendingPathComponent("Sources/RefreshGif/Version.swift"), encoding: .utf8)
        let declared = try #require(source.split(separator: "\"").dropFirst().first.map(String.init))
        #expect(version.status == 0 && String(decoding: version.stdout, as: UTF8.self) == declared + "\n")
        let frame = try Self.run(prefix + "/bin/refresh-render", ["--state", "pulling", "-o", prefix + "/frame.png"])
        #expect(frame.status == 0 && FileManager.default.fileExists(atPath: prefix + "/frame.png"))
        try FileManager.default.removeItem(atPath: prefix + "/frame.png")
        // Lottie files are drawn by the worker installed beside it.
        let lottie = try Self.run(
            prefix + "/bin/refresh-render",
            ["--images", "idle=" + Support.fixture("lottie/pull-loop.json"), "--lottie-segment", "idle=pull", "-o", prefix + "/l.png"])
        #expect(lottie.status == 0 && FileManager.default.fileExists(atPath: prefix + "/l.png"), "\(lottie.stderr)")
        try? FileManager.default.removeItem(atPath: prefix + "/l.png")

        let manual = try Self.run("/usr/bin/man", ["-l", prefix + "/share/man/man1/refresh-render.1"])
        let page = String(decoding: manual.stdout, as: UTF8.self)
        #expect(
            manual.status == 0 && page.contains("refresh-render") && page.contains("simulate") && page.contains("SIGTERM"),
            "\(manual.stderr)")
        let bash = try String(contentsOfFile: prefix + "/share/bash-completion/completions/refresh-render", encoding: .utf8)
        #expect(bash.contains("complete") && bash.contains("simulate"))
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/zsh/site-functions/_refresh-render"))
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/fish/vendor_completions.d/refresh-render.fish"))

        let uninstall = try Self.run("/usr/bin/make", ["-s", "uninstall", "PREFIX=" + prefix])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(CLI.files(in: prefix).isEmpty, "left: \(CLI.files(in: prefix))")
    }
}
