import Foundation
import ImageCodecs
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

    /// The process-wide resources (``folders``), or a task's (``with(folders:_:)``).
    private final class Scope: Sendable {
        let state: Locked<State>
        init(_ folders: [String]) { state = Locked(State(folders: folders)) }
    }

    private static let global = Scope([])
    /// The resources of the work of one task, over the process-wide ones.
    @TaskLocal private static var taskScope: Scope?
    private static var state: Locked<State> { (taskScope ?? global).state }

    /// Runs `body` with the app's resources in `folders`, for this task alone: its own
    /// listing and its own misses, so suites that run at the same time (Swift Testing's
    /// default) never see each other's.
    /// - Parameters:
    ///   - folders: the folders searched, in order.
    ///   - body: the work (the app's code that makes the control, and its drawing).
    /// - Returns: what `body` returns.
    public static func with<T>(folders: [String], _ body: () throws -> T) rethrows -> T {
        try $taskScope.withValue(Scope(folders)) { try body() }
    }

    /// The folders searched, in order (relative to the working directory, or absolute): the
    /// task's (``with(folders:_:)``), else the process-wide ones this sets.
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
        record("\(what) found nothing in \(searched)")
    }

    /// A name that gave nil because what it found cannot be used (`UIColor(named: "Brand")`:
    /// its colour set's file, and why): said the same way as a miss.
    static func problem(_ what: String, _ error: Error) {
        record("\(what) gave nil: \(error)")
    }

    /// One line said when the control is drawn, its control characters escaped (folder and
    /// file names are quoted in it), each line once.
    private static func record(_ text: String) {
        let line = TerminalText.line(text)
        state.withLock { if !$0.misses.contains(line) { $0.misses.append(line) } }
    }

    /// The most bytes of an asset's `Contents.json`: Xcode writes a few hundred.
    static let maxContentsBytes = 1 << 20

    /// `path`, a file the resources name (an image set's image), when it may be read: a regular
    /// file whose every link resolves inside one of ``folders`` — the rule the command line
    /// follows for files beside a scene. Otherwise an error naming it and why.
    static func gate(_ path: String) throws -> String {
        let roots = folders.compactMap { ResolvedPath.of($0) }
        guard let real = ResolvedPath.of(path) else {
            throw AppCodeError.badResource(file: path, message: "no such file")
        }
        guard roots.contains(where: { real.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else {
            throw AppCodeError.badResource(
                file: path, message: "a link that leads outside the app's resource folders (to \(real)); resources are read inside them")
        }
        guard FileIO.isRegularFile(real) else {
            throw AppCodeError.badResource(file: path, message: "is not a regular file (a FIFO, socket or device)")
        }
        return path
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
                    // Not followed: links, FIFOs, sockets and devices are never listed, so no
                    // name finds one (a FIFO named `Brand.ttf` would block whoever opens it).
                    var info = stat()
                    guard lstat(path, &info) == 0 else { continue }
                    switch info.st_mode & S_IFMT {
                    case S_IFDIR: pending.append(path)
                    case S_IFREG: found.append(path)
                    default: continue
                    }
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
        var given: [(Int, String)] = []
        for (index, entry) in catalog.images.enumerated() {
            guard let file = entry.filename else { continue }
            // A file name is a name in the set's folder: never a path out of it.
            if let problem = FileName.problem(file) {
                throw AppCodeError.badResource(file: contents, message: "$.images[\(index)].filename: \(problem)")
            }
            let scale = Int(entry.scale?.dropLast() ?? "1") ?? 1
            given.append((scale, folder + "/" + file))
        }
        // As UIKit loads it: the device's scale, else the nearest larger, else the largest.
        let device = AppDevice.scale
        let best =
            given.first { $0.0 == device } ?? given.filter { $0.0 > device }.min { $0.0 < $1.0 } ?? given.max { $0.0 < $1.0 }
        guard let (_, path) = best else { return nil }
        return ImageFile(path: try gate(path), template: catalog.properties?.templateRenderingIntent == "template")
    }

    /// A colour set `NAME.colorset` under the folders, its universal (light) colour.
    static func color(named name: String) throws -> ColorSetContents.Appearances? {
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
        return names[postScriptName]
    }

    /// The PostScript names' families of the faces iOS itself has (a font of the machine's that
    /// is not among them is no font the phone has: nil, as there).
    static let systemFamilies = [
        "Helvetica", "HelveticaNeue", "Arial", "Avenir", "AvenirNext", "Georgia", "Times", "Courier", "Menlo", "Futura",
        "GillSans", "Verdana", "TrebuchetMS", "Palatino", "Optima", "Baskerville", "Didot", "AmericanTypewriter", "Chalkboard",
        "Noteworthy", "PingFangSC", "PingFangTC", "PingFangHK", "HiraginoSans", "AppleSDGothicNeo", "STHeiti", "Kailasa",
    ]

    /// True when `postScriptName` is a face iOS has (`PingFangSC-Medium`, `HelveticaNeue-Bold`).
    static func isSystemFace(_ postScriptName: String) -> Bool {
        let family = postScriptName.split(separator: "-").first.map(String.init) ?? postScriptName
        return systemFamilies.contains(family)
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

    /// Reads `path` (at most ``AppResources/maxContentsBytes``, refused by its size before it
    /// is parsed); a file that is not such JSON is an error naming it once.
    static func read(_ path: String) throws -> AssetContents {
        try read(AssetContents.self, from: path)
    }

    /// `T` from the asset file at `path`, its errors as ``AppCodeError/badResource(file:message:)``.
    static func read<T: Decodable>(_ type: T.Type, from path: String) throws -> T {
        do {
            let bytes = try FileIO.read(path, maxBytes: AppResources.maxContentsBytes)
            return try JSONInput.decode(T.self, from: bytes, name: path)
        } catch let error as RefreshGifError {
            // The library's message names the file first: named once here.
            let text = error.description
            let message = text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text
            throw AppCodeError.badResource(file: path, message: message)
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
            struct Appearance: Decodable {
                var appearance: String
                var value: String
            }
            var color: Color?
            var appearances: [Appearance]?
            /// The appearance the entry is for: dark, light, or nil for any.
            var luminosity: String? { appearances?.first { $0.appearance == "luminosity" }?.value }
        }
        var colors: [Entry]
    }

    typealias Components = (red: Double, green: Double, blue: Double, alpha: Double)
    /// A set's colour for any appearance (the universal one), and its dark appearance's.
    typealias Appearances = (any: Components, dark: Components?)

    /// The colours of the set at `path`: the entry for any appearance (or the light one), and
    /// the dark entry when there is one.
    static func read(_ path: String) throws -> Appearances {
        let file = try AssetContents.read(File.self, from: path)
        let any = file.colors.first { $0.luminosity == nil || $0.luminosity == "light" } ?? file.colors.first
        guard let anyComponents = any?.color?.components else {
            throw AppCodeError.badResource(file: path, message: "has no colour")
        }
        let darkComponents = file.colors.first { $0.luminosity == "dark" }?.color?.components
        let dark = try darkComponents.map { try colour($0, path: path) }
        return (try colour(anyComponents, path: path), dark)
    }

    /// One entry's components, each checked.
    private static func colour(_ components: [String: String], path: String) throws -> Components {
        func value(_ key: String) throws -> Double {
            guard let text = components[key] else { return key == "alpha" ? 1 : 0 }
            guard let number = component(text) else {
                throw AppCodeError.badResource(
                    file: path,
                    message:
                        "$.colors[0].color.components.\(key): expected 0 to 1 (\"0.5\"), 0 to 255 (\"128\") or 0x00 to 0xFF, got '\(text)'")
            }
            return number
        }
        return (try value("red"), try value("green"), try value("blue"), try value("alpha"))
    }

    /// A component as Xcode writes one, 0 to 1: `0.5` (a fraction), `128` (out of 255) or `0x80`;
    /// nil for anything else (a sign, `nan`, `inf`, a hex float, past 255).
    static func component(_ text: String) -> Double? {
        let digits = Set("0123456789")
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            let hex = text.dropFirst(2)
            guard (1...2).contains(hex.count), hex.allSatisfy(\.isHexDigit), let value = Int(hex, radix: 16) else { return nil }
            return Double(value) / 255
        }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0.allSatisfy(digits.contains) }),
            !parts.allSatisfy(\.isEmpty), text.count <= 16, let number = Double(text)
        else { return nil }
        if parts.count == 2 { return number <= 1 ? number : nil }
        return number <= 1 ? number : number <= 255 ? number / 255 : nil
    }
}
