import ArgumentParser
import FoundationEssentials
@_spi(Tools) import RefreshGif

/// Describes a GIF, PNG or Lottie file.
struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a GIF's, PNG's or Lottie animation's format, size, frames, delays, duration, loop count and markers.")

    @Argument(help: "A GIF, PNG or Lottie (JSON) file.")
    var input: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var limits: LimitOptions

    /// How many frames the text report lists.
    static let framesListed = 40

    struct Report: Codable {
        var file: String
        var format: String
        var width: Int
        var height: Int
        var frameCount: Int
        var delaysMs: [Int]
        var totalDurationMs: Int
        var loopCount: Int?
        /// Lottie only.
        var frameRate: Double?
        var markers: [Marker]?
        /// GIF only: each frame's rectangle, disposal and palette.
        var frames: [GIFFrameLayout]?
        /// The program and version that read the file.
        var generator = "refresh-render " + RefreshGifVersion.current
    }

    struct Marker: Codable {
        var name: String
        var start: Int
        var frames: Int
    }

    func run() throws {
        try reportingErrors {
            let bytes = try FileIO.read(input, maxBytes: limits.limits.maxFileBytes)
            var report: Report
            do {
                if GIFDecoder.isGIF(bytes) || PNGDecoder.isPNG(bytes) {
                    // Headers and block structure only: no pixel is decoded for info.
                    let found = try ImageInspection.inspect(bytes)
                    let format: String
                    switch found.format {
                    case .gif: format = "gif"
                    case .cgbiPNG: format = "png (Apple CgBI)"
                    case .apng: format = "apng"
                    default: format = "png"
                    }
                    report = Report(
                        file: input, format: format, width: found.width, height: found.height, frameCount: found.frameCount,
                        delaysMs: found.delaysMilliseconds, totalDurationMs: found.durationMilliseconds,
                        loopCount: found.loopCount)
                    if found.format == .gif { report.frames = found.layouts }
                } else if LottieAnimation.isLottie(bytes) {
                    let folder = URL(fileURLWithPath: input).deletingLastPathComponent().path
                    let info = try LottieAnimation(data: bytes, resourceDirectory: folder, limits: limits.limits).info
                    report = Report(
                        file: input, format: "lottie", width: Int(info.width.rounded()), height: Int(info.height.rounded()),
                        frameCount: info.frameCount, delaysMs: [], totalDurationMs: Int((info.duration * 1000).rounded()),
                        loopCount: nil, frameRate: info.frameRate,
                        markers: info.markers.map { Marker(name: $0.name, start: $0.start, frames: $0.duration) })
                } else {
                    throw RefreshGifError.badInput(file: input, message: "neither a GIF, a PNG nor a Lottie file")
                }
            } catch let error as ImageCodecError {
                throw RefreshGifError(file: input, error)
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                try Console.line(String(decoding: try encoder.encode(report), as: UTF8.self))
            } else {
                if let frameRate = report.frameRate {
                    try Console.line(
                        """
                        file:      \(CLIError.terminalSafe(report.file))
                        format:    lottie (rendered with rlottie)
                        size:      \(report.width)×\(report.height) pt
                        frames:    \(report.frameCount) at \(frameRate) fps
                        duration:  \(report.totalDurationMs) ms
                        markers:   \((report.markers ?? []).map { "\(CLIError.terminalSafe($0.name)) \($0.start)+\($0.frames)" }.joined(separator: ", ").nonEmpty ?? "none")
                        """)
                    return
                }
                try Console.line(
                    """
                    file:      \(CLIError.terminalSafe(report.file))
                    format:    \(report.format)
                    size:      \(report.width)×\(report.height) px
                    frames:    \(report.frameCount)
                    delays:    \(report.delaysMs.map { "\($0) ms" }.joined(separator: ", "))
                    duration:  \(report.totalDurationMs) ms\(report.format == "gif" ? " (delays of 0–10 ms count as 100 ms)" : "")
                    loop:      \(report.loopCount.map { $0 == 0 ? "forever" : "\($0) times" } ?? "none (plays once)")
                    """)
                if let frames = report.frames {
                    // The first frames one a line (all of them with --json).
                    for (index, frame) in frames.prefix(Self.framesListed).enumerated() {
                        let label = "frame \(index + 1):"
                        try Console.line(label + String(repeating: " ", count: max(1, 11 - label.count)) + frame.summary)
                    }
                    if frames.count > Self.framesListed {
                        try Console.line("…          \(frames.count - Self.framesListed) frames more (all of them with --json)")
                    }
                }
            }
        }
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
