import FoundationEssentials
import Glibc
@_spi(Tools) import RefreshGif

/// One answer of the preview server, before HTTP: a status, a media type, extra headers and
/// the body.
public struct PreviewReply: Sendable {
    /// The HTTP status code.
    public var status: Int = 200
    /// The body's media type.
    public var contentType: String
    /// Headers beyond the type and the security headers every answer has.
    public var headers: [(name: String, value: String)] = []
    /// The body.
    public var body: [UInt8]

    static func json<T: Encodable>(_ value: T) throws -> PreviewReply {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return PreviewReply(contentType: "application/json", body: Array(try encoder.encode(value)))
    }
}

/// What the preview server does, apart from HTTP: each endpoint of docs/openapi.yaml as a
/// method from the request's query and body to a ``PreviewReply``, throwing ``PreviewError``.
/// Scenes are read by the same schema as the command line, drawn by the same renderer and
/// encoded by the same PNG encoder, so `GET /render.png` gives `refresh-render`'s bytes.
public final class PreviewService: Sendable {
    /// How the server was started.
    public let configuration: PreviewConfiguration
    let uploads: UploadStore
    let cache: SceneCache
    let slots: RenderSlots
    /// The bytes requests in flight may hold together (the server's `--max-memory`).
    let budget: WorkBudget
    /// The page's change events.
    let feed = ChangeFeed()

    /// Frames a second of the page's live picture and of gestures without `fps`.
    static let liveFPS = 60
    /// The scroll view the page shows and drags: a phone's height under the control's width
    /// (the scene's width when none is set), over a list taller than it; past the edge the list
    /// follows the finger by UIKit's rubber band, `c·x / (c·x / height + 1)`. The page takes
    /// every one of these numbers from the session, none of its own.
    struct Scroll: Encodable {
        var viewWidth = RefreshScene().width
        var viewHeight = 667.0
        var contentHeight = 1400.0
        var rubberBand = 0.55
    }
    static let scroll = Scroll()

    /// A service for `configuration`.
    public init(configuration: PreviewConfiguration) {
        self.configuration = configuration
        uploads = UploadStore(budget: configuration.uploadBudgetBytes)
        // The decoded scenes kept between requests stay within the memory budget together.
        cache = SceneCache(capacity: 4, budgetPixels: configuration.base.limits.maxTotalPixels)
        slots = RenderSlots(jobs: configuration.jobs, queueLength: configuration.queueLength)
        budget = WorkBudget(bytes: configuration.base.limits.maxTotalPixels.multipliedReportingOverflow(by: 4).partialValue)
    }

    // MARK: - Pictures

    /// `GET /render.png`: the scene the query describes, as `refresh-render` draws it.
    public func render(query: String?) async throws -> PreviewReply {
        try await answering {
            let request = try scene(query)
            let resolved = request.resolved(uploads)
            let base = configuration.baseDirectory
            let bytes = try await slots.run { [cache] renderer in
                let scene = try cache.scene(for: resolved, checked: request.checked, baseDirectory: base)
                return try ImageFileFormat.png.encode(try renderer.render(scene), settings: .default)
            }
            return PreviewReply(contentType: "image/png", body: bytes)
        }
    }

    /// `GET /layers.json`: where the scene's own layers are placed at the moment the query names,
    /// in the control's points: `width`, `height` (the control's), and each layer's `name`, `x`,
    /// `y`, `width`, `height` and `visible`, in drawing order. The page outlines the layer chosen
    /// on the still picture and moves it by dragging (docs/preview.md).
    public func layerFrames(query: String?) async throws -> PreviewReply {
        try await answering {
            let request = try scene(query)
            let resolved = request.resolved(uploads)
            let base = configuration.baseDirectory
            struct Placed: Encodable, Sendable {
                var name: String
                var x, y, width, height: Double
                var visible: Bool
            }
            struct Answer: Encodable, Sendable {
                var width, height: Double
                var layers: [Placed]
            }
            let answer = try await slots.run { [cache] renderer in
                let scene = try cache.scene(for: resolved, checked: request.checked, baseDirectory: base)
                // A frame an expression made infinite is not drawn: it is left out rather than sent as JSON's null.
                let layers = try renderer.layerFrames(of: scene).filter {
                    [$0.x, $0.y, $0.width, $0.height].allSatisfy(\.isFinite)
                }
                return Answer(
                    width: scene.size.width, height: scene.size.height,
                    layers: layers.map {
                        Placed(name: $0.name, x: $0.x, y: $0.y, width: $0.width, height: $0.height, visible: $0.visible)
                    })
            }
            return try .json(answer)
        }
    }

    /// `POST /live`: the last frame of the gesture in `body` (the page's drag so far, its
    /// `duration` the instant shown), in the scroll view with its list; the headers say the
    /// state, pull, offset and insets the page's scroll view follows. With `part=control` only
    /// the pixels the control covers come back (the page draws the plain list itself), and
    /// `X-Refresh-Band` says where they go: `x,y,width,height` in the view's pixels (an empty
    /// body when the control is out of sight).
    public func live(query: String?, body: [UInt8]) async throws -> PreviewReply {
        try await answering {
            let deadline = Deadline(seconds: configuration.requestSeconds)
            let pairs = try QueryString.parse(query)
            let request = try SceneRequest(pairs: pairs, configuration: configuration, uploads: uploads, ignoring: ["part", "appearance"])
            let appearance = try Self.appearance(pairs)
            let part = pairs.last { $0.name == "part" }?.value ?? "whole"
            guard ["whole", "control"].contains(part) else {
                throw PreviewError.badRequest("part: choose whole or control, got '\(SceneSchema.quoted(part))'")
            }
            let resolved = request.resolved(uploads)
            let base = configuration.baseDirectory
            // The fastest level: measured against 0 (stored) and zlib's RLE, it answers soonest.
            // 8-bit RGBA: no look at the colours first, on the path a drag waits for.
            let settings = PNGEncoder.Settings(level: 1, colors: .rgba)
            let drawn = try await slots.run(deadline: deadline) { [cache, budget] renderer in
                // Parsed here, off the server's threads: a 10 MB gesture is work too.
                let gesture = try self.decodeGesture(body)
                let scene = try cache.scene(for: resolved, checked: request.checked, baseDirectory: base)
                let end = try RefreshAnimation.gestureEnd(
                    gesture, scene: scene, fps: Self.liveFPS, showContent: true, wholeView: true, appearance: appearance)
                return try budget.holding(Self.frameBytes(of: end) * 2, for: "this frame") {
                    try LiveFrame(end, part: part, gesture: gesture, scene: scene, renderer: renderer, settings: settings)
                }
            }
            let rest = drawn.gesture.restingOffset(for: drawn.kind)
            let report = drawn.report
            let inset = report.insetAdded ?? 0
            let band = drawn.band
            return PreviewReply(
                contentType: drawn.bytes.isEmpty ? "application/octet-stream" : "image/png",
                headers: [
                    ("X-Refresh-State", report.state), ("X-Refresh-Library-State", report.libraryState ?? report.state),
                    ("X-Refresh-Percent", String(report.percent)), ("X-Refresh-Offset", String(report.offset ?? 0)),
                    ("X-Refresh-Rest", String(rest)), ("X-Refresh-Inset", String(inset)),
                    ("X-Refresh-Extent", String(drawn.extent)), ("X-Refresh-Kind", drawn.kind.rawValue),
                    ("X-Refresh-Scale", String(drawn.scale)),
                    ("X-Refresh-Band", "\(band.x),\(band.y),\(band.width),\(band.height)"),
                    // How long the state machine takes to open and close the inset (seconds):
                    // the page's list moves over the same durations.
                    ("X-Refresh-Inset-In", String(Double(drawn.insetIn) / 1_000_000)),
                    ("X-Refresh-Inset-Out", String(Double(drawn.insetOut) / 1_000_000)),
                ], body: drawn.bytes)
        }
    }

    /// One answer of `POST /live`: the PNG and what the page's scroll view follows.
    private struct LiveFrame: Sendable {
        var bytes: [UInt8]
        var report: FrameReport
        var gesture: Gesture
        var kind: ComponentKind
        var scale: Int
        /// The control's extent along the pull: the distance that arms it, and the inset it
        /// holds while refreshing (the page springs towards it as the finger lifts).
        var extent: Double
        /// Where the pixels go in the view's pixels (the whole view for `part=whole`).
        var band: (x: Int, y: Int, width: Int, height: Int)
        /// Microseconds the inset takes to open and to close (the family's motion rules).
        var insetIn: Int64, insetOut: Int64

        /// Draws the last frame of `end`: the whole view, or only the control's band.
        init(
            _ end: RefreshAnimation, part: String, gesture: Gesture, scene: RefreshScene,
            renderer: RefreshRenderer, settings: PNGEncoder.Settings
        ) throws {
            self.gesture = gesture
            kind = scene.kind
            scale = scene.scale
            extent = scene.kind == .trailer ? scene.size.width : scene.size.height
            (insetIn, insetOut) = scene.insetMicroseconds
            if part == "control" {
                // The list is the page's to draw: only the control's rectangle travels.
                let drawn = try end.band(at: 0, renderer: renderer)
                defer { drawn.image.map(renderer.recycle) }
                bytes = try drawn.image.map { try ImageFileFormat.png.encode($0, settings: settings) } ?? []
                report = drawn.report
                band = (drawn.x, drawn.y, drawn.image?.width ?? 0, drawn.image?.height ?? 0)
            } else {
                let frame = try end.frame(at: 0, renderer: renderer)
                defer { renderer.recycle(frame.image) }
                bytes = try ImageFileFormat.png.encode(frame.image, settings: settings)
                report = frame.report
                band = (0, 0, frame.image.width, frame.image.height)
            }
        }
    }

    /// `POST /gesture`: the whole gesture in `body` as a GIF, APNG or contact sheet
    /// (`format`), at `fps` (default 60), as `refresh-render simulate --show-content` writes it.
    public func gesture(query: String?, body: [UInt8]) async throws -> PreviewReply {
        try await answering {
            let pairs = try QueryString.parse(query)
            let request = try SceneRequest(
                pairs: pairs, configuration: configuration, uploads: uploads, ignoring: ["format", "fps", "appearance"])
            let appearance = try Self.appearance(pairs)
            let format = pairs.last { $0.name == "format" }?.value ?? "gif"
            guard ["gif", "apng", "sheet"].contains(format) else {
                throw PreviewError.badRequest("format: choose gif, apng or sheet, got '\(SceneSchema.quoted(format))'")
            }
            var fps = Self.liveFPS
            if let text = pairs.last(where: { $0.name == "fps" })?.value {
                guard let value = Int(text), (1...60).contains(value) else {
                    throw PreviewError.badRequest(
                        "--fps: must be between 1 and 60 for a preview download, got '\(SceneSchema.quoted(text))'")
                }
                fps = value
            }
            let resolved = request.resolved(uploads)
            let base = configuration.baseDirectory
            let rate = fps
            let deadline = Deadline(seconds: configuration.requestSeconds)
            let bytes = try await slots.run(deadline: deadline) { [cache, budget] _ in
                let gesture = try self.decodeGesture(body)
                let scene = try cache.scene(for: resolved, checked: request.checked, baseDirectory: base)
                let animation = try RefreshAnimation.gesture(gesture, scene: scene, fps: rate, showContent: true, appearance: appearance)
                // Admitted by its cost: the frames being drawn and encoded at once (an APNG also
                // keeps changed rectangles, up to two frames' worth, to choose its colours), then the file.
                let frame = Self.frameBytes(of: animation)
                return try budget.holding(frame * (format == "apng" ? 6 : 4), for: "this gesture's frames") {
                    try Self.writeFile(animation, format: format, keptBytes: frame * 2, budget: budget, deadline: deadline)
                }
            }
            let types = ["gif": "image/gif", "apng": "image/apng", "sheet": "image/png"]
            let names = ["gif": "gesture.gif", "apng": "gesture.apng", "sheet": "gesture-sheet.png"]
            return PreviewReply(
                contentType: types[format] ?? "application/octet-stream",
                headers: [("Content-Disposition", "attachment; filename=\"\(names[format] ?? "gesture")\"")], body: bytes)
        }
    }

    /// Writes `animation` as `format` into a temporary folder of its own, reads it back, and
    /// removes the folder; gives up between frames once `deadline` passes, and refuses a file
    /// the budget cannot hold beside the work in flight.
    private static func writeFile(
        _ animation: RefreshAnimation, format: String, keptBytes: Int, budget: WorkBudget, deadline: Deadline
    ) throws -> [UInt8] {
        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let path = folder + "/out"
        var outputs = AnimationOutputs()
        outputs.apngKeptBytes = keptBytes
        switch format {
        case "apng": outputs.apng = path
        case "sheet": outputs.sheet = path
        default: outputs.gif = path
        }
        try animation.write(outputs, jobs: 1) { _ in try deadline.check() }
        var info = stat()
        let size = stat(path, &info) == 0 ? Int(info.st_size) : 0
        // The answer is held until it is sent: counted like the rest.
        return try budget.holding(size, for: "the \(format) file") { try FileIO.read(path, maxBytes: 1 << 30) }
    }

    /// The bytes of one of `animation`'s frames as drawn, at most: its scroll view (or the
    /// control, when wider), at least 500 pt tall, at its scale.
    static func frameBytes(of animation: RefreshAnimation) -> Int {
        guard let view = animation.firstView else { return 0 }
        let scale = Double(view.scale)
        let width = view.width
        let height = max(view.height, 500)
        return Int(min(1e15, (width * scale).rounded(.up) * (height * scale).rounded(.up) * 4))
    }

    // MARK: - Text

    /// `GET /export`: the command, Swift and snapshot case for the scene on screen.
    public func export(query: String?) throws -> PreviewReply {
        try answeringNow {
            let request = try scene(query)
            try request.description.validate()
            return try .json(CopyText(request.asWritten(uploads, baseDirectory: configuration.baseDirectory)))
        }
    }

    /// `GET /appcode`: the setup code an app compiles for the scene on screen (docs/export.md):
    /// `swift`, and `objc` (the header, then the implementation; empty for a Swift-only library).
    public func appCode(query: String?) async throws -> PreviewReply {
        try await answering {
            let resolved = try scene(query).resolved(uploads)
            let base = configuration.baseDirectory
            let deadline = Deadline(seconds: configuration.requestSeconds)
            struct Code: Sendable {
                var hasSetup: Bool
                var subclassed: Bool
                var files: [(name: String, text: String)]
            }
            let export = try await slots.run(deadline: deadline) { [cache] _ in
                // Planning only, from the scene cache: no image is drawn or encoded for the code.
                let options = AppExport.Options(scales: [2])
                let planned = try cache.scene(for: AppExport.planningDescription(resolved, options: options), baseDirectory: base)
                let export = try AppExport(resolved, options: options, baseDirectory: base, planned: planned)
                return Code(hasSetup: export.hasSetup, subclassed: export.isSubclassed, files: export.codeFiles)
            }
            try deadline.check()
            guard export.hasSetup else { throw PreviewError.badRequest("this library has no setup code to copy") }
            // Each language's files one after another; with a layers' subclass, each under its name.
            func code(_ extensions: [String]) -> String {
                let files = export.files.filter { file in extensions.contains { file.name.hasSuffix($0) } }
                return files.map { (export.subclassed ? "// MARK: - \($0.name)\n" : "") + $0.text }.joined(separator: "\n")
            }
            return try .json(["swift": code([".swift"]), "objc": code([".h", ".m"])])
        }
    }

    /// `GET /assets.zip`: the scene's export (`refresh-render export`) as one ZIP archive: the
    /// asset catalog at @2x and @3x and the setup code.
    public func assetsZip(query: String?) async throws -> PreviewReply {
        try await answering {
            let resolved = try scene(query).resolved(uploads)
            let base = configuration.baseDirectory
            let deadline = Deadline(seconds: configuration.requestSeconds)
            let bytes = try await slots.run(deadline: deadline) { [budget, cache] _ in
                // Planned first from the scene cache (loaded once, within its budget, not per
                // request); then the pixels of one scale's images and their encoding are held
                // against the server's budget while the archive is made, the deadline checked
                // between files.
                let options = AppExport.Options()
                let planned = try cache.scene(for: AppExport.planningDescription(resolved, options: options), baseDirectory: base)
                let export = try AppExport(resolved, options: options, baseDirectory: base, planned: planned)
                try deadline.check()
                return try budget.holding(export.peakBytes, for: "this export's images") {
                    try export.zip(checking: deadline.check)
                }
            }
            return PreviewReply(
                contentType: "application/zip", headers: [("Content-Disposition", "attachment; filename=\"refresh-export.zip\"")],
                body: bytes)
        }
    }

    /// `GET /lint`: what the scene's state images will do on a device (``AssetLint``).
    public func lint(query: String?) async throws -> PreviewReply {
        try await answering {
            let request = try scene(query)
            let resolved = request.resolved(uploads)
            let written = request.asWritten(uploads, baseDirectory: configuration.baseDirectory)
            let base = configuration.baseDirectory
            let findings = try await slots.run { _ in try AssetLint.check(resolved, baseDirectory: base) }
            // Findings name the user's files, not the server's copies.
            let named = findings.map { finding -> AssetFinding in
                var finding = finding
                if let file = finding.file, file.hasPrefix(base + "/") {
                    finding.file = String(file.dropFirst(base.count + 1))
                } else if let file = finding.file, file.hasPrefix(FileManager.default.temporaryDirectory.path) {
                    finding.file =
                        Self.writtenName(of: file, in: resolved, written: written) ?? URL(fileURLWithPath: file).lastPathComponent
                }
                return finding
            }
            return try .json(["findings": named])
        }
    }

    private static func writtenName(of file: String, in resolved: SceneDescription, written: SceneDescription) -> String? {
        guard case let .byState(paths)? = resolved[.images], case let .byState(names)? = written[.images] else { return nil }
        for (state, value) in paths where value == .text(file) {
            if case let .text(name)? = names[state] { return name }
        }
        return nil
    }

    /// `POST /assets`: stores a dropped file for a setting that names files (`setting`, by
    /// default `images`; for images, the `state` it is for), a new upload or one more PNG frame
    /// of upload `append`, and answers its reference (`upload:ID`) and the name a command line
    /// gives it. The file must be of a type the setting declares (``SceneField/accepts``) and is
    /// read as a render reads it before anything is replaced.
    public func upload(query: String?, body: [UInt8]) throws -> PreviewReply {
        try answeringNow {
            let pairs = try QueryString.parse(query)
            for pair in pairs where !["setting", "state", "name", "append", "layer"].contains(pair.name) {
                throw PreviewError.badRequest("unknown parameter '\(SceneSchema.quoted(pair.name))' (setting, state, name, append, layer)")
            }
            // A layer's image (`layer=NAME.PROPERTY`) is one picture, taken as the states' images are.
            let layer = pairs.last { $0.name == "layer" }?.value
            if let layer {
                guard pairs.allSatisfy({ $0.name != "setting" && $0.name != "state" }) else {
                    throw PreviewError.badRequest("layer: a layer's image is one file, given without setting or state")
                }
                guard (1...200).contains(layer.utf8.count),
                    layer.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") })
                else {
                    throw PreviewError.badRequest("layer: expected NAME.PROPERTY, got '\(SceneSchema.quoted(layer))'")
                }
            }
            let settingName = pairs.last { $0.name == "setting" }?.value ?? SceneField.images.name
            guard let field = Self.uploadable.first(where: { $0.name == settingName }), let files = field.files else {
                let names = Self.uploadable.map(\.name).joined(separator: ", ")
                throw PreviewError.badRequest("setting: files are dropped on \(names), not '\(SceneSchema.quoted(settingName))'")
            }
            let state = pairs.last(where: { $0.name == "state" })?.value
            let slot: String
            if let layer {
                slot = "layer:" + layer
            } else if field.isByState {
                guard let state, !state.isEmpty else {
                    throw PreviewError.badRequest("state: which state the file is for (idle, pulling, refreshing, …)")
                }
                guard
                    RefreshState.allCases.contains(where: { $0.rawValue == state })
                        || RefreshLibrary.allCases.contains(where: { $0.hasState(named: state) })
                else {
                    throw PreviewError.badRequest("state: unknown state '\(SceneSchema.quoted(state))'")
                }
                slot = state
            } else {
                guard state == nil else { throw PreviewError.badRequest("state: \(field.name) is one file, not one a state") }
                slot = "setting:" + field.name
            }
            let name = pairs.last { $0.name == "name" }?.value ?? "upload"
            var append: Int?
            if let text = pairs.last(where: { $0.name == "append" })?.value {
                guard let id = Int(text) else {
                    throw PreviewError.badRequest("append: expected an upload number, got '\(SceneSchema.quoted(text))'")
                }
                append = id
            }
            // One more frame of an upload that is not there: said before the file's type.
            if let append, !uploads.holds(append, state: slot) {
                throw PreviewError(status: 404, "no upload \(append) for state '\(SceneSchema.quoted(slot))'")
            }
            guard files.accepts(name) else {
                throw PreviewError(
                    status: 415, "\(UploadStore.cleanName(name)): not \(files.noun) (\(Self.title(of: field)) takes only those)")
            }
            // Read as a render reads it, within the server's limits, before it replaces anything.
            // What the check decodes is charged to the one budget first (docs/preview.md,
            // "Memory"), and the decoder may not take more than was charged.
            let limits = configuration.base.limits
            let cost = Self.checkCost(of: body, field: field, budgetPixels: limits.maxTotalPixels)
            let upload = try budget.holding(cost, for: "checking \(UploadStore.cleanName(name))") {
                try uploads.add(body, name: name, state: slot, appendTo: append) { path in
                    if field.key == SceneField.images.key {
                        try ToolsFiles.checkStateImages(at: path, limits: limits)
                    } else {
                        try self.drawOnce(field, naming: path)
                    }
                }
            }
            cache.removeAll()
            struct Answer: Encodable, Sendable {
                var id: Int
                var reference: String
                var name: String
                var files: Int
            }
            return try .json(
                Answer(
                    id: upload.id, reference: UploadStore.prefix + String(upload.id), name: upload.writtenName, files: upload.files.count))
        }
    }

    /// The phone's appearance a request asks for (`appearance=light|dark`, light by default):
    /// the list's colours, not a setting of the control.
    static func appearance(_ pairs: [(name: String, value: String)]) throws -> ListAppearance {
        guard let text = pairs.last(where: { $0.name == "appearance" })?.value else { return .light }
        guard let appearance = ListAppearance(rawValue: text) else {
            throw PreviewError.badRequest("appearance: choose light or dark, got '\(SceneSchema.quoted(text))'")
        }
        return appearance
    }

    /// The settings a file may be dropped on: every one whose whole value names a file.
    static let uploadable = SceneSchema.standard.fields.filter(\.namesFile)

    /// A setting's name in the panel's words.
    static func title(of field: SceneField) -> String {
        catalog.fields.first { $0.name == field.name }?.title ?? field.name
    }

    /// Draws the first class `field` exists on with `path` as its value, the server's limits
    /// kept: a font, a strings table or an arrow image is checked by the render that reads it.
    /// The bytes checking an upload may decode, from its headers alone, at four bytes a pixel:
    /// a PNG's frames twice (decoded, then premultiplied); a GIF's screen, its copy and the composited frames its source keeps
    /// (at most a quarter of the budget, `budgetPixels`); for another file (a Lottie
    /// animation, a font, strings) eight times its size. A setting other than the state images
    /// is checked by drawing one frame with it: a frame's pixels more.
    static func checkCost(of body: [UInt8], field: SceneField, budgetPixels: Int) -> Int {
        var pixels: Int
        if let header = ToolsFiles.pictureHeader(body) {
            let (screen, overflow) = header.width.multipliedReportingOverflow(by: header.height)
            let frames = max(1, header.frames)
            if overflow {
                pixels = Int.max / 8
            } else if header.isGIF {
                let kept = min(budgetPixels / 4, screen.multipliedReportingOverflow(by: 2 * frames).partialValue)
                pixels = min(Int.max / 8, screen.multipliedReportingOverflow(by: 2).partialValue.addingReportingOverflow(kept).partialValue)
            } else {
                // Decoded, then premultiplied into a second buffer.
                pixels = min(Int.max / 8, screen.multipliedReportingOverflow(by: 2 * frames).partialValue)
            }
        } else {
            pixels = min(Int.max / 8, body.count * 2)
        }
        if field.key != SceneField.images.key { pixels = pixels.addingReportingOverflow(drawnFramePixels).partialValue }
        return min(Int.max / 2, max(pixels, 1) * 4)
    }

    /// One frame drawn to check a file: the widest control at @3x, its canvas and a copy.
    static let drawnFramePixels = 2 * (375 * 3) * (200 * 3)

    private func drawOnce(_ field: SceneField, naming path: String) throws {
        guard var given = field.firstControl, let value = field.value(naming: path) else { return }
        given[field] = value
        var limits = SceneDescription()
        for limit in SceneSchema.standard.fields where limit.isLimit {
            limits[limit] = configuration.base[limit]
        }
        let description = limits.merged(with: given)
        _ = try RefreshRenderer().render(try description.makeScene(baseDirectory: "/"))
    }

    /// The panel's settings, the standard schema's.
    static let catalog = SettingsCatalog(schema: .standard)

    /// `GET /schema.json`: the settings the panel shows (``SettingsCatalog``).
    public func schema() throws -> PreviewReply {
        try .json(Self.catalog)
    }

    /// `GET /session.json`: the settings the server was started with (the page's first
    /// values), the files it may read, and the change version. With a query — the page's own
    /// address after a reload — the settings and layers are those the query gives over the
    /// server's, so the page comes back as it was; a query that is no longer valid (a file
    /// gone, an upload a restarted server forgot) gives the server's settings and says so.
    public func session(query: String? = nil) throws -> PreviewReply {
        struct Setting: Encodable {
            var name: String
            var texts: [String]
        }
        struct Session: Encodable {
            var settings: [Setting]
            /// The control's own layers as a scene file writes them: JSON text, as the catalog's
            /// examples are (``ControlLayer/jsonText``).
            var layers: String
            var files: [String]
            var version: Int
            var scroll: Scroll
            var fps: Int
            /// What an upload may be, said at the drop zone before anything is sent.
            var uploadLimits: UploadLimits
            /// With a query: whether its settings were taken (false: the server's instead).
            var restored: Bool?
            /// What the query named that is no longer there, left out where it was named
            /// (`images idle`, `layers.logo.image`): to drop again.
            var missing: [String]
            /// The query's settings left out because they no longer read or fit the others.
            var refused: [String]
            /// The uploads the restored settings name, by reference: the names they were dropped as.
            var uploadNames: [String: String]
        }
        struct UploadLimits: Encodable {
            /// The largest file (the request body limit).
            var fileBytes: Int
            /// The most PNG frames one upload holds.
            var frames: Int
            /// All uploads together.
            var totalBytes: Int
        }
        var restored: Bool?
        var uploadNames: [String: String] = [:]
        var missing: [String] = [], refused: [String] = []
        var base = configuration.base
        if let query, !query.isEmpty {
            // Every setting that still applies is kept; only what cannot be is left out, named.
            if let pairs = try? QueryString.parse(query),
                let salvaged = SceneRequest.salvage(pairs, configuration: configuration, uploads: uploads, ignoring: [])
            {
                base = salvaged.request.description
                restored = true
                (missing, refused) = (salvaged.missing, salvaged.refused)
                for file in base.namedFiles {
                    if let name = uploads.originalName(for: file.path) { uploadNames[file.path] = name }
                }
            } else {
                restored = false
            }
        }
        let settings = base.keys.map { key -> Setting in
            switch base[key: key] {
            case let .byState(map)?:
                return Setting(
                    name: key.rawValue, texts: map.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.argumentText)" }
                )
            case let value?: return Setting(name: key.rawValue, texts: [value.argumentText])
            case nil: return Setting(name: key.rawValue, texts: [])
            }
        }
        return try .json(
            Session(
                settings: settings, layers: "[" + base.layers.map(\.jsonText).joined(separator: ", ") + "]",
                files: configuration.namedPaths.sorted(),
                version: feed.version, scroll: Self.scroll,
                fps: Self.liveFPS,
                uploadLimits: UploadLimits(
                    fileBytes: configuration.maxBodyBytes, frames: UploadStore.maxFiles, totalBytes: uploads.budget),
                restored: restored, missing: missing, refused: refused, uploadNames: uploadNames))
    }

    /// The versions `GET /events` sends; nil when too many pages listen.
    func events() -> AsyncStream<Int>? {
        feed.listen()
    }

    /// Watches the named files until cancelled: a change empties the scene cache and tells
    /// every page.
    func watchFiles() async {
        let base = configuration.baseDirectory
        let paths = configuration.namedPaths.sorted().map { $0.hasPrefix("/") ? $0 : base + "/" + $0 }
        let watcher = FileWatcher(paths: paths, interval: configuration.watchInterval)
        await watcher.run { [cache, feed] in
            cache.removeAll()
            feed.bump()
        }
    }

    /// Sends each open event stream a heartbeat every ``PreviewConfiguration/heartbeatInterval``
    /// seconds until cancelled: a page that closed its connection frees its slot by the next
    /// one, so closed pages never keep the live ones out.
    func beatEvents() async {
        let nanoseconds = UInt64(max(0.05, configuration.heartbeatInterval) * 1e9)
        while !Task.isCancelled {
            do {
                try await Task.sleep(nanoseconds: nanoseconds)
            } catch {
                return
            }
            feed.beat()
        }
    }

    /// The event streams open now.
    var openEventStreams: Int { feed.listenerCount }

    /// Removes every upload and ends the event streams (the server stops).
    public func shutDown() {
        uploads.removeAll()
        feed.finishAll()
    }

    // MARK: - Reading requests

    /// Runs `body`, turning whatever it throws into the ``PreviewError`` the page is answered
    /// with (the command line's line for a bad setting or file).
    private func answering<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw redacted(error)
        }
    }

    private func answeringNow<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw redacted(error)
        }
    }

    /// The answer to `error`, naming uploads as the user dropped them and the files named at
    /// start as they were named (relative to the folder the server reads), never the server's
    /// folders.
    private func redacted(_ error: Error) -> PreviewError {
        var answer = PreviewError.from(error)
        answer.message = uploads.redacted(answer.message)
        let folder = configuration.baseDirectory.hasSuffix("/") ? configuration.baseDirectory : configuration.baseDirectory + "/"
        if folder.count > 1 { answer.message = answer.message.replacingOccurrences(of: folder, with: "") }
        return answer
    }

    private func scene(_ query: String?, ignoring: Set<String> = []) throws -> SceneRequest {
        try SceneRequest(pairs: try QueryString.parse(query), configuration: configuration, uploads: uploads, ignoring: ignoring)
    }

    private func kind(of description: SceneDescription) throws -> ComponentKind {
        if case let .text(word)? = description[.kind], let kind = ComponentKind(rawValue: word) { return kind }
        return .header
    }

    /// A gesture in the format of gesture files (without `control`), checked, at most
    /// ``PreviewConfiguration/maxGestureSeconds`` long.
    func decodeGesture(_ body: [UInt8]) throws -> Gesture {
        let gesture: Gesture
        do {
            gesture = try JSONInput.decode(Gesture.self, from: body, name: "gesture")
            try gesture.validate()
        } catch let RefreshGifError.badInput(_, message) {
            throw PreviewError.badRequest("gesture: \(message)")
        } catch let error as InvalidValue {
            throw PreviewError.badRequest("gesture: $.\(error.field): \(error.reason)")
        }
        let last = max(gesture.samples.last?.t ?? 0, gesture.events.last?.t ?? 0)
        let length = gesture.duration ?? (last + 0.5)
        guard length <= configuration.maxGestureSeconds,
            gesture.script.map({ $0.over + $0.hold + ($0.refresh ?? 0) + 1 }) ?? 0 <= configuration.maxGestureSeconds
        else {
            throw PreviewError.badRequest("gesture: longer than the \(Int(configuration.maxGestureSeconds)) s a preview plays")
        }
        return gesture
    }
}
