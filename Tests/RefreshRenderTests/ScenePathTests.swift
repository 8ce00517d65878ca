import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// A scene file is what a pull request changes: the settings it holds may name files only
/// where their declaration says so (docs/robustness.md, "Paths"). Every declared setting that
/// names no file, carrying values that try to reach a canary folder beside the scene's
/// (`../`, absolute, a NUL, a link inside, Windows separators), with a strings bundle named by
/// the scene: inotify sees every open in the canary, and none may happen. A new setting is
/// covered without editing this test.
@Suite("Scene files: only declared files are read")
struct ScenePathTests {
    /// The scene file's text: the bundle, the demo GIF and one more setting.
    static func scene(_ field: SceneField, _ value: SceneValue) -> String {
        "{\"i18nBundle\": \"bundle\", \"images\": {\"idle\": \"pull.gif\"}, \(SceneValue.text(field.name).jsonText): \(value.jsonText)}"
    }

    @Test func noSettingThatNamesNoFileOpensOne() throws {
        let canary = try PathCanary()
        let fields = SceneSchema.standard.fields.filter { $0.fileForm == nil }
        #expect(fields.contains { $0.name == "language" } && fields.count > 30)
        let file = canary.served + "/scene.json"
        var scenes = 0
        for field in fields {
            for attack in canary.attacks {
                for value in PathCanary.values(of: field, carrying: attack) {
                    try Data(Self.scene(field, value).utf8).write(to: URL(fileURLWithPath: file))
                    var answer = ""
                    do {
                        _ = try SceneDescription(contentsOfFile: file).makeScene()
                    } catch {
                        answer = "\(error)"
                    }
                    scenes += 1
                    let opened = canary.opened()
                    #expect(opened.isEmpty, "\(field.name) = \(value.jsonText) opened \(opened)")
                    #expect(!answer.contains(PathCanary.marker), "\(field.name) = \(value.jsonText): \(answer)")
                }
            }
        }
        #expect(scenes > 150)
    }

    /// The attack's own commands: a language that climbs out of the bundle, from the command
    /// line and from a scene file, is refused (64 and 65) naming the setting, and opens nothing.
    @Test func aLanguageIsATagNotAPath() throws {
        let canary = try PathCanary()
        let out = canary.served + "/out.png"
        for attack in canary.attacks {
            let direct = try CLI.run(["--i18n-bundle", "bundle", "--language", attack, "-o", out], in: canary.served)
            #expect(direct.status == 64, "\(attack): \(direct.stderr)")
            #expect(direct.stderr.contains("--language") && direct.stderr.contains("language tag"), "\(direct.stderr)")
            try Data(Self.scene(.language, .text(attack)).utf8).write(to: URL(fileURLWithPath: canary.served + "/scene.json"))
            let scene = try CLI.run(["--scene", "scene.json", "-o", out], in: canary.served)
            #expect(scene.status == 65, "\(attack): \(scene.stderr)")
            #expect(scene.stderr.contains("scene.json") && scene.stderr.contains("language"), "\(scene.stderr)")
            #expect(!scene.stderr.contains(PathCanary.marker) && !direct.stderr.contains(PathCanary.marker))
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        #expect(canary.opened().isEmpty)
        // A real tag reads the app's folder for it.
        let german = try CLI.run(["--i18n-bundle", "bundle", "--language", "de", "--state", "idle", "-o", out], in: canary.served)
        #expect(german.status == 0, "\(german.stderr)")
        #expect(canary.opened().isEmpty)
    }
}
