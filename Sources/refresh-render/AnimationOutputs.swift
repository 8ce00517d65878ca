import ArgumentParser
import Foundation
import RefreshGif

/// Where an animation goes: numbered PNGs, an animated GIF or PNG, a contact sheet, a report.
struct AnimationOutputOptions: ParsableArguments {
    @Option(help: "Frames per second.")
    var fps: Int = 60

    @Option(help: "Write numbered PNG frames (frame_0001.png …) into this folder.")
    var frames: String?

    @Option(help: "Write an animated GIF (giflib, median-cut palette per frame, transparency kept).")
    var gif: String?

    @Option(help: "Write an animated PNG.")
    var apng: String?

    @Option(help: "Write a contact sheet: a grid of frames labelled with time and state.")
    var sheet: String?

    @Option(name: .customLong("sheet-every"), help: "Put every N-th frame on the sheet (default: at most 24 cells).")
    var sheetEvery: Int?

    @Flag(help: "Print the per-frame state, percent, alpha and image frame as JSON on standard output.")
    var json = false

    @Option(help: "Frames rendered at once (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @OptionGroup var png: PNGOptions

    func validate() throws {
        try png.validate()
        guard (1...240).contains(fps) else { throw ValidationError("--fps must be between 1 and 240, got \(fps)") }
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 256, got \(jobs)") }
        if let sheetEvery, sheetEvery < 1 { throw ValidationError("--sheet-every must be ≥ 1") }
        guard frames != nil || gif != nil || apng != nil || sheet != nil || json else {
            throw ValidationError("give at least one output: --frames DIR, --gif FILE, --apng FILE, --sheet FILE or --json")
        }
    }

    var outputFiles: [String] { [gif, apng, sheet].compactMap { $0 } }
}

/// One frame to render: its scene, and where it sits on the screen (gestures).
struct PlannedFrame: Sendable {
    var time: Int64
    var scene: RefreshScene
    var window: ScreenWindow?
    var offset: Double?
    var insets: InsetChange?
}

/// A frame and what the workers made of it: the picture, its encodings, and its report
/// line, taken from the same render plan the picture was drawn from.
struct RenderedFrame: Sendable {
    var image: RGBAImage
    var png: PNGEncoder.CompressedImage?
    var gif: GIFEncoder.QuantizedFrame?
    var report: FrameReport
}

/// The JSON report's line for one frame.
struct FrameReport: Codable, Sendable {
    var index: Int
    var time: Double
    var state: String
    var percent: Double
    var alpha: Double
    var imageFrame: Int?
    var offset: Double?
    var insets: InsetChange?
}

/// Renders planned frames in parallel and writes every requested output.
enum AnimationWriter {
    static func write(_ plan: [PlannedFrame], end: Int64, options: AnimationOutputOptions, inputs: [String]) throws {
        guard !plan.isEmpty else { throw ValidationError("no frame to render: the animation is shorter than one frame") }
        try OutputGuard.check(outputs: options.outputFiles + (options.frames.map { OutputGuard.frameFiles(in: $0, count: plan.count) } ?? []),
                              inputs: inputs)
        if let frames = options.frames { try FileIO.makeDirectory(frames) }
        let encoder = options.png.encoder
        var gif: GIFEncoder?
        var apng: APNGEncoder?
        // GIF and APNG files go to disk as their frames are made: memory holds one batch.
        let gifFile = try options.gif.map { try FileIO.StreamingFile($0) }
        let apngFile = try options.apng.map { try FileIO.StreamingFile($0) }
        var sheetCells: [ContactSheet.Cell] = []
        var reports: [FrameReport] = []
        let every = options.sheetEvery ?? max(1, (plan.count + 23) / 24)
        let showProgress = isatty(STDERR_FILENO) != 0 && plan.count > 30
        let wantsPNG = options.frames != nil || options.apng != nil
        let wantsGIF = options.gif != nil
        try ParallelFrames.run(count: plan.count, jobs: options.jobs, render: { renderer, index -> RenderedFrame in
            let frame = plan[index]
            let drawn = try renderer.plan(for: frame.scene)
            var image = try renderer.render(frame.scene)
            if let window = frame.window {
                image = try window.compose(control: image, controlHeight: drawn.height, offset: frame.offset ?? 0,
                                           scale: frame.scene.scale, background: frame.scene.background)
            }
            // Encoding, quantising and writing frame files run on the worker too: they cost
            // more than rendering.
            let png = wantsPNG ? try encoder.compress(image) : nil
            if let folder = options.frames, let png {
                try FileIO.writeDeferringSync(try encoder.file(for: png), to: folder + String(format: "/frame_%04d.png", index + 1))
            }
            let report = FrameReport(index: index, time: Double(frame.time) / 1_000_000, state: frame.scene.state.rawValue,
                                     percent: (frame.scene.pullingPercent * 10_000).rounded() / 10_000,
                                     alpha: (frame.scene.alpha * 10_000).rounded() / 10_000,
                                     imageFrame: drawn.image?.index, offset: frame.offset, insets: frame.insets)
            return RenderedFrame(image: image, png: options.apng != nil ? png : nil,
                                 gif: wantsGIF ? try GIFEncoder.QuantizedFrame(image) : nil, report: report)
        }, consume: { index, frame in
            if let quantized = frame.gif {
                if gif == nil { gif = try GIFEncoder(width: frame.image.width, height: frame.image.height) }
                try gif?.add(quantized, at: plan[index].time)
                if let gifFile, let bytes = gif?.takeBytes(), !bytes.isEmpty { try gifFile.write(bytes) }
            }
            if options.apng != nil, let png = frame.png {
                if apng == nil {
                    apng = APNGEncoder(width: frame.image.width, height: frame.image.height, frameCount: plan.count, settings: encoder.settings)
                }
                try apng?.add(png, at: plan[index].time)
                if let apngFile, let bytes = apng?.takeBytes(), !bytes.isEmpty { try apngFile.write(bytes) }
            }
            reports.append(frame.report)
            if options.sheet != nil && index % every == 0 {
                let r = frame.report
                sheetCells.append(ContactSheet.Cell(image: frame.image, caption: String(format: "%.2f s · %@", r.time, r.state)))
            }
        }, progress: { done in
            if showProgress {
                FileHandle.standardError.write(Data("\rrendering \(done)/\(plan.count) frames".utf8))
                if done == plan.count { FileHandle.standardError.write(Data("\n".utf8)) }
            }
        })
        if let folder = options.frames {
            // One flush for the whole folder instead of an fsync per frame.
            try FileIO.makeDurable(OutputGuard.frameFiles(in: folder, count: plan.count).dropLast(), folder: folder)
        }
        if let gifFile, let gif {
            try gifFile.write(try gif.finish(at: end))
            try gifFile.commit()
        }
        if let apngFile, var apng {
            try apngFile.write(try apng.finish(at: end))
            try apngFile.commit()
        }
        if let path = options.sheet {
            let columns = max(1, min(6, Int(Double(sheetCells.count).squareRoot().rounded(.up))))
            let rows = stride(from: 0, to: sheetCells.count, by: columns).map { Array(sheetCells[$0..<min(sheetCells.count, $0 + columns)]) }
            let renderer = try RefreshRenderer()
            let sheet = try ContactSheet(rows: rows, scale: plan[0].scene.scale).render(with: renderer)
            try FileIO.write(try encoder.encode(sheet), to: path)
        }
        if options.json {
            let json = JSONEncoder()
            json.outputFormatting = [.sortedKeys]
            for report in reports {
                try Console.line(String(decoding: try json.encode(report), as: UTF8.self))
            }
        }
    }
}
