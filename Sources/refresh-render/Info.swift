import ArgumentParser
import Foundation
import RefreshGif

/// Describes a GIF or PNG file.
struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a GIF's or PNG's format, size, frames, delays, duration and loop count.")

    @Argument(help: "A GIF or PNG file.")
    var input: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    struct Report: Codable {
        var file: String
        var format: String
        var width: Int
        var height: Int
        var frameCount: Int
        var delaysMs: [Int]
        var totalDurationMs: Int
        var loopCount: Int?
    }

    func run() throws {
        try reportingErrors {
            let bytes = try FileIO.read(input)
            var report: Report
            do {
                if GIFDecoder.isGIF(bytes) {
                    let gif = try GIFDecoder().decode(bytes)
                    report = Report(file: input, format: "gif", width: gif.width, height: gif.height,
                                    frameCount: gif.frames.count, delaysMs: gif.frames.map(\.delayMilliseconds),
                                    totalDurationMs: Int(gif.totalDurationMicroseconds / 1000), loopCount: gif.loopCount)
                } else if PNGDecoder.isPNG(bytes) {
                    let image = try PNGDecoder().decode(bytes)
                    let cgbi = bytes.count >= 16 && Array(bytes[12..<16]) == Array("CgBI".utf8)
                    report = Report(file: input, format: cgbi ? "png (Apple CgBI)" : "png", width: image.width,
                                    height: image.height, frameCount: 1, delaysMs: [0], totalDurationMs: 0, loopCount: nil)
                } else {
                    throw RefreshGifError.badInput(file: input, message: "neither a GIF nor a PNG file")
                }
            } catch let error as ImageCodecError {
                throw RefreshGifError(file: input, error)
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                try Console.line(String(decoding: try encoder.encode(report), as: UTF8.self))
            } else {
                try Console.line("""
                    file:      \(report.file)
                    format:    \(report.format)
                    size:      \(report.width)×\(report.height) px
                    frames:    \(report.frameCount)
                    delays:    \(report.delaysMs.map { "\($0) ms" }.joined(separator: ", "))
                    duration:  \(report.totalDurationMs) ms (delays of 0–10 ms count as 100 ms)
                    loop:      \(report.loopCount.map { $0 == 0 ? "forever" : "\($0) times" } ?? "none (plays once)")
                    """)
            }
        }
    }
}
