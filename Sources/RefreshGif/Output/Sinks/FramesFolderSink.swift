import FoundationEssentials
@_spi(Tools) import RefreshFiles

/// Numbered PNG frames (`frame_0001.png` …) in a folder. They are written by the workers to
/// a hidden staging folder beside it and flushed in the background; when every frame is
/// written the set replaces the folder's old frames in one step, so an error or a signal
/// part-way leaves no partial set (docs/robustness.md).
public final class FramesFolderSink: FrameSink {
    /// The folder.
    public let folder: String
    private let staging: String
    private let flush = FolderFlush()
    private var open = true
    private var finished = false

    /// A sink writing into `folder` (made when missing).
    /// - Parameter folder: a new or empty folder.
    /// - Throws: ``RefreshGifError`` when the folder holds files or cannot be made.
    public init(folder: String) throws {
        self.folder = folder
        staging = try FileIO.stagingFolder(for: folder)
    }

    deinit { abandon() }

    /// Writes the frame's file into the staging folder.
    public var prepare: @Sendable (SinkFrame) throws -> Void {
        { [staging, folder, flush] frame in
            let name = OutputGuard.frameFileName(frame.index + 1)
            let bytes = try frame.pngFile()
            try FileIO.naming(folder + "/" + name) { try FileIO.writeDeferringSync(bytes, to: staging + "/" + name) }
            flush.add(staging + "/" + name)
        }
    }

    /// Nothing: the file is written.
    public func add(_ prepared: Void, info: FrameInfo) throws {}

    /// Waits for the flushes, then puts the frames in place.
    public func finish(endMicroseconds: Int64) throws {
        try flush.finish(folder: staging)
        try FileIO.replaceFrames(in: folder, from: staging)
        finished = true
        abandon()
    }

    /// Removes the staging folder (empty once its frames are in place) and, unless the frames
    /// are in place, the folders made to hold it.
    public func abandon() {
        guard open else { return }
        open = false
        Temporaries.removeFolder(staging)
        if !finished { Temporaries.removeMadeParents(of: staging) }
        Temporaries.unregisterFolder(staging)
    }
}
