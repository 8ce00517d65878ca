import Foundation
@_spi(Tools) import RefreshGif
import RefreshLocking

/// Where the app's resources are, as its bundle holds them on the phone: asset catalogs
/// (`.xcassets` image sets and colour sets), loose `name@2x.png` files, font files and
/// `.lproj` folders (docs/app-code.md, "Resources"). Configured once, before the app's code
/// runs: `AppResources.folders = ["App/Resources"]`.
///
/// A name that resolves to nothing gives nil, as UIKit does, and is remembered with the
/// folders searched: the control that draws it says so (``misses``).
public enum AppResources {
    private struct State {
        var folders: [String] = []
        var misses: [String] = []
        var fonts: [String: String]?
        /// Every file under the folders, listed once.
        var files: [String]?
    }

    private static let state = Locked(State())

    /// The folders searched, in order (relative to the working directory, or absolute).
    public static var folders: [String] {
        get { state.withLock { $0.folders } }
        set {
            state.withLock {
                $0.folders = newValue
                $0.fonts = nil
                $0.files = nil
                $0.misses = []
            }
        }
    }

    /// What resolved to nothing since the folders were set, each with what was searched:
    /// `UIImage(named: "pull") found nothing in App/Resources`.
    public static var misses: [String] { state.withLock { $0.misses } }

    static func miss(_ what: String) {
        let searched = folders.isEmpty ? "no folder (set AppResources.folders)" : folders.joined(separator: ", ")
        let line = "\(what) found nothing in \(searched)"
        state.withLock { if !$0.misses.contains(line) { $0.misses.append(line) } }
    }

    /// Takes the misses recorded so far (each is said once).
    static func takeMisses() -> [String] {
        state.withLock {
            let taken = $0.misses
            $0.misses = []
            return taken
        }
    }

    /// The most entries looked at in one folder tree: a resource folder, not a disk.
    static let maxEntries = 20_000

    /// Every file under the folders accepted by `accept`: the folders are listed once (until
    /// they are set again), at most ``maxEntries`` entries; links are not followed.
    static func files(matching accept: (String) -> Bool) -> [String] {
        if let listed = state.withLock({ $0.files }) { return listed.filter(accept) }
        let listed = listFiles()
        state.withLock { $0.files = listed }
        return listed.filter(accept)
    }

    private static func listFiles() -> [String] {
        var found: [String] = []
        var seen = 0
        for root in folders {
            var pending = [root]
            while let folder = pending.popLast(), seen < maxEntries {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
                for name in names.reversed() where !name.hasPrefix(".") {
                    seen += 1
                    let path = folder + "/" + name
                    var isFolder: ObjCBool = false
                    guard (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil,
                        FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
                    else { continue }
                    if isFolder.boolValue { pending.append(path) } else { found.append(path) }
                }
            }
        }
        return found.sorted()
    }

    /// The image a name gives, as `UIImage(named:)` finds it on a phone of ``AppDevice/scale``:
    /// an image set of that name in an asset catalog (its `Contents.json`: the device's scale,
    /// else the nearest larger, else the largest given), else `NAME@2x.png` (the device's
    /// scale), `NAME@3x.png`, `NAME.png` (or `.gif`) in a folder.
    static func image(named name: String) throws -> ImageFile? {
        guard FileName.problem(name) == nil else { return nil }
        for root in folders {
            if let set = try imageSet(named: name, under: root) { return set }
        }
        // The device's scale first, as UIKit looks.
        let scales = ["@\(AppDevice.scale)x"] + ["@3x", "@2x"].filter { $0 != "@\(AppDevice.scale)x" } + [""]
        let candidates = ["png", "gif"].flatMap { ext in scales.map { name + $0 + "." + ext } }
        let loose = files { candidates.contains(URL(fileURLWithPath: $0).lastPathComponent) }
        for candidate in candidates {
            if let path = loose.first(where: { URL(fileURLWithPath: $0).lastPathComponent == candidate }) {
                return ImageFile(path: path, template: false)
            }
        }
        return nil
    }

    /// An image set `NAME.imageset` anywhere under `root`.
    private static func imageSet(named name: String, under root: String) throws -> ImageFile? {
        let sets = files { $0.hasSuffix("/\(name).imageset/Contents.json") && $0.hasPrefix(root + "/") }
        guard let contents = sets.first else { return nil }
        let folder = URL(fileURLWithPath: contents).deletingLastPathComponent().path
        let catalog = try AssetContents.read(contents)
        let given = catalog.images.compactMap { entry -> (Int, String)? in
            guard let file = entry.filename, FileName.problem(file) == nil else { return nil }
            let scale = Int(entry.scale?.dropLast() ?? "1") ?? 1
            return (scale, folder + "/" + file)
        }
        // As UIKit loads it: the device's scale, else the nearest larger, else the largest.
        let device = AppDevice.scale
        let best =
            given.first { $0.0 == device } ?? given.filter { $0.0 > device }.min { $0.0 < $1.0 } ?? given.max { $0.0 < $1.0 }
        guard let (_, path) = best else { return nil }
        return ImageFile(path: path, template: catalog.properties?.templateRenderingIntent == "template")
    }

    /// A colour set `NAME.colorset` under the folders, its universal (light) colour.
    static func color(named name: String) throws -> (red: Double, green: Double, blue: Double, alpha: Double)? {
        guard FileName.problem(name) == nil else { return nil }
        guard let contents = files(matching: { $0.hasSuffix("/\(name).colorset/Contents.json") }).first else { return nil }
        return try ColorSetContents.read(contents)
    }

    /// The font file whose face has `postScriptName`, among the app's font files, else among
    /// the installed fonts (a face the phone has; the first face of its file).
    static func fontFile(postScriptName: String) -> String? {
        if let known = state.withLock({ $0.fonts }) { return known[postScriptName] }
        var names: [String: String] = [:]
        for path in files(matching: { FileTypes.fonts.accepts($0) }) {
            if let name = FontNames.postScriptName(of: FontLocation(path: path)), names[name] == nil { names[name] = path }
        }
        state.withLock { $0.fonts = names }
        // Else a face the phone has: an installed font of that name.
        return names[postScriptName]
            ?? FontResolver.installed(postScriptName: postScriptName).flatMap {
                $0.index == 0 ? $0.path : nil
            }
    }
}

/// An image file the app's resources give, and whether its set renders it as a template.
struct ImageFile: Sendable, Equatable {
    var path: String
    var template: Bool
}

/// An image set's `Contents.json`, the parts `UIImage(named:)` reads.
struct AssetContents: Decodable {
    struct Entry: Decodable {
        var filename: String?
        var scale: String?
    }
    struct Properties: Decodable {
        var templateRenderingIntent: String?
        enum CodingKeys: String, CodingKey { case templateRenderingIntent = "template-rendering-intent" }
    }
    var images: [Entry]
    var properties: Properties?

    /// Reads `path`; a file that is not such JSON is an error naming it.
    static func read(_ path: String) throws -> AssetContents {
        do {
            return try JSONInput.read(AssetContents.self, from: path)
        } catch let error as RefreshGifError {
            throw AppCodeError.badResource(file: path, message: error.description)
        }
    }
}

/// A colour set's `Contents.json`: its first colour, as components (`0.5`, `128`, `0x80`).
enum ColorSetContents {
    struct File: Decodable {
        struct Entry: Decodable {
            struct Color: Decodable {
                var components: [String: String]
            }
            var color: Color?
        }
        var colors: [Entry]
    }

    static func read(_ path: String) throws -> (red: Double, green: Double, blue: Double, alpha: Double) {
        let file: File
        do {
            file = try JSONInput.read(File.self, from: path)
        } catch let error as RefreshGifError {
            throw AppCodeError.badResource(file: path, message: error.description)
        }
        guard let components = file.colors.first?.color?.components else {
            throw AppCodeError.badResource(file: path, message: "has no colour")
        }
        func value(_ key: String) throws -> Double {
            guard let text = components[key] else { return key == "alpha" ? 1 : 0 }
            if text.hasPrefix("0x"), let hex = Int(text.dropFirst(2), radix: 16) { return Double(hex) / 255 }
            guard let number = Double(text), number.isFinite, number >= 0 else {
                throw AppCodeError.badResource(file: path, message: "\(key): expected a number, got '\(text)'")
            }
            return number > 1 ? number / 255 : number
        }
        return (try value("red"), try value("green"), try value("blue"), try value("alpha"))
    }
}
