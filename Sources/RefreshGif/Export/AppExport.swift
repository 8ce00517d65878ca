import AppCodeWriter
import Foundation
import ImageCodecs
@_spi(Tools) import RefreshFiles

/// A scene handed to an iOS app (docs/export.md): its state images as Xcode takes them, at
/// @2x and @3x, listed as the renderer plays them, and the code that sets the control up
/// with them, in Swift and Objective-C.
public struct AppExport {
    /// How the images are laid out.
    public enum Assets: String, Sendable, CaseIterable {
        /// `Refresh.xcassets`, one image set a frame.
        case catalog
        /// Plain `name@2x.png` files in `images/`.
        case files
    }

    /// What to write.
    public struct Options: Sendable, Equatable {
        /// The asset names' first word (`refresh` → `refresh_pulling_000`).
        public var prefix: String
        /// The scales written, each from the sources (2 and 3).
        public var scales: [Int]
        /// Catalog or plain files.
        public var assets: Assets

        /// Options.
        /// - Parameters:
        ///   - prefix: letters, digits, `_` or `-`, starting with a letter.
        ///   - scales: 1, 2 or 3, each once.
        ///   - assets: catalog or plain files.
        public init(prefix: String = "refresh", scales: [Int] = [2, 3], assets: Assets = .catalog) {
            self.prefix = prefix
            self.scales = scales
            self.assets = assets
        }

        /// Checks the prefix and scales.
        /// - Throws: ``InvalidValue`` naming `name` or `scales`.
        public func validate() throws {
            guard let first = prefix.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII, prefix.count <= 64,
                prefix.unicodeScalars.allSatisfy({
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
                })
            else {
                throw InvalidValue(
                    field: "name",
                    reason: "an asset name starts with a letter and has letters, digits, _ or - (at most 64), got '\(prefix)'")
            }
            // The scales a scene is drawn at: the scale setting's own range.
            guard !scales.isEmpty, scales.allSatisfy(RefreshScene.scales.range.contains), Set(scales).count == scales.count else {
                throw InvalidValue(field: "scales", reason: "\(RefreshScene.scales.phrase), each at most once, e.g. 2,3")
            }
        }
    }

    /// The options.
    public let options: Options
    /// Each state's images as the app lists them (names in array order, duration).
    package let images: [RefreshState: AppImages]
    /// The exported arrow image's asset name, when the scene has one.
    public let arrowImage: String?
    /// The setup code; nil for a library without (then only the images are written).
    package let setup: AppSetup?
    /// What the device will suffer: the linter's findings and the decoded memory.
    public let findings: [AssetFinding]
    /// The font files the app needs, by the path the export writes (`Fonts/DejaVuSerif-Bold.ttf`,
    /// named by the face's PostScript name, which the code asks for), with the file read:
    /// the app lists them under `UIAppFonts` (docs/export.md, "Fonts").
    public let fonts: [(file: String, source: String)]
    /// The app's strings the scene draws from (`i18nBundle`), by the path the export writes
    /// (`Strings/en.lproj/Localizable.strings`), with the file read: added to the app target,
    /// they are in its main bundle, where the code points MJRefreshConfig.
    public let strings: [(file: String, source: String)]
    /// The scene at each scale, from the sources: loaded again, one scale at a time, when the
    /// files are made (the pixels are never all held at once).
    private let scaled: [(scale: Int, description: SceneDescription)]
    /// Every image's asset name, sorted (the same at every scale).
    public let assetNames: [String]
    private let baseDirectory: String?
    /// Each distinct picture's asset name, its state and frame: planned once, the same at every scale.
    private let pictures: [(name: String, state: RefreshState, index: Int)]
    /// The most bytes making the files holds at once: one scale's images (at the largest
    /// scale) decoded, and the largest of them being encoded (its pixels and the filtered rows).
    @_spi(Tools) public let peakBytes: Int
    /// The subclass with the control's own layers (docs/layers.md, "Export"); nil without layers.
    package let subclass: LayerSubclass?
    /// Each layer image's asset names, by path as the scene names it.
    private let layerAssets: [(path: String, names: [String])]

    /// Plans an export of `description`: its images named and listed as the renderer plays
    /// them, the setup code written. No image is encoded yet: `forEachFile(_:)` makes the
    /// files one at a time.
    /// - Parameters:
    ///   - description: the scene.
    ///   - options: names, scales and layout.
    ///   - baseDirectory: where relative paths start.
    /// - Throws: ``InvalidValue`` for a bad setting or option; ``RefreshGifError`` for a bad file.
    public init(_ description: SceneDescription, options: Options = Options(), baseDirectory: String? = nil) throws {
        try self.init(description, options: options, baseDirectory: baseDirectory, planned: nil)
    }

    /// Plans an export from `planned`, the scene ``planningDescription(_:options:)`` describes,
    /// already loaded (a server's cache of loaded scenes): planning then reads no file.
    /// - Parameters:
    ///   - description: the scene.
    ///   - options: names, scales and layout.
    ///   - baseDirectory: where relative paths start.
    ///   - planned: the planning scene, loaded; nil loads it.
    /// - Throws: ``InvalidValue`` for a bad setting or option; ``RefreshGifError`` for a bad file.
    @_spi(Tools) public init(_ description: SceneDescription, options: Options, baseDirectory: String?, planned: RefreshScene?) throws {
        try options.validate()
        self.options = options
        self.baseDirectory = baseDirectory
        scaled = try Self.scaled(description, options: options)
        // Options are checked to hold at least one scale; the largest is planned (the memory
        // the device holds is counted there), and the names are the same at every scale.
        let largest = options.scales.max() ?? 2
        let scene = try planned ?? Self.planningDescription(description, options: options).makeScene(baseDirectory: baseDirectory)
        let plan = try Self.plan(scene, prefix: options.prefix)
        images = plan.images
        arrowImage = scene.arrowImage == nil ? nil : options.prefix + "_arrow"
        pictures = plan.frames.map { ($0.name, $0.state, $0.index) }
        strings = Self.appStrings(description, scene: scene, baseDirectory: baseDirectory)
        let named = try Self.appFonts(scene)
        fonts = named.files
        var setup = (scene.family as? any AppSetupWriter)?.appSetup(
            of: named.scene, images: images, arrowImage: arrowImage, fields: SceneSchema.standard.fields)
        // The control's own subviews: a subclass of the scene's class, which the setup makes.
        if let first = scene.layers.first {
            guard scene.family.name == MJRefresh().name else {
                throw InvalidValue(
                    field: SceneDescription.layersKey + "." + first.name,
                    reason:
                        "export writes a subclass with the control's own layers for MJRefresh's classes only; leave the layers out to export the rest"
                )
            }
            var assets: [(path: String, names: [String])] = []
            var named: [String: (names: [String], duration: Double)] = [:]
            for (index, path) in scene.layers.flatMap(\.files).enumerated() where named[path] == nil {
                let count = scene.layerImages[path]?.frames.count ?? 0
                let base = "\(options.prefix)_layer\(index)"
                let names = count == 1 ? [base] : (0..<count).map { base + "_" + String(format: "%03d", $0) }
                named[path] = (names, scene.layerImages[path]?.duration ?? 0)
                assets.append((path, names))
            }
            let kindName = scene.kind.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            let prefixName = options.prefix.split(whereSeparator: { $0 == "-" || $0 == "_" }).map {
                $0.prefix(1).uppercased() + $0.dropFirst()
            }
            .joined()
            let className = prefixName + kindName
            // No stock label shown: the bare class, as MJRefresh's DIY examples subclass it.
            let family = MJRefresh()
            if let plain = setup, let bare = family.bareClassName(of: scene), let bareSetup = family.bareSetup(plain, subclass: className) {
                subclass = LayerSubclass(scene: scene, className: className, images: named, baseClass: bare)
                setup = bareSetup
            } else {
                subclass = LayerSubclass(scene: scene, className: className, images: named)
                setup = setup?.subclassed(as: className)
            }
            layerAssets = assets
        } else {
            subclass = nil
            layerAssets = []
        }
        self.setup = setup
        assetNames = (plan.frames.map(\.name) + [arrowImage].compactMap { $0 } + layerAssets.flatMap(\.names)).sorted()
        let pixels = plan.pixels + (scene.arrowImage.map { $0.pixelWidth * $0.pixelHeight } ?? 0)
        let count = plan.count + (scene.arrowImage == nil ? 0 : 1)
        let largestImage = max(plan.largest, scene.arrowImage.map { $0.pixelWidth * $0.pixelHeight } ?? 0)
        peakBytes = 4 * (pixels + 2 * largestImage)
        findings =
            try AssetLint.check(description, baseDirectory: baseDirectory, scene: scene) + Self.memory(pixels, count: count, scale: largest)
    }

    /// The description at each scale written. A file without @2x/@3x in its name is taken at
    /// the scene's own scale, whatever scale is written: the point sizes stay the scene's.
    private static func scaled(_ description: SceneDescription, options: Options) throws -> [(scale: Int, description: SceneDescription)] {
        let scene = try description.build().scene
        // Only a class that reads image files takes the setting.
        let imageScale =
            SceneField.imageScale.applies(to: scene.controlClass) ? description[.imageScale] ?? .number(Double(scene.scale)) : nil
        return options.scales.map { scale in
            var one = description
            one[.scale] = .integer(scale)
            one[.imageScale] = imageScale
            return (scale, one)
        }
    }

    /// The scene an export of `description` is planned from: at the largest scale written.
    /// - Parameters:
    ///   - description: the scene.
    ///   - options: the scales written.
    /// - Returns: the description at the largest scale.
    /// - Throws: ``InvalidValue`` for a bad setting.
    @_spi(Tools) public static func planningDescription(_ description: SceneDescription, options: Options) throws -> SceneDescription {
        let largest = options.scales.max() ?? 2
        let all = try scaled(description, options: options)
        return (all.first { $0.scale == largest } ?? all[0]).description
    }

    /// The images a scene's states show, named: each state's array of names and the frames
    /// behind them.
    private struct Plan {
        var images: [RefreshState: AppImages] = [:]
        /// Each named image: its asset name, state, sequence and frame index, in name order.
        var frames: [(name: String, state: RefreshState, sequence: ImageSequence, index: Int)] = []
        /// The pixels of every named image at the scene's scale.
        var pixels = 0
        /// The pixels of the largest.
        var largest = 0
        var count: Int { frames.count }
    }

    private static func plan(_ scene: RefreshScene, prefix: String) throws -> Plan {
        var plan = Plan()
        guard scene.style == .gif else { return plan }
        let states = try RefreshRenderer().images(of: scene)
        // One image set a distinct picture: a frame two states (or two places of one state)
        // share is named once, by its first use. Pictures are told apart by their size and
        // checksum, and equal ones compared pixel for pixel; one frame is decoded at a time.
        var named: [PictureKey: [(name: String, sequence: ImageSequence, index: Int)]] = [:]
        for (state, sequence) in states.sequences.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            // Idle's image follows the pull, not the clock: its frames are listed once each.
            let playback = ImagePlayback(sequence, timing: state == .idle ? .equal : scene.timing)
            let word = state.rawValue.replacingOccurrences(of: "-", with: "_")
            var names: [Int: String] = [:]
            for index in Set(playback.frames).sorted() {
                let image = try sequence.frames[index].checkedImage()
                let key = PictureKey(width: image.width, height: image.height, checksum: Checksum.crc32(image.pixels))
                if let same = try named[key]?.first(where: { try $0.sequence.frames[$0.index].checkedImage() == image }) {
                    names[index] = same.name
                    continue
                }
                let name = "\(prefix)_\(word)_" + String(format: "%03d", index)
                names[index] = name
                named[key, default: []].append((name, sequence, index))
                plan.frames.append((name, state, sequence, index))
                let pixels = sequence.frames[index].pixelWidth * sequence.frames[index].pixelHeight
                plan.pixels += pixels
                plan.largest = max(plan.largest, pixels)
            }
            plan.images[state] = AppImages(names: playback.frames.map { names[$0] ?? "" }, duration: playback.duration)
        }
        plan.frames.sort { $0.name < $1.name }
        return plan
    }

    /// `scene` with its label fonts as the app asks for them: a font file (a label's own, or
    /// the scene's for a label without one, at the family's size and weight) and an installed
    /// family (its face of the label's weight) become the face's PostScript name; and the font
    /// files to ship, by the name they are written under.
    static func appFonts(_ scene: RefreshScene) throws -> (scene: RefreshScene, files: [(file: String, source: String)]) {
        var out = scene
        var files: [(file: String, source: String)] = []
        let defaults = scene.family.labelFonts(of: scene)
        for (label, standard, field) in [
            (\RefreshScene.stateLabelFont, defaults.title, "stateLabelFont"), (\.timeLabelFont, defaults.second, "timeLabelFont"),
        ] {
            var font = scene[keyPath: label] ?? standard
            // A phone's own face, drawn here with a file, is asked for by its name; nothing ships.
            if let face = font.appName {
                font.family = face
                font.appName = nil
                out[keyPath: label] = font
                continue
            }
            guard font.family != nil || scene.font != nil,
                let location = try RefreshRenderer.location(of: font, field: field, scene: scene)
            else { continue }
            guard let name = FontNames.postScriptName(of: location) else {
                throw RefreshGifError.badInput(file: location.path, message: "names no PostScript name for the app to ask for")
            }
            // The name becomes a file's name and the app's code: the one rule for names.
            if let problem = FileName.problem(name) {
                throw RefreshGifError.badInput(
                    file: location.path, message: "has a PostScript name that cannot name the font's file: \(problem)")
            }
            // A file the scene names ships with the export; an installed family is the phone's.
            if font.namesFile || font.family == nil {
                let suffix = location.path.split(separator: ".").last.map { "." + $0.lowercased() } ?? ".ttf"
                let file = "Fonts/\(name)\(suffix)"
                if !files.contains(where: { $0.file == file }) { files.append((file, location.path)) }
            }
            font.family = name
            out[keyPath: label] = font
        }
        return (out, files.sorted { $0.file < $1.file })
    }

    /// The strings files of the scene's `i18nBundle` that hold its table, every language's, as
    /// MJRefresh finds them in a bundle: a file as it is, an `.lproj` folder's table, a folder's
    /// `LANGUAGE.lproj` tables, String Catalog and plain table.
    static func appStrings(_ description: SceneDescription, scene: RefreshScene, baseDirectory: String?)
        -> [(file: String, source: String)]
    {
        guard case let .text(given)? = description[.i18nBundle], let table = scene.family.stringsTable else { return [] }
        let path = SceneDescription.resolve(given, from: baseDirectory)
        let name = path.split(separator: "/").last.map(String.init) ?? given
        guard FileIO.isDirectory(path) else { return [("Strings/" + name, path)] }
        if path.hasSuffix(".lproj") { return [("Strings/\(name)/\(table).strings", path + "/\(table).strings")] }
        var found: [String] = []
        // A folder whose name breaks the rule for names is not a localization the export copies.
        for entry in ((try? FileIO.entries(of: path)) ?? []).sorted() where FileName.problem(entry) == nil {
            if entry.hasSuffix(".lproj") { found.append("\(entry)/\(table).strings") }
        }
        found += ["\(table).xcstrings", "\(table).strings"]
        return found.filter { FileIO.isRegularFile(path + "/" + $0) }.map { ("Strings/" + $0, path + "/" + $0) }
    }

    /// The largest font file shipped (a CJK collection is some 20 MB).
    static let maxFontBytes = 64 << 20

    /// What tells two pictures apart before their pixels are compared.
    private struct PictureKey: Hashable {
        var width: Int
        var height: Int
        var checksum: UInt32
    }

    /// MJRefresh keeps every image of every state decoded: their bytes at the largest scale.
    private static func memory(_ pixels: Int, count: Int, scale: Int) -> [AssetFinding] {
        guard count > 0 else { return [] }
        let megabytes = Double(pixels * 4) / 1_048_576
        let text = "\(count) images stay decoded on the device: \(String(format: "%.1f", megabytes)) MB at @\(scale)x"
        return [AssetFinding(severity: megabytes > 16 ? .warning : .info, state: "", file: nil, message: text)]
    }

    /// Makes the files of the export one at a time, in a fixed order (the catalog's
    /// descriptions, then each scale's images, then the code), and hands each to `body`: at
    /// most one scene's images and one encoded image are held, whatever the frame count.
    /// - Parameter body: takes each file's path inside the export folder and its bytes; may
    ///   throw to stop (a deadline).
    /// - Throws: ``RefreshGifError`` when an image cannot be loaded or encoded, or what `body` throws.
    @_spi(Tools) public func forEachFile(_ body: (_ path: String, _ bytes: [UInt8]) throws -> Void) throws {
        if options.assets == .catalog {
            try body("Refresh.xcassets/Contents.json", Array(Self.catalogContents.utf8))
            for name in assetNames {
                try body("Refresh.xcassets/\(name).imageset/Contents.json", Array(imageSetContents(name).utf8))
            }
        }
        // Assets an app ships: the smallest files, not the quick default.
        let encoder = PNGEncoder(settings: .smallest)
        for (scale, description) in scaled.sorted(by: { $0.scale < $1.scale }) {
            let scene = try description.makeScene(baseDirectory: baseDirectory)
            // The pictures planned once; each scale's frames are its own resampling of them.
            let states = try RefreshRenderer().images(of: scene)
            var images = pictures.map { picture in
                (
                    name: picture.name,
                    make: {
                        guard let frames = states.sequences[picture.state]?.frames, frames.indices.contains(picture.index) else {
                            throw RefreshGifError.badInput(file: "images", message: "changed while the export was written")
                        }
                        return try frames[picture.index].checkedImage()
                    }
                )
            }
            if let arrow = scene.arrowImage, let name = arrowImage {
                images.append((name, { try arrow.checkedImage() }))
            }
            for (path, names) in layerAssets {
                // The layer's image at this scale (its path as the scene at this scale names it).
                let frames =
                    scene.layerImages.first { SceneDescription.resolve($0.key, from: nil) == path || $0.key == path }?.value.frames ?? []
                for (index, name) in names.enumerated() where frames.indices.contains(index) {
                    images.append((name, { try frames[index].checkedImage() }))
                }
            }
            images.sort { $0.name < $1.name }
            for (name, make) in images {
                let folder = options.assets == .catalog ? "Refresh.xcassets/\(name).imageset/" : "images/"
                try body(folder + "\(name)@\(scale)x.png", try encoder.encode(try make()))
            }
        }
        for font in fonts {
            try body(font.file, try FileIO.read(font.source, maxBytes: Self.maxFontBytes))
        }
        for table in strings {
            try body(table.file, try FileIO.read(table.source, maxBytes: StringsTable.maxBytes))
        }
        for file in codeFiles {
            try body(file.name, Array(file.text.utf8))
        }
    }

    /// The code an app compiles, by file name, as written: the layers' subclass (Swift, and
    /// Objective-C header and source) and the setup (`RefreshSetup.swift/.h/.m`), in that order.
    public var codeFiles: [(name: String, text: String)] {
        var files: [(name: String, text: String)] = []
        if let subclass {
            files.append((subclass.className + ".swift", subclass.swift))
            files.append((subclass.className + ".h", subclass.objcHeader))
            files.append((subclass.className + ".m", subclass.objcSource(header: subclass.className + ".h")))
        }
        if let setup {
            files.append(("RefreshSetup.swift", setup.swift))
            if setup.objcImport != nil {
                // The setup makes the subclass: its header comes with the library's.
                var header = setup.objcHeader
                if let subclass, let end = header.range(of: "\n\n") {
                    header.insert(contentsOf: "\n#import \"\(subclass.className).h\"", at: end.lowerBound)
                }
                files.append(("RefreshSetup.h", header))
                files.append(("RefreshSetup.m", setup.objcSource(header: "RefreshSetup.h")))
            }
        }
        return files
    }

    /// The files written, by path inside the export folder, sorted (all held in memory: for
    /// tests and small scenes; ``write(to:)`` and `zip(checking:)` make them one at a time).
    /// - Returns: each file's path and contents.
    /// - Throws: ``RefreshGifError`` when an image cannot be encoded.
    public func files() throws -> [(path: String, bytes: [UInt8])] {
        var out: [(path: String, bytes: [UInt8])] = []
        try forEachFile { out.append(($0, $1)) }
        return out.sorted { $0.path < $1.path }
    }

    /// The export as one ZIP archive (the page's download): the same files, the same bytes
    /// for the same scene.
    /// - Returns: the archive.
    /// - Throws: ``RefreshGifError`` when an image cannot be encoded or the archive is too large.
    public func zip() throws -> [UInt8] {
        try zip(checking: {})
    }

    /// ``zip()``, calling `checkpoint` between files (it throws to stop: a deadline passed).
    /// Only the encoded files are held, never the images' pixels all at once.
    /// - Parameter checkpoint: called before each file is made.
    /// - Returns: the archive.
    /// - Throws: what `checkpoint` throws; ``RefreshGifError`` as ``zip()``.
    @_spi(Tools) public func zip(checking checkpoint: () throws -> Void) throws -> [UInt8] {
        var files: [(path: String, bytes: [UInt8])] = []
        var total = 0
        try checkpoint()
        try forEachFile { path, bytes in
            total += bytes.count
            guard total <= ZipArchive.maxBytes else {
                throw RefreshGifError.limitExceeded(
                    file: "export", violation: .work(what: "the archive's bytes", limit: ZipArchive.maxBytes))
            }
            files.append((path, bytes))
            try checkpoint()
        }
        do {
            return try ZipArchive.archive(files.sorted { $0.path < $1.path })
        } catch is ZipArchive.TooLarge {
            throw RefreshGifError.limitExceeded(
                file: "export", violation: .work(what: "the archive's bytes", limit: ZipArchive.maxBytes))
        }
    }

    /// The catalog's own `Contents.json`, as Xcode writes it.
    static let catalogContents = """
        {
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """

    /// An image set's `Contents.json`, as Xcode writes it: one entry a scale, with the file
    /// for each scale exported.
    func imageSetContents(_ name: String) -> String {
        let entries = [1, 2, 3].map { scale in
            var lines = ["    {"]
            if options.scales.contains(scale) { lines.append("      \"filename\" : \"\(name)@\(scale)x.png\",") }
            lines += ["      \"idiom\" : \"universal\",", "      \"scale\" : \"\(scale)x\"", "    }"]
            return lines.joined(separator: "\n")
        }
        return "{\n  \"images\" : [\n" + entries.joined(separator: ",\n")
            + "\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
    }

    /// The manifest an export keeps in its folder: what it wrote, so a later export replaces
    /// exactly those files (docs/robustness.md, "Folders we write into").
    @_spi(Tools) public static let manifestName = ".refresh-export.json"

    /// Writes the export into `folder`: made when missing; an earlier export's files there are
    /// replaced (those the new one lacks removed); a folder holding anything else is refused
    /// before anything is touched. Every file is written into a hidden staging folder first and
    /// moved into place only when all are written, so an error or an interruption leaves the
    /// folder as it was. The folder itself is never renamed or removed.
    /// - Parameter folder: the export folder.
    /// - Throws: ``RefreshGifError/cannotCreateOutput(file:message:)`` for a folder that holds
    ///   files this program did not write, ``RefreshGifError/writeFailed(file:message:)`` for a
    ///   full disk; ``RefreshGifError`` when an image cannot be made.
    public func write(to folder: String) throws {
        try OwnedFolder(folder, manifestName: Self.manifestName, writer: "refresh-render export").replace { put in
            try forEachFile(put)
        }
    }
}
