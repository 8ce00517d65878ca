import NIOPosix
import RefreshGif
import Synchronization

/// At most `jobs` renders at once, each on a thread of its own with a renderer of its own
/// (a renderer holds FreeType state and belongs to one thread at a time); at most
/// `queueLength` more wait in line, and any beyond that are answered 503 at once.
///
/// The threads are a pool of their own (`NIOThreadPool`), not Dispatch's: on Linux, Swift's
/// tasks run on Dispatch's global threads, one per core, so renders there would hold the very
/// threads that answer `/healthz` and fire the request deadlines.
final class RenderSlots: Sendable {
    private struct State {
        var busy = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
        var spareRenderers: [RendererBox] = []
    }

    /// A renderer moved between threads, used by one at a time.
    private final class RendererBox: @unchecked Sendable {
        let renderer: RefreshRenderer
        init(_ renderer: RefreshRenderer) { self.renderer = renderer }
    }

    private let state = Mutex(State())
    private let jobs: Int
    private let queueLength: Int
    private let threads: NIOThreadPool

    init(jobs: Int, queueLength: Int) {
        self.jobs = max(1, jobs)
        self.queueLength = queueLength
        threads = NIOThreadPool(numberOfThreads: self.jobs)
        threads.start()
    }

    deinit {
        threads.shutdownGracefully { _ in }
    }

    /// Runs `work` with a renderer when a slot is free, off the server's threads (parsing
    /// included: the server's own threads stay free to answer, `/healthz` first). A request
    /// whose `deadline` passed while it waited gives up its slot at once.
    func run<T: Sendable>(
        deadline: Deadline? = nil, _ work: @escaping @Sendable (RefreshRenderer) throws -> T
    ) async throws -> T {
        try await acquire()
        defer { release() }
        try deadline?.check()
        try Task.checkCancellation()
        let box = try state.withLock { $0.spareRenderers.popLast() } ?? RendererBox(try RefreshRenderer())
        defer { state.withLock { $0.spareRenderers.append(box) } }
        return try await threads.runIfActive { try work(box.renderer) }
    }

    private func acquire() async throws {
        enum Decision { case go, wait, refuse }
        let decision = state.withLock { state -> Decision in
            if state.busy < jobs {
                state.busy += 1
                return .go
            }
            return state.waiting.count < queueLength ? .wait : .refuse
        }
        switch decision {
        case .go: return
        case .refuse: throw PreviewError(status: 503, "the server is busy (\(jobs) renders running, \(queueLength) waiting); try again")
        case .wait:
            await withCheckedContinuation { continuation in
                let started = state.withLock { state -> Bool in
                    // A slot may have come free since the decision.
                    if state.busy < jobs {
                        state.busy += 1
                        return true
                    }
                    state.waiting.append(continuation)
                    return false
                }
                if started { continuation.resume() }
            }
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiting.isEmpty {
                state.busy -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
