import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// The command line against the schema, fonts and output folders, end to end.
@Suite("refresh-render: schema, fonts, outputs")
struct CommandLineContractTests {
    @Test("every setting is a command-line option in help, and every option of render is a setting or its own")
    func cliMatchesSchema() throws {
        let help = try CLI.run(["render", "--help"])
        let text = String(decoding: help.stdout, as: UTF8.self)
        for field in SceneSchema.standard.fields {
            #expect(text.contains("--" + field.option), "--\(field.option) (\(field.name)) is missing from render --help")
        }
        // Options of `render` that are not settings: its own and the PNG options.
        let own: Set = [
            "output", "scene", "from-state", "since", "png-level", "png-filter", "png-encoder", "png-colors", "help", "version",
        ]
        let listed = Set(
            text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," })
                .filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "-" }) })
        let fields = Set(SceneSchema.standard.fields.map(\.option))
        #expect(listed.subtracting(fields).subtracting(own).isEmpty, "not in the schema: \(listed.subtracting(fields).subtracting(own))")
    }

    @Test("shell completion asks the command for settings: every option, and a choice's words after it")
    func completionListsChoices() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = String(decoding: try CLI.run(["--generate-completion-script", shell]).stdout, as: UTF8.self)
            #expect(script.contains("---completion"), "\(shell): the script does not call back for settings")
        }
        // What the script is answered with: the words of the option before, else the options.
        let schema = SceneSchema.standard
        for field in schema.fields where !field.choices.isEmpty {
            #expect(schema.completions(after: "--" + field.option, prefix: "") == field.choices)
        }
        #expect(schema.completions(after: "--state", prefix: "--").isEmpty)
        #expect(schema.completions(after: "--rtl", prefix: "--spin") == ["--spinner", "--spinner-color"])
        // As bash's script asks: the word index, the cursor, then the words.
        let answer = try CLI.run(["---completion", "render", "--", "positional@0", "3", "0", "refresh-render", "render", "--spinner", ""])
        #expect(
            String(decoding: answer.stdout, as: UTF8.self).split(separator: "\n").map(String.init) == SpinnerStyle.allCases.map(\.rawValue))
    }

    @Test(
        "a word that is no setting, a missing value, a flag with a value: one line each, exit 64, nothing written",
        arguments: [
            (["--bogus", "1"], "Unknown option '--bogus'"), (["--state"], "Missing value for '--state <state>'"),
            (["--rtl=yes"], "The flag '--rtl' does not take a value"), (["stray"], "Unexpected argument 'stray'"),
            (["--arrow-color", "#FF0000"], "--arrow-color: is a setting of svpulltorefresh; the library is mjrefresh"),
            (["--scale", "x"], "--scale: expected a whole number, got 'x'"),
        ])
    func badSettings(arguments: [String], message: String) throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(arguments + ["-o", folder + "/out.png"])
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.png"))
    }

    @Test("gallery takes only its settings; extract and diff only the limits")
    func settingSubsets() throws {
        let gallery = try CLI.run(["gallery", "--state", "pulling", "-o", "/tmp/never.png"])
        #expect(gallery.status == 64 && gallery.stderr.contains("Unknown option '--state'"))
        let extract = try CLI.run(["extract", "nothing.gif", "--percent", "1"])
        #expect(extract.status == 64 && extract.stderr.contains("Unknown option '--percent'"))
        let limits = try CLI.run(["extract", "nothing.gif", "--max-pixels", "0"])
        #expect(limits.status == 64 && limits.stderr.contains("--max-pixels: must be between 1 and"), "\(limits.stderr)")
    }

    @Test(
        "with no usable font, rendering fails with one line and exit 66 instead of trapping or drawing no text",
        arguments: [["--kind", "trailer", "--style", "state"], ["--state", "pulling"]])
    func noFont(arguments: [String]) throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = folder + "/fonts.conf"
        try Data("<?xml version=\"1.0\"?><fontconfig><cachedir>\(folder)/cache</cachedir></fontconfig>".utf8).write(
            to: URL(fileURLWithPath: config))
        let result = try CLI.run(arguments + ["-o", folder + "/out.png"], environment: ["FONTCONFIG_FILE": config])
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.contains("no usable font"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.png"))
    }
    @Test("an output folder that cannot take files exits 73 and leaves nothing")
    func unwritableFolder() throws {
        let result = try CLI.run(["-o", "/proc/refreshgif-test.png"])
        #expect(result.status == 73)
        #expect(result.stderr.contains("/proc/refreshgif-test.png"))
        let directory = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let asDirectory = try CLI.run(["-o", directory])
        #expect(asDirectory.status == 73)
    }
}
