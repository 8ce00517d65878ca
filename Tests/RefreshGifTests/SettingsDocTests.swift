import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
import Testing

/// The docs' table of settings, and where each setting is declared, against the declarations.
@Suite("Settings: the docs' table and one declaration each")
struct SettingsDocTests {
    static let begin = "<!-- settings table: written from the declarations; do not edit by hand -->\n"
    static let end = "<!-- end of settings table -->"

    @Test("docs/settings.md's table is the one the declarations write")
    func tableIsCurrent() throws {
        let path = Support.root.appendingPathComponent("docs/settings.md").path
        let section = try #require(
            try Support.generatedSection(path, begin: Self.begin, end: Self.end, written: SettingsCatalog(schema: .standard).markdownTable))
        #expect(section.found == section.written, "run REFRESH_UPDATE_DOCS=1 swift test --filter SettingsDocTests")
    }

    @Test("SwiftSpellingTests.swift holds every row's Swift, as the declarations write it")
    func swiftColumnIsCompiled() throws {
        let path = Support.root.appendingPathComponent("Tests/RefreshGifTests/SwiftSpellingTests.swift").path
        let written = Self.swiftSpellingSource(SceneSchema.standard)
        if ProcessInfo.processInfo.environment["REFRESH_UPDATE_DOCS"] == "1" {
            try written.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == written, "run REFRESH_UPDATE_DOCS=1 swift test --filter SettingsDocTests")
    }

    /// A test suite that sets every setting as the table's Swift column writes it: compiling
    /// it holds the column to the API, running it checks each line sets its own key to its example.
    static func swiftSpellingSource(_ schema: SceneSchema) -> String {
        let rows = schema.fields.map { field in
            "        (\"\(field.name)\", { $0\(field.swiftExample) }),"
        }
        return #"""
            // Written from the settings' declarations by SettingsDocTests (REFRESH_UPDATE_DOCS=1
            // rewrites it): the Swift column of docs/settings.md, compiled. Do not edit by hand.
            import RefreshGif
            import Testing

            @Suite("Settings: the Swift column of docs/settings.md")
            struct SwiftSpellingTests {
                static let rows: [(key: String, set: @Sendable (inout SceneDescription) -> Void)] = [
            \#(rows.joined(separator: "\n"))
                ]

                @Test("each row sets its own setting, to its declared example")
                func everyRowSetsItsSetting() throws {
                    #expect(Self.rows.map(\.key) == SceneSchema.standard.fields.map(\.name))
                    for row in Self.rows {
                        var description = SceneDescription()
                        row.set(&description)
                        let field = try #require(SceneSchema.standard.field(SceneKey(row.key)))
                        var expected = SceneDescription()
                        expected[field] = field.example
                        #expect(description == expected, "\(row.key)")
                    }
                }
            }

            """#
    }

    @Test("each library's own setting is named in its family's folder only, nowhere else in the sources")
    func ownSettingsLiveWithTheirFamily() throws {
        let root = Support.root
        var sources: [(path: String, text: String)] = []
        for folder in ["Sources", "Preview/Sources"] {
            let base = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") || file.hasSuffix(".js") {
                let text = try String(contentsOfFile: base.appendingPathComponent(file).path, encoding: .utf8)
                sources.append((folder + "/" + file, text))
            }
        }
        let owned = SceneSchema.standard.fields.filter { $0.owner != nil }
        #expect(!owned.isEmpty)
        for field in owned {
            let naming = sources.filter { $0.text.contains("\"\(field.name)\"") || $0.text.contains("--\(field.option)\"") }.map(\.path)
            // Its declaration, and at most the family's own checks, in the family's folder.
            #expect(!naming.isEmpty && naming.allSatisfy { $0.contains("/Families/") }, "\(field.name) is named in \(naming)")
        }
    }
}
