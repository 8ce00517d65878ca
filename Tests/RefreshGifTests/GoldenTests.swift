import Foundation
import Testing
@testable import RefreshGif

/// Every kind × style × state of the gallery, in English and Simplified Chinese, compared
/// pixel for pixel with PNGs recorded by this project and looked at before they were
/// committed (they are the cells of docs/gallery.png and docs/gallery-zh-Hans.png).
///
/// `REFRESH_RECORD=1 swift test --filter GoldenTests` records them again. A missing golden is
/// recorded and the test fails, so CI never passes without one. Pixel identity holds for the
/// same font files and FreeType version (DECISIONS "Text").
@Suite("Golden images")
struct GoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__/GoldenTests").path

    static let cases: [Gallery.Case] = {
        let images = (try? BuiltInAnimation.images(scale: 2)) ?? StateImages()
        return [Language.en, .zhHans].flatMap { Gallery.cases(language: $0, scale: 2, images: images).flatMap { $0 } }
    }()

    @Test("each gallery cell matches its golden PNG", arguments: cases.map(\.name))
    func matchesGolden(name: String) throws {
        let scene = try #require(Self.cases.first { $0.name == name }).scene
        let image = try RefreshRenderer().render(scene)
        let path = Self.folder + "/" + name + ".png"
        let record = ProcessInfo.processInfo.environment["REFRESH_RECORD"] == "1"
        guard !record, FileManager.default.fileExists(atPath: path) else {
            try FileIO.makeDirectory(Self.folder)
            try FileIO.write(try PNGEncoder().encode(image), to: path)
            Issue.record("recorded \(path); look at it, commit it and run again")
            return
        }
        let golden = try PNGDecoder().decode(FileIO.read(path))
        #expect(golden.width == image.width && golden.height == image.height, "size differs from \(path)")
        guard golden.width == image.width, golden.height == image.height else { return }
        var differing = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[i..<(i + 4)] != golden.pixels[i..<(i + 4)] {
            differing += 1
        }
        #expect(differing == 0, "\(differing) pixels differ from \(path)")
    }

    @Test("goldens are not blank: every case draws ink")
    func notBlank() throws {
        let renderer = try RefreshRenderer()
        for item in Self.cases {
            #expect(try renderer.render(item.scene).opaqueBounds() != nil, "\(item.name)")
        }
    }
}
