#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value shared between threads behind a pthread mutex: every read and change goes through
/// ``withLock(_:)``; ``withLock(waitingWhile:_:)`` first waits (on a condition variable) until
/// another thread's ``withLockThenWake(_:)`` makes the value ready.
///
/// Used instead of the standard library's `Mutex` because ThreadSanitizer sees pthread
/// mutexes: on Linux `Mutex` waits on futexes the sanitizer cannot observe, and `make
/// test-tsan` reported races on values that were in fact locked.
package final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` with the value, holding the lock, once `blocked` is false of it (waiting for
    /// ``withLockThenWake(_:)`` calls while it is true).
    package func withLock<R>(waitingWhile blocked: (Value) -> Bool, _ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while blocked(value) { pthread_cond_wait(condition, mutex) }
        return try body(&value)
    }

    /// Runs `body` with the value, holding the lock, then wakes every thread waiting in
    /// ``withLock(waitingWhile:_:)`` to check again.
    package func withLockThenWake<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        return try body(&value)
    }
}
