import ImageCodecs
@_spi(Tools) import RefreshFiles
import RefreshImage

/// An animated PNG (docs/images.md, "APNG output"), written to its file as its frames are ready.
public final class APNGSink: FrameSink {
    private let file: FileIO.StreamingFile
    private let frameCount: Int
    private let settings: PNGEncoder.Settings
    private let keptBytes: Int
    private let jobs: Int
    private var encoder: APNGEncoder?

    /// The most bytes of changed rectangles kept to choose the colour form, by default: 64 MiB.
    public static let defaultKeptBytes = APNGEncoder.bufferLimit

    /// A sink writing an APNG of `frameCount` frames at `path` (`-` for standard output).
    /// - Parameters:
    ///   - path: the APNG file; `-` for standard output.
    ///   - frameCount: the frames it will be given.
    ///   - settings: the PNG compression.
    ///   - keptBytes: the most bytes of changed rectangles kept to choose the colour form
    ///     all frames share; past it the frames are RGBA, written as they come.
    ///   - jobs: threads that compress the kept frames at once at the end (the bytes do not depend on it).
    /// - Throws: ``RefreshGifError`` when the file cannot be created.
    public init(
        path: String, frameCount: Int, settings: PNGEncoder.Settings = .default, keptBytes: Int = defaultKeptBytes, jobs: Int = 1
    ) throws {
        self.keptBytes = max(0, keptBytes)
        self.jobs = max(1, jobs)
        file = try FileIO.StreamingFile(path)
        self.frameCount = frameCount
        self.settings = settings
    }

    /// The frame's straight pixels (the encoder compares each frame with the one before and
    /// compresses the changed rectangles once the file's colour form is known).
    public var prepare: @Sendable (SinkFrame) throws -> StraightImage {
        { StraightImage($0.image) }
    }

    /// Adds the frame and writes what is ready.
    public func add(_ prepared: StraightImage, info: FrameInfo) throws {
        var apng = encoder ?? makeEncoder(info)
        try apng.add(straight: prepared.pixels, atMicroseconds: info.timeMicroseconds)
        let bytes = apng.takeBytes()
        encoder = apng
        if !bytes.isEmpty { try file.write(bytes) }
    }

    /// The encoder, made for the first frame's size.
    private func makeEncoder(_ info: FrameInfo) -> APNGEncoder {
        var apng = APNGEncoder(width: info.width, height: info.height, frameCount: frameCount, settings: settings, bufferLimit: keptBytes)
        apng.jobs = jobs
        return apng
    }

    /// Writes the last frame's delay and the end, and puts the file in place.
    public func finish(endMicroseconds: Int64) throws {
        guard var encoder else { return abandon() }
        try file.write(try encoder.finish(atMicroseconds: endMicroseconds))
        try file.commit()
    }

    /// Removes the unfinished file.
    public func abandon() { file.abandon() }
}
