import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
import Testing

/// An app's strings (MJRefreshConfig's `i18nBundle` and `i18nFilename`): the file formats
/// Xcode writes, which file a bundle gives for a language, and what the picture says.
@Suite("Strings files: .strings, .xcstrings, .lproj and bundles")
struct StringsTableTests {
    static func write(_ text: String, to path: String, utf16: Bool = false) throws {
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        let data = utf16 ? text.data(using: .utf16)! : Data(text.utf8)
        try data.write(to: URL(fileURLWithPath: path))
    }

    @Test("the .strings grammar: quoted and bare words, comments, escapes, UTF-16 with its mark, the last of a repeated key")
    func grammar() throws {
        let text = """
            /* MJRefresh, the app's words */
            "MJRefreshHeaderIdleText" = "Pull \\"down\\"\\n\\U2193";
            // a line comment
            MJRefreshHeaderLastTimeText = "Synced: ";
            "lonely";
            "twice" = "first"; "twice" = "second";
            """
        let table = try StringsTable.parseStrings(Array(text.utf8))
        #expect(table["MJRefreshHeaderIdleText"] == "Pull \"down\"\n↓")
        #expect(table["MJRefreshHeaderLastTimeText"] == "Synced: ")
        #expect(table["lonely"] == "lonely")
        #expect(table["twice"] == "second")
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write("\"k\" = \"下拉 🎉\";", to: folder + "/u.strings", utf16: true)
        #expect(try StringsTable.load(folder + "/u.strings", table: "Localizable", language: try LanguageTag("en")) == ["k": "下拉 🎉"])
    }

    @Test(
        "a broken file names its line and what was expected",
        arguments: [
            ("\"a\" = \"b\"\n\"c\" = \"d\";", "line 2", "expected ; after the value of 'a'"),
            ("\"a\" \"b\";", "line 1", "expected = after the key 'a'"),
            ("\n\n\"a\" = \"b;", "line 3", "a quoted string is never closed"),
            ("/* open", "line 1", "a /* comment is never closed"),
            ("\"a\" = \"\\U12\";", "line 1", "\\U needs four hexadecimal digits"),
            ("= \"b\";", "line 1", "expected a quoted string, found '='"),
        ])
    func broken(text: String, line: String, reason: String) throws {
        let error = try #require(throws: InvalidValue.self) { try StringsTable.parseStrings(Array(text.utf8)) }
        #expect(error.field == line && error.reason == reason)
    }

    @Test("a String Catalog gives the language's value, else the source language's, else leaves the key out")
    func catalog() throws {
        let json = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "MJRefreshHeaderIdleText": {"localizations": {
                "en": {"stringUnit": {"state": "translated", "value": "Pull it"}},
                "ko": {"stringUnit": {"state": "translated", "value": "당기세요"}}}},
              "MJRefreshHeaderPullingText": {"localizations": {
                "en": {"stringUnit": {"state": "translated", "value": "Let go"}}}},
              "Untranslated": {}
            }}
            """
        let korean = try StringsTable.parseCatalog(Array(json.utf8), language: "ko")
        #expect(korean == ["MJRefreshHeaderIdleText": "당기세요", "MJRefreshHeaderPullingText": "Let go"])
        #expect(throws: InvalidValue.self) { try StringsTable.parseCatalog(Array("[1]".utf8), language: "en") }
    }

    @Test("a String Catalog is read strictly: a key twice, text after it, a lone surrogate are named with their place")
    func strictCatalog() throws {
        let cases: [(String, String)] = [
            (#"{"sourceLanguage": "en", "strings": {"A": {}, "A": {}}}"#, #"$.strings.A: "A" is given twice"#),
            ("{\"sourceLanguage\": \"en\", \"strings\": {}}\ngarbage", "text after the JSON value at line 2, column 1"),
            (#"{"sourceLanguage": "\ud800", "strings": {}}"#, "a lone UTF-16 surrogate at line 1, column 21"),
            (#"{"sourceLanguage": "\udc00x", "strings": {}}"#, "a lone UTF-16 surrogate at line 1, column 21"),
            (#"{"sourceLanguage": "\u12", "strings": {}}"#, "without four hex digits"),
        ]
        for (json, expected) in cases {
            let error = #expect(throws: InvalidValue.self, "\(json)") { try StringsTable.parseCatalog(Array(json.utf8), language: "en") }
            #expect(error?.field == "xcstrings" && error?.reason.contains(expected) == true, "\(error?.reason ?? "")")
        }
        // A surrogate pair is a character, not an error.
        let pair = #"{"sourceLanguage": "en", "strings": {"K": {"localizations": {"en": {"stringUnit": {"value": "\ud83d\ude00"}}}}}}"#
        #expect(try StringsTable.parseCatalog(Array(pair.utf8), language: "en") == ["K": "😀"])
    }

    @Test("a bundle: LANGUAGE.lproj first, then TABLE.xcstrings, Base.lproj, TABLE.strings; another language falls back to MJRefresh's")
    func bundle() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bundle = folder + "/App.bundle"
        try Self.write("\"k\" = \"english\";", to: bundle + "/en.lproj/MJRefresh_i18n.strings")
        try Self.write("\"k\" = \"base\";", to: bundle + "/Base.lproj/MJRefresh_i18n.strings")
        #expect(try StringsTable.load(bundle, table: "MJRefresh_i18n", language: try LanguageTag("en")) == ["k": "english"])
        #expect(try StringsTable.load(bundle, table: "MJRefresh_i18n", language: try LanguageTag("ru")) == ["k": "base"])
        #expect(try StringsTable.load(bundle + "/en.lproj", table: "MJRefresh_i18n", language: try LanguageTag("ko")) == ["k": "english"])
        try FileManager.default.removeItem(atPath: bundle + "/Base.lproj")
        // The table exists, not in this language: the phone shows MJRefresh's own strings.
        #expect(try StringsTable.load(bundle, table: "MJRefresh_i18n", language: try LanguageTag("ru")).isEmpty)
        let missing = try #require(throws: RefreshGifError.self) {
            try StringsTable.load(bundle, table: "Localizable", language: try LanguageTag("en"))
        }
        #expect("\(missing)".contains("holds no Localizable.strings"))
    }

    @Test("what the picture says: the app's words replace MJRefresh's in titles and the last-updated line; other libraries refuse a file")
    func drawn() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(
            """
            "MJRefreshHeaderIdleText" = "Pull, friend";
            "MJRefreshHeaderLastTimeText" = "Synced: ";
            "MJRefreshHeaderNoneLastDateText" = "never";
            "MJRefreshTrailerIdleText" = "More";
            "MJRefreshTrailerPullingText" = "Let go";
            """, to: folder + "/Strings.bundle/en.lproj/MJRefresh_i18n.strings")
        let arguments = ["--i18n-bundle", folder + "/Strings.bundle", "--i18n-filename", "MJRefresh_i18n"]
        let scene = try SceneSchema.standard.description(fromArguments: arguments).makeScene()
        #expect(scene.stateTitle == "Pull, friend" && scene.lastUpdatedText == "Synced: never")
        // A state the file leaves out keeps MJRefresh's own words; the app's title still wins.
        let pulling = try SceneSchema.standard.description(fromArguments: arguments + ["--state", "pulling"]).makeScene()
        #expect(pulling.stateTitle == "Release to refresh")
        let titled = try SceneSchema.standard.description(fromArguments: arguments + ["--title", "idle=Mine"]).makeScene()
        #expect(titled.stateTitle == "Mine")
        // The trailer's keys, given by the file, are no longer what a phone shows.
        #expect(try AssetLint.check(try SceneSchema.standard.description(fromArguments: arguments + ["--kind", "trailer"])).isEmpty)
        let refused = try #require(throws: InvalidValue.self) {
            try SceneSchema.standard.description(fromArguments: arguments.prefix(2) + ["--library", "svpulltorefresh"]).makeScene()
        }
        #expect(refused.field == "i18nBundle")
        let run = try CLI.run(arguments + ["--i18n-filename", "a/b", "-o", folder + "/x.png"])
        #expect(run.status == 64 && run.stderr.contains("--i18n-filename"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/x.png"))
    }
}
