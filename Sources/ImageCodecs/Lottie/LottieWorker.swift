import CRLottie
import CWorkerProcess
import Glibc

/// The worker's side of Lottie isolation: rlottie parses and draws in a child process, the
/// small `refresh-lottie-worker` program, under hard limits, and only pixels come back
/// (docs/robustness.md).
///
/// The command starts the worker with ``argument`` and one socket as its standard input and
/// output, sends the file, the folder of its image assets and the limits, and then asks for
/// one frame at a time. The worker caps its own address space and CPU time before rlottie
/// reads a byte, and opens no file after the animation is read.
package enum LottieWorker {
    /// The first argument the worker is started with: run by hand, without it, it refuses.
    package static let argument = "__lottie-worker"

    /// The worker program's file name, found beside the running program or on the `PATH`.
    package static let program = "refresh-lottie-worker"

    /// The environment variable naming the worker executable, for programs that use the
    /// library from elsewhere than beside a built or installed worker.
    package static let executableVariable = "REFRESH_LOTTIE_WORKER"

    /// The first word of every session: the format's name and version, so a worker from
    /// another build refuses to talk instead of misreading.
    static let greeting: UInt64 = 0x0001_574C_4752 // "RGLW", version 1

    /// Replies: the request was done, or here is why not.
    static let done: UInt64 = 0, failed: UInt64 = 1

    /// The largest frame a worker draws, in pixels (the command checks its own limits first).
    static let maxFramePixels: UInt64 = 1 << 28

    /// Serves one animation on standard input and output until the command closes the socket.
    /// - Returns: never: the process exits when its parent closes the channel.
    package static func serve() -> Never {
        guard rg_worker_die_with_parent() == 0 else { _exit(3) }
        let channel = WorkerChannel(descriptor: 0)
        do {
            guard try channel.receiveInteger(deadline: nil) == greeting else { _exit(2) }
            let budget = try channel.receiveInteger(deadline: nil)
            let seconds = try channel.receiveInteger(deadline: nil)
            let folderLength = try channel.receiveInteger(deadline: nil)
            guard folderLength < 1 << 16 else { _exit(2) }
            let folder = String(decoding: try channel.receive(Int(folderLength), deadline: nil), as: UTF8.self)
            let jsonLength = try channel.receiveInteger(deadline: nil)
            guard jsonLength < 1 << 31 else { _exit(2) }
            var text = try channel.receive(Int(jsonLength), deadline: nil)
            text.append(0)
            // From here on every byte rlottie takes counts against the budget.
            let ceiling = rg_worker_virtual_size() &+ budget
            guard rg_worker_limit(ceiling, seconds) == 0 else { _exit(4) }
            let loaded = text.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { lottie_animation_from_data($0.baseAddress, "", folder + "/") }
            }
            text = []
            guard let handle = loaded else {
                try reply(channel, failure: "rlottie could not read the animation (a feature it does not support, or broken JSON)")
                _exit(0)
            }
            // Image assets are read while the file is parsed; nothing else is opened.
            guard rg_worker_close_file_access() == 0 else { _exit(4) }
            var width = 0, height = 0
            lottie_animation_get_size(handle, &width, &height)
            var message = WorkerMessage()
            message.append(done)
            message.append(UInt64(width))
            message.append(UInt64(height))
            message.append(UInt64(lottie_animation_get_totalframe(handle)))
            try channel.send(message.bytes)
            // One buffer, grown when a larger frame is asked for: no fresh pages every frame.
            var argb: [UInt32] = []
            while true {
                let frame = try channel.receiveInteger(deadline: nil)
                let frameWidth = try channel.receiveInteger(deadline: nil), frameHeight = try channel.receiveInteger(deadline: nil)
                let (pixels, overflow) = frameWidth.multipliedReportingOverflow(by: frameHeight)
                guard !overflow, pixels > 0, pixels <= maxFramePixels else {
                    try reply(channel, failure: "frame of \(frameWidth)×\(frameHeight) px asked for")
                    continue
                }
                rg_worker_allow_cpu(seconds)
                if argb.count < Int(pixels) { argb = [UInt32](repeating: 0, count: Int(pixels)) }
                try argb.withUnsafeMutableBufferPointer { buffer in
                    // Each frame starts from a clear buffer, as a fresh one would be (rlottie does
                    // not document that it clears the buffer it is given).
                    buffer.update(repeating: 0)
                    lottie_animation_render(handle, Int(frame), buffer.baseAddress, Int(frameWidth), Int(frameHeight), Int(frameWidth) * 4)
                    var header = WorkerMessage()
                    header.append(done)
                    try channel.send(header.bytes)
                    try channel.send(UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[0..<(Int(pixels) * 4)]))
                }
            }
        } catch {
            _exit(0) // the command closed the socket: nothing more to do
        }
    }

    private static func reply(_ channel: WorkerChannel, failure: String) throws {
        var message = WorkerMessage()
        message.append(failed)
        message.append(run: Array(failure.utf8))
        try channel.send(message.bytes)
    }
}
