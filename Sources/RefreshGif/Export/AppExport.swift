import Foundation
import ImageCodecs

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
            guard !scales.isEmpty, scales.allSatisfy((1...3).contains), Set(scales).count == scales.count else {
                throw InvalidValue(field: "scales", reason: "1, 2 or 3, each at most once, e.g. 2,3")
            }
        }
    }

    /// The options.
    public let options: Options
    /// Each state's images as the app lists them (names in array order, duration).
    public let images: [RefreshState: AppImages]
    /// The exported arrow image's asset name, when the scene has one.
    public let arrowImage: String?
    /// The setup code; nil for a library without (then only the images are written).
    public let setup: AppSetup?
    /// What the device will suffer: the linter's findings and the decoded memory.
    public let findings: [AssetFinding]
    /// The images by asset name, per scale.
    private let pixels: [Int: [String: RGBAImage]]

    /// Plans an export of `description`: its scene made at each scale, from the sources.
    /// - Parameters:
    ///   - description: the scene.
    ///   - options: names, scales and layout.
    ///   - baseDirectory: where relative paths start.
    /// - Throws: ``InvalidValue`` for a bad setting or option; ``RefreshGifError`` for a bad file.
    public init(_ description: SceneDescription, options: Options = Options(), baseDirectory: String? = nil) throws {
        try options.validate()
        self.options = options
        var pixels: [Int: [String: RGBAImage]] = [:]
        var images: [RefreshState: AppImages] = [:]
        var arrowName: String?
        // A file without @2x/@3x in its name is taken at the scene's own scale, whatever scale
        // is written: the point sizes stay the scene's (read from the settings, nothing loaded).
        let imageScale = try description[.imageScale] ?? .number(Double(description.build().scene.scale))
        var last: RefreshScene?
        let renderer = try RefreshRenderer()
        for scale in options.scales {
            var scaled = description
            scaled[.scale] = .integer(scale)
            scaled[.imageScale] = imageScale
            let scene = try scaled.makeScene(baseDirectory: baseDirectory)
            var named: [String: RGBAImage] = [:]
            if scene.style == .gif {
                let states = try renderer.images(of: scene)
                for (state, sequence) in states.sequences {
                    // Idle's image follows the pull, not the clock: its frames are listed once each.
                    let playback = ImagePlayback(sequence, timing: state == .idle ? .equal : scene.timing)
                    let word = state.rawValue.replacingOccurrences(of: "-", with: "_")
                    func name(_ index: Int) -> String { "\(options.prefix)_\(word)_" + String(format: "%03d", index) }
                    images[state] = AppImages(names: playback.frames.map(name), duration: playback.duration)
                    for index in Set(playback.frames) { named[name(index)] = try sequence.frames[index].checkedImage() }
                }
            }
            if let arrow = scene.arrowImage {
                arrowName = options.prefix + "_arrow"
                named[options.prefix + "_arrow"] = try arrow.checkedImage()
            }
            pixels[scale] = named
            last = scene
        }
        self.pixels = pixels
        self.images = images
        arrowImage = arrowName
        // Options are checked to hold at least one scale.
        setup = last.flatMap { $0.family.appSetup(of: $0, images: images, arrowImage: arrowName) }
        findings = try AssetLint.check(description, baseDirectory: baseDirectory) + Self.memory(pixels)
    }

    /// MJRefresh keeps every image of every state decoded: their bytes at the largest scale.
    private static func memory(_ pixels: [Int: [String: RGBAImage]]) -> [AssetFinding] {
        guard let scale = pixels.keys.max(), let named = pixels[scale], !named.isEmpty else { return [] }
        let bytes = named.values.reduce(0) { $0 + $1.width * $1.height * 4 }
        let megabytes = Double(bytes) / 1_048_576
        let text = "\(named.count) images stay decoded on the device: \(String(format: "%.1f", megabytes)) MB at @\(scale)x"
        return [AssetFinding(severity: megabytes > 16 ? .warning : .info, state: "", file: nil, message: text)]
    }

    /// The files written, by path inside the export folder, in order.
    /// - Returns: each file's path and contents.
    /// - Throws: ``RefreshGifError`` when an image cannot be encoded.
    public func files() throws -> [(path: String, bytes: [UInt8])] {
        var out: [(String, [UInt8])] = []
        let encoder = PNGEncoder(settings: .default)
        let names = Set(pixels.values.flatMap(\.keys)).sorted()
        switch options.assets {
        case .catalog:
            out.append(("Refresh.xcassets/Contents.json", Array(Self.catalogContents.utf8)))
            for name in names {
                let folder = "Refresh.xcassets/\(name).imageset/"
                out.append((folder + "Contents.json", Array(imageSetContents(name).utf8)))
                for scale in options.scales.sorted() {
                    guard let image = pixels[scale]?[name] else { continue }
                    out.append((folder + "\(name)@\(scale)x.png", try encoder.encode(image)))
                }
            }
        case .files:
            for name in names {
                for scale in options.scales.sorted() {
                    guard let image = pixels[scale]?[name] else { continue }
                    out.append(("images/\(name)@\(scale)x.png", try encoder.encode(image)))
                }
            }
        }
        if let setup {
            out.append(("RefreshSetup.swift", Array(setup.swift.utf8)))
            if setup.objcImport != nil {
                out.append(("RefreshSetup.h", Array(setup.objcHeader.utf8)))
                out.append(("RefreshSetup.m", Array(setup.objcSource(header: "RefreshSetup.h").utf8)))
            }
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// The export as one ZIP archive (the page's download): the same files, the same bytes
    /// for the same scene.
    /// - Returns: the archive.
    /// - Throws: ``RefreshGifError`` when an image cannot be encoded or the archive is too large.
    public func zip() throws -> [UInt8] {
        do {
            return try ZipArchive.archive(try files())
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

    /// Writes the export into `folder` (made, or replaced as a whole): everything is written
    /// into a staging folder beside it first, then moved into place, so an error or an
    /// interruption never leaves part of an export.
    /// - Parameter folder: the export folder.
    /// - Throws: ``RefreshGifError`` when a file cannot be written.
    public func write(to folder: String) throws {
        let files = try files()
        let trimmed = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        let parent = URL(fileURLWithPath: trimmed).deletingLastPathComponent().path
        let base = URL(fileURLWithPath: trimmed).lastPathComponent
        let staging = parent + "/." + base + ".partial-\(getpid())"
        let old = parent + "/." + base + ".old-\(getpid())"
        let manager = FileManager.default
        if FileIO.isRegularFile(trimmed) {
            throw RefreshGifError.cannotCreateOutput(file: trimmed, message: "is a file; an export is a folder")
        }
        Temporaries.registerFolder(staging)
        defer { Temporaries.unregisterFolder(staging) }
        do {
            try? manager.removeItem(atPath: staging)
            for (path, bytes) in files {
                let target = staging + "/" + path
                try manager.createDirectory(
                    atPath: URL(fileURLWithPath: target).deletingLastPathComponent().path, withIntermediateDirectories: true)
                guard manager.createFile(atPath: target, contents: Data(bytes)) else {
                    throw RefreshGifError.cannotCreateOutput(file: trimmed, message: "cannot write \(path)")
                }
            }
            let replacing = FileIO.isDirectory(trimmed)
            if replacing { try manager.moveItem(atPath: trimmed, toPath: old) }
            try manager.moveItem(atPath: staging, toPath: trimmed)
            if replacing { try? manager.removeItem(atPath: old) }
        } catch let error as RefreshGifError {
            try? manager.removeItem(atPath: staging)
            throw error
        } catch {
            try? manager.removeItem(atPath: staging)
            throw RefreshGifError.cannotCreateOutput(file: trimmed, message: "cannot write the export folder")
        }
    }
}
