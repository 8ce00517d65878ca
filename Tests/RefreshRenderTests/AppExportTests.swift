import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// `refresh-render export`: the frames, their sizes and names, the catalog's JSON, the
/// warnings, and a folder written whole or not at all.
@Suite("Export: assets as Xcode takes them")
struct AppExportTests {
    static func sequence(delays: [Double]) throws -> ImageSequence {
        let frames = try delays.indices.map { _ in
            try ScaledImage(image: Support.solid(2, 2, RGBAColor(red: 0, green: 0, blue: 0)), scale: 2)
        }
        return try ImageSequence(frames: frames, duration: nil, frameDelays: delays)
    }

    @Test("a GIF's delays become repeats: each frame listed for its own delay on the delays' common tick")
    func folding() throws {
        let playback = ImagePlayback(try Self.sequence(delays: [0.1, 0.3, 0.2]), timing: .gif)
        #expect(playback.frames == [0, 1, 1, 1, 2, 2])
        #expect(abs(playback.duration - 0.6) < 1e-9)
        // Equal timing (UIImageView's own): each frame once, the sequence's duration.
        let equal = ImagePlayback(try Self.sequence(delays: [0.1, 0.3, 0.2]), timing: .equal)
        #expect(equal.frames == [0, 1, 2] && abs(equal.duration - 0.6) < 1e-9)
        // Equal delays need no repeats.
        #expect(ImagePlayback(try Self.sequence(delays: [0.04, 0.04]), timing: .gif).frames == [0, 1])
        // Delays with no useful common tick are spaced on a coarser one, at most 600 images.
        let long = ImagePlayback(try Self.sequence(delays: [0.01, 7.0, 0.03]), timing: .gif)
        #expect(long.frames.count <= ImagePlayback.maxListed && Set(long.frames) == [0, 1, 2])
    }

    @Test("the catalog: an image set a frame, Contents.json as Xcode writes it, @2x and @3x from the sources")
    func catalog() throws {
        let description = try SceneSchema.standard.description(fromArguments: ["--images", "refreshing=Fixtures/demo/spin.gif"])
        let export = try AppExport(description, baseDirectory: Support.root.path)
        let files = try export.files()
        let paths = files.map(\.path)
        #expect(paths.contains("Refresh.xcassets/Contents.json"))
        #expect(paths.contains("Refresh.xcassets/refresh_refreshing_007.imageset/refresh_refreshing_007@3x.png"))
        #expect(!paths.contains { $0.contains("refresh_refreshing_008") })
        let contents = try #require(files.first { $0.path == "Refresh.xcassets/refresh_refreshing_000.imageset/Contents.json" })
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contents.bytes)) as? [String: Any])
        let images = try #require(json["images"] as? [[String: String]])
        #expect(images.map { $0["scale"] } == ["1x", "2x", "3x"])
        #expect(images.map { $0["filename"] } == [nil, "refresh_refreshing_000@2x.png", "refresh_refreshing_000@3x.png"])
        #expect(images.allSatisfy { $0["idiom"] == "universal" })
        #expect((json["info"] as? [String: Any])?["author"] as? String == "xcode")
        #expect((json["info"] as? [String: Any])?["version"] as? Int == 1)
        // The 100-px GIF is taken at the scene's @2x: 50 pt, so 100 px at @2x and 150 px at @3x.
        let three = try #require(files.first { $0.path.hasSuffix("refresh_refreshing_000@3x.png") })
        let two = try #require(files.first { $0.path.hasSuffix("refresh_refreshing_000@2x.png") })
        #expect(Self.size(three.bytes) == (150, 150) && Self.size(two.bytes) == (100, 100))
        #expect(export.images[.refreshing]?.names.count == 8)
    }

    /// A PNG's width and height from its IHDR.
    static func size(_ png: [UInt8]) -> (Int, Int) {
        func word(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test("the same scene exports byte-identical files; plain files are named NAME_STATE_000@2x.png")
    func deterministic() throws {
        let description = try SceneSchema.standard.description(fromArguments: [
            "--images", "idle=Fixtures/demo/pull.gif", "--title", "idle=Pull",
        ])
        let options = AppExport.Options(prefix: "pull", scales: [2], assets: .files)
        let first = try AppExport(description, options: options, baseDirectory: Support.root.path).files()
        let second = try AppExport(description, options: options, baseDirectory: Support.root.path).files()
        #expect(first.map(\.path) == second.map(\.path) && first.map(\.bytes) == second.map(\.bytes))
        #expect(first.map(\.path).contains("images/pull_idle_019@2x.png"))
        #expect(!first.map(\.path).contains { $0.contains("@3x") })
    }

    @Test("warnings: the decoded memory, a header grown past its height")
    func warnings() throws {
        let description = try SceneSchema.standard.description(fromArguments: ["--images", "idle=Fixtures/lottie/pull-loop.json"])
        let export = try AppExport(description, baseDirectory: Support.root.path)
        #expect(export.findings.contains { $0.message.contains("stay decoded on the device") })
        #expect(export.findings.contains { $0.severity == .warning && $0.message.contains("grows from 54") })
    }

    @Test("SVPullToRefresh's spinner: the style is set before the colour (a style set after resets it), as MJRefresh orders them")
    func spinnerStyleBeforeColour() throws {
        let description = try SceneSchema.standard.description(fromArguments: [
            "--library", "svpulltorefresh", "--spinner", "white-large", "--spinner-color", "#FF0000",
        ])
        let setup = try #require(
            try AppExport(description, options: AppExport.Options(scales: [2]), baseDirectory: Support.root.path).setup)
        for code in [setup.swift, setup.objcSource(header: "RefreshSetup.h")] {
            let style = try #require(code.range(of: "activityIndicatorViewStyle"))
            let colour = try #require(code.range(of: "activityIndicatorViewColor"))
            #expect(style.lowerBound < colour.lowerBound, "\(code)")
        }
    }

    @Test("each warning names its state and file: two choppy loops are two lines, told apart")
    func warningsNameTheirState() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(
            [
                "export", "-o", folder + "/e", "--images", "refreshing=Fixtures/demo/pull.gif", "--images",
                "pulling=Fixtures/demo/pull.gif",
                "--duration", "refreshing=5", "--duration", "pulling=5",
            ], in: Support.root.path)
        #expect(run.status == 0, "\(run.stderr)")
        let choppy = run.stderr.split(separator: "\n").filter { $0.contains("choppy") }
        #expect(
            choppy.count == 2 && choppy.contains { $0.contains("warning: refreshing (") }
                && choppy.contains { $0.contains("warning: pulling (") },
            "\(run.stderr)")
    }

    @Test("the folder is written whole: an earlier export is replaced, a bad input leaves nothing, bad options are 64")
    func wholeOrNothing() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/export"
        let ok = try CLI.run(["export", "--images", "idle=Fixtures/demo/pull.gif", "-o", out], in: Support.root.path)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "/Refresh.xcassets/refresh_idle_000.imageset/Contents.json"))
        #expect(FileManager.default.fileExists(atPath: out + "/RefreshSetup.m"))
        // Again with other images: the old frames are gone, not mixed in.
        let again = try CLI.run(["export", "--images", "refreshing=Fixtures/demo/spin.gif", "-o", out], in: Support.root.path)
        #expect(again.status == 0)
        #expect(!FileManager.default.fileExists(atPath: out + "/Refresh.xcassets/refresh_idle_000.imageset"))
        let bad = try CLI.run(["export", "--images", "idle=Fixtures/demo/missing.gif", "-o", folder + "/broken"], in: Support.root.path)
        #expect(bad.status != 0 && bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
        #expect(CLI.files(in: folder) == ["export"])
        for options in [["--name", "9x"], ["--scales", "2,4"], ["--scales", "two"]] {
            let run = try CLI.run(["export", "-o", folder + "/x"] + options)
            #expect(run.status == 64 && run.stderr.contains("--" + options[0].dropFirst(2)), "\(options) \(run.stderr)")
        }
    }
}

/// The page's download: the export as one ZIP archive, read by Python's `zipfile`.
@Suite("Export: the ZIP archive")
struct ExportArchiveTests {
    @Test("the archive holds the export's files byte for byte, Python's zipfile reads it, and it is the same every time")
    func archive() throws {
        let description = try SceneSchema.standard.description(fromArguments: ["--images", "refreshing=Fixtures/demo/spin.gif"])
        let export = try AppExport(description, options: AppExport.Options(scales: [2]), baseDirectory: Support.root.path)
        let zip = try export.zip()
        #expect(try export.zip() == zip)
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(zip).write(to: URL(fileURLWithPath: folder + "/a.zip"))
        try export.write(to: folder + "/export")
        // Every entry equals the file the export writes; every time stamp is 1980-01-01 00:00.
        let script = """
            import os, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                assert z.testzip() is None
                names = z.namelist()
                for info in z.infolist():
                    assert info.date_time == (1980, 1, 1, 0, 0, 0), info.date_time
                    with open(os.path.join(sys.argv[2], info.filename), "rb") as f:
                        assert z.read(info) == f.read(), info.filename
                print(len(names))
            """
        let run = try CLI.run(["python3", "-c", script, folder + "/a.zip", folder + "/export"], executable: "/usr/bin/env")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            String(decoding: run.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == String(try export.files().count))
    }
}

/// PNG frames named one by one, as the page's copied command names a dropped sequence.
@Suite("Images: a list of PNG frames")
struct FrameListTests {
    @Test("`a.png,b.png` is a sequence in the order given; anything but PNGs in the list is refused")
    func list() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let colours = [RGBAColor(red: 255, green: 0, blue: 0), RGBAColor(red: 0, green: 0, blue: 255)]
        for (index, colour) in colours.enumerated() {
            try Support.solid(4, 4, colour).writePNG(to: folder + "/f\(index)@2x.png")
        }
        let loader = ImageLoader(defaultScale: 2, renderScale: 2)
        let sequence = try loader.load(folder + "/f1@2x.png," + folder + "/f0@2x.png")
        #expect(sequence.count == 2)
        #expect(sequence.frames[0].image.pixel(x: 0, y: 0)?.b == 255 && sequence.frames[1].image.pixel(x: 0, y: 0)?.r == 255)
        #expect(sequence.frames[0].pointWidth == 2)
        #expect(throws: RefreshGifError.self) { try loader.load(folder + "/f0@2x.png," + folder + "/x.gif") }
    }
}

/// What an app team brings: its own font file, strings bundle and languages.
@Suite("Export: fonts, strings and languages as the app needs them")
struct AppExportHandOffTests {
    /// DejaVu Sans Bold copied into `folder` as `name`: an app's own font file.
    static func font(named name: String, in folder: String) throws {
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", toPath: folder + "/" + name)
    }

    @Test("a font file is asked for by its PostScript name and shipped under it; an installed family by its face of the weight")
    func fontsByPostScriptName() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.font(named: "AppSans-Bold.ttf", in: folder)
        let file = try AppExport(
            try SceneSchema.standard.description(fromArguments: ["--style", "state", "--state-label-font", "16 AppSans-Bold.ttf"]),
            baseDirectory: folder)
        #expect(file.fonts.map(\.file) == ["Fonts/DejaVuSans-Bold.ttf"])
        #expect(file.setup?.swift.contains("UIFont(name: \"DejaVuSans-Bold\", size: 16)") == true, "\(file.setup?.swift ?? "")")
        try file.write(to: folder + "/export")
        #expect(
            FileManager.default.contentsEqual(atPath: folder + "/export/Fonts/DejaVuSans-Bold.ttf", andPath: folder + "/AppSans-Bold.ttf"))
        // The scene's font file is each label's, at the library's size.
        let scene = try AppExport(
            try SceneSchema.standard.description(fromArguments: ["--style", "state", "--font", "AppSans-Bold.ttf"]), baseDirectory: folder)
        #expect(scene.setup?.swift.contains("header.stateLabel?.font = UIFont(name: \"DejaVuSans-Bold\", size: 14)") == true)
        let installed = try AppExport(
            try SceneSchema.standard.description(fromArguments: ["--style", "state", "--state-label-font", "bold 17 DejaVu Sans"]),
            baseDirectory: folder)
        #expect(installed.fonts.isEmpty)
        #expect(installed.setup?.swift.contains("UIFont(name: \"DejaVuSans-Bold\", size: 17)") == true, "\(installed.setup?.swift ?? "")")
    }

    @Test("a phone's own family is refused naming what to draw instead; FACE=FILE keeps the face in the code and draws the file")
    func phoneFamilies() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect {
            try RefreshRenderer().render(
                try SceneSchema.standard.description(fromArguments: ["--style", "state", "--state-label-font", "bold 17 Georgia"])
                    .makeScene())
        } throws: { error in
            let text = "\(error)"
            return (error as? InvalidValue)?.field == "stateLabelFont" && text.contains("the nearest installed face is")
                && text.contains("'bold 17 Georgia-Bold=FILE.ttf'")
        }
        try Self.font(named: "Stand-in.ttf", in: folder)
        let arguments = ["--style", "state", "--state-label-font", "bold 17 Georgia-Bold=Stand-in.ttf"]
        let export = try AppExport(try SceneSchema.standard.description(fromArguments: arguments), baseDirectory: folder)
        #expect(export.fonts.isEmpty)
        #expect(export.setup?.swift.contains("UIFont(name: \"Georgia-Bold\", size: 17)") == true, "\(export.setup?.swift ?? "")")
        // Drawn with the file, as a label font naming the file draws.
        let renderer = try RefreshRenderer()
        let drawn = try renderer.render(try SceneSchema.standard.description(fromArguments: arguments).makeScene(baseDirectory: folder))
        let file = try renderer.render(
            try SceneSchema.standard.description(fromArguments: ["--style", "state", "--state-label-font", "bold 17 Stand-in.ttf"])
                .makeScene(baseDirectory: folder))
        #expect(drawn == file)
    }

    @Test("ZJRefresh's animators say 首次刷新 with no stored time, before they ask the app's closure")
    func zjFirstRefresh() throws {
        let none = try SceneSchema.standard.description(fromArguments: [
            "--library", "zjrefresh", "--style", "gif", "--last-refresh-text", "刚刚",
        ]).makeScene()
        #expect(none.lastUpdatedText == "首次刷新")
        let stored = try SceneSchema.standard.description(fromArguments: [
            "--library", "zjrefresh", "--style", "gif", "--last-refresh-text", "刚刚", "--last-updated", "2024-07-05T09:41:00Z",
        ]).makeScene()
        #expect(stored.lastUpdatedText == "刚刚")
    }

    @Test("the app's strings ship with the code that reads them; the language drawn is not app code unless forced")
    func stringsAndLanguage() throws {
        let bundle = Support.root.appendingPathComponent("Fixtures/strings/App.bundle").path
        let export = try AppExport(
            try SceneSchema.standard.description(fromArguments: ["--i18n-bundle", bundle, "--language", "zh-Hans"]), baseDirectory: nil)
        #expect(export.strings.map(\.file) == ["Strings/en.lproj/Localizable.strings", "Strings/zh-Hans.lproj/Localizable.strings"])
        let swift = export.setup?.swift ?? ""
        #expect(swift.contains("MJRefreshConfig.default.i18nBundle = Bundle.main") && !swift.contains("languageCode"), "\(swift)")
        let forced = try AppExport(
            try SceneSchema.standard.description(fromArguments: ["--language", "zh-Hans", "--force-language"]), baseDirectory: nil)
        #expect(forced.setup?.swift.contains("MJRefreshConfig.default.languageCode = \"zh-Hans\"") == true)
    }

    @Test("a language only the app's strings have is drawn from them, as the phone reads the app's bundle")
    func appLanguage() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/App.bundle/de.lproj", withIntermediateDirectories: true)
        try "\"MJRefreshHeaderIdleText\" = \"Zum Aktualisieren ziehen\";\n".write(
            toFile: folder + "/App.bundle/de.lproj/Localizable.strings", atomically: true, encoding: .utf8)
        let scene = try SceneSchema.standard.description(fromArguments: ["--i18n-bundle", "App.bundle", "--language", "de"])
            .makeScene(baseDirectory: folder)
        #expect(scene.stateTitle == "Zum Aktualisieren ziehen")
        // The library's own strings have no German: the pulled title is English.
        var pulled = scene
        pulled.state = .pulling
        #expect(pulled.stateTitle == "Release to refresh")
    }
}
