import Foundation
@testable import ImageCodecs
@testable import PixelDiff
@testable import RefreshGif
@testable import RefreshImage
@testable import RefreshModel
@testable import RefreshRaster

/// Paths and helpers shared by the tests.
enum Support {
    /// The repository root, found from this file's path.
    static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file under Fixtures/.
    static func fixture(_ path: String) -> String {
        root.appendingPathComponent("Fixtures").appendingPathComponent(path).path
    }

    /// The bytes of a fixture.
    static func bytes(_ path: String) throws -> [UInt8] {
        try FileIO.read(fixture(path))
    }

    /// A decoded GIF fixture.
    static func gif(_ name: String) throws -> GIFAnimation {
        try GIFDecoder().decode(bytes("gif/" + name))
    }

    /// A straight RGBA pixel of an image.
    static func straight(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let p = image.pixel(x: x, y: y)!
        let one = try! RGBAImage(width: 1, height: 1, premultipliedPixels: [p.r, p.g, p.b, p.a])
        return one.straightPixels()
    }

    /// A new empty temporary folder.
    static func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("refreshgif-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A solid image, opaque or not.
    static func solid(_ width: Int, _ height: Int, _ color: RGBAColor) -> RGBAImage {
        var image = try! RGBAImage(width: width, height: height)
        image.fill(with: color)
        return image
    }
}

let red: [UInt8] = [255, 0, 0, 255]
let green: [UInt8] = [0, 255, 0, 255]
let blue: [UInt8] = [0, 0, 255, 255]
let yellow: [UInt8] = [255, 255, 0, 255]
let black: [UInt8] = [0, 0, 0, 255]
let clear: [UInt8] = [0, 0, 0, 0]
