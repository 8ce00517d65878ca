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
            let animation: GIFAnimation
            animation = try RefreshGifError.translating(file: input) { try GIFDecoder(limits: limits.limits).decode(bytes) }
            try OutputGuard.check(outputs: OutputGuard.frameFiles(in: output, count: animation.frames.count) + [output + "/frames.json"],
                                  inputs: [input])
            try FileIO.makeDirectory(output)
            let encoder = png.encoder
            var entries: [FrameEntry] = []
            for (i, frame) in animation.frames.enumerated() {
                let name = String(format: "frame_%04d.png", i + 1)
                try FileIO.writeDeferringSync(try encoder.encode(frame.image), to: output + "/" + name)
                entries.append(FrameEntry(index: i + 1, file: name, delayMs: frame.delayMilliseconds,
                                          width: frame.image.width, height: frame.image.height))
            }
            let manifest = FramesManifest(source: input, width: animation.width, height: animation.height,
                                          loopCount: animation.loopCount, frames: entries)
            let encoderJSON = JSONEncoder()
            encoderJSON.outputFormatting = [.prettyPrinted, .sortedKeys]
            try FileIO.writeDeferringSync(Array(try encoderJSON.encode(manifest)) + [0x0A], to: output + "/frames.json")
            try FileIO.makeDurable(entries.map { output + "/" + $0.file } + [output + "/frames.json"], folder: output)
            try Console.line("\(animation.frames.count) frames written to \(output)")
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
