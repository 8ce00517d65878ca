import FoundationEssentials
import ImageCodecs
import RefreshImage
import RefreshModel
import RefreshRaster

/// Where an animation's frames go: numbered PNGs, an animated GIF, an animated PNG, a
/// contact sheet. Any subset; paths are written atomically (docs/robustness.md).
public struct AnimationOutputs: Sendable {
    /// A folder for numbered PNG frames (`frame_0001.png` …), made when missing.
    public var framesFolder: String?
    /// An animated GIF (a palette per frame; docs/images.md).
    public var gif: String?
    /// An animated PNG.
    public var apng: String?
    /// A contact sheet: a grid of frames labelled with time and state.
    public var sheet: String?
    /// Put every N-th frame on the sheet (nil: at most 24 cells).
    public var sheetEvery: Int?

    /// Outputs to the given paths; nil leaves one out.
    public init(framesFolder: String? = nil, gif: String? = nil, apng: String? = nil, sheet: String? = nil, sheetEvery: Int? = nil) {
        self.framesFolder = framesFolder
        self.gif = gif
        self.apng = apng
        self.sheet = sheet
        self.sheetEvery = sheetEvery
    }

    /// The single files among the outputs.
    var files: [String] { [gif, apng, sheet].compactMap { $0 } }
}

extension RefreshAnimation {
    /// The number of worker threads ``write(_:jobs:png:inputs:progress:)`` uses by default.
    public static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// Renders every frame on `jobs` threads and writes `outputs`; returns what each frame
    /// shows. The files are the same bytes whatever `jobs` is. GIF and APNG files are
    /// streamed to disk as frames are made, so memory holds one batch of frames, not the
    /// animation. `inputs` are files the outputs must not replace (the images the scene was
    /// made from); `progress` is told the frames done after each batch.
    @discardableResult
    public func write(_ outputs: AnimationOutputs, jobs: Int = RefreshAnimation.defaultJobs,
                      png settings: PNGEncoder.Settings = .default, inputs: [String] = [],
                      progress: (Int) -> Void = { _ in }) throws -> [FrameReport] {
        guard (1...256).contains(jobs) else {
            throw RefreshGifError.invalidSetting(field: "jobs", message: "must be between 1 and 256, got \(jobs)")
        }
        if let every = outputs.sheetEvery, every < 1 {
            throw RefreshGifError.invalidSetting(field: "sheetEvery", message: "must be ≥ 1, got \(every)")
        }
        if outputs.framesFolder == "-" {
            throw RefreshGifError.invalidSetting(field: "frames", message: "standard output cannot hold a folder of frames; name a folder")
        }
        let frameFiles = outputs.framesFolder.map { OutputGuard.frameFiles(in: $0, count: count) } ?? []
        try OutputGuard.check(outputs: outputs.files + frameFiles, inputs: inputs)
        // Frames are written to a hidden staging folder beside the target and put in place when
        // every frame is written: an error or a signal part-way leaves no partial set, and no
        // frame of an earlier, longer run stays behind the new ones.
        let staging = try outputs.framesFolder.map { try FileIO.stagingFolder(for: $0) }
        defer { if let staging { Temporaries.removeFolder(staging); Temporaries.unregisterFolder(staging) } }
        let encoder = PNGEncoder(settings: settings)
        let memo = PNGCompressionMemo()
        let flush = FolderFlush()
        var gif: GIFEncoder?
        var apng: APNGEncoder?
        let gifFile = try outputs.gif.map { try FileIO.StreamingFile($0) }
        let apngFile = try outputs.apng.map { try FileIO.StreamingFile($0) }
        var sheetCells: [ContactSheet.Cell] = []
        var reports: [FrameReport] = []
        let every = outputs.sheetEvery ?? sheetStep
        let wantsPNG = outputs.framesFolder != nil || outputs.apng != nil
        let wantsGIF = outputs.gif != nil
        let folder = staging
        let keepPNG = outputs.apng != nil
        let wantsSheet = outputs.sheet != nil
        try ParallelFrames.run(count: count, jobs: jobs, initial: LastFrame?.none, render: { renderer, last, index -> Encoded in
            let frame = try self.render(index, with: renderer)
            // A frame drawn with the same pixels as this worker's last one (a looping picture
            // held for several frames) takes its encodings: the same bytes, made once.
            let repeated = last.flatMap { $0.image == frame.image ? $0 : nil }
            // Encoding, quantising and writing frame files run on the worker too: they cost
            // more than rendering. A frame equal to one of the last few is not compressed again.
            let png = wantsPNG ? try repeated?.png ?? encoder.compress(frame.image, memo: memo) : nil
            if let folder, let png, let target = outputs.framesFolder {
                let name = OutputGuard.frameFileName(index + 1)
                let bytes = try encoder.file(for: png)
                try FileIO.naming(target + "/" + name) { try FileIO.writeDeferringSync(bytes, to: folder + "/" + name) }
                flush.add(folder + "/" + name)
            }
            let quantized = wantsGIF ? try repeated?.gif ?? GIFEncoder.QuantizedFrame(frame.image) : nil
            // The picture goes on only for the contact sheet; otherwise, once the next frame
            // has been compared with it, its buffer is the worker's next canvas.
            let onSheet = wantsSheet && index % every == 0
            if let previous = last, !previous.onSheet { renderer.recycle(previous.image) }
            last = LastFrame(image: frame.image, png: png, gif: quantized, onSheet: onSheet)
            return Encoded(report: frame.report, width: frame.image.width, height: frame.image.height,
                           sheetImage: onSheet ? frame.image : nil, png: keepPNG ? png : nil, gif: quantized)
        }, consume: { index, encoded in
            let time = planned[index].timeMicroseconds
            if let quantized = encoded.gif {
                if gif == nil { gif = try GIFEncoder(width: encoded.width, height: encoded.height) }
                try gif?.add(quantized, atMicroseconds: time)
                if let gifFile, let bytes = gif?.takeBytes(), !bytes.isEmpty { try gifFile.write(bytes) }
            }
            if let png = encoded.png {
                if apng == nil {
                    apng = APNGEncoder(width: encoded.width, height: encoded.height, frameCount: count, settings: settings)
                }
                try apng?.add(png, atMicroseconds: time)
                if let apngFile, let bytes = apng?.takeBytes(), !bytes.isEmpty { try apngFile.write(bytes) }
            }
            reports.append(encoded.report)
            if let image = encoded.sheetImage {
                sheetCells.append(Self.sheetCell(image, encoded.report))
            }
        }, progress: progress)
        if let target = outputs.framesFolder, let staging {
            // The frames were flushed in the background as they were written; the folder last.
            try flush.finish(folder: staging)
            try FileIO.replaceFrames(in: target, from: staging)
        }
        if let gifFile, let gif {
            try gifFile.write(try gif.finish(atMicroseconds: endMicroseconds))
            try gifFile.commit()
        }
        if let apngFile, var apng {
            try apngFile.write(try apng.finish(atMicroseconds: endMicroseconds))
            try apngFile.commit()
        }
        if let path = outputs.sheet {
            try FileIO.write(try encoder.encode(try Self.contactSheet(of: sheetCells, scale: planned[0].scene.scale)), to: path)
        }
        return reports
    }

    /// Every frame (or every `every`-th) on one contact sheet, labelled with time and state.
    public func contactSheet(every: Int? = nil) throws -> RGBAImage {
        let renderer = try RefreshRenderer()
        let cells = try stride(from: 0, to: count, by: max(1, every ?? sheetStep)).map { index in
            let frame = try render(index, with: renderer)
            return Self.sheetCell(frame.image, frame.report)
        }
        return try Self.contactSheet(of: cells, scale: planned[0].scene.scale)
    }

    /// The default sheet step: at most 24 cells.
    private var sheetStep: Int { max(1, (count + 23) / 24) }

    /// A frame as a sheet cell, captioned with its time and state.
    private static func sheetCell(_ image: RGBAImage, _ report: FrameReport) -> ContactSheet.Cell {
        ContactSheet.Cell(image: image, caption: CFormat.fixed(report.time, 2) + " s · " + report.state)
    }

    private static func contactSheet(of cells: [ContactSheet.Cell], scale: Int) throws -> RGBAImage {
        let columns = max(1, min(6, Int(Double(cells.count).squareRoot().rounded(.up))))
        let rows = stride(from: 0, to: cells.count, by: columns).map { Array(cells[$0..<min(cells.count, $0 + columns)]) }
        return try ContactSheet(rows: rows, scale: scale).render(with: try RefreshRenderer())
    }
}

/// A worker's last frame: its picture and what was made of it.
private struct LastFrame {
    var image: RGBAImage
    var png: PNGEncoder.CompressedImage?
    var gif: GIFEncoder.QuantizedFrame?
    /// The picture went to the contact sheet, so its buffer is not the next canvas.
    var onSheet: Bool
}

/// What the workers made of a frame: its report and size, the picture itself only when it
/// goes on the contact sheet, its compressed and quantized forms when those are wanted.
private struct Encoded: Sendable {
    var report: FrameReport
    var width: Int
    var height: Int
    var sheetImage: RGBAImage?
    var png: PNGEncoder.CompressedImage?
    var gif: GIFEncoder.QuantizedFrame?
}
