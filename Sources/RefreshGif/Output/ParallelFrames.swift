import Dispatch
import ImageCodecs
import PixelDiff
import RefreshImage
import RefreshModel
import RefreshRaster

/// Renders numbered frames on several threads and hands them back in order, with at most a
/// window of frames made but not yet handed back, so memory stays bounded however long the
/// sequence is. Workers never wait for each other: each takes the next frame as soon as the
/// window allows, so a slow frame does not idle the other threads. Each worker makes its own
/// ``RefreshRenderer`` (FreeType state is per thread) and keeps its own `State` from one
/// frame to its next (what it made last); output equals a one-thread run.
package enum ParallelFrames {
    /// Makes frames `0..<count` with `render` on `jobs` threads (rendering, and whatever
    /// else can run per frame, such as PNG encoding) and passes each, in order, to `consume`
    /// (on the calling thread, while the workers go on). Each worker starts with `initial`
    /// state, which `render` may change for that worker's next frame: frames reach a worker in
    /// increasing order, but which frames a worker gets depends on timing, so the state may
    /// save work and must never change what a frame is. `progress` is called every few frames
    /// with the frames done, and at the end.
    package static func run<Output: Sendable, State>(count: Int, jobs: Int, initial: State,
                                                    render: @escaping @Sendable (RefreshRenderer, inout State, Int) throws -> Output,
                                                    consume: (Int, Output) throws -> Void,
                                                    progress: (Int) -> Void = { _ in }) throws {
        guard count > 0 else { return }
        let workers = max(1, min(jobs, count))
        let renderers = try (0..<workers).map { _ in WorkerBox(try RefreshRenderer(), state: initial) }
        let window = workers * 4
        let shared = Locked(Shared<Output>())
        let room = DispatchSemaphore(value: window)
        let made = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for box in renderers {
            DispatchQueue.global().async(group: group) {
                while true {
                    room.wait()
                    let index = shared.withLock { state -> Int? in
                        guard !state.stopped, state.next < count else { return nil }
                        defer { state.next += 1 }
                        return state.next
                    }
                    guard let index else {
                        room.signal()  // let the next worker see the end too
                        return
                    }
                    let result = Result { try box.with { try render($0, &$1, index) } }
                    shared.withLock { $0.results[index] = result }
                    made.signal()
                }
            }
        }
        func stop() {
            shared.withLock { $0.stopped = true }
            for _ in 0..<workers { room.signal() }
            group.wait()
            // Frames made but not consumed (an error part-way) took room the consumer never gave
            // back; libdispatch traps on a semaphore freed below its initial value.
            for _ in 0..<window { room.signal() }
        }
        do {
            for index in 0..<count {
                var result = shared.withLock { $0.results.removeValue(forKey: index) }
                while result == nil {
                    made.wait()
                    result = shared.withLock { $0.results.removeValue(forKey: index) }
                }
                guard let result else { throw RefreshGifError.internalError("frame \(index) was not rendered") }
                try consume(index, try result.get())
                room.signal()
                if (index + 1) % window == 0 || index + 1 == count { progress(index + 1) }
            }
        } catch {
            stop()
            throw error
        }
        stop()
    }

    /// What the workers and the consumer share: the next frame to make, frames made and not
    /// yet consumed, and whether to stop.
    private struct Shared<Output> {
        var next = 0
        var results: [Int: Result<Output, Error>] = [:]
        var stopped = false
    }
}

/// One worker's renderer and state, owned by one worker at a time.
///
/// `@unchecked Sendable` is safe here: each box is used by exactly one worker thread (one box
/// per worker), and the lock makes even accidental sharing serial.
final class WorkerBox<State>: @unchecked Sendable {
    private let renderer: RefreshRenderer
    private var state: State
    private let lock = Locked(())

    init(_ renderer: RefreshRenderer, state: State) {
        self.renderer = renderer
        self.state = state
    }

    func with<T>(_ body: (RefreshRenderer, inout State) throws -> T) rethrows -> T {
        try lock.withLock { _ in try body(renderer, &state) }
    }
}
