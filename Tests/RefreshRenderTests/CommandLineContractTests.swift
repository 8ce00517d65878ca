import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// The command line against the schema, fonts and output folders, end to end.
@Suite("refresh-render: schema, fonts, outputs")
struct CommandLineContractTests {
    @Test("every schema field is a command-line option, and every scene option of the command line is a field")
    func cliMatchesSchema() throws {
        let help = try CLI.run(["render", "--help"])
        let text = String(decoding: help.stdout, as: UTF8.self)
        for field in SceneSchema.fields {
            #expect(text.contains("--" + field.option), "--\(field.option) (\(field.name)) is missing from render --help")
        }
        // Options of `render` that are not scene fields: its own and the PNG options.
        let own: Set = ["output", "from-state", "since", "png-level", "png-filter", "png-encoder", "help", "version"]
        let listed = Set(
            text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," })
                .filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2).prefix { $0.isLetter || $0 == "-" }) })
        let fields = Set(SceneSchema.fields.map(\.option))
        #expect(listed.subtracting(fields).subtracting(own).isEmpty, "not in the schema: \(listed.subtracting(fields).subtracting(own))")
    }

    @Test("shell completion offers every choice field's words, from the schema")
    func completionListsChoices() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = String(decoding: try CLI.run(["--generate-completion-script", shell]).stdout, as: UTF8.self)
            for key in SceneKey.allCases {
                for word in SceneSchema.choices(key) {
                    #expect(script.contains(word), "\(shell): --\(SceneSchema.field(key).option) does not offer \(word)")
                }
            }
            #expect(!SceneSchema.choices(.library).isEmpty && !SceneSchema.choices(.spinner).isEmpty)
        }
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
