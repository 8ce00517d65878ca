import Dispatch
import ImageCodecs
import RefreshImage
import RefreshLocking

/// The one parallel map of RefreshGif: animation frames, snapshot batches and the diff's two
/// decodes all run through it.
///
/// Items `0..<count` are made on several threads and handed back in order, with at most a
/// window of items made but not yet handed back, so memory stays bounded however long the
/// run is. Workers never wait for each other: each takes the next item as soon as the window
/// allows, so a slow item does not idle the other threads. Each worker keeps its own `State`
/// (a renderer: FreeType state is per thread; what it made last); output equals a
/// one-thread run.
package enum ParallelMap {
    /// Makes items `0..<count` with `work` on `jobs` threads and passes each, in order, to
    /// `consume` (on the calling thread, while the workers go on). Each worker starts with a
    /// state from `makeState`, which `work` may change for that worker's next item: items
    /// reach a worker in increasing order, but which items a worker gets depends on timing,
    /// so the state may save work and must never change what an item is. `progress` is
    /// called every few items with the items done, and at the end; what it throws stops the
    /// run (a deadline passed) and is thrown.
    package static func run<Output: Sendable, State>(
        count: Int, jobs: Int, makeState: () throws -> State,
        work: @escaping @Sendable (inout State, Int) throws -> Output,
        consume: (Int, Output) throws -> Void,
        progress: (Int) throws -> Void = { _ in }
    ) throws {
        guard count > 0 else { return }
        let workers = max(1, min(jobs, count))
        let renderers = try (0..<workers).map { _ in WorkerBox(state: try makeState()) }
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
                        room.signal() // let the next worker see the end too
                        return
                    }
                    let result = Result { try box.with { try work(&$0, index) } }
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
                guard let result else { throw RefreshGifError.internalError("item \(index) was not made") }
                try consume(index, try result.get())
                room.signal()
                if (index + 1) % window == 0 || index + 1 == count { try progress(index + 1) }
            }
        } catch {
            stop()
            throw error
        }
        stop()
    }

    /// `work` on items `0..<count` on `jobs` threads, the results in order (errors too: a
    /// failed item does not stop the others).
    package static func map<Output: Sendable>(
        count: Int, jobs: Int,
        _ work: @escaping @Sendable (Int) -> Output
    ) -> [Output] {
        var out: [Output] = []
        out.reserveCapacity(count)
        // Neither `work` nor `consume` throws, so neither can `run`.
        try? run(
            count: count, jobs: jobs, makeState: { () }, work: { _, index in work(index) },
            consume: { _, value in out.append(value) })
        return out
    }

    /// What the workers and the consumer share: the next frame to make, frames made and not
    /// yet consumed, and whether to stop.
    private struct Shared<Output> {
        var next = 0
        var results: [Int: Result<Output, Error>] = [:]
        var stopped = false
    }
}

/// One worker's state, owned by one worker at a time.
///
/// `@unchecked Sendable` is safe here: each box is used by exactly one worker thread (one box
/// per worker), and the lock makes even accidental sharing serial.
final class WorkerBox<State>: @unchecked Sendable {
    private var state: State
    private let lock = Locked(())

    init(state: State) {
        self.state = state
    }

    func with<T>(_ body: (inout State) throws -> T) rethrows -> T {
        try lock.withLock { _ in try body(&state) }
    }
}
