import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
@_spi(Tools) import RefreshSnapshots
import Testing

/// The example packages, built as their users build them. They share one build folder (the
/// library is built once for both, then only what their settings change), so they run one
/// after the other.
@Suite("The example packages", .serialized)
enum ExamplePackages {
    static let scratch = Support.root.appendingPathComponent(".build/examples").path
    /// `swift build` and `swift test` of a copy, in the shared build folder.
    static let build = ["build", "--build-tests", "--scratch-path", scratch]
    static let test = ["test", "--skip-build", "--scratch-path", scratch]

    /// A copy of `examples/NAME` (its manifest and tests) in a new folder under `work`, as a
    /// user's package of that name; returns its path.
    static func copy(_ name: String, into work: String) throws -> String {
        let source = Support.root.appendingPathComponent("examples/" + name).path
        let package = work + "/" + name
        try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
        for item in ["Package.swift", "Tests"] {
            try FileManager.default.copyItem(atPath: source + "/" + item, toPath: package + "/" + item)
        }
        return package
    }

    /// Runs `swift` with `arguments` in `folder`; standard output and error together.
    static func swift(_ arguments: [String], in folder: String, environment: [String: String] = [:]) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var env = ProcessInfo.processInfo.environment
        for key in ["CI", "REFRESH_RECORD", "REFRESH_RECORD_ONLY", "REFRESH_ARTIFACTS", "DEMO_BREAK"] { env[key] = nil }
        env["REFRESHGIF_PATH"] = Support.root.path
        process.environment = env.merging(environment) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}

/// `examples/SnapshotDemo` is a package that uses the snapshot helper exactly as a user's
/// package does (XCTest and Swift Testing, by path instead of URL). This test builds a copy
/// of it and runs its tests as a developer would: record, pass, break, re-record, and on CI.
extension ExamplePackages {
    @Suite("The example package, as a user runs it")
    struct SnapshotDemoPackageTests {

        static func goldens(in package: String) -> [String] {
            let folder = package + "/Tests/SnapshotDemoTests/__Snapshots__"
            let found = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
            return found.filter { $0.hasSuffix(".png") }.sorted()
        }

        @Test("record, pass, break, re-record in one pass each; CI refuses to record; failures at their lines")
        func lifecycle() throws {
            let work = try Support.temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: work) }
            let package = try ExamplePackages.copy("SnapshotDemo", into: work)
            let test = ExamplePackages.test
            let build = try ExamplePackages.swift(ExamplePackages.build, in: package)
            try #require(build.status == 0, "\(build.output)")
            #expect(!build.output.contains("warning:"), "\(build.output)")

            // The committed goldens pass.
            let committed = Self.goldens(in: package)
            #expect(committed.count == 9)
            let pass = try ExamplePackages.swift(test, in: package)
            #expect(pass.status == 0, "\(pass.output)")

            // On CI a missing golden fails and nothing is written.
            try FileManager.default.removeItem(atPath: package + "/Tests/SnapshotDemoTests/__Snapshots__")
            let ci = try ExamplePackages.swift(test, in: package, environment: ["CI": "true"])
            #expect(ci.status != 0)
            #expect(ci.output.contains("on CI (CI=true) missing goldens are not recorded"), "\(ci.output)")
            #expect(ci.output.contains("REFRESH_RECORD=missing swift test --filter"))
            #expect(Self.goldens(in: package).isEmpty)
            // Nor with REFRESH_RECORD=failed; and a mode that is misspelt is refused, not guessed.
            let ciFailed = try ExamplePackages.swift(test, in: package, environment: ["CI": "true", "REFRESH_RECORD": "failed"])
            #expect(ciFailed.status != 0 && Self.goldens(in: package).isEmpty, "\(ciFailed.output)")
            let typo = try ExamplePackages.swift(test, in: package, environment: ["REFRESH_RECORD": "fail"])
            #expect(typo.status != 0 && typo.output.contains("REFRESH_RECORD=fail names no record mode"), "\(typo.output)")
            #expect(Self.goldens(in: package).isEmpty)

            // One run records every missing golden, two of them in one test; the next run passes.
            let record = try ExamplePackages.swift(test, in: package, environment: ["REFRESH_RECORD": "missing"])
            #expect(record.status != 0, "a run that recorded must not pass")
            let recorded = Set(
                record.output.components(separatedBy: "recorded a new golden at ").dropFirst().map { $0.prefix { $0 != " " } })
            #expect(recorded.count == 9, "\(record.output)")
            #expect(Self.goldens(in: package) == committed)
            #expect(try ExamplePackages.swift(test, in: package).status == 0)

            // Orphans: after that full run every golden is used; one no test reads is listed, then removed.
            let snapshots = package + "/Tests/SnapshotDemoTests/__Snapshots__"
            try FileManager.default.copyItem(
                atPath: snapshots + "/XCTestDemo/HeaderXCTests.testHeader.1.png",
                toPath: snapshots + "/XCTestDemo/HeaderXCTests.testGone.1.png")
            // Another library's goldens in the same folders (swift-snapshot-testing writes
            // __Snapshots__/<TestFile>/ too) are never judged: not in RefreshGif's record.
            try FileManager.default.copyItem(
                atPath: snapshots + "/XCTestDemo/HeaderXCTests.testHeader.1.png", toPath: snapshots + "/XCTestDemo/testOtherLibrary.1.png")
            try FileManager.default.createDirectory(atPath: snapshots + "/OtherLibraryTests", withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: snapshots + "/XCTestDemo/HeaderXCTests.testHeader.1.png", toPath: snapshots + "/OtherLibraryTests/testView.1.png")
            try GoldenRecord.add(snapshots + "/XCTestDemo/HeaderXCTests.testGone.1.png")
            let orphanArgs = ["snapshot", "orphans", package + "/Tests", "--artifacts", package + "/.build/refresh-snapshots"]
            let listed = try CLI.run(orphanArgs)
            let listing = String(decoding: listed.stdout, as: UTF8.self)
            #expect(
                listed.status == 1 && listing.contains("HeaderXCTests.testGone.1.png") && listing.contains("1 of 10 goldens unused"),
                "\(listing)\(listed.stderr)")
            #expect(!listing.contains("OtherLibrary"), "\(listing)")
            #expect(listed.stderr.contains("OtherLibraryTests has goldens but no refreshgif-goldens.json"), "\(listed.stderr)")
            #expect(try CLI.run(orphanArgs + ["--delete"]).status == 0)
            #expect(try CLI.run(orphanArgs).status == 0)
            #expect(FileManager.default.fileExists(atPath: snapshots + "/XCTestDemo/testOtherLibrary.1.png"))
            #expect(FileManager.default.fileExists(atPath: snapshots + "/OtherLibraryTests/testView.1.png"))
            try FileManager.default.removeItem(atPath: snapshots + "/XCTestDemo/testOtherLibrary.1.png")
            try FileManager.default.removeItem(atPath: snapshots + "/OtherLibraryTests")
            #expect(Self.goldens(in: package) == committed)

            // Broken: every mismatch is reported at its own line, both assertions of a test run.
            let attachments = work + "/attachments"
            try FileManager.default.createDirectory(atPath: attachments, withIntermediateDirectories: true)
            let broken = try ExamplePackages.swift(
                test + ["--attachments-path", attachments], in: package,
                environment: ["DEMO_BREAK": "1", "REFRESH_DIFF_TOOL": "compare"])
            #expect(broken.status != 0)
            // Each failure names the diff tool's command, and Swift Testing keeps its pictures.
            #expect(broken.output.contains("diff tool:    compare "), "\(broken.output)")
            let attached = FileManager.default.enumerator(atPath: attachments)?.compactMap { $0 as? String } ?? []
            #expect(attached.contains { $0.hasSuffix("expected.HeaderSnapshots.header.1.png") }, "\(attached)")
            #expect(attached.contains { $0.hasSuffix("HeaderSnapshots.header.1.diff.png") }, "\(attached)")
            for mark in [
                "XCTestDemo.swift:7: error:", "XCTestDemo.swift:8: error:",
                "at SwiftTestingDemo.swift:7:", "at SwiftTestingDemo.swift:8:", "at SwiftTestingDemo.swift:12:",
                "at SwiftTestingDemo.swift:22:", "frames differ; first frame 0",
            ] {
                #expect(broken.output.contains(mark), "missing \(mark) in \(broken.output)")
            }
            // Same-named tests of two suites, run in parallel, keep their artifacts apart.
            let artifacts = package + "/.build/refresh-snapshots/SwiftTestingDemo"
            #expect(CLI.files(in: artifacts + "/HeaderSnapshots/header").contains("HeaderSnapshots.header.2.compare.png"))
            #expect(CLI.files(in: artifacts + "/FooterSnapshots/header").contains("footer-no-more-data.diff.png"))

            // The record-again command of an XCTest failure, run as printed, rewrites exactly its golden.
            let printed = try #require(
                broken.output.components(separatedBy: "record again: ").dropFirst()
                    .map { String($0.prefix { $0 != "\n" }) }.first { $0.contains("HeaderXCTests.testHeader.1") }, "\(broken.output)")
            let bytes = {
                Dictionary(
                    uniqueKeysWithValues: Self.goldens(in: package).map { ($0, FileManager.default.contents(atPath: snapshots + "/" + $0)) }
                )
            }
            let beforeRecord = bytes()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = [
                "-c",
                "DEMO_BREAK=1 " + printed + " --skip-build --scratch-path " + ShellWord.quoted(ExamplePackages.scratch)
                    + " > /dev/null 2>&1",
            ]
            process.currentDirectoryURL = URL(fileURLWithPath: package)
            // Run as a developer runs it, off CI: on CI (CI=true) a REFRESH_RECORD records nothing.
            var environment = ProcessInfo.processInfo.environment
            environment["CI"] = nil
            process.environment = environment.merging(["REFRESHGIF_PATH": Support.root.path]) { _, new in new }
            try process.run()
            process.waitUntilExit()
            let afterRecord = bytes()
            let changed = beforeRecord.keys.filter { beforeRecord[$0] != afterRecord[$0] }
            #expect(changed == ["XCTestDemo/HeaderXCTests.testHeader.1.png"], "\(printed): \(changed)")

            // REFRESH_RECORD=failed re-records every mismatch of the run in one pass (the five left:
            // the printed command above recorded the sixth).
            let rerecord = try ExamplePackages.swift(test, in: package, environment: ["DEMO_BREAK": "1", "REFRESH_RECORD": "failed"])
            let rerecorded = Set(
                rerecord.output.components(separatedBy: "did not match, recorded ").dropFirst().map { $0.prefix { $0 != " " } })
            #expect(rerecorded.count == 5, "\(rerecord.output)")
            #expect(try ExamplePackages.swift(test, in: package, environment: ["DEMO_BREAK": "1"]).status == 0)

            // A REFRESH_RECORD_ONLY that names no snapshot records nothing, and each failure says
            // why; a misspelt variable is warned about, not ignored.
            let unrecorded = bytes()
            let only = try ExamplePackages.swift(
                test, in: package,
                environment: ["REFRESH_RECORD": "all", "REFRESH_RECORD_ONLY": "no-such-snapshot", "REFERSH_RECORD": "all"])
            #expect(only.status != 0 && bytes() == unrecorded, "\(only.output)")
            #expect(only.output.contains("not recorded: REFRESH_RECORD_ONLY=no-such-snapshot names another snapshot"), "\(only.output)")
            #expect(
                only.output.contains("REFERSH_RECORD is not a variable RefreshGif reads; did you mean REFRESH_RECORD?"), "\(only.output)")

            // Under --parallel every test runs in a process of its own, where XCTest's observer has
            // seen no test start: the names are the same, so the goldens match and nothing is written.
            let before = Self.goldens(in: package)
            let parallel = try ExamplePackages.swift(test + ["--parallel"], in: package, environment: ["DEMO_BREAK": "1"])
            #expect(parallel.status == 0, "\(parallel.output)")
            #expect(Self.goldens(in: package) == before)
            // After a partial run (here --parallel, and below --filter) orphans are not judged.
            let partial = try CLI.run(orphanArgs)
            #expect(partial.status == 65 && partial.stderr.contains("partial"), "\(partial.stderr)")
            _ = try ExamplePackages.swift(test + ["--filter", "HeaderSnapshots"], in: package, environment: ["DEMO_BREAK": "1"])
            #expect(try CLI.run(orphanArgs).status == 65)
        }
    }
}

extension ExamplePackages {
    /// What a team that adds RefreshGif to its package pays before building anything.
    @Suite("A package that depends on RefreshGif")
    struct AdopterResolutionTests {
        /// The packages `swift package resolve` fetched for a new package depending on
        /// RefreshGif's `products` with `traits`, by identity.
        static func resolved(products: [String], traits: [String]) throws -> [String] {
            let package = try Support.temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: package) }
            let identity = Support.root.lastPathComponent.lowercased()
            let uses = products.map { ".product(name: \"\($0)\", package: \"\(identity)\")" }.joined(separator: ", ")
            let traitList = traits.map { "\"\($0)\"" }.joined(separator: ", ")
            let manifest = """
                // swift-tools-version:6.1
                import PackageDescription
                let package = Package(
                    name: "Adopter",
                    dependencies: [.package(path: "\(Support.root.path)", traits: [\(traitList)])],
                    targets: [.testTarget(name: "AdopterTests", dependencies: [\(uses)])])
                """
            try FileManager.default.createDirectory(atPath: package + "/Tests/AdopterTests", withIntermediateDirectories: true)
            try manifest.write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
            try "import Testing\n".write(toFile: package + "/Tests/AdopterTests/T.swift", atomically: true, encoding: .utf8)
            let resolve = try ExamplePackages.swift(["package", "resolve"], in: package)
            try #require(resolve.status == 0, "\(resolve.output)")
            let state = try Data(contentsOf: URL(fileURLWithPath: package + "/.build/workspace-state.json"))
            let object = try #require(try JSONSerialization.jsonObject(with: state) as? [String: Any])
            let dependencies = try #require((object["object"] as? [String: Any])?["dependencies"] as? [[String: Any]])
            return dependencies.compactMap { ($0["packageRef"] as? [String: Any])?["identity"] as? String }.sorted()
        }

        static let serverStack = ["swift-nio", "hummingbird", "swift-nio-ssl", "swift-crypto", "async-http-client", "swift-http-types"]

        @Test("the library and its testing helper: at most 6 packages, none of a server's stack")
        func libraryUser() throws {
            let found = try Self.resolved(products: ["RefreshGif", "RefreshGifTesting"], traits: [])
            #expect(found.count <= 6, "\(found)")
            #expect(Set(found).isDisjoint(with: Self.serverStack), "\(found)")
        }

        @Test("with the SnapshotTesting trait: swift-snapshot-testing's own few, still no server")
        func snapshotTestingUser() throws {
            let found = try Self.resolved(products: ["RefreshGifSnapshotTesting"], traits: ["SnapshotTesting"])
            #expect(found.contains("swift-snapshot-testing"), "\(found)")
            #expect(found.count <= 6, "\(found)")
            #expect(Set(found).isDisjoint(with: Self.serverStack), "\(found)")
        }
    }
}

/// `examples/AppCodeDemo`: an app's refresh code (App/Sources, shared with its iOS target)
/// compiled against RefreshGifUIKit and snapshot-tested on Linux, as docs/app-code.md tells it.
extension ExamplePackages {
    @Suite("The app-code example, as its team runs it")
    struct AppCodeDemoTests {
        @Test("its goldens pass as committed; a changed title fails, naming the snapshot")
        func runs() throws {
            let work = try Support.temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: work) }
            let source = Support.root.appendingPathComponent("examples/AppCodeDemo").path
            let package = work + "/AppCodeDemo"
            try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
            for item in ["Package.swift", "App", "Tests"] {
                try FileManager.default.copyItem(atPath: source + "/" + item, toPath: package + "/" + item)
            }
            let built = try swift(build, in: package)
            #expect(built.status == 0, "\(built.output.suffix(2000))")
            let passed = try swift(test, in: package, environment: ["CI": "true"])
            #expect(passed.status == 0, "\(passed.output.suffix(3000))")
            #expect(!passed.output.contains("warning: UIImage"), "a resource went missing: \(passed.output.suffix(2000))")
            // The app changes its code: the snapshot test fails on CI and records nothing.
            let file = package + "/App/Sources/MoreRefresh.swift"
            let code = try String(contentsOfFile: file, encoding: .utf8)
            try code.replacingOccurrences(of: "— the end —", with: "— that's all —").write(toFile: file, atomically: true, encoding: .utf8)
            #expect(try swift(build, in: package).status == 0)
            let failed = try swift(test, in: package, environment: ["CI": "true"])
            #expect(failed.status != 0)
            #expect(failed.output.contains("AppControls.footer.2"), "\(failed.output.suffix(3000))")
        }
    }
}
