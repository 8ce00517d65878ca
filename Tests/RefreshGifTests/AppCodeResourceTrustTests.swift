import Foundation
import RefreshGif
import RefreshGifTestSupport
import RefreshGifUIKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension AppCodeTests {
    /// The app's resource folders as an attacker fills them (docs/robustness.md, "App code"):
    /// every file RefreshGifUIKit reads passes the command line's read gate (regular files only,
    /// opened without blocking, size-limited), no link leads it out of the folders, every name
    /// it quotes reaches the terminal escaped, and every refusal says what is wrong.
    @Suite("App code: hostile resource folders")
    struct HostileResources {
        /// A folder with an asset catalog, made for the test.
        static func catalog() throws -> (root: String, catalog: String) {
            let root = try Support.temporaryFolder()
            let catalog = root + "/Assets.xcassets"
            try FileManager.default.createDirectory(atPath: catalog, withIntermediateDirectories: true)
            return (root, catalog)
        }

        static func write(_ text: String, to path: String) throws {
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }

        /// An image set `NAME.imageset` whose one 2x entry is `file`.
        static func imageSet(_ name: String, file: String, in catalog: String) throws {
            let escaped = String(decoding: try JSONEncoder().encode(file), as: UTF8.self)
            try write(
                #"{"images": [{"filename": \#(escaped), "idiom": "universal", "scale": "2x"}]}"#,
                to: catalog + "/\(name).imageset/Contents.json")
        }

        /// A colour set `NAME.colorset` whose red component is `red`.
        static func colorSet(_ name: String, red: String, in catalog: String) throws {
            try write(
                #"{"colors": [{"color": {"components": {"red": "\#(red)", "green": "0", "blue": "0"}}, "idiom": "universal"}]}"#,
                to: catalog + "/\(name).colorset/Contents.json")
        }

        @Test("a FIFO named like a font, a PNG or Contents.json is never opened: nil at once, said as a miss")
        func fifos() throws {
            let (root, catalog) = try Self.catalog()
            #expect(mkfifo(root + "/F.ttf", 0o644) == 0)
            #expect(mkfifo(root + "/pull@2x.png", 0o644) == 0)
            try FileManager.default.createDirectory(atPath: catalog + "/Brand.colorset", withIntermediateDirectories: true)
            #expect(mkfifo(catalog + "/Brand.colorset/Contents.json", 0o644) == 0)
            AppCodeTests.reset([root])
            defer { AppCodeTests.reset([]) }
            // Each would block open(2) for ever if it were opened.
            #expect(UIFont(name: "DejaVuSerif-Test", size: 16) == nil)
            #expect(UIImage(named: "pull") == nil)
            #expect(UIColor(named: "Brand") == nil)
            #expect(AppResources.misses.count == 3)
        }

        @Test("an image set's file that links out of the folders is refused, naming it; one inside is drawn")
        func linksOutOfTheFolders() throws {
            let (root, catalog) = try Self.catalog()
            let secret = try Support.temporaryFolder()
            try Support.solid(8, 8, RGBAColor(red: 0xFF, green: 0, blue: 0)).writePNG(to: secret + "/secret.png")
            try Self.imageSet("evil", file: "evil@2x.png", in: catalog)
            try FileManager.default.createSymbolicLink(
                atPath: catalog + "/evil.imageset/evil@2x.png", withDestinationPath: secret + "/secret.png")
            // A link that stays inside the folders is a file of the app's.
            try Support.solid(8, 8, RGBAColor(red: 0, green: 0xFF, blue: 0)).writePNG(to: root + "/shared.png")
            try Self.imageSet("kept", file: "kept@2x.png", in: catalog)
            try FileManager.default.createSymbolicLink(
                atPath: catalog + "/kept.imageset/kept@2x.png", withDestinationPath: "../../shared.png")
            AppCodeTests.reset([root])
            defer { AppCodeTests.reset([]) }
            #expect(UIImage(named: "evil") == nil)
            let said = AppResources.misses.joined(separator: "\n")
            #expect(said.contains("evil.imageset/evil@2x.png: a link that leads outside the app's resource folders"), "\(said)")
            #expect(UIImage(named: "kept")?.size == CGSize(width: 4, height: 4))
        }

        @Test("folder, image and font names with terminal escapes are said escaped, in warnings and errors alike")
        func escapes() throws {
            let hostile = "A\u{1B}]0;PWNED\u{07}\u{1B}[2J"
            let root = try Support.temporaryFolder() + "/" + hostile + ".xcassets"
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try Self.colorSet("Bad", red: "nan", in: root)
            AppCodeTests.reset([root])
            defer { AppCodeTests.reset([]) }
            #expect(UIImage(named: "pull\u{1B}[31m") == nil)
            #expect(UIFont(name: "Face\u{1B}[2J", size: 12) == nil)
            #expect(UIColor(named: "Bad") == nil)
            let lines = AppResources.misses
            #expect(lines.count == 3)
            for line in lines {
                #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(line)")
                #expect(line.contains(#"A\u{1B}]0;PWNED\u{07}\u{1B}[2J.xcassets"#), "\(line)")
            }
            let error = AppCodeError.badResource(file: root + "/x.png", message: "is \u{1B}[2J")
            #expect(!error.description.unicodeScalars.contains { $0.value == 0x1B })
        }

        @Test(
            "a colour set's component that is no colour says which file and why",
            arguments: [
                "nan", "inf", "-inf", "0x1p3", "0x-1", "0xFFFFFFFFFFFFFFFFFFFF", "-0.5", "256", "1.5", "", "1e2", " 0.5",
            ])
        func badComponents(_ red: String) throws {
            let (root, catalog) = try Self.catalog()
            try Self.colorSet("Brand", red: red, in: catalog)
            AppCodeTests.reset([root])
            defer { AppCodeTests.reset([]) }
            #expect(UIColor(named: "Brand") == nil)
            let said = AppResources.misses.joined(separator: "\n")
            #expect(said.contains("Brand.colorset/Contents.json: $.colors[0].color.components.red: expected"), "\(said)")
            #expect(!said.contains("found nothing"))
        }

        @Test(
            "a colour set's components as Xcode writes them",
            arguments: [
                ("0.500", 0.5), ("128", 128.0 / 255), ("0x80", 128.0 / 255), ("0xFF", 1.0), ("1", 1.0), ("0", 0.0), (".25", 0.25),
            ])
        func goodComponents(_ red: String, _ value: Double) throws {
            let (root, catalog) = try Self.catalog()
            try Self.colorSet("Brand", red: red, in: catalog)
            AppCodeTests.reset([root])
            defer { AppCodeTests.reset([]) }
            #expect(UIColor(named: "Brand").map { Double($0.red) } == value)
        }

        @Test(
            "an image set naming a file out of its folder says why, not 'found nothing'",
            arguments: [
                "../secret.png", "/etc/passwd", "a\u{0}b.png", "..", "sub/../../x.png",
            ])
        func badFileNames(_ name: String) throws {
            let (root, catalog) = try Self.catalog()
            try Self.imageSet("pull", file: name, in: catalog)
            AppCodeTests.reset([root])
            defer { AppCodeTests.reset([]) }
            #expect(UIImage(named: "pull") == nil)
            let said = AppResources.misses.joined(separator: "\n")
            #expect(said.contains("pull.imageset/Contents.json: $.images[0].filename: "), "\(said)")
            #expect(!said.contains("found nothing"))
        }

        @Test("a broken Contents.json is named once, its message one short line; a huge one is refused by its size")
        func brokenContents() throws {
            let (root, catalog) = try Self.catalog()
            let contents = catalog + "/deep.imageset/Contents.json"
            try Self.write(String(repeating: "[", count: 2_000), to: contents)
            let huge = catalog + "/huge.imageset/Contents.json"
            try Self.write(#"{"images": [], "pad": ""# + String(repeating: "1", count: 16_000_000) + "}", to: huge)
            AppCodeTests.reset([root])
            defer { AppCodeTests.reset([]) }
            #expect(UIImage(named: "deep") == nil)
            #expect(UIImage(named: "huge") == nil)
            let said = AppResources.misses
            #expect(said.count == 2)
            for line in said {
                #expect(line.components(separatedBy: catalog).count == 2, "the path once: \(line)")
                #expect(line.unicodeScalars.count <= TerminalTextLimit.scalars + 1)
            }
            #expect(said.last?.contains("1048576") == true, "\(said)")
        }

        @Test("setImages with 100 000 images is refused by their count, quoting nothing the app did not pass")
        func tooManyImages() throws {
            AppCodeTests.reset([])
            let frame = try Support.temporaryFolder() + "/f.png"
            try Support.solid(4, 4, RGBAColor(red: 0, green: 0, blue: 0)).writePNG(to: frame)
            let image = try #require(UIImage(contentsOfFile: frame))
            let header = MJRefreshGifHeader {}
            header.setImages(Array(repeating: image, count: 100_000), for: .idle)
            let error = #expect(throws: AppCodeError.self) { _ = try header.scene() }
            #expect(error?.description == "setImages(_:for: .idle): 100000 images; a state plays at most 10000")
        }
    }
}

/// The longest line a message may be (TerminalText's, which the test target does not see).
enum TerminalTextLimit {
    static let scalars = 400
}
