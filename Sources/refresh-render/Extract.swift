import ArgumentParser
import Foundation
import RefreshGif

/// Writes every composited frame of a GIF as PNG, plus frames.json.
struct Extract: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write every frame of a GIF as frame_0001.png … plus frames.json (for setImages:).")

    @Argument(help: "The GIF file.")
    var input: String

    @Option(name: [.short, .long], help: "Output folder (created if missing).")
    var output: String = "frames"

    @OptionGroup var png: PNGOptions

    @OptionGroup var limits: LimitOptions

    func run() throws {
        try reportingErrors {
            let bytes = try FileIO.read(input, maxBytes: limits.limits.maxFileBytes)
            guard GIFDecoder.isGIF(bytes) else {
                throw RefreshGifError.badInput(file: input, message: "not a GIF file (bad signature)")
            }
            // Frames are composited one at a time, in order: memory holds a few screens, not the file.
            let frames = try RefreshGifError.translating(file: input) { try GIFDecoder(limits: limits.limits).frameSource(bytes) }
            try OutputGuard.check(outputs: OutputGuard.frameFiles(in: output, count: frames.frameCount) + [output + "/frames.json"],
                                  inputs: [input])
            try FileIO.makeDirectory(output)
            let encoder = png.encoder
            var entries: [FrameEntry] = []
            for (i, delay) in frames.delaysCentiseconds.enumerated() {
                let name = String(format: "frame_%04d.png", i + 1)
                let image = frames.image(at: i, width: frames.frameWidth, height: frames.frameHeight)
                try FileIO.writeDeferringSync(try encoder.encode(image), to: output + "/" + name)
                entries.append(FrameEntry(index: i + 1, file: name, delayMs: delay * 10, width: image.width, height: image.height))
            }
            let manifest = FramesManifest(source: input, width: frames.frameWidth, height: frames.frameHeight,
                                          loopCount: frames.loopCount, frames: entries)
            let encoderJSON = JSONEncoder()
            encoderJSON.outputFormatting = [.prettyPrinted, .sortedKeys]
            try FileIO.writeDeferringSync(Array(try encoderJSON.encode(manifest)) + [0x0A], to: output + "/frames.json")
            try FileIO.makeDurable(entries.map { output + "/" + $0.file } + [output + "/frames.json"], folder: output)
            try Console.line("\(frames.frameCount) frames written to \(output)")
        }
    }

    struct FrameEntry: Codable {
        var index: Int
        var file: String
        var delayMs: Int
        var width: Int
        var height: Int
    }

    struct FramesManifest: Codable {
        var source: String
        var width: Int
        var height: Int
        var loopCount: Int?
        var frames: [FrameEntry]
    }
}
