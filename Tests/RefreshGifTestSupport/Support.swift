import Foundation
import RefreshGif

/// Paths and helpers shared by the tests.
public enum Support {
    /// The repository root, found from this file's path (the preview package reaches this
    /// folder through a symbolic link, so links are resolved first).
    public static let root: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A file under Fixtures/.
    public static func fixture(_ path: String) -> String {
        root.appendingPathComponent("Fixtures").appendingPathComponent(path).path
    }

    /// The bytes of a fixture.
    public static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture(path))))
    }

    /// A straight RGBA pixel of an image.
    public static func straight(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let p = image.pixel(x: x, y: y)!
        let one = try! RGBAImage(width: 1, height: 1, premultipliedPixels: [p.r, p.g, p.b, p.a])
        return one.straightPixels()
    }

    /// A new empty temporary folder.
    /// The part of the text file at `path` between the `begin` and `end` markers, and what a
    /// declaration writes there (`written`): a generated section of the docs. With
    /// `REFRESH_UPDATE_DOCS=1` the file is rewritten with `written` first.
    /// - Returns: the section as the file has it and as it should be; nil without the markers.
    public static func generatedSection(_ path: String, begin: String, end: String, written: String) throws -> (
        found: String, written: String
    )? {
        var text = try String(contentsOfFile: path, encoding: .utf8)
        guard let start = text.range(of: begin), let stop = text.range(of: end) else { return nil }
        if ProcessInfo.processInfo.environment["REFRESH_UPDATE_DOCS"] == "1" {
            text = String(text[..<start.upperBound]) + written + String(text[stop.lowerBound...])
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return (written, written)
        }
        return (String(text[start.upperBound..<stop.lowerBound]), written)
    }

    public static func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("refreshgif-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A solid image, opaque or not.
    /// Writes an image set `NAME.imageset` into the asset catalog `catalog`: its one image
    /// `NAME@2x.png` (written by `write`, given its path), as Xcode lists it; a template set
    /// when `template`.
    public static func imageSet(_ name: String, in catalog: String, template: Bool = false, write: (String) throws -> Void) throws {
        let set = catalog + "/\(name).imageset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        try write(set + "/\(name)@2x.png")
        let properties = template ? #", "properties": {"template-rendering-intent": "template"}"# : ""
        let contents = #"{"images": [{"filename": "\#(name)@2x.png", "idiom": "universal", "scale": "2x"}]\#(properties)}"#
        try Data(contents.utf8).write(to: URL(fileURLWithPath: set + "/Contents.json"))
    }

    public static func solid(_ width: Int, _ height: Int, _ color: RGBAColor) -> RGBAImage {
        var image = try! RGBAImage(width: width, height: height)
        image.fill(with: color)
        return image
    }
}

public let red: [UInt8] = [255, 0, 0, 255]
public let green: [UInt8] = [0, 255, 0, 255]
public let blue: [UInt8] = [0, 0, 255, 255]
public let yellow: [UInt8] = [255, 255, 0, 255]
public let black: [UInt8] = [0, 0, 0, 255]
public let clear: [UInt8] = [0, 0, 0, 0]

/// Runs the built `refresh-render` binary end to end.
public enum CLI {
    /// The binary built beside the test bundle (whatever the build folder and configuration),
    /// or `REFRESH_RENDER_BIN` (the sanitizer builds).
    public static let binary: String =
        ProcessInfo.processInfo.environment["REFRESH_RENDER_BIN"]
        ?? URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("refresh-render").path

    /// True when the binary is a sanitizer build (`make test-asan`): its memory is AddressSanitizer's
    /// (shadow, quarantine, red zones), so peaks measured from it say nothing of ours.
    public static var isSanitized: Bool { binary.contains("/.build-asan/") || binary.contains("/.build-tsan/") }

    /// What a run printed and its exit status.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Standard output, as bytes.
        public var stdout: [UInt8]
        /// Standard error, as text.
        public var stderr: String
    }

    /// Runs the binary (or `executable`) with `arguments`, in `directory`, with `environment`
    /// added to this process's.
    public static func run(
        _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        executable: String = binary
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: [UInt8](stdout), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// The names in a folder, sorted (none when it does not exist).
    public static func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}
