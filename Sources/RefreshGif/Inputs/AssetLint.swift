import FoundationEssentials
import ImageCodecs
@_spi(Tools) import RefreshFiles
import RefreshImage
import RefreshModel

/// One thing a state's images will do on a device that their author may not expect.
public struct AssetFinding: Sendable, Equatable, Codable {
    /// How much it matters.
    public enum Severity: String, Sendable, Codable, Comparable {
        /// Worth knowing; nothing looks wrong.
        case info
        /// It will look wrong, or not as the file suggests.
        case warning

        public static func < (a: Severity, b: Severity) -> Bool { a == .info && b == .warning }
    }

    /// How much it matters.
    public var severity: Severity
    /// The state whose images it concerns ("" for the control as a whole).
    public var state: String
    /// The file, when one is concerned.
    public var file: String?
    /// What will happen, in one sentence.
    public var message: String
    /// The setting (its JSON key) that changes what it is about, when that is not the state's
    /// images: `titles` for a title a phone shows as a string key.
    public var setting: String?

    /// A finding.
    /// - Parameters:
    ///   - severity: a warning, or information.
    ///   - state: the state whose images it is about.
    ///   - file: the file it is about; nil for the state as a whole.
    ///   - message: one line.
    ///   - setting: the setting that changes it, when not the images; nil for the images.
    public init(severity: Severity, state: String, file: String?, message: String, setting: String? = nil) {
        self.severity = severity
        self.state = state
        self.file = file
        self.message = message
        self.setting = setting
    }

    /// `warning: refreshing (spin.gif): …`, one line.
    public var line: String {
        let subject = [state.isEmpty ? nil : state, file.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        return "\(severity.rawValue): " + (subject.isEmpty ? "" : subject + ": ") + message
    }
}

/// Checks state images the way a control will show them (docs/images.md, "Checking images"):
/// the height they give the control, their scale against the render scale, their frame rate,
/// whether the first frames of the states match, and what GIF and Lottie files hold that a
/// device draws differently. Findings are sorted: the same input, the same lines.
@_spi(Tools) public enum AssetLint {
    /// Looping states below this many frames a second look choppy.
    public static let smoothFramesPerSecond = 12.0
    /// A pull shown in fewer frames than this moves in visible steps.
    public static let smoothPullFrames = 10

    /// The findings for the scene `description` draws, its image paths resolved from
    /// `baseDirectory`.
    /// - Parameters:
    ///   - description: the scene's settings, its images among them.
    ///   - baseDirectory: where relative paths start; the working directory when nil.
    /// - Returns: the findings, warnings first, sorted.
    /// - Throws: what building the scene throws: ``InvalidValue`` for a bad setting,
    ///   ``RefreshGifError`` for an unreadable or invalid image.
    public static func check(_ description: SceneDescription, baseDirectory: String? = nil) throws -> [AssetFinding] {
        try check(description, baseDirectory: baseDirectory, scene: nil)
    }

    /// ``check(_:baseDirectory:)`` with the scene already made (at any scale): no image is
    /// loaded again.
    /// - Parameters:
    ///   - description: the scene's settings, its images among them.
    ///   - baseDirectory: where relative paths start; the working directory when nil.
    ///   - scene: `description`'s scene, loaded (at any scale); nil makes it.
    /// - Returns: the findings, warnings first, sorted.
    /// - Throws: as ``check(_:baseDirectory:)``.
    public static func check(_ description: SceneDescription, baseDirectory: String?, scene: RefreshScene?) throws -> [AssetFinding] {
        let scene = try scene ?? description.makeScene(baseDirectory: baseDirectory)
        var findings: [AssetFinding] = []
        var paths: [RefreshState: String] = [:]
        if case let .byState(images)? = description[.images] {
            for (name, value) in images {
                guard case let .text(path) = value, let state = scene.family.state(named: name)?.state ?? RefreshState(rawValue: name)
                else { continue }
                paths[state] = SceneDescription.resolve(path, from: baseDirectory)
            }
        }
        findings += height(scene)
        for (state, sequence) in scene.images.sequences.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let file = paths[state]
            let name = scene.family.ownStateName(state, percent: state == .idle ? 0.5 : 1) ?? state.rawValue
            findings += frames(sequence, state: state, name: name, file: file)
            findings += frameSizes(sequence, name: name, file: file)
            findings += edges(sequence, name: name, file: file)
            if let file {
                findings += scaleNaming(file, name: name, renderScale: scene.scale)
                findings += fileContents(file, name: name)
            }
        }
        findings += firstFrames(scene)
        findings += trailerTitles(scene)
        findings += try missingCharacters(scene)
        findings += try LayerLint.check(scene, renderer: try RefreshRenderer())
        return findings.sorted { ($0.severity, $0.state, $0.message) > ($1.severity, $1.state, $1.message) }
    }

    /// The characters of the scene's texts (its titles, the one drawn, the second line) that
    /// no installed font has: drawn as an empty box, never silently as another glyph.
    /// - Parameter scene: the scene.
    /// - Returns: one warning per text that lacks a character, naming each (`U+1F600 😀`).
    /// - Throws: ``RasterError`` when a font cannot be loaded.
    public static func missingCharacters(_ scene: RefreshScene) throws -> [AssetFinding] {
        let renderer = try RefreshRenderer()
        let title = try RefreshRenderer.location(of: scene.labelFonts.title, field: "stateLabelFont", scene: scene)
        let second = try RefreshRenderer.location(of: scene.labelFonts.second, field: "timeLabelFont", scene: scene)
        var texts: [(state: String, text: String, font: FontLocation?)] = scene.titles.sorted { $0.key.rawValue < $1.key.rawValue }.map {
            ($0.key.rawValue, $0.value, title)
        }
        texts.append((scene.state.rawValue, scene.stateTitle, title))
        if let line = scene.lastUpdatedText { texts.append((scene.state.rawValue, line, second)) }
        var findings: [AssetFinding] = []
        var seen = Set<String>()
        for (state, text, font) in texts where seen.insert(text).inserted {
            let missing = try renderer.missingCharacters(in: text, font: font)
            guard !missing.isEmpty else { continue }
            let names = missing.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) + " " + String($0) }
            findings.append(
                AssetFinding(
                    severity: .warning, state: state, file: nil,
                    message: "no installed font has \(names.joined(separator: ", ")) in '\(SceneRead.quoted(text))': "
                        + "drawn as an empty box"))
        }
        return findings
    }

    /// A title that is the library's string key (MJRefresh's trailer outside Chinese): a phone
    /// shows the key, and so does the picture; apps set their own titles.
    private static func trailerTitles(_ scene: RefreshScene) -> [AssetFinding] {
        scene.family.states(of: scene.kind).compactMap { state in
            // The app's own title, or its strings file's, is what the phone shows.
            guard scene.titles[state] == nil,
                let key = scene.family.rawKeyTitle(kind: scene.kind, state: state, language: scene.language)
            else { return nil }
            return AssetFinding(
                severity: .warning, state: state.rawValue, file: nil,
                message: "\(scene.family.className(kind: scene.kind, style: scene.style)) has no \(scene.language.rawValue) "
                    + "title for this state: a phone shows the key \(key) too (the library ships none; this is not a drawing error); "
                    + "apps set their own title for this state",
                setting: SceneField.titles.name)
        }
    }

    /// A GIF-style control that grows to fit its images (MJRefresh's auto-height).
    private static func height(_ scene: RefreshScene) -> [AssetFinding] {
        guard scene.style == .gif, !scene.images.isBuiltIn else { return [] }
        var plain = scene
        plain.images = StateImages()
        let with = scene.size.height, without = plain.size.height
        guard with > without else { return [] }
        return [
            AssetFinding(
                severity: .warning, state: "", file: nil,
                message: "the images are \(points(with)) pt tall: the \(scene.kind.rawValue) grows from \(points(without)) to "
                    + "\(points(with)) pt to fit the tallest first frame")
        ]
    }

    /// Too few frames for the pull or for a loop.
    private static func frames(_ sequence: ImageSequence, state: RefreshState, name: String, file: String?) -> [AssetFinding] {
        let count = sequence.frames.count
        if state == .idle {
            guard count > 1, count < smoothPullFrames else { return [] }
            return [
                AssetFinding(
                    severity: .info, state: name, file: file,
                    message: "\(count) frames: the pull moves through them in \(count) visible steps")
            ]
        }
        guard count > 1, sequence.duration > 0 else { return [] }
        let rate = Double(count) / sequence.duration
        guard rate < smoothFramesPerSecond else { return [] }
        return [
            AssetFinding(
                severity: .warning, state: name, file: file,
                message: "\(count) frames in \(points(sequence.duration)) s loop at \(points(rate)) frames a second: "
                    + "the animation looks choppy (\(Int(smoothFramesPerSecond)) or more look smooth)")
        ]
    }

    /// Frames of one sequence in different sizes: UIImageView shows each at its own size, so
    /// the image jumps from frame to frame (a PNG exported 64×60 among 60×60 ones).
    private static func frameSizes(_ sequence: ImageSequence, name: String, file: String?) -> [AssetFinding] {
        guard let first = sequence.frames.first else { return [] }
        let odd = sequence.frames.enumerated().filter {
            $0.element.pointWidth != first.pointWidth || $0.element.pointHeight != first.pointHeight
        }
        guard let example = odd.first else { return [] }
        let frame = example.element
        let which = odd.count == 1 ? "frame \(example.offset + 1) is" : "\(odd.count) frames are (the first: frame \(example.offset + 1))"
        return [
            AssetFinding(
                severity: .warning, state: name, file: file,
                message: "\(which) \(points(frame.pointWidth))×\(points(frame.pointHeight)) pt among frames of "
                    + "\(points(first.pointWidth))×\(points(first.pointHeight)) pt: the image jumps as it plays")
        ]
    }

    /// Share of a first frame's edge pixels (visible pixels beside transparent ones) that must
    /// be near white or near black for a matte to be reported.
    static let matteShare = 0.6

    /// Edges matted on white or black: an image exported against a light page keeps a light
    /// rim where it meets transparency, which shows as a halo on a dark background (dark mode),
    /// and the other way round.
    private static func edges(_ sequence: ImageSequence, name: String, file: String?) -> [AssetFinding] {
        guard let first = sequence.frames.first, let image = try? first.checkedImage() else { return [] }
        let (width, height) = (image.width, image.height)
        guard width >= 3, height >= 3, width * height <= 4_000_000 else { return [] }
        let pixels = image.pixels
        func alpha(_ x: Int, _ y: Int) -> UInt8 { pixels[(y * width + x) * 4 + 3] }
        var edge = 0, light = 0, dark = 0, inner = 0, innerLight = 0, innerDark = 0
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) {
                let a = alpha(x, y)
                guard a > 0 else { continue }
                let i = (y * width + x) * 4
                // Straight colour from premultiplied.
                let channels = (0..<3).map { Int(pixels[i + $0]) * 255 / Int(a) }
                let isLight = channels.allSatisfy { $0 >= 215 }, isDark = channels.allSatisfy { $0 <= 40 }
                if alpha(x - 1, y) == 0 || alpha(x + 1, y) == 0 || alpha(x, y - 1) == 0 || alpha(x, y + 1) == 0 {
                    edge += 1
                    if isLight { light += 1 }
                    if isDark { dark += 1 }
                } else {
                    inner += 1
                    if isLight { innerLight += 1 }
                    if isDark { innerDark += 1 }
                }
            }
        }
        guard edge >= 16, inner > 0 else { return [] }
        func matte(_ count: Int, _ innerCount: Int, _ colour: String, _ page: String) -> AssetFinding? {
            let share = Double(count) / Double(edge)
            // The edge only: an image that is white or black all over is drawn as it is.
            guard share >= matteShare, Double(innerCount) / Double(inner) < share / 2 else { return nil }
            return AssetFinding(
                severity: .warning, state: name, file: file,
                message: "\(Int((share * 100).rounded())) % of the first frame's edge pixels are near \(colour): "
                    + "matted on a \(colour) page, they show as a \(colour) rim on a \(page) background")
        }
        return [matte(light, innerLight, "white", "dark"), matte(dark, innerDark, "black", "light")].compactMap { $0 }
    }

    /// The @2x/@3x in a file's name against the scale the control is drawn at.
    private static func scaleNaming(_ file: String, name: String, renderScale: Int) -> [AssetFinding] {
        guard !file.lowercased().hasSuffix(".json") else { return [] }
        // Frames in a folder or a list each carry their own scale in their names, as the
        // loader reads them: the first frame's speaks for the sequence.
        let frames = ImageLoader.frameFiles(of: file)
        guard let suffix = ImageLoader.scaleSuffix(of: frames?.first ?? file) else {
            let what = frames == nil ? "the name" : "the frames' names"
            return [
                AssetFinding(
                    severity: .info, state: name, file: file,
                    message: "no @2x or @3x in \(what): its pixels are taken as @\(renderScale)x (--image-scale to say otherwise)")
            ]
        }
        guard suffix < Double(renderScale) else { return [] }
        return [
            AssetFinding(
                severity: .warning, state: name, file: file,
                message: "@\(Int(suffix))x pixels drawn at @\(renderScale)x: enlarged \(points(Double(renderScale) / suffix))×, soft")
        ]
    }

    /// What a GIF or Lottie file holds that a device shows differently.
    private static func fileContents(_ file: String, name: String) -> [AssetFinding] {
        guard let bytes = try? FileIO.read(file, maxBytes: 64 << 20) else { return [] }
        if bytes.starts(with: Array("GIF".utf8)) {
            guard let inspection = try? ImageInspection.inspect(bytes) else { return [] }
            let partial = inspection.layouts.dropFirst().filter {
                $0.width < inspection.width || $0.height < inspection.height || $0.left > 0 || $0.top > 0
            }
            var findings: [AssetFinding] = []
            if !partial.isEmpty {
                findings.append(
                    AssetFinding(
                        severity: .warning, state: name, file: file,
                        message: "\(partial.count) of \(inspection.layouts.count) frames draw only part of the screen over the "
                            + "frames before: split into UIImages one frame at a time (without compositing), they show incomplete"))
            }
            if inspection.layouts.contains(where: { $0.disposal == .previous }) {
                findings.append(
                    AssetFinding(
                        severity: .warning, state: name, file: file,
                        message: "frames dispose by restoring the previous picture, which simple frame-by-frame decoders ignore"))
            }
            return findings
        }
        guard bytes.first == UInt8(ascii: "{") else { return [] }
        let text = String(decoding: bytes, as: UTF8.self)
        let unsupported: [(String, String)] = [
            (#""ty":5"#, "text layers"), (#""ef":["#, "effects"), (#""x":""#, "expressions"), (#""ddd":1"#, "3D layers"),
        ]
        // Without white space, so that `"ddd": 1` and `"ddd":1` read alike.
        var compact = String.UnicodeScalarView()
        compact.append(contentsOf: text.unicodeScalars.filter { !$0.properties.isWhitespace })
        let plain = String(compact)
        let found = unsupported.filter { plain.contains($0.0) }.map(\.1)
        guard !found.isEmpty else { return [] }
        return [
            AssetFinding(
                severity: .warning, state: name, file: file,
                message: "uses \(found.joined(separator: ", ")), which rlottie (and so this preview) does not draw as "
                    + "lottie-ios does")
        ]
    }

    /// First frames of different sizes: the image jumps as the state changes.
    private static func firstFrames(_ scene: RefreshScene) -> [AssetFinding] {
        guard !scene.images.isBuiltIn else { return [] }
        let sizes = scene.images.sequences.compactMap { state, sequence in
            sequence.frames.first.map { (state, $0.pointWidth, $0.pointHeight) }
        }.sorted { $0.0.rawValue < $1.0.rawValue }
        guard let first = sizes.first, sizes.contains(where: { $0.1 != first.1 || $0.2 != first.2 }) else { return [] }
        let listed = sizes.map { "\(scene.family.ownStateName($0.0, percent: 1) ?? $0.0.rawValue) \(points($0.1))×\(points($0.2)) pt" }
        return [
            AssetFinding(
                severity: .warning, state: "", file: nil,
                message:
                    "the states' first frames differ in size (\(listed.joined(separator: ", "))): the image jumps when the state changes")
        ]
    }

    /// A number of points with at most two decimals.
    private static func points(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

extension String {
    /// The text with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
