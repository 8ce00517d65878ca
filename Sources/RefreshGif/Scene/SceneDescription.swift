import Foundation
import ImageCodecs
import PixelDiff
import RefreshImage
import RefreshModel
import RefreshRaster

/// Everything the command line can set about a control, as a Codable value: the format of
/// snapshot case files and of the control part of gesture files. Every field is optional;
/// a missing one takes the command line's default. Unknown fields are an error.
///
/// ```json
/// {"kind": "header", "style": "normal", "state": "pulling", "percent": 1.2,
///  "images": {"idle": "pull.gif"}, "language": "zh-Hans", "scale": 3}
/// ```
public struct SceneDescription: Codable, Sendable, Equatable {
    /// The kind of control (default header).
    public var kind: ComponentKind?
    /// The style (default: the kind's first).
    public var style: ComponentStyle?
    /// The state (default idle).
    public var state: RefreshState?
    /// Pulling percent (finite, ≥ 0).
    public var percent: Double?
    /// Seconds since the state was entered.
    public var time: Double?
    /// Image paths by state name; relative paths are relative to the description's file.
    public var images: [String: String]?
    /// Loop durations in seconds by state name.
    public var durations: [String: Double]?
    /// Frame timing of looping states.
    public var timing: ImageSequence.Timing?
    /// Scale of images without `@2x`/`@3x` in their names.
    public var imageScale: Double?
    /// Control width in points.
    public var width: Double?
    /// Trailer height in points.
    public var height: Double?
    /// Render scale, 1–3.
    public var scale: Int?
    /// `#RRGGBB[AA]`.
    public var background: String?
    /// `automaticallyChangeAlpha`.
    public var autoAlpha: Bool?
    /// Hide both labels.
    public var hideLabels: Bool?
    /// Hide the state label.
    public var hideStateLabel: Bool?
    /// Hide the last-updated label.
    public var hideTimeLabel: Bool?
    /// Auto footers: no title while refreshing.
    public var refreshingTitleHidden: Bool?
    /// A language tag.
    public var language: String?
    /// Titles by state name.
    public var titles: [String: String]?
    /// ISO 8601, or "none".
    public var lastUpdated: String?
    /// ISO 8601 "now" (default: the current time).
    public var now: String?
    /// IANA time zone.
    public var timezone: String?
    /// `#RRGGBB[AA]`.
    public var textColor: String?
    /// A font file path.
    public var font: String?
    /// Spinner look.
    public var spinner: SpinnerStyle?
    /// Mirror for right-to-left layouts.
    public var rtl: Bool?
    /// Largest decoded frame in pixels.
    public var maxPixels: Int?

    /// An empty description: every default.
    public init() {}

    enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, style, state, percent, time, images, durations, timing, imageScale, width, height, scale
        case background, autoAlpha, hideLabels, hideStateLabel, hideTimeLabel, refreshingTitleHidden, language
        case titles, lastUpdated, now, timezone, textColor, font, spinner, rtl, maxPixels
    }

    /// Decodes a description, rejecting unknown fields.
    public init(from decoder: Decoder) throws {
        try self.init(from: decoder, alsoAllowing: [])
    }

    /// Decodes a description from an object that may also hold the `extra` keys of an
    /// enclosing format (a snapshot case's `name`).
    init(from decoder: Decoder, alsoAllowing extra: [String]) throws {
        try UnknownKeys.reject(in: decoder, known: CodingKeys.allCases.map(\.stringValue) + extra)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decodeIfPresent(ComponentKind.self, forKey: .kind)
        style = try c.decodeIfPresent(ComponentStyle.self, forKey: .style)
        state = try c.decodeIfPresent(RefreshState.self, forKey: .state)
        percent = try c.decodeIfPresent(Double.self, forKey: .percent)
        time = try c.decodeIfPresent(Double.self, forKey: .time)
        images = try c.decodeIfPresent([String: String].self, forKey: .images)
        durations = try c.decodeIfPresent([String: Double].self, forKey: .durations)
        timing = try c.decodeIfPresent(ImageSequence.Timing.self, forKey: .timing)
        imageScale = try c.decodeIfPresent(Double.self, forKey: .imageScale)
        width = try c.decodeIfPresent(Double.self, forKey: .width)
        height = try c.decodeIfPresent(Double.self, forKey: .height)
        scale = try c.decodeIfPresent(Int.self, forKey: .scale)
        background = try c.decodeIfPresent(String.self, forKey: .background)
        autoAlpha = try c.decodeIfPresent(Bool.self, forKey: .autoAlpha)
        hideLabels = try c.decodeIfPresent(Bool.self, forKey: .hideLabels)
        hideStateLabel = try c.decodeIfPresent(Bool.self, forKey: .hideStateLabel)
        hideTimeLabel = try c.decodeIfPresent(Bool.self, forKey: .hideTimeLabel)
        refreshingTitleHidden = try c.decodeIfPresent(Bool.self, forKey: .refreshingTitleHidden)
        language = try c.decodeIfPresent(String.self, forKey: .language)
        titles = try c.decodeIfPresent([String: String].self, forKey: .titles)
        lastUpdated = try c.decodeIfPresent(String.self, forKey: .lastUpdated)
        now = try c.decodeIfPresent(String.self, forKey: .now)
        timezone = try c.decodeIfPresent(String.self, forKey: .timezone)
        textColor = try c.decodeIfPresent(String.self, forKey: .textColor)
        font = try c.decodeIfPresent(String.self, forKey: .font)
        spinner = try c.decodeIfPresent(SpinnerStyle.self, forKey: .spinner)
        rtl = try c.decodeIfPresent(Bool.self, forKey: .rtl)
        maxPixels = try c.decodeIfPresent(Int.self, forKey: .maxPixels)
    }

    /// This description with every field that `other` sets taken from `other`.
    public func merged(with other: SceneDescription) -> SceneDescription {
        var out = self
        func take<T>(_ path: WritableKeyPath<SceneDescription, T?>) {
            if let value = other[keyPath: path] { out[keyPath: path] = value }
        }
        take(\.kind); take(\.style); take(\.state); take(\.percent); take(\.time); take(\.images)
        take(\.durations); take(\.timing); take(\.imageScale); take(\.width); take(\.height); take(\.scale)
        take(\.background); take(\.autoAlpha); take(\.hideLabels); take(\.hideStateLabel); take(\.hideTimeLabel)
        take(\.refreshingTitleHidden); take(\.language); take(\.titles); take(\.lastUpdated); take(\.now)
        take(\.timezone); take(\.textColor); take(\.font); take(\.spinner); take(\.rtl); take(\.maxPixels)
        return out
    }

    /// The limits these options ask for.
    public var limits: DecodeLimits {
        var limits = DecodeLimits.default
        if let maxPixels {
            limits.maxFramePixels = maxPixels
            limits.maxTotalPixels = max(limits.maxTotalPixels, maxPixels)
        }
        return limits
    }

    /// Checks every value; `field` prefixes the names in messages (`--` for the command
    /// line, a JSON path for files).
    public func validate(field: (String) -> String = { "--" + $0 }) throws {
        func fail(_ name: String, _ message: String) -> RefreshGifError {
            .usage(option: field(name), message: message)
        }
        let scale = self.scale ?? 2
        let maxSide = Double(DecodeLimits.default.maxSide)
        if let percent, !(percent.isFinite && percent >= 0) { throw fail("percent", "must be a finite number ≥ 0, got \(percent)") }
        if let time, !(time.isFinite && time >= 0 && time < 1e9) { throw fail("time", "must be a finite number of seconds ≥ 0, got \(time)") }
        guard (1...3).contains(scale) else { throw fail("scale", "must be 1, 2 or 3, got \(scale)") }
        if let width, !(width.isFinite && width >= 1 && width * Double(scale) <= maxSide) {
            throw fail("width", "must be between 1 and \(Int(maxSide) / scale) points at scale \(scale), got \(width)")
        }
        if let height, !(height.isFinite && height >= 1 && height * Double(scale) <= maxSide) {
            throw fail("height", "must be between 1 and \(Int(maxSide) / scale) points at scale \(scale), got \(height)")
        }
        if let imageScale, !(imageScale.isFinite && imageScale >= 1 && imageScale <= 3) {
            throw fail("image-scale", "must be between 1 and 3, got \(imageScale)")
        }
        let kind = self.kind ?? .header
        if let style, !kind.styles.contains(style) {
            throw fail("style", "\(style.rawValue) does not exist for kind \(kind.rawValue) (choose \(kind.styles.map(\.rawValue).joined(separator: ", ")))")
        }
        if let maxPixels, maxPixels <= 0 { throw fail("max-pixels", "must be positive") }
        for (name, value) in [("background", background), ("text-color", textColor)] {
            if let value, RGBAColor(hex: value) == nil { throw fail(name, "expected #RRGGBB or #RRGGBBAA, got '\(value)'") }
        }
        for (name, map) in [("images", images.map { Array($0.keys) }), ("durations", durations.map { Array($0.keys) }),
                            ("title", titles.map { Array($0.keys) })] {
            for key in map ?? [] where RefreshState(rawValue: key) == nil {
                throw fail(name, "unknown state '\(key)' (choose \(RefreshState.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
        }
        for (_, seconds) in durations ?? [:] where !(seconds.isFinite && seconds >= 0 && seconds < 1e6) {
            throw fail("duration", "expected seconds ≥ 0, got \(seconds)")
        }
        if let timezone, TimeZone(identifier: timezone) == nil { throw fail("timezone", "unknown IANA time zone '\(timezone)'") }
        if let lastUpdated, lastUpdated.lowercased() != "none", ISODate.parse(lastUpdated) == nil {
            throw fail("last-updated", "expected an ISO 8601 date-time such as 2026-03-17T09:41:00Z, got '\(lastUpdated)'")
        }
        if let now, ISODate.parse(now) == nil {
            throw fail("now", "expected an ISO 8601 date-time such as 2026-03-17T09:41:00Z, got '\(now)'")
        }
    }

    /// The scene described, with its images loaded (relative paths from `baseDirectory`).
    /// Without images, the built-in animation is used.
    public func makeScene(baseDirectory: String? = nil, field: (String) -> String = { "--" + $0 },
                          clock: () -> Date = Date.init) throws -> RefreshScene {
        try validate(field: field)
        var scene = RefreshScene()
        scene.kind = kind ?? .header
        scene.style = style ?? scene.kind.styles[0]
        scene.state = state ?? .idle
        scene.pullingPercent = percent ?? 0
        scene.time = Int64(((time ?? 0) * 1_000_000).rounded())
        scene.width = width ?? 375
        scene.trailerHeight = height ?? 300
        scene.scale = scale ?? 2
        scene.timing = timing ?? .equal
        scene.autoAlpha = autoAlpha ?? false
        scene.stateLabelHidden = (hideLabels ?? false) || (hideStateLabel ?? false)
        scene.timeLabelHidden = (hideLabels ?? false) || (hideTimeLabel ?? false)
        scene.refreshingTitleHidden = refreshingTitleHidden ?? false
        scene.language = Language(tag: language ?? "en")
        scene.spinnerStyle = spinner ?? .medium
        scene.rightToLeft = rtl ?? false
        scene.background = background.flatMap { RGBAColor(hex: $0) } ?? .clear
        scene.textColor = textColor.flatMap { RGBAColor(hex: $0) } ?? .mjLabel
        for (key, text) in titles ?? [:] {
            if let state = RefreshState(rawValue: key) { scene.titles[state] = text }
        }
        scene.timeZone = timezone.flatMap { TimeZone(identifier: $0) } ?? scene.timeZone
        scene.now = now.flatMap { ISODate.parse($0) } ?? clock()
        scene.lastUpdated = lastUpdated.flatMap { $0.lowercased() == "none" ? nil : ISODate.parse($0) }
        if let font {
            let path = Self.resolve(font, from: baseDirectory)
            guard FileManager.default.isReadableFile(atPath: path), !FileIO.isDirectory(path) else {
                throw RefreshGifError.missingInput(file: path, message: "\(field("font")): no readable font file")
            }
            scene.font = FontLocation(path: path)
        }
        // Resampled once here, not in every rendered frame.
        scene.images = try loadImages(baseDirectory: baseDirectory, scale: scene.scale).resampled(toScale: Double(scene.scale))
        return scene
    }

    /// Paths of every input file this description names.
    public func inputPaths(baseDirectory: String? = nil) -> [String] {
        (images.map { Array($0.values) } ?? []).map { Self.resolve($0, from: baseDirectory) }
    }

    private func loadImages(baseDirectory: String?, scale: Int) throws -> StateImages {
        guard let images, !images.isEmpty else { return try BuiltInAnimation.images(scale: scale) }
        let loader = ImageLoader(defaultScale: imageScale ?? Double(scale), limits: limits)
        var result = StateImages()
        for (key, path) in images.sorted(by: { $0.key < $1.key }) {
            guard let state = RefreshState(rawValue: key) else { continue }
            var sequence = try loader.load(Self.resolve(path, from: baseDirectory))
            if let seconds = durations?[key] { sequence.durationMicroseconds = Int64((seconds * 1_000_000).rounded()) }
            result.set(sequence, for: state)
        }
        return result
    }

    static func resolve(_ path: String, from base: String?) -> String {
        guard let base, !path.hasPrefix("/") else { return path }
        return base + "/" + path
    }
}

/// ISO 8601 date-times as the command line and files accept them.
public enum ISODate {
    /// Parses `2026-03-17T09:41:00Z`, with an offset, fractional seconds, no zone (UTC) or a
    /// plain date.
    public static func parse(_ text: String) -> Date? {
        let candidates: [ISO8601DateFormatter.Options] = [
            [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds],
            [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate],
            [.withFullDate, .withDashSeparatorInDate],
        ]
        for options in candidates {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            formatter.timeZone = TimeZone(identifier: "UTC")
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}

/// Rejects JSON object keys a Codable type does not know.
enum UnknownKeys {
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static func reject(in decoder: Decoder, known: [String]) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        for key in container.allKeys where !known.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath + [key],
                debugDescription: "unknown field '\(key.stringValue)' (known: \(known.joined(separator: ", ")))"))
        }
    }
}

/// Reading JSON files into Codable values with errors that name the file and the JSON path.
public enum JSONInput {
    /// Decodes `T` from the file at `path`.
    public static func read<T: Decodable>(_ type: T.Type, from path: String) throws -> T {
        let bytes = try FileIO.read(path, maxBytes: 64 << 20)
        do {
            return try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw RefreshGifError.badInput(file: path, message: describe(error))
        } catch let error as RefreshGifError {
            throw error
        } catch {
            throw RefreshGifError.badInput(file: path, message: "invalid JSON")
        }
    }

    /// `$.cases[3].percent` for a coding path.
    public static func path(_ codingPath: [CodingKey]) -> String {
        codingPath.reduce("$") { partial, key in
            if let index = key.intValue { return partial + "[\(index)]" }
            return partial + "." + key.stringValue
        }
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case let .typeMismatch(type, context):
            return "\(path(context.codingPath)): expected \(typeName(type))"
        case let .valueNotFound(type, context):
            return "\(path(context.codingPath)): expected \(typeName(type)), found null"
        case let .keyNotFound(key, context):
            return "\(path(context.codingPath + [key])): required field is missing"
        case let .dataCorrupted(context):
            if context.codingPath.isEmpty { return "not valid JSON" }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "invalid JSON"
        }
    }

    static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: return "a number"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        default: return "\(type)".lowercased()
        }
    }
}
