import Synchronization

/// The bytes the requests in flight may hold together — bodies being read, frames being drawn,
/// files being answered — shared by all of them (the server's `--max-memory`). Work is admitted
/// by its cost before it starts: what does not fit now is answered 503 at once (try again),
/// what could never fit 413; nothing waits holding memory.
final class WorkBudget: Sendable {
    /// The whole budget, in bytes.
    let bytes: Int
    private let used = Mutex(0)

    init(bytes: Int) {
        self.bytes = max(1, bytes)
    }

    /// The bytes held now.
    var held: Int { used.withLock { $0 } }

    /// Holds `amount` bytes for `what` (a phrase: "this gesture's frames") while `body` runs.
    func holding<T>(_ amount: Int, for what: String, _ body: () throws -> T) throws -> T {
        try reserve(amount, for: what)
        defer { release(amount) }
        return try body()
    }

    /// ``holding(_:for:_:)`` for async work.
    func holding<T>(_ amount: Int, for what: String, _ body: () async throws -> T) async throws -> T {
        try reserve(amount, for: what)
        defer { release(amount) }
        return try await body()
    }

    private func reserve(_ amount: Int, for what: String) throws {
        guard amount <= bytes else {
            throw PreviewError(status: 413, "\(what) would take \(amount >> 20) MiB, above the server's budget of \(bytes >> 20) MiB")
        }
        let admitted = used.withLock { used -> Bool in
            guard used + amount <= bytes else { return false }
            used += amount
            return true
        }
        guard admitted else {
            throw PreviewError(
                status: 503, "the server is busy: requests in flight hold \(held >> 20) of its \(bytes >> 20) MiB; try again")
        }
    }

    fileprivate func release(_ amount: Int) {
        used.withLock { $0 -= amount }
    }

    /// Bytes already made that the server keeps until they are sent — an answer being written
    /// to a slow reader — charged whatever the room (they exist), so that new work is admitted
    /// only in what is left; released when the answer is gone (``Held``'s end).
    func charge(_ amount: Int) -> Held {
        used.withLock { $0 += amount }
        return Held(budget: self, amount: amount)
    }

    /// A charge that lasts as long as this value: its bytes are released when it goes.
    final class Held: Sendable {
        let budget: WorkBudget
        let amount: Int
        fileprivate init(budget: WorkBudget, amount: Int) {
            self.budget = budget
            self.amount = amount
        }
        deinit { budget.release(amount) }
    }
}

/// When a request must be answered by; work checks it between frames and gives up past it.
struct Deadline: Sendable {
    let end: ContinuousClock.Instant
    let seconds: Double

    init(seconds: Double) {
        self.seconds = seconds
        end = .now + .milliseconds(Int64(seconds * 1000))
    }

    /// Throws 503 once the time is up.
    func check() throws {
        guard ContinuousClock.now < end else { throw PreviewError(status: 503, "the request took longer than \(Int(seconds)) s") }
    }
}
