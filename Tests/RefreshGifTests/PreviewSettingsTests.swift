@_spi(Tools) import RefreshGif
import RefreshGifTools
import Testing

/// What `refresh-render preview` hands to its server program: checked once, read back equal.
@Suite("Preview settings")
struct PreviewSettingsTests {
    @Test("the panel's colour pickers are the settings whose values are colours, read from their value types")
    func colourSettingsArePickedAsColours() throws {
        let catalog = SettingsCatalog(schema: .standard)
        let colours = catalog.fields.filter(\.isColor).map(\.name)
        #expect(colours.contains("controlColor") && colours.contains("textColor"))
        for field in SceneSchema.standard.fields {
            // A colour's value reads as #RRGGBB[AA]; nothing else does.
            #expect(field.isColor == field.valueName.hasPrefix("#RRGGBB"), "\(field.name)")
            #expect(colours.contains(field.name) == field.isColor, "\(field.name)")
        }
        #expect(catalog.fields.first { $0.name == "language" }?.suggestions?.contains("zh-Hans") == true)
    }

    @Test("the hand-off reads back equal, scene included")
    func roundTrip() throws {
        var scene = SceneDescription()
        scene[.percent] = .number(0.6)
        scene[.titles] = .byState(["idle": .text("Pull \"me\"\n")])
        let settings = try PreviewSettings(
            scene: scene, baseDirectory: "/tmp/a b", host: "::1", port: 8765, jobs: 3, requestSeconds: 10, openBrowser: true)
        #expect(try PreviewSettings(handOff: settings.handOff) == settings)
    }

    @Test(
        "values out of their limits name the option; a hand-off that is not one is bad input",
        arguments: [
            ("port", 65536, "--port: must be between 0 and 65535, got 65536"),
            ("jobs", 0, "--jobs: must be between 1 and 256, got 0"),
            ("requestSeconds", 3601, "--request-seconds: must be between 1 and 3600, got 3601"),
        ])
    func limits(field: String, value: Int, message: String) throws {
        let error = #expect(throws: InvalidValue.self) {
            _ = try PreviewSettings(
                scene: SceneDescription(), baseDirectory: "/", port: field == "port" ? value : 0, jobs: field == "jobs" ? value : 2,
                requestSeconds: field == "requestSeconds" ? value : 30)
        }
        let report = try #require(error.map { ErrorReport.describe($0) })
        #expect(report.code == 64 && report.message == message)
    }

    @Test("a hand-off that is not the settings' JSON is bad input, naming what is wrong")
    func badHandOff() throws {
        for text in ["", "{}", "{\"port\": 1}", "[1]"] {
            let error = #expect(throws: RefreshGifError.self) { _ = try PreviewSettings(handOff: text) }
            let report = try #require(error.map { ErrorReport.describe($0) })
            #expect(report.code == 65 && report.message.hasPrefix("the preview settings"), "\(text): \(report.message)")
        }
        #expect(throws: RefreshGifError.self) { _ = try PreviewSettings(handOff: "{\"scene\": \"{\\\"nope\\\": 1}\"}") }
    }
}
