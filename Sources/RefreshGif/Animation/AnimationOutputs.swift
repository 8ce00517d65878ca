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
    /// An animated PNG (docs/images.md, "APNG output").
    public var apng: String?
    /// A contact sheet: a grid of frames labelled with time and state.
    public var sheet: String?
    /// Put every N-th frame on the sheet (nil: at most 24 cells).
    public var sheetEvery: Int?
    /// The colour of the page the GIF will sit on: soft edges are composited onto it instead
    /// of cut at half opacity (nil: cut).
    public var gifMatte: RGBAColor?
    /// How GIF frames with more colours than a palette holds show the colours it lacks.
    public var gifDithering: GIFDithering = .none
    /// The mean squared error per colour channel, over each frame's opaque pixels, by which a
    /// GIF frame may differ from its source to share one palette instead of exact colours in
    /// a table of its own: 0 (exact) to 100; 0.002 is about 75 dB (docs/images.md, "GIF
    /// output").
    public var gifColorError = 0.0
    /// The most bytes of changed rectangles an APNG keeps to choose the colour form all its
    /// frames share; past it the frames are 8-bit RGBA, written as they come (a larger file).
    /// 64 MiB unless set.
    public var apngKeptBytes = APNGSink.defaultKeptBytes

    /// Outputs to the given paths; nil leaves one out.
    /// - Parameters:
    ///   - framesFolder: a folder for `frame_0001.png` … (new or empty).
    ///   - gif: an animated GIF file.
    ///   - apng: an animated PNG file.
    ///   - sheet: a PNG contact sheet of the frames.
    ///   - sheetEvery: put every n-th frame on the sheet (all when nil).
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
    /// shows. The files are the same bytes whatever `jobs` is. GIF files are streamed to disk
    /// as frames are made, so memory holds one batch of frames, not the animation; an APNG
    /// keeps its frames' changed rectangles, at most ``AnimationOutputs/apngKeptBytes``. `inputs` are files the outputs must not replace (the images the scene was
    /// made from); `progress` is told the frames done after each batch, and may stop the write
    /// by throwing (what it throws is thrown, and no output is left).
    /// - Parameters:
    ///   - outputs: the files and folder to write.
    ///   - jobs: worker threads (`Limits/jobs`).
    ///   - settings: PNG compression of frames, APNG and sheet.
    ///   - inputs: files the outputs must not replace.
    ///   - progress: told the frames done after each batch; throws to stop.
    /// - Returns: what each frame shows, in order.
    /// - Throws: ``RefreshGifError`` for a bad output path, a limit or a failed write;
    ///   ``InvalidValue`` for `jobs` out of range; what `progress` throws.
    @discardableResult
    public func write(
        _ outputs: AnimationOutputs, jobs: Int = RefreshAnimation.defaultJobs,
        png settings: PNGEncoder.Settings = .default, inputs: [String] = [],
        progress: (Int) throws -> Void = { _ in }
    ) throws -> [FrameReport] {
        try Limits.jobs.check(jobs, field: "jobs")
        if let every = outputs.sheetEvery, every < 1 {
            throw RefreshGifError.invalidSetting(field: "sheetEvery", message: "must be ≥ 1, got \(every)")
        }
        if outputs.framesFolder == "-" {
            throw RefreshGifError.invalidSetting(field: "frames", message: "standard output cannot hold a folder of frames; name a folder")
        }
        let frameFiles = outputs.framesFolder.map { OutputGuard.frameFiles(in: $0, count: count) } ?? []
        try OutputGuard.check(outputs: outputs.files + frameFiles, inputs: inputs)
        var sinks: [any FrameSink] = []
        do {
            if let folder = outputs.framesFolder { sinks.append(try FramesFolderSink(folder: folder)) }
            if let path = outputs.gif {
                sinks.append(
                    try ImageFileFormat.gif.sink(
                        path: path, frameCount: count, settings: settings, gifMatte: outputs.gifMatte,
                        gifDithering: outputs.gifDithering, gifColorError: outputs.gifColorError))
            }
            if let path = outputs.apng {
                sinks.append(
                    try APNGSink(path: path, frameCount: count, settings: settings, keptBytes: outputs.apngKeptBytes, jobs: jobs))
            }
            if let path = outputs.sheet {
                sinks.append(
                    try ContactSheetSink(
                        path: path, every: outputs.sheetEvery ?? sheetStep,
                        scale: planned[0].scene.scale, settings: settings))
            }
        } catch {
            for sink in sinks { sink.abandon() }
            throw error
        }
        return try write(to: sinks, jobs: jobs, png: settings, progress: progress)
    }

    /// Renders every frame on `jobs` threads and hands each to every sink, in order
    /// (``FrameSink``); returns what each frame shows. When a frame or a sink fails, every
    /// sink is abandoned and the error thrown.
    /// - Parameters:
    ///   - sinks: the outputs, each given every frame in order.
    ///   - jobs: worker threads (`Limits/jobs`).
    ///   - settings: PNG compression, for sinks that ask for PNG bytes.
    ///   - progress: told the frames done after each batch; throws to stop.
    /// - Returns: what each frame shows, in order.
    /// - Throws: what a frame, a sink or `progress` throws; ``InvalidValue`` for `jobs` out of range.
    @discardableResult
    public func write(
        to sinks: [any FrameSink], jobs: Int = RefreshAnimation.defaultJobs,
        png settings: PNGEncoder.Settings = .default, progress: (Int) throws -> Void = { _ in }
    ) throws -> [FrameReport] {
        try Limits.jobs.check(jobs, field: "jobs")
        let erased = sinks.map { AnySink($0) }
        let preparers = erased.map(\.prepare)
        let encoder = PNGEncoder(settings: settings)
        let memo = PNGCompressionMemo()
        var reports: [FrameReport] = []
        // The workers resample each image once between them.
        let resampled = ResampledImages()
        do {
            try ParallelMap.run(
                count: count, jobs: jobs, makeState: { (try RefreshRenderer(sharing: resampled), SinkFrame?.none) },
                work: { worker, index -> Prepared in
                    let (renderer, last) = worker
                    let rendered = try self.render(index, with: renderer)
                    let frame = SinkFrame(
                        index: index, image: rendered.image, report: rendered.report, encoder: encoder, memo: memo,
                        previous: last)
                    let prepared = try preparers.map { try $0(frame) }
                    // Once the next frame has been compared with it, the last picture's buffer is
                    // this worker's next canvas (copied first if a sink kept the picture).
                    if let previous = last { renderer.recycle(previous.image) }
                    worker.1 = frame
                    return Prepared(width: rendered.image.width, height: rendered.image.height, report: rendered.report, values: prepared)
                },
                consume: { index, frame in
                    let info = FrameInfo(
                        index: index, timeMicroseconds: planned[index].timeMicroseconds,
                        width: frame.width, height: frame.height, report: frame.report)
                    for (sink, value) in zip(erased, frame.values) { try sink.add(value, info) }
                    reports.append(frame.report)
                }, progress: progress)
            for sink in erased { try sink.finish(endMicroseconds) }
        } catch {
            for sink in erased { sink.abandon() }
            throw error
        }
        return reports
    }

    /// Every frame (or every `every`-th) on one contact sheet, labelled with time and state.
    /// - Parameter every: put every n-th frame on the sheet (all when nil).
    /// - Returns: the sheet.
    /// - Throws: ``RefreshGifError/invalidSetting(field:message:)`` for `every` below 1; the
    ///   renderer's errors.
    public func contactSheet(every: Int? = nil) throws -> RGBAImage {
        let renderer = try RefreshRenderer()
        let cells = try stride(from: 0, to: count, by: max(1, every ?? sheetStep)).map { index in
            let frame = try render(index, with: renderer)
            return ContactSheetSink.cell(frame.image, frame.report)
        }
        return try ContactSheetSink.sheet(of: cells, scale: planned[0].scene.scale)
    }

    /// The default sheet step: at most 24 cells.
    private var sheetStep: Int { max(1, (count + 23) / 24) }
}

/// What the workers made of a frame for the sinks, with its size and report.
private struct Prepared: Sendable {
    var width: Int
    var height: Int
    var report: FrameReport
    var values: [any Sendable]
}
