import RefreshImage

/// Where an animation's frames go, one frame at a time (docs/architecture.md): a folder of
/// PNGs, a GIF, an APNG, a contact sheet, or a sink of your own.
///
/// Writing an animation runs each sink's ``prepare`` on the worker threads, frames in any
/// order (compressing, quantising, writing a frame file), then ``add(_:info:)`` on the calling
/// thread in frame order, then ``finish(endMicroseconds:)`` once. When anything fails part-way,
/// ``abandon()`` is called instead of `finish`, and the sink removes what it began. The sink
/// itself is only touched on the calling thread; `prepare` must work from `Sendable` values
/// it captured, never from the sink.
public protocol FrameSink: AnyObject {
    /// What the workers make of a frame for this sink.
    associatedtype Prepared: Sendable

    /// Makes a frame's contribution on a worker thread; ``SinkFrame`` shares its PNG and GIF
    /// encodings between the sinks that ask for them.
    var prepare: @Sendable (SinkFrame) throws -> Prepared { get }
    /// Takes a prepared frame, in order.
    /// - Parameters:
    ///   - prepared: what ``prepare`` made of the frame.
    ///   - info: the frame's number, time, size and report.
    /// - Throws: a write error; the other sinks are then abandoned.
    func add(_ prepared: Prepared, info: FrameInfo) throws
    /// Completes the output after the last frame.
    /// - Parameter endMicroseconds: when the last frame ends, from the start.
    /// - Throws: a write error; the output is then removed.
    func finish(endMicroseconds: Int64) throws
    /// Removes what a failed write began.
    func abandon()
}

extension FrameSink {
    /// Nothing to remove.
    public func abandon() {}
}

/// What a sink learns of a frame in order: its number, time, size and report.
public struct FrameInfo: Sendable {
    /// The frame's number, from 0.
    public var index: Int
    /// When it shows, in µs from the start.
    public var timeMicroseconds: Int64
    /// Its width in pixels.
    public var width: Int
    /// Its height in pixels.
    public var height: Int
    /// What it shows.
    public var report: FrameReport
}

/// A sink with its prepared values erased, so sinks of different types go in one list.
struct AnySink {
    let prepare: @Sendable (SinkFrame) throws -> any Sendable
    let add: (any Sendable, FrameInfo) throws -> Void
    let finish: (Int64) throws -> Void
    let abandon: () -> Void

    init(_ sink: some FrameSink) {
        self.init(typed: sink)
    }

    private init<S: FrameSink>(typed sink: S) {
        let prepare = sink.prepare
        self.prepare = { try prepare($0) }
        add = { prepared, info in
            guard let prepared = prepared as? S.Prepared else {
                throw RefreshGifError.internalError("a frame prepared for another sink reached \(S.self)")
            }
            try sink.add(prepared, info: info)
        }
        finish = { try sink.finish(endMicroseconds: $0) }
        abandon = { sink.abandon() }
    }
}
