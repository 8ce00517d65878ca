import Dispatch
import ImageCodecs
import PixelDiff
import RefreshImage
import RefreshModel
import RefreshRaster
import Synchronization

/// Renders numbered frames on several threads and hands them back in order, a batch at a
/// time, so memory stays bounded however long the sequence is. Each worker makes its own
/// ``RefreshRenderer`` (FreeType state is per thread); output equals a one-thread run.
package enum ParallelFrames {
    /// Makes frames `0..<count` with `render` on `jobs` threads (rendering, and whatever
    /// else can run per frame, such as PNG encoding) and passes each, in order, to `consume`.
    /// `progress` is called after each batch with the frames done.
    package static func run<Output: Sendable>(count: Int, jobs: Int,
                                             render: @escaping @Sendable (RefreshRenderer, Int) throws -> Output,
                                             consume: (Int, Output) throws -> Void,
                                             progress: (Int) -> Void = { _ in }) throws {
        let workers = max(1, min(jobs, count))
        let renderers = try (0..<workers).map { _ in RendererBox(try RefreshRenderer()) }
        let batch = workers * 4
        var start = 0
        while start < count {
            let end = min(count, start + batch)
            let first = start
            let slots = Mutex<[Result<Output, Error>?]>(Array(repeating: nil, count: end - start))
            let next = Mutex(start)
            let group = DispatchGroup()
            for box in renderers {
                DispatchQueue.global().async(group: group) {
                    while true {
                        let index = next.withLock { value -> Int in defer { value += 1 }; return value }
                        guard index < end else { return }
                        let result = Result { try box.with { try render($0, index) } }
                        slots.withLock { $0[index - first] = result }
                    }
                }
            }
            group.wait()
            let results = slots.withLock { $0 }
            for (offset, result) in results.enumerated() {
                guard let result else { throw RefreshGifError.internalError("frame \(start + offset) was not rendered") }
                try consume(start + offset, try result.get())
            }
            start = end
            progress(start)
        }
    }
}

/// One renderer owned by one worker at a time.
///
/// `@unchecked Sendable` is safe here: each box is used by exactly one worker thread per
/// batch (one box per worker), and the lock makes even accidental sharing serial.
final class RendererBox: @unchecked Sendable {
    private let renderer: RefreshRenderer
    private let lock = Mutex(())

    init(_ renderer: RefreshRenderer) { self.renderer = renderer }

    func with<T>(_ body: (RefreshRenderer) throws -> T) rethrows -> T {
        try lock.withLock { _ in try body(renderer) }
    }
}
