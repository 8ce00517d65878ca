import Glibc

/// One end of the socket between the command and a Lottie worker: whole messages of
/// little-endian integers and byte runs, read and written completely or not at all.
///
/// Writes never raise SIGPIPE (a worker that died is an error to report, not a signal that
/// ends the command); reads wait at most until `deadline` (`nil`: as long as it takes).
struct WorkerChannel {
    let descriptor: Int32

    /// Why a message did not get through.
    enum Failure: Error {
        /// The other end closed the socket or died.
        case closed
        /// Nothing came before the deadline.
        case timedOut
    }

    /// Sends every byte of `bytes`.
    func send(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { raw in try send(raw) }
    }

    /// Sends every byte of `raw`.
    func send(_ raw: UnsafeRawBufferPointer) throws {
        var sent = 0
        while sent < raw.count {
            let count = Glibc.send(descriptor, raw.baseAddress.map { $0 + sent }, raw.count - sent, Int32(MSG_NOSIGNAL))
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure.closed
            }
            sent += count
        }
    }

    /// Exactly `count` bytes, into `buffer` from `offset`.
    func receive(into buffer: UnsafeMutableRawBufferPointer, deadline: ContinuousClock.Instant?) throws {
        var received = 0
        while received < buffer.count {
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                let milliseconds = max(0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32(clamping: milliseconds))
                if ready < 0 {
                    if errno == EINTR { continue }
                    throw Failure.closed
                }
                if ready == 0 { throw Failure.timedOut }
            }
            let count = recv(descriptor, buffer.baseAddress.map { $0 + received }, buffer.count - received, 0)
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure.closed
            }
            if count == 0 { throw Failure.closed }
            received += count
        }
    }

    /// Exactly `count` bytes.
    func receive(_ count: Int, deadline: ContinuousClock.Instant?) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        try bytes.withUnsafeMutableBytes { raw in try receive(into: raw, deadline: deadline) }
        return bytes
    }

    /// A little-endian unsigned 64-bit integer.
    func receiveInteger(deadline: ContinuousClock.Instant?) throws -> UInt64 {
        let bytes = try receive(8, deadline: deadline)
        return bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
}

/// A message being put together for a ``WorkerChannel``.
struct WorkerMessage {
    private(set) var bytes: [UInt8] = []

    /// Appends a little-endian unsigned 64-bit integer.
    mutating func append(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// Appends a run of bytes, its length first.
    mutating func append(run: [UInt8]) {
        append(UInt64(run.count))
        bytes += run
    }
}
