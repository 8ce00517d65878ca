import Synchronization

/// The page's server-sent events: a version number that goes up each time a named file
/// changes on disk, sent to every open `/events` stream. At most `maxListeners` streams.
final class ChangeFeed: Sendable {
    private struct State {
        var version = 0
        var next = 0
        var listeners: [Int: AsyncStream<Int>.Continuation] = [:]
    }

    private let state = Mutex(State())
    let maxListeners: Int

    init(maxListeners: Int = 32) {
        self.maxListeners = maxListeners
    }

    /// The current version.
    var version: Int { state.withLock { $0.version } }

    /// A stream of versions, starting with the current one; nil when too many are open.
    func listen() -> AsyncStream<Int>? {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state -> Int? in
            guard state.listeners.count < maxListeners else { return nil }
            state.next += 1
            state.listeners[state.next] = continuation
            continuation.yield(state.version)
            return state.next
        }
        guard let id else { return nil }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends every stream the current version again: a stream's writer that finds it unchanged
    /// writes a heartbeat, and a connection the page has closed fails that write and frees its
    /// slot (nothing else tells a held response that its reader is gone).
    func beat() {
        state.withLock { state in
            for listener in state.listeners.values { listener.yield(state.version) }
        }
    }

    /// The streams open now.
    var listenerCount: Int { state.withLock { $0.listeners.count } }

    /// Tells every stream that something changed.
    func bump() {
        state.withLock { state in
            state.version += 1
            for listener in state.listeners.values { listener.yield(state.version) }
        }
    }

    /// Ends every stream (the server stops).
    func finishAll() {
        let listeners = state.withLock { state -> [AsyncStream<Int>.Continuation] in
            defer { state.listeners = [:] }
            return Array(state.listeners.values)
        }
        for listener in listeners { listener.finish() }
    }
}
