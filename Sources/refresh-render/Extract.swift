import ArgumentParser
import FoundationEssentials
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
            // Frames are decoded, composited and written one at a time, in one pass: one screen is
            // held, whatever the number of frames. The guard counts frames from the block structure.
            let planned = try RefreshGifError.translating(file: input) { try ImageInspection.inspect(bytes).frameCount }
            try OutputGuard.check(outputs: OutputGuard.frameFiles(in: output, count: planned) + [output + "/frames.json"],
                                  inputs: [input])
            let madeFolder = !FileIO.isDirectory(output)
            try FileIO.makeDirectory(output)
            let encoder = png.encoder
            var entries: [FrameEntry] = []
            let flush = FolderFlush()
            let summary: GIFSummary
            do {
                summary = try RefreshGifError.translating(file: input) {
                    try GIFDecoder(limits: limits.limits).decode(bytes) { frame, _ in
                        let name = OutputGuard.frameFileName(entries.count + 1)
                        try FileIO.writeDeferringSync(try encoder.encode(frame.image), to: output + "/" + name)
                        flush.add(output + "/" + name)
                        entries.append(FrameEntry(index: entries.count + 1, file: name, delayMs: frame.delayMilliseconds,
                                                  width: frame.image.width, height: frame.image.height))
                    }
                }
            } catch {
                // A file that turns out bad leaves nothing behind: the frames written so far go.
                for entry in entries { try? FileManager.default.removeItem(atPath: output + "/" + entry.file) }
                if madeFolder { try? FileManager.default.removeItem(atPath: output) }
                throw error
            }
            let manifest = FramesManifest(source: input, width: summary.width, height: summary.height,
                                          loopCount: summary.loopCount, frames: entries)
            let encoderJSON = JSONEncoder()
            encoderJSON.outputFormatting = [.prettyPrinted, .sortedKeys]
            try FileIO.writeDeferringSync(Array(try encoderJSON.encode(manifest)) + [0x0A], to: output + "/frames.json")
            flush.add(output + "/frames.json")
            try flush.finish(folder: output)
            try Console.line("\(entries.count) frames written to \(output)")
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
