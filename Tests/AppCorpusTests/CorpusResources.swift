import Foundation
import RefreshGif
import RefreshGifTestSupport
import RefreshGifUIKit

/// The app's resources the corpus files name, made here: an asset catalog with eight loading
/// frames (`loading_01` … `loading_08`, @2x) and an arrow, the app's English strings, and a
/// brand colour set with a dark appearance, and a Lottie loader (`refresh_loader.json`).
enum CorpusResources {
    /// The folder, made once per process.
    static let folder: String = {
        do {
            return try make()
        } catch {
            return "/nonexistent-corpus-resources (\(error))"
        }
    }()

    static func make() throws -> String {
        let root = try Support.temporaryFolder()
        let catalog = root + "/Assets.xcassets"
        // Eight frames of a dot going round a ring, 40 × 40 px at @2x (20 pt).
        for index in 1...8 {
            try Support.imageSet(String(format: "loading_%02d", index), in: catalog) { try frame(index).writePNG(to: $0) }
        }
        try Support.imageSet("pull_arrow", in: catalog, template: true) {
            try FileManager.default.copyItem(atPath: Support.fixture("demo/arrow@2x.png"), toPath: $0)
        }
        let brand = catalog + "/BrandTint.colorset"
        try FileManager.default.createDirectory(atPath: brand, withIntermediateDirectories: true)
        try Data(
            #"{"colors": [{"color": {"color-space": "srgb", "components": {"red": "0xE0", "green": "0x40", "blue": "0x30", "alpha": "1.000"}}, "idiom": "universal"}, {"appearances": [{"appearance": "luminosity", "value": "dark"}], "color": {"color-space": "srgb", "components": {"red": "0xFF", "green": "0x8A", "blue": "0x7A", "alpha": "1.000"}}, "idiom": "universal"}]}"#
                .utf8
        ).write(to: URL(fileURLWithPath: brand + "/Contents.json"))
        // The Lottie loader the Lottie header plays: the project's own pull-loop fixture.
        try FileManager.default.copyItem(atPath: Support.fixture("lottie/pull-loop.json"), toPath: root + "/refresh_loader.json")
        try FileManager.default.createDirectory(atPath: root + "/en.lproj", withIntermediateDirectories: true)
        try Data(
            """
            "footer.idle" = "Pull up for older posts";
            "footer.loading" = "Loading older posts…";
            "footer.end" = "That's every post";
            "header.idle" = "Pull down to refresh";
            "header.pulling" = "Let go to refresh";
            "header.loading" = "Refreshing your feed…";

            """.utf8
        ).write(to: URL(fileURLWithPath: root + "/en.lproj/Localizable.strings"))
        return root
    }

    /// Frame `index` of eight: a grey ring with a blue dot at `index` eighths of a turn.
    static func frame(_ index: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: 40 * 40 * 4)
        let angle = Double(index - 1) / 8 * 2 * .pi - .pi / 2
        let dot = (x: 20 + 13 * cos(angle), y: 20 + 13 * sin(angle))
        for y in 0..<40 {
            for x in 0..<40 {
                let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
                let ring = abs(((px - 20) * (px - 20) + (py - 20) * (py - 20)).squareRoot() - 13) < 2
                let onDot = (px - dot.x) * (px - dot.x) + (py - dot.y) * (py - dot.y) < 25
                let colour: [UInt8] = onDot ? [0, 122, 255, 255] : ring ? [200, 200, 205, 255] : [0, 0, 0, 0]
                pixels.replaceSubrange((y * 40 + x) * 4..<(y * 40 + x) * 4 + 4, with: colour)
            }
        }
        return (try? RGBAImage(width: 40, height: 40, straightPixels: pixels))
            ?? Support.solid(40, 40, RGBAColor(red: 0, green: 0, blue: 0))
    }
}
