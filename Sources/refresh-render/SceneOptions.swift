import ArgumentParser
import Foundation
import RefreshGif

extension RefreshState: ExpressibleByArgument {}
extension ComponentKind: ExpressibleByArgument {}
extension ComponentStyle: ExpressibleByArgument {}
extension SpinnerStyle: ExpressibleByArgument {}
extension ImageSequence.Timing: ExpressibleByArgument {}

/// The options that describe a control and its state: shared by every rendering command.
struct SceneOptions: ParsableArguments {
    @Option(help: "State: idle, pulling, refreshing, will-refresh, no-more-data.")
    var state: RefreshState = .idle

    @Option(help: "Pulling percent (0 = not pulled, 1 = at the threshold; may exceed 1).")
    var percent: Double = 0

    @Option(help: "Seconds since the state was entered (picks looping frames and the spinner phase).")
    var time: Double = 0

    @Option(name: .customLong("images"), help: ArgumentHelp("Images for a state: a GIF, a PNG, or a folder of PNG frames.", valueName: "STATE=PATH"))
    var images: [String] = []

    @Option(name: .customLong("duration"), help: ArgumentHelp("One loop of a state's images, in seconds.", valueName: "STATE=SECONDS"))
    var durations: [String] = []

    @Option(help: "Frame timing of looping states: equal (as UIImageView plays) or gif (each frame's own delay).")
    var timing: ImageSequence.Timing = .equal

    @Option(name: .customLong("image-scale"), help: "Scale of images whose name has no @2x/@3x (default: the render scale).")
    var imageScale: Double?

    @Option(help: "Kind: header, back-footer, auto-footer, trailer.")
    var kind: ComponentKind = .header

    @Option(help: "Style: gif, normal or state (trailer: normal or state). Default: gif (trailer: normal).")
    var style: ComponentStyle?

    @Option(help: "Control width in points (the scroll view's width).")
    var width: Double = 375

    @Option(help: "Trailer height in points (the scroll view's height).")
    var height: Double = 300

    @Option(help: "Render scale: 1, 2 or 3.")
    var scale: Int = 2

    @Option(help: "Background colour #RRGGBB or #RRGGBBAA (default transparent).")
    var background: String?

    @Flag(name: .customLong("auto-alpha"), help: "automaticallyChangeAlpha: fade the control with the pull.")
    var autoAlpha = false

    @Flag(name: .customLong("hide-labels"), help: "Hide the state and last-updated labels.")
    var hideLabels = false

    @Flag(name: .customLong("hide-state-label"), help: "Hide the state label.")
    var hideStateLabel = false

    @Flag(name: .customLong("hide-time-label"), help: "Hide the last-updated label.")
    var hideTimeLabel = false

    @Flag(name: .customLong("refreshing-title-hidden"), help: "Auto footers: no title while refreshing.")
    var refreshingTitleHidden = false

    @Option(help: "Language tag for the titles (en, zh-Hans, zh-Hant, ko, ru, uk; others fall back to en).")
    var language: String = "en"

    @Option(name: .customLong("title"), help: ArgumentHelp("Replace a state's title.", valueName: "STATE=TEXT"))
    var titles: [String] = []

    @Option(name: .customLong("last-updated"), help: "Last refresh, ISO 8601 date-time, or none.")
    var lastUpdated: String = "none"

    @Option(help: "\"Now\" for the last-updated line, ISO 8601 (default: the current time).")
    var now: String?

    @Option(help: "IANA time zone of the last-updated line.")
    var timezone: String = "UTC"

    @Option(name: .customLong("text-color"), help: "Label and arrow colour #RRGGBB[AA].")
    var textColor: String = "#5A5A5A"

    @Option(help: "A font file to use instead of DejaVu Sans Bold.")
    var font: String?

    @Option(help: "Spinner look: medium (iOS 13+) or classic.")
    var spinner: SpinnerStyle = .medium

    @Flag(help: "Mirror the layout for right-to-left collection views.")
    var rtl = false

    @Option(name: .customLong("max-pixels"), help: "Largest decoded frame, in pixels.")
    var maxPixels: Int = DecodeLimits.default.maxFramePixels

    func validate() throws {
        guard percent.isFinite, percent >= 0 else {
            throw ValidationError("--percent must be a finite number ≥ 0, got \(percent)")
        }
        guard time.isFinite, time >= 0, time < 1e9 else {
            throw ValidationError("--time must be a finite number of seconds ≥ 0, got \(time)")
        }
        guard (1...3).contains(scale) else {
            throw ValidationError("--scale must be 1, 2 or 3, got \(scale)")
        }
        guard width.isFinite, width >= 1, width * Double(scale) <= Double(DecodeLimits.default.maxSide) else {
            throw ValidationError("--width must be between 1 and \(DecodeLimits.default.maxSide / scale) points at scale \(scale), got \(width)")
        }
        guard height.isFinite, height >= 1, height * Double(scale) <= Double(DecodeLimits.default.maxSide) else {
            throw ValidationError("--height must be between 1 and \(DecodeLimits.default.maxSide / scale) points at scale \(scale), got \(height)")
        }
        if let imageScale, !(imageScale.isFinite && imageScale >= 1 && imageScale <= 3) {
            throw ValidationError("--image-scale must be between 1 and 3, got \(imageScale)")
        }
        if let style, !kind.styles.contains(style) {
            throw ValidationError("--style \(style.rawValue) does not exist for --kind \(kind.rawValue) (choose \(kind.styles.map(\.rawValue).joined(separator: ", ")))")
        }
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive") }
    }

    /// Splits `STATE=VALUE`.
    private func pair(_ text: String, option: String) throws -> (RefreshState, String) {
        guard let eq = text.firstIndex(of: "="), let state = RefreshState(rawValue: String(text[..<eq])) else {
            throw RefreshGifError.usage(option: option, message: "expected STATE=VALUE with STATE one of \(RefreshState.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'")
        }
        return (state, String(text[text.index(after: eq)...]))
    }

    /// The image paths given with `--images`, for output-path checks.
    var inputPaths: [String] {
        images.compactMap { entry in entry.firstIndex(of: "=").map { String(entry[entry.index(after: $0)...]) } }
    }

    var limits: DecodeLimits {
        var limits = DecodeLimits.default
        limits.maxFramePixels = maxPixels
        limits.maxTotalPixels = max(limits.maxTotalPixels, maxPixels)
        return limits
    }

    /// The scene these options describe, with images loaded.
    func makeScene() throws -> RefreshScene {
        var scene = RefreshScene()
        scene.kind = kind
        scene.style = style ?? kind.styles[0]
        scene.state = state
        scene.pullingPercent = percent
        scene.time = Int64((time * 1_000_000).rounded())
        scene.width = width
        scene.trailerHeight = height
        scene.scale = scale
        scene.timing = timing
        scene.autoAlpha = autoAlpha
        scene.stateLabelHidden = hideLabels || hideStateLabel
        scene.timeLabelHidden = hideLabels || hideTimeLabel
        scene.refreshingTitleHidden = refreshingTitleHidden
        scene.language = Language(tag: language)
        scene.spinnerStyle = spinner
        scene.rightToLeft = rtl
        if let background {
            guard let color = RGBAColor(hex: background) else {
                throw RefreshGifError.usage(option: "--background", message: "expected #RRGGBB or #RRGGBBAA, got '\(background)'")
            }
            scene.background = color
        }
        guard let color = RGBAColor(hex: textColor) else {
            throw RefreshGifError.usage(option: "--text-color", message: "expected #RRGGBB or #RRGGBBAA, got '\(textColor)'")
        }
        scene.textColor = color
        for entry in titles {
            let (state, text) = try pair(entry, option: "--title")
            scene.titles[state] = text
        }
        scene.timeZone = try Self.timeZone(timezone)
        scene.now = try now.map { try Self.date($0, option: "--now") } ?? Date()
        scene.lastUpdated = lastUpdated.lowercased() == "none" ? nil : try Self.date(lastUpdated, option: "--last-updated")
        if let font {
            guard FileManager.default.isReadableFile(atPath: font), !FileIO.isDirectory(font) else {
                throw RefreshGifError.missingInput(file: font, message: "--font: no readable font file")
            }
            scene.font = FontLocation(path: font)
        }
        scene.images = try loadImages()
        return scene
    }

    private func loadImages() throws -> StateImages {
        var durationByState: [RefreshState: Int64] = [:]
        for entry in durations {
            let (state, text) = try pair(entry, option: "--duration")
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds < 1e6 else {
                throw RefreshGifError.usage(option: "--duration", message: "expected seconds ≥ 0, got '\(text)'")
            }
            durationByState[state] = Int64((seconds * 1_000_000).rounded())
        }
        guard !images.isEmpty else {
            return try BuiltInAnimation.images(scale: scale)
        }
        let loader = ImageLoader(defaultScale: imageScale ?? Double(scale), limits: limits)
        var result = StateImages()
        for entry in images {
            let (state, path) = try pair(entry, option: "--images")
            var sequence = try loader.load(path)
            if let duration = durationByState[state] { sequence.durationMicroseconds = duration }
            result.set(sequence, for: state)
        }
        return result
    }

    static func timeZone(_ name: String) throws -> TimeZone {
        guard let zone = TimeZone(identifier: name) else {
            throw RefreshGifError.usage(option: "--timezone", message: "unknown IANA time zone '\(name)'")
        }
        return zone
    }

    /// Parses ISO 8601 with or without an offset (without one: UTC) and fractional seconds.
    static func date(_ text: String, option: String) throws -> Date {
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
        throw RefreshGifError.usage(option: option, message: "expected an ISO 8601 date-time such as 2026-03-17T09:41:00Z, got '\(text)'")
    }
}
