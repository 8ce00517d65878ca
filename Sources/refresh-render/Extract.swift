import ArgumentParser
import FoundationEssentials
import Glibc
@_spi(Tools) import RefreshGif

/// Writes every composited frame of a GIF as PNG, plus frames.json.
struct Extract: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Write every frame of a GIF as frame_0001.png … plus frames.json (for setImages:).")

    @Argument(help: "The GIF file.")
    var input: String

    @Option(name: [.short, .long], help: "Output folder: new or empty (created if missing); the frames appear in it all at once.")
    var output: String = "frames"

    @Flag(help: "Write into a folder that has files: its frame_*.png and frames.json are replaced, other files kept.")
    var force = false

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
            try OutputGuard.check(
                outputs: OutputGuard.frameFiles(in: output, count: planned) + [output + "/frames.json"],
                inputs: [input])
            // Frames go to a hidden staging folder beside the output, renamed into place when
            // all are written: an error or a signal leaves no partial set, and no stale frame
            // of an earlier run sits beyond the new count. --force writes into a folder that has
            // other files, after removing its old frames.
            let existing = FileIO.isDirectory(output) ? try FileIO.entries(of: output) : []
            if !existing.isEmpty {
                guard force else {
                    throw RefreshGifError.cannotCreateOutput(
                        file: output, message: "folder is not empty (\(existing.count) entries); choose a new folder or pass --force")
                }
                for name in existing where name == "frames.json" || (name.hasPrefix("frame_") && name.hasSuffix(".png")) {
                    _ = unlink(output + "/" + name)
                }
            }
            let staging = try FileIO.stagingFolder(for: output)
            defer { Temporaries.removeFolder(staging); Temporaries.unregisterFolder(staging) }
            let encoder = png.encoder
            var entries: [FrameEntry] = []
            let flush = FolderFlush()
            let summary = try RefreshGifError.translating(file: input) {
                try GIFDecoder(limits: limits.limits).decode(bytes) { frame, _ in
                    let name = OutputGuard.frameFileName(entries.count + 1)
                    let bytes = try encoder.encode(frame.image)
                    try FileIO.naming(output + "/" + name) { try FileIO.writeDeferringSync(bytes, to: staging + "/" + name) }
                    flush.add(staging + "/" + name)
                    entries.append(
                        FrameEntry(
                            index: entries.count + 1, file: name, delayMs: frame.delayMilliseconds,
                            width: frame.image.width, height: frame.image.height,
                            region: .init(left: frame.left, top: frame.top, width: frame.width, height: frame.height),
                            disposal: GIFFrameLayout.Disposal(code: frame.disposal).rawValue))
                }
            }
            let manifest = FramesManifest(
                source: input, width: summary.width, height: summary.height,
                loopCount: summary.loopCount, frames: entries)
            let encoderJSON = JSONEncoder()
            encoderJSON.outputFormatting = [.prettyPrinted, .sortedKeys]
            let manifestBytes = Array(try encoderJSON.encode(manifest)) + [0x0A]
            try FileIO.naming(output + "/frames.json") { try FileIO.writeDeferringSync(manifestBytes, to: staging + "/frames.json") }
            flush.add(staging + "/frames.json")
            try flush.finish(folder: staging)
            try FileIO.moveContents(of: staging, into: output, whole: existing.isEmpty)
            try Console.line("\(entries.count) frames written to \(output)")
        }
    }

    struct FrameEntry: Codable {
        var index: Int
        var file: String
        var delayMs: Int
        /// The composited frame's size: the screen's.
        var width: Int
        var height: Int
        /// The rectangle the GIF's frame itself covers, and its disposal.
        var region: Region
        var disposal: String
    }

    /// A rectangle of the screen, in pixels.
    struct Region: Codable {
        var left: Int, top: Int, width: Int, height: Int
    }

    struct FramesManifest: Codable {
        var source: String
        var width: Int
        var height: Int
        var loopCount: Int?
        var frames: [FrameEntry]
    }
}
