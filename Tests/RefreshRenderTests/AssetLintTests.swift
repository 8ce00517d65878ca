import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
import Testing

/// `refresh-render lint` on images made here: each finding for the file that causes it, none
/// for images a control shows as they are.
@Suite("Asset linter")
struct AssetLintTests {
    /// A GIF of `frames` frames of `width` × `height` px, each `delay` s, made by our encoder;
    /// with `partial`, frames after the first change only a 4 × 4 corner.
    static func gif(width: Int, height: Int, frames: Int, delay: Double, partial: Bool = false) throws -> [UInt8] {
        let encoder = try GIFEncoder(width: width, height: height)
        for f in 0..<frames {
            var pixels = [UInt8](repeating: 255, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let step = !partial || (x < 4 && y < 4) ? f : 0
                    pixels[(y * width + x) * 4] = UInt8((x * 9 + step * 40) % 256)
                    pixels[(y * width + x) * 4 + 1] = UInt8((y * 5) % 256)
                }
            }
            try encoder.add(try RGBAImage(width: width, height: height, straightPixels: pixels), at: Double(f) * delay)
        }
        return try encoder.finish(at: Double(frames) * delay)
    }

    @Test("a character no installed font has is a warning naming it, from lint and from render; none for plain titles")
    func missingCharacters() throws {
        // A private-use character of plane 16: no font has it.
        let odd = "Pull \u{10FFFD} down"
        let description = try SceneSchema.standard.description(fromArguments: ["--title", "idle=" + odd])
        let findings = try AssetLint.missingCharacters(try description.makeScene())
        #expect(findings.count == 1 && findings[0].state == "idle" && findings[0].message.hasPrefix("no installed font has U+10FFFD"))
        #expect(
            try AssetLint.missingCharacters(try SceneSchema.standard.description(fromArguments: ["--title", "idle=Pull"]).makeScene())
                .isEmpty)
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLI.run(["--title", "idle=" + odd, "-o", folder + "/a.png"])
        #expect(run.status == 0 && run.stderr.contains("warning: no installed font has U+10FFFD"), "\(run.stderr)")
    }

    @Test("images for a style that draws none are refused naming the setting, not checked")
    func onlyWhatIsDrawn() throws {
        let normal = try SceneSchema.standard.description(fromArguments: [
            "--style", "normal", "--images", "idle=Fixtures/lottie/pull-loop.json",
        ])
        #expect {
            try AssetLint.check(normal, baseDirectory: Support.root.path)
        } throws: { ($0 as? InvalidValue)?.field == "images" && "\($0)".contains("MJRefreshNormalHeader") }
        let gif = try AssetLint.check(
            try SceneSchema.standard.description(fromArguments: ["--images", "idle=Fixtures/lottie/pull-loop.json"]),
            baseDirectory: Support.root.path)
        #expect(gif.contains { $0.message.contains("grows from 54") })
    }

    @Test("a sequence with one frame of another size is a warning naming the frame and both sizes")
    func oddFrame() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for index in 0..<4 {
            let colour = RGBAColor(red: 0x20, green: 0x80, blue: 0xFF)
            try Support.solid(index == 2 ? 64 : 60, 60, colour).writePNG(to: folder + "/frame_\(index)@2x.png")
        }
        let findings = try AssetLint.check(try SceneSchema.standard.description(fromArguments: ["--images", "refreshing=" + folder]))
        let odd = findings.filter { $0.message.contains("the image jumps as it plays") }
        #expect(odd.count == 1 && odd[0].severity == .warning && odd[0].state == "refreshing")
        #expect(odd.first?.message.hasPrefix("frame 3 is 32×30 pt among frames of 30×30 pt") == true, "\(odd)")
    }

    @Test("a folder of spin_NN@2x.png frames is read by its frames' names, not the folder's")
    func folderFramesCarryTheirScale() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let colour = RGBAColor(red: 0x20, green: 0x80, blue: 0xFF)
        try FileManager.default.createDirectory(atPath: folder + "/spin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/plain", withIntermediateDirectories: true)
        for index in 0..<3 {
            try Support.solid(60, 60, colour).writePNG(to: folder + "/spin/spin_0\(index)@2x.png")
            try Support.solid(60, 60, colour).writePNG(to: folder + "/plain/spin_0\(index).png")
        }
        func scaleFindings(_ path: String, scale: Int) throws -> [AssetFinding] {
            try AssetLint.check(
                try SceneSchema.standard.description(fromArguments: ["--images", "refreshing=" + path, "--scale", "\(scale)"])
            ).filter { $0.message.contains("@2x") || $0.message.contains("@3x") }
        }
        // @2x frames at @2x: nothing to say; at @3x: enlarged, as a single @2x file would be.
        #expect(try scaleFindings(folder + "/spin", scale: 2).isEmpty)
        #expect(try scaleFindings(folder + "/spin", scale: 3).first?.message.hasPrefix("@2x pixels drawn at @3x") == true)
        // Frames without a scale in their names are said to have none.
        #expect(try scaleFindings(folder + "/plain", scale: 2).first?.message.contains("the frames' names") == true)
    }

    @Test("an MJRefresh trailer outside Chinese: the phone shows the string keys, and lint says so until the app sets titles")
    func trailerKeys() throws {
        let english = try AssetLint.check(try SceneSchema.standard.description(fromArguments: ["--kind", "trailer"]))
        #expect(english.map(\.state).sorted() == ["idle", "pulling"])
        #expect(english.allSatisfy { $0.severity == .warning && $0.message.contains("a phone shows the key MJRefreshTrailer") })
        // The finding names the setting that changes it, for the preview to show it there.
        #expect(english.allSatisfy { $0.setting == SceneField.titles.name })
        let titled = try AssetLint.check(
            try SceneSchema.standard.description(fromArguments: ["--kind", "trailer", "--title", "idle=More", "--title", "pulling=Let go"]))
        #expect(titled.isEmpty)
        #expect(
            try AssetLint.check(try SceneSchema.standard.description(fromArguments: ["--kind", "trailer", "--language", "zh-Hans"])).isEmpty
        )
        #expect(try AssetLint.check(try SceneSchema.standard.description(fromArguments: ["--kind", "header"])).isEmpty)
    }

    @Test("a tall image grows the header, a slow loop is choppy, @2x pixels drawn at @3x are soft, sizes that differ jump")
    func findings() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 240 px at @2x: 120 pt, taller than MJRefresh's 54-pt header.
        try Data(try Self.gif(width: 60, height: 240, frames: 12, delay: 0.05)).write(to: URL(fileURLWithPath: folder + "/pull@2x.gif"))
        // 3 frames over 1.5 s: 2 frames a second.
        try Data(try Self.gif(width: 40, height: 40, frames: 3, delay: 0.5)).write(to: URL(fileURLWithPath: folder + "/spin@2x.gif"))
        let run = try CLI.run([
            "lint", "--images", "idle=" + folder + "/pull@2x.gif", "--images", "refreshing=" + folder + "/spin@2x.gif", "--scale", "3",
        ])
        let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(run.status == 1, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("warning: ") && $0.contains("grows from 54 to 120 pt") })
        #expect(lines.contains { $0.contains("refreshing") && $0.contains("3 frames in 1.5 s") && $0.contains("2 frames a second") })
        #expect(lines.contains { $0.contains("pull@2x.gif") && $0.contains("@2x pixels drawn at @3x: enlarged 1.5×") })
        #expect(lines.contains { $0.contains("first frames differ in size") })
        // Warnings come before infos, and the same input gives the same lines.
        let severities = lines.map { $0.hasPrefix("warning") ? 1 : 0 }
        #expect(severities == severities.sorted(by: >))
        let again = try CLI.run([
            "lint", "--images", "idle=" + folder + "/pull@2x.gif", "--images", "refreshing=" + folder + "/spin@2x.gif", "--scale", "3",
        ])
        #expect(again.stdout == run.stdout)
    }

    @Test("GIF frames that draw part of the screen, and Lottie features rlottie does not draw, are named; --json gives one object a line")
    func fileContents() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(try Self.gif(width: 40, height: 40, frames: 24, delay: 0.05, partial: true))
            .write(to: URL(fileURLWithPath: folder + "/spin@2x.gif"))
        let spinner = try String(contentsOf: Support.root.appendingPathComponent("Fixtures/lottie/spinner.json"), encoding: .utf8)
        let layers = try #require(spinner.range(of: "\"layers\""))
        let threeD =
            spinner[..<layers.lowerBound] + spinner[layers.lowerBound...].replacingOccurrences(of: "\"ddd\": 0", with: "\"ddd\": 1")
        try threeD.write(toFile: folder + "/pull.json", atomically: true, encoding: .utf8)
        let run = try CLI.run([
            "lint", "--images", "refreshing=" + folder + "/spin@2x.gif", "--images", "idle=" + folder + "/pull.json", "--json",
        ])
        #expect(run.status == 1)
        let findings = try String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map {
            try JSONDecoder().decode(AssetFinding.self, from: Data($0.utf8))
        }
        #expect(findings.contains { $0.state == "refreshing" && $0.message.contains("23 of 24 frames draw only part of the screen") })
        #expect(findings.contains { $0.state == "idle" && $0.severity == .warning && $0.message.contains("3D layers") })
    }

    /// A 40 × 40 px disc of `fill` on transparency, its outermost ring `rim` when one is given.
    static func disc(fill: RGBAColor, rim: RGBAColor?) throws -> [UInt8] {
        var image = try RGBAImage(width: 40, height: 40)
        for y in 0..<40 {
            for x in 0..<40 {
                let d = ((Double(x) - 19.5) * (Double(x) - 19.5) + (Double(y) - 19.5) * (Double(y) - 19.5)).squareRoot()
                guard d < 16 else { continue }
                var pixel = try RGBAImage(width: 1, height: 1)
                pixel.fill(with: d >= 14 ? (rim ?? fill) : fill)
                image.draw(pixel, atX: x, y: y)
            }
        }
        return try PNGEncoder().encode(image)
    }

    @Test("edges matted on white or black are named: they show as a rim on the other background")
    func mattedEdges() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let orange = RGBAColor(red: 240, green: 120, blue: 20)
        try Data(try Self.disc(fill: orange, rim: RGBAColor(red: 250, green: 250, blue: 250))).write(
            to: URL(fileURLWithPath: folder + "/white@2x.png"))
        try Data(try Self.disc(fill: orange, rim: RGBAColor(red: 10, green: 10, blue: 10))).write(
            to: URL(fileURLWithPath: folder + "/black@2x.png"))
        try Data(try Self.disc(fill: orange, rim: nil)).write(to: URL(fileURLWithPath: folder + "/clean@2x.png"))
        // A white icon is white all over, not matted: nothing to say.
        try Data(try Self.disc(fill: RGBAColor(red: 255, green: 255, blue: 255), rim: nil)).write(
            to: URL(fileURLWithPath: folder + "/icon@2x.png"))
        func lint(_ name: String) throws -> [String] {
            let run = try CLI.run(["lint", "--images", "idle=" + folder + "/" + name])
            return String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        #expect(
            try lint("white@2x.png").contains {
                $0.hasPrefix("warning: idle") && $0.contains("near white") && $0.contains("on a dark background")
            })
        #expect(
            try lint("black@2x.png").contains {
                $0.hasPrefix("warning: idle") && $0.contains("near black") && $0.contains("on a light background")
            })
        #expect(try lint("clean@2x.png").allSatisfy { !$0.contains("edge pixels") })
        #expect(try lint("icon@2x.png").allSatisfy { !$0.contains("edge pixels") })
    }

    @Test("images a control shows as they are: no warning, exit 0; a missing file is one error line naming it")
    func clean() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(try Self.gif(width: 60, height: 60, frames: 24, delay: 0.04)).write(to: URL(fileURLWithPath: folder + "/loop@2x.gif"))
        let run = try CLI.run(["lint", "--images", "refreshing=" + folder + "/loop@2x.gif", "--images", "idle=" + folder + "/loop@2x.gif"])
        #expect(run.status == 0, "\(String(decoding: run.stdout, as: UTF8.self))")
        #expect(!String(decoding: run.stdout, as: UTF8.self).contains("warning"))
        let missing = try CLI.run(["lint", "--images", "idle=" + folder + "/none.gif"])
        #expect(missing.status != 0 && missing.status != 1 && missing.stderr.contains("none.gif"))
        #expect(missing.stderr.split(separator: "\n").count == 1)
    }
}
