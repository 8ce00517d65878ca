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
        do {
            try description().validate()
        } catch let error as RefreshGifError {
            throw ValidationError(error.description)
        }
    }

    /// Splits `STATE=VALUE` entries into a dictionary keyed by state name.
    private func pairs(_ entries: [String], option: String) throws -> [String: String]? {
        guard !entries.isEmpty else { return nil }
        var out: [String: String] = [:]
        for text in entries {
            guard let eq = text.firstIndex(of: "="), RefreshState(rawValue: String(text[..<eq])) != nil else {
                throw RefreshGifError.usage(option: option, message: "expected STATE=VALUE with STATE one of \(RefreshState.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'")
            }
            out[String(text[..<eq])] = String(text[text.index(after: eq)...])
        }
        return out
    }

    /// The options as a ``SceneDescription`` (the format snapshot and gesture files share).
    func description() throws -> SceneDescription {
        var d = SceneDescription()
        d.kind = kind
        d.style = style
        d.state = state
        d.percent = percent
        d.time = time
        d.images = try pairs(images, option: "--images")
        if let durations = try pairs(durations, option: "--duration") {
            d.durations = try durations.mapValues { text in
                guard let seconds = Double(text) else {
                    throw RefreshGifError.usage(option: "--duration", message: "expected seconds ≥ 0, got '\(text)'")
                }
                return seconds
            }
        }
        d.timing = timing
        d.imageScale = imageScale
        d.width = width
        d.height = height
        d.scale = scale
        d.background = background
        d.autoAlpha = autoAlpha
        d.hideLabels = hideLabels
        d.hideStateLabel = hideStateLabel
        d.hideTimeLabel = hideTimeLabel
        d.refreshingTitleHidden = refreshingTitleHidden
        d.language = language
        d.titles = try pairs(titles, option: "--title")
        d.lastUpdated = lastUpdated
        d.now = now
        d.timezone = timezone
        d.textColor = textColor
        d.font = font
        d.spinner = spinner
        d.rtl = rtl
        d.maxPixels = maxPixels
        return d
    }

    /// The image paths given with `--images`, for output-path checks.
    var inputPaths: [String] {
        images.compactMap { entry in entry.firstIndex(of: "=").map { String(entry[entry.index(after: $0)...]) } }
    }

    /// The scene these options describe, with images loaded.
    func makeScene() throws -> RefreshScene {
        try description().makeScene()
    }
}
