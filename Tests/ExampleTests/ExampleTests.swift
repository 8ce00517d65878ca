import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// The inputs this repository ships for people to try, run as a person would run them.
@Suite("Examples and gestures as shipped")
struct ExampleTests {
    static let gestures = CLI.files(in: Support.root.appendingPathComponent("gestures").path).filter { $0.hasSuffix(".json") }

    @Test("every gesture under gestures/ plays and reports one line per frame", arguments: gestures)
    func gesture(name: String) throws {
        let path = Support.root.appendingPathComponent("gestures/" + name).path
        let result = try CLI.run(["simulate", path, "--fps", "10", "--json"])
        #expect(result.status == 0, "\(name): \(result.stderr)")
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.count > 5)
        for line in lines {
            // Numbers are written as people read them: no negative zero at rest.
            #expect(!line.contains(":-0,") && !line.contains(":-0}"), "\(name): \(line)")
            let report = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(report?["state"] is String && report?["time"] is Double)
        }
    }

    @Test("the example snapshot suite passes against its committed goldens")
    func snapshotSuite() throws {
        let folder = Support.root.appendingPathComponent("examples/snapshots").path
        let artifacts = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: artifacts) }
        let result = try CLI.run(["snapshot", folder + "/cases.json", "--golden", folder + "/golden", "--artifacts", artifacts])
        let table = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 0, "\(table)\(result.stderr)")
        #expect(table.contains(" 0 failed"))
    }

    @Test("the commands `make run` runs write the pictures it promises")
    func makeRun() throws {
        let out = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: out) }
        let makefile = try String(contentsOf: Support.root.appendingPathComponent("Makefile"), encoding: .utf8)
        // The render lines of the `run` target, continuation lines joined.
        let joined = makefile.replacingOccurrences(of: "\\\n", with: " ")
        let commands = joined.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("$(TOOL_RELEASE) ") }
        #expect(commands.count >= 4)
        for command in commands {
            var words = Self.words(String(command)).dropFirst().map { $0.replacingOccurrences(of: "$(OUT)", with: out) }
            words = words.map { $0.hasPrefix("idle=") || $0.hasPrefix("refreshing=") ? Self.absolute($0) : $0 }
            let result = try CLI.run(Array(words), in: Support.root.path)
            #expect(result.status == 0, "\(words): \(result.stderr)")
        }
        let written = CLI.files(in: out)
        #expect(written == ["header-demo-gif.png", "header-idle-60.png", "header-normal-pulling.png", "header-pulling.png"])
        for name in written {
            let image = try PNGDecoder().decode([UInt8](Data(contentsOf: URL(fileURLWithPath: out + "/" + name))))
            #expect(image.width == 750 && image.height >= 108, "\(name) is \(image.width)×\(image.height)")
        }
    }

    @Test("the README's and the snapshot guide's Swift examples are files of the example package, word for word")
    func readmeSnippets() throws {
        var blocks: [String] = []
        for page in ["README.md", "docs/snapshot-testing.md"] {
            let text = try String(contentsOf: Support.root.appendingPathComponent(page), encoding: .utf8)
            blocks += text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        }
        // The app-code example: the shared file, then the head of the Linux test file.
        let appBlock = try #require(blocks.first { $0.contains("import RefreshGifUIKit") && $0.contains("@Test func header()") })
        let demo = Support.root.appendingPathComponent("examples/AppCodeDemo").path
        let setup = try String(contentsOfFile: demo + "/App/Sources/RefreshSetup.swift", encoding: .utf8)
        let tests = try String(contentsOfFile: demo + "/Tests/AppTests/RefreshTests.swift", encoding: .utf8)
        #expect(appBlock.hasPrefix(setup + "\n"), "RefreshSetup.swift differs from the README's block")
        #expect(tests.hasPrefix(String(appBlock.dropFirst(setup.count + 1))), "RefreshTests.swift differs from the README's block")
        for (marker, file) in [
            ("assertSnapshot(of: scene, as: .scene)", "ReadmeSwiftTesting.swift"), ("final class HeaderTests", "ReadmeXCTest.swift"),
        ] {
            let block = try #require(blocks.first { $0.contains(marker) }, "no block with \(marker)")
            let source = try String(contentsOfFile: Self.snapshotDemo + "/Tests/SnapshotDemoTests/" + file, encoding: .utf8)
            #expect(source.hasSuffix(block), "\(file) differs from the README's block")
        }
    }

    @Test("the README's configuration example and the library guide's are compiled, word for word, by the example package")
    func configurationSnippets() throws {
        let source = try String(contentsOfFile: Self.snapshotDemo + "/Tests/SnapshotDemoTests/DocsSnippets.swift", encoding: .utf8)
        for (page, marker) in [
            ("README.md", "settings[.stateLabelFont]"), ("docs/library.md", "RefreshAnimation.sequence"),
            ("docs/library.md", "settings.layers = [title]"), ("docs/export.md", "AppExport(settings"),
        ] {
            let text = try String(contentsOf: Support.root.appendingPathComponent(page), encoding: .utf8)
            let blocks = text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
            let block = try #require(blocks.first { $0.contains(marker) }, "no block with \(marker) in \(page)")
            // The page's lines, the import left out, each inside the function as the file holds it.
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .filter { $0 != "import RefreshGif" }.drop { $0.isEmpty }
            let indented = lines.map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
            #expect(source.contains(indented), "DocsSnippets.swift differs from \(page)'s block with \(marker)")
        }
    }

    static let snapshotDemo = Support.root.appendingPathComponent("examples/SnapshotDemo").path

    /// A shell line split into words: single quotes group, tabs and spaces separate.
    static func words(_ line: String) -> [String] {
        var out: [String] = [], current = "", quoted = false
        for c in line {
            if c == "'" { quoted.toggle(); continue }
            if !quoted && (c == " " || c == "\t") {
                if !current.isEmpty { out.append(current); current = "" }
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    static func absolute(_ entry: String) -> String {
        guard let eq = entry.firstIndex(of: "=") else { return entry }
        return String(entry[...eq]) + Support.root.appendingPathComponent(String(entry[entry.index(after: eq)...])).path
    }
}
