import Foundation
import RefreshGifTestSupport
import Testing

@testable import ImageCodecs
@_spi(Tools) @testable import RefreshGif
@testable import RefreshImage
@testable import RefreshModel
@testable import RefreshRaster

/// The one scene schema, validated values and the render plan.
@Suite("Scene schema, validation and the render plan")
struct SchemaTests {
    @Test("every setting's declared example, set in JSON, changes the scene built (none is dropped on the way)")
    func everyFieldApplies() throws {
        let base = Support.root.appendingPathComponent("Fixtures").path
        // Files the examples name are stood in for by fixtures.
        let files: [String: SceneValue] = [
            "images": .byState(["idle": .text("demo/pull.gif")]),
            "font": .text("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
            "i18nBundle": .text("strings/App.bundle"),
            "arrowImage": .text("png/rgba8.png"),
        ]
        // Every case has images (durations and image scale act on them; no built-in animation to draw).
        let withImages = try JSONDecoder().decode(SceneDescription.self, from: Data("{\"images\": {\"idle\": \"gif/spectrum.gif\"}}".utf8))
        // Lottie settings act on Lottie images.
        let withLottie = try JSONDecoder().decode(
            SceneDescription.self, from: Data("{\"images\": {\"idle\": \"lottie/pull-loop.json\"}}".utf8))
        for field in SceneSchema.standard.fields {
            #expect(field.example != .text(""), "\(field.name) has no example")
            let example = field.namesFile ? try #require(files[field.name]) : field.example
            // The first class the setting exists on (the height: a trailer's, which only
            // SVPullToRefresh refuses); with images where the class shows them, except for the
            // built-in animation, which is what shows without.
            let control = try #require(
                Self.classes.first { field.applies(to: $0) && (field.name != "height" || $0.kind == .trailer) }, "\(field.name)")
            var start =
                !control.parts.contains(.images) || field.name == "animation"
                ? SceneDescription() : field.name.hasPrefix("lottie") ? withLottie : withImages
            // The settings that choose the class change it from the default one.
            if Self.choosingClass.contains(field.name) { start = SceneDescription() } else { Self.place(&start, on: control) }
            if field.name == "arrowImageTemplate" { start[.arrowImage] = files["arrowImage"] }
            let defaultScene = try start.makeScene(baseDirectory: base, clock: { Date(timeIntervalSince1970: 0) })
            var description = start
            description[field] = example
            // The example reads back from JSON as declared.
            let json = "{\"\(field.name)\": \(Self.json(example))}"
            #expect(try JSONDecoder().decode(SceneDescription.self, from: Data(json.utf8))[field] == example, "\(json)")
            if field.group == .limits {
                #expect(description.limits != start.limits, "\(field.name) did not change the limits")
                continue
            }
            let scene = try description.makeScene(baseDirectory: base, clock: { Date(timeIntervalSince1970: 0) })
            #expect(!Self.same(scene, defaultScene), "\(field.name) did not change the scene")
        }
    }

    @Test("every setting that names a file says what files it takes, and its example is one of them")
    func everyFileSettingDeclaresItsTypes() throws {
        let catalog = SettingsCatalog(schema: .standard)
        var named = 0
        for field in SceneSchema.standard.fields {
            let entry = try #require(catalog.fields.first { $0.name == field.name })
            guard let form = field.fileForm else {
                #expect(field.accepts == nil && entry.files == nil, "\(field.name) names no file but takes some")
                continue
            }
            named += 1
            let types = try #require(field.accepts, "\(field.name) names files but does not say which")
            #expect(entry.files == SettingsCatalog.Files(types), "\(field.name): the catalog differs from the declaration")
            // A label font's example is an installed face: its form names a font file as `15 PATH`.
            let paths = form.paths(in: form.kind == .path ? field.example : form.value(naming: "Brand.otf"))
            #expect(!paths.isEmpty, "\(field.name)'s example names no file")
            for path in paths {
                let folder = types.folders.contains { path.lowercased().hasSuffix("." + $0) }
                #expect(types.accepts(path) || folder, "\(field.name)'s example \(path) is not \(types.noun)")
            }
        }
        // The images, the font, the arrow image, the strings and the two label fonts at least.
        #expect(named >= 6)
    }

    /// The settings that choose the class.
    static let choosingClass: Set = ["library", "kind", "style"]

    /// Every class of the standard libraries.
    static let classes = SceneSchema.standard.families.flatMap(\.classes)

    /// Sets the library, kind and style that make `control`.
    static func place(_ description: inout SceneDescription, on control: ControlClass) {
        description[.library] = .text(control.library)
        description[.kind] = .text(control.kind.rawValue)
        description[.style] = .text(control.style.rawValue)
    }

    @Test("every setting is taken on each class its declaration names and refused, naming it, on every other")
    func everySettingOnEveryClass() throws {
        var taken = 0
        var refused = 0
        var otherwise: [String] = []
        for field in SceneSchema.standard.fields where !field.isEffect && !Self.choosingClass.contains(field.name) {
            for control in Self.classes {
                var description = SceneDescription()
                Self.place(&description, on: control)
                description[field] = field.example
                // The template flag says how an arrow image is drawn: it comes with one.
                if field.name == "arrowImageTemplate" && SceneField.arrowImage.applies(to: control) {
                    description[.arrowImage] = .text("arrow.png")
                }
                let applies = field.applies(to: control)
                do {
                    try description.validate()
                    #expect(applies, "\(field.name) was taken on \(control), which its declaration leaves out")
                    taken += 1
                } catch let error as InvalidValue where error.field == field.name && !applies {
                    // Another library's setting is refused as such; this library's names the class.
                    #expect(field.owner != control.library || error.reason.hasPrefix("does not apply to \(control)"), "\(error)")
                    refused += 1
                } catch {
                    otherwise.append("\(field.name) on \(control.description): \(error)")
                }
            }
        }
        // Refused for its own reason where it applies: the example's state (pulling) by the auto
        // footers that are never pulled.
        #expect(otherwise.allSatisfy { $0.hasPrefix("state on") && $0.contains("auto-footer") }, "\(otherwise)")
        #expect(taken > 300 && refused > 300, "\(taken) taken, \(refused) refused")
    }

    @Test("the standard schema passes its own checks: no key or option twice; an empty or doubled library list is refused")
    func standardIsChecked() throws {
        let checked = try SceneSchema(families: RefreshLibrary.allCases.map(\.family))
        #expect(checked.fields.map(\.name) == SceneSchema.standard.fields.map(\.name))
        #expect(Set(checked.fields.map(\.option)).count == checked.fields.count)
        #expect(throws: InvalidValue.self) { try SceneSchema(families: [MJRefresh(), MJRefresh()]) }
        #expect(throws: InvalidValue.self) { try SceneSchema(families: []) }
    }

    static func json(_ value: SceneValue) -> String {
        switch value {
        case let .number(n): return "\(n)"
        case let .integer(i): return "\(i)"
        case let .flag(b): return "\(b)"
        case let .text(t): return "\"\(t)\""
        case let .byState(map): return "{" + map.map { "\"\($0.key)\": \(json($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    static func same(_ a: RefreshScene, _ b: RefreshScene) -> Bool {
        a.kind == b.kind && a.style == b.style && a.state == b.state && a.pullingPercent == b.pullingPercent && a.time == b.time
            && a.width == b.width && a.trailerHeight == b.trailerHeight && a.scale == b.scale && a.background == b.background
            && a.images == b.images && a.timing == b.timing && a.language == b.language && a.titles == b.titles
            && a.stateLabelHidden == b.stateLabelHidden && a.timeLabelHidden == b.timeLabelHidden
            && a.refreshingTitleHidden == b.refreshingTitleHidden && a.textColor == b.textColor && a.font == b.font
            && a.lastUpdated == b.lastUpdated && a.now == b.now && a.timeZone == b.timeZone && a.spinnerStyle == b.spinnerStyle
            && a.autoAlpha == b.autoAlpha && a.rightToLeft == b.rightToLeft
            && a.stateLabelFont == b.stateLabelFont && a.timeLabelFont == b.timeLabelFont && a.stateLabelColor == b.stateLabelColor
            && a.timeLabelColor == b.timeLabelColor && a.controlColor == b.controlColor && a.spinnerColor == b.spinnerColor
            && (a.arrowImage == nil) == (b.arrowImage == nil) && a.arrowImageTemplate == b.arrowImageTemplate
            && a.family.name == b.family.name && (a.family as? SVPullToRefresh) == (b.family as? SVPullToRefresh)
            && (a.family as? ZJRefresh) == (b.family as? ZJRefresh) && (a.family as? MJRefresh) == (b.family as? MJRefresh)
    }

    @Test(
        "ISO 8601 dates: with a zone, an offset, fractional seconds, no zone (UTC), a plain date; nonsense refused",
        arguments: [
            ("2026-03-17T09:41:00Z", 1_773_740_460.0), ("2026-03-17T09:41:00+02:00", 1_773_733_260.0),
            ("2026-03-17T09:41:00.250Z", 1_773_740_460.25), ("2026-03-17T09:41:00", 1_773_740_460.0),
            ("2026-03-17", 1_773_705_600.0), ("2026-13-17T09:41:00Z", nil), ("yesterday", nil), ("", nil),
            ("2026-03-17T09:41", nil), ("2026-03-17 and more", nil), ("2026-03-17T09:41:00Z and more", nil),
            ("2026-03-17T09:41:00-05:30", 1_773_760_260.0), ("2026-03-17T09:41:00+0200", 1_773_733_260.0),
            ("2026-03-17T09:41:00.5", 1_773_740_460.5), ("2024-02-29", 1_709_164_800.0), ("1969-12-31T23:59:59Z", -1.0),
            ("0001-01-01T00:00:00Z", -62_135_596_800.0), ("9999-12-31T23:59:59Z", 253_402_300_799.0),
            ("2026-02-29", nil), ("2026-04-31", nil), ("2026-03-00", nil), ("2026-00-10", nil), ("2026-03-17T24:00:00Z", nil),
            ("2026-03-17T09:60:00Z", nil), ("2026-03-17T09:41:60Z", nil), ("2026-3-7", nil), ("2026-03-17T9:41:00Z", nil),
            ("2026-03-17t09:41:00Z", nil), ("2026-03-17T09:41:00.Z", nil), ("2026-03-17T09:41:00+25:00", nil),
            ("2026-03-17T09:41:00+02", nil), (" 2026-03-17", nil), ("+2026-03-17", nil), ("12026-03-17", nil),
            ("2026-03-17T09:41:00.1234567890Z", nil),
        ] as [(String, Double?)])
    func isoDates(text: String, seconds: Double?) {
        #expect(ISODate.parse(text)?.timeIntervalSince1970 == seconds, "\(text)")
    }

    @Test(
        "an ISO 8601 date written by hand reads back to the second and matches Foundation's formatter",
        arguments: [0.0, -1.0, 1_700_000_000.75, 1_709_164_800.0, 1_773_740_460.0, -62_135_596_800.0, 253_402_300_799.0, 951_782_400.0])
    func isoDateWritten(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        let text = ISODate.format(date)
        // Foundation's calendar is Julian before 1582; ours (and the reader's) Gregorian throughout.
        if seconds > -12_219_292_800 { #expect(text == ISO8601DateFormatter().string(from: date)) }
        #expect(ISODate.parse(text)?.timeIntervalSince1970 == seconds.rounded(.down))
    }

    @Test("merging defaults and a case keeps every field of both, the case winning")
    func merge() throws {
        let defaults = try JSONDecoder().decode(SceneDescription.self, from: Data("{\"scale\": 3, \"kind\": \"trailer\"}".utf8))
        let item = try JSONDecoder().decode(SceneDescription.self, from: Data("{\"scale\": 1, \"rtl\": true}".utf8))
        let merged = defaults.merged(with: item)
        #expect(merged[.scale] == .integer(1) && merged[.kind] == .text("trailer") && merged[.rtl] == .flag(true))
    }

    @Test(
        "values that used to trap are typed errors from the public API, naming the Swift property",
        arguments: [
            ("width", Double.nan), ("width", 0), ("trailerHeight", .infinity), ("pullingPercent", -1), ("pullingPercent", .nan),
        ])
    func noTraps(field: String, value: Double) throws {
        var scene = RefreshScene()
        switch field {
        case "width": scene.width = value
        case "trailerHeight": scene.trailerHeight = value
        default: scene.pullingPercent = value
        }
        #expect { try RefreshRenderer().render(scene) } throws: { error in
            (error as? InvalidValue)?.field == field
        }
    }

    @Test("buffers refuse sizes that do not match their bytes, frame rates of 0, frames of another size")
    func checkedBuffers() throws {
        #expect(throws: ImageBufferError.self) { try RGBAImage(width: 2, height: 2, premultipliedPixels: [0, 0, 0]) }
        #expect(throws: ImageBufferError.self) { try RGBAImage(width: -1, height: 2) }
        #expect(throws: ImageBufferError.self) { try RGBAImage(width: Int.max, height: Int.max) }
        #expect(throws: ImageBufferError.self) { try StraightImage(width: 1, height: 1, pixels: []) }
        #expect(throws: ImageBufferError.self) { try CoverageMask(width: 3, height: 3, originX: 0, originY: 0, coverage: [1]) }
        #expect(throws: InvalidValue.self) { try ScaledImage(image: RGBAImage(width: 1, height: 1), scale: 0) }
        let player = try GesturePlayer(
            gesture: Gesture(script: Gesture.Script(pull: 80, over: 0.3, hold: 0, refresh: nil, noMoreData: nil)),
            scene: RefreshScene())
        #expect(throws: InvalidValue.self) { try player.frames(fps: 0) }
        let gif = try GIFEncoder(width: 4, height: 4)
        #expect(throws: ImageCodecError.self) { try gif.add(RGBAImage(width: 5, height: 4), at: 0) }
        var apng = APNGEncoder(width: 4, height: 4, frameCount: 2)
        #expect(throws: ImageCodecError.self) { try apng.add(RGBAImage(width: 4, height: 5), at: 0) }
    }

    @Test(
        "the plan says what the picture shows: no image for an auto footer in Idle; the Idle frame for a header Pulling with only Idle images"
    )
    func planMatchesPicture() throws {
        let frames = try (0..<10).map { i in
            try ScaledImage(image: Support.solid(40, 40, RGBAColor(red: UInt8(i * 20), green: 0, blue: 0)), scale: 2)
        }
        var scene = RefreshScene()
        scene.kind = .autoFooter
        scene.images.set(ImageSequence(frames: frames), for: .idle)
        scene.images.set(ImageSequence(frames: frames), for: .refreshing)
        let renderer = try RefreshRenderer()
        #expect(try renderer.plan(for: scene).image == nil)
        scene.hideLabels()
        #expect(try renderer.render(scene).opaqueBounds() == nil)

        var header = RefreshScene()
        header.images = StateImages()
        header.images.set(ImageSequence(frames: frames), for: .idle)
        header.state = .pulling
        header.pullingPercent = 1.2
        let plan = try renderer.plan(for: header)
        #expect(plan.image == RenderPlan.Image(sequence: .idle, index: 9))
    }

    @Test("a gesture script longer than an hour is refused, whatever its parts")
    func scriptCap() throws {
        let gesture = Gesture(script: Gesture.Script(pull: 80, over: 3000, hold: 3000, refresh: 3000, noMoreData: nil))
        #expect { try gesture.validate() } throws: { ($0 as? InvalidValue)?.field == "script" }
    }
}

private extension RefreshScene {
    mutating func hideLabels() {
        stateLabelHidden = true
        timeLabelHidden = true
    }
}
