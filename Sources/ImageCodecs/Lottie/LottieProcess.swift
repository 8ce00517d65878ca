import CWorkerProcess
import Dispatch
import FoundationEssentials
import Glibc

/// The command's side of Lottie isolation: one worker process (``LottieWorker``) holding one
/// parsed animation, asked for frames one at a time.
///
/// Each request waits at most ``DecodeLimits/maxWorkerSeconds``; a worker that takes longer
/// is killed, and one that dies (over its address-space cap, out of CPU time, or crashed in
/// rlottie) becomes a limit error naming the limit. One instance serves one thread at a time.
final class LottieProcess {
    /// The composition's size in pixels as rlottie read it, and its frame count.
    private(set) var width = 0, height = 0, frameCount = 0

    private let pid: pid_t
    private let channel: WorkerChannel
    private let limits: DecodeLimits
    private var reaped = false

    /// The environment variable naming the worker executable.
    static let executableVariable = LottieWorker.executableVariable

    /// Starts a worker, hands it the file and waits for rlottie to read it.
    init(json: [UInt8], resourceDirectory: String, limits: DecodeLimits) throws {
        self.limits = limits
        guard let executable = Self.executable() else {
            throw ImageCodecError.libraryFailure(
                "Lottie files are drawn by \(LottieWorker.program) in a separate process, and none was found beside this program or on the PATH: build it (make install puts it beside refresh-render) or set \(Self.executableVariable) to its path"
            )
        }
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw ImageCodecError.libraryFailure("cannot start the Lottie worker: \(String(cString: strerror(errno)))")
        }
        // Room for a whole frame of a few megabytes in the socket: fewer turns between the two
        // processes per frame.
        var size: Int32 = 8 << 20
        for end in ends { _ = setsockopt(end, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        for end in ends { _ = setsockopt(end, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        var child: pid_t = 0
        let arguments = [executable, LottieWorker.argument]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let status = rg_worker_spawn(executable, &argv, ends[1], &child)
        for pointer in argv { free(pointer) }
        close(ends[1])
        guard status == 0 else {
            close(ends[0])
            throw ImageCodecError.libraryFailure("cannot start the Lottie worker \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        channel = WorkerChannel(descriptor: ends[0])
        var message = WorkerMessage()
        message.append(LottieWorker.greeting)
        message.append(UInt64(limits.maxTotalPixels) &* 4)
        message.append(UInt64(limits.maxWorkerSeconds))
        message.append(run: Array(resourceDirectory.utf8))
        message.append(run: json)
        // Every stored property is set: from here `deinit` stops the worker if this throws.
        let (w, h, frames) = try exchange(message.bytes) { deadline in
            (
                try channel.receiveInteger(deadline: deadline), try channel.receiveInteger(deadline: deadline),
                try channel.receiveInteger(deadline: deadline)
            )
        }
        width = Int(clamping: w)
        height = Int(clamping: h)
        frameCount = Int(clamping: frames)
    }

    deinit {
        close(channel.descriptor)
        guard !reaped else { return }
        // Done with it: killed at once (nothing of its state is wanted), and reaped off this
        // thread, since the kernel takes milliseconds to tear a process down; a command that
        // ends meanwhile leaves it to the system.
        let pid = pid
        DispatchQueue.global(qos: .utility).async { _ = Self.kill(pid) }
    }

    /// Kills `pid` and waits for its end; its status.
    private static func kill(_ pid: pid_t) -> Int32 {
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status
    }

    /// Frame `frame` (0-based, rlottie's numbering) at `width × height` pixels, as rlottie's
    /// premultiplied ARGB32 words, received straight into `pixels` (4 bytes a pixel).
    func render(frame: Int, width: Int, height: Int, into pixels: UnsafeMutableRawBufferPointer) throws {
        var message = WorkerMessage()
        message.append(UInt64(max(0, frame)))
        message.append(UInt64(width))
        message.append(UInt64(height))
        try exchange(message.bytes) { deadline in
            try channel.receive(into: UnsafeMutableRawBufferPointer(rebasing: pixels[0..<(width * height * 4)]), deadline: deadline)
        }
    }

    /// Sends a request and reads its reply with `body`, all within the time limit; a refusal,
    /// a worker that died and one that ran out of time are thrown as codec errors.
    private func exchange<T>(_ request: [UInt8], _ body: (ContinuousClock.Instant) throws -> T) throws -> T {
        let deadline = ContinuousClock.now + .seconds(limits.maxWorkerSeconds)
        let outcome: Result<T, ImageCodecError>
        do {
            try channel.send(request)
            let status = try channel.receiveInteger(deadline: deadline)
            if status == LottieWorker.failed {
                let length = try channel.receiveInteger(deadline: deadline)
                let reason = String(decoding: try channel.receive(Int(min(length, 4096)), deadline: deadline), as: UTF8.self)
                outcome = .failure(.malformed(.lottie, reason: reason))
            } else {
                outcome = .success(try body(deadline))
            }
        } catch WorkerChannel.Failure.timedOut {
            stop()
            throw ImageCodecError.limitExceeded(.workerTime(seconds: limits.maxWorkerSeconds))
        } catch {
            throw ImageCodecError.limitExceeded(
                stop(dying: true) ?? .workerStopped(signal: "an early exit", budgetMiB: limits.maxTotalPixels >> 18))
        }
        return try outcome.get()
    }

    /// Kills and reaps the worker (once); what its end says about the limit it reached.
    @discardableResult
    /// - Parameter dying: the worker closed its end (its reply was cut short), so it is ending.
    private func stop(dying: Bool = false) -> DecodeLimits.Violation? {
        guard !reaped else { return nil }
        reaped = true
        var status: Int32 = 0
        // Ended already (a signal, an exit)? Else it is killed here, which says nothing.
        // A worker that closed its end is dying: give the kernel a moment to say how.
        var ended: pid_t = 0
        for _ in 0..<(dying ? 20 : 1) {
            ended = waitpid(pid, &status, WNOHANG)
            if ended == pid || (ended < 0 && errno != EINTR) { break }
            usleep(5_000)
        }
        if ended != pid {
            _ = Self.kill(pid)
            return nil
        }
        let signal = status & 0x7F
        switch signal {
        case 0: return nil
        case SIGXCPU: return .workerTime(seconds: limits.maxWorkerSeconds)
        // Nothing in the worker sends itself SIGKILL: the system's out-of-memory killer or a user did.
        case SIGKILL: return .workerKilled
        default:
            let name = String(cString: strsignal(signal))
            return .workerStopped(signal: name, budgetMiB: limits.maxTotalPixels >> 18)
        }
    }

    /// The worker executable: `REFRESH_LOTTIE_WORKER`, else `refresh-lottie-worker` beside
    /// the running program (a build folder holds it beside the tests and `refresh-render`) or
    /// on the `PATH`.
    static func executable() -> String? {
        if let named = getenv(executableVariable).map({ String(cString: $0) }), !named.isEmpty {
            return named
        }
        return Programs.find(LottieWorker.program)
    }
}
