import RefreshImage

/// Resource limits checked against image headers before any pixel memory is allocated.
public struct DecodeLimits: Sendable, Equatable {
    /// Largest width or height of one image or canvas, in pixels.
    public var maxSide: Int
    /// Largest number of pixels in one frame.
    public var maxFramePixels: Int
    /// The memory budget for decoded pixels, in pixels (4 bytes each): checked from headers
    /// before frames are allocated, summed over a file's frames (and, by the loaders, over
    /// every input of a command).
    public var maxTotalPixels: Int
    /// Largest number of frames in one file.
    public var maxFrames: Int
    /// Largest input file, in bytes.
    public var maxFileBytes: Int
    /// The longest one step of a Lottie worker may take, in seconds of wall-clock and of CPU
    /// time: reading the file, or drawing one frame (docs/robustness.md).
    public var maxWorkerSeconds: Int = 30

    /// The decoding work one file may ask for, in pixels decoded over all its frames: four
    /// times the memory budget (a 0.9 MB GIF of twenty 8192² frames asks for 1.3 G).
    public var maxDecodedPixels: Int { maxTotalPixels.multipliedSaturating(by: 4) }

    /// The values ``maxWorkerSeconds`` may take.
    package static let workerSeconds = 1...3600

    /// The defaults: limits in pixels and bytes, not sides (a 65535×1 GIF is 65 535 pixels):
    /// 64 M pixels a frame, a budget of 256 M pixels (1 GiB of decoded RGBA), 10 000 frames,
    /// 256 MiB a file; a side may be up to 1 M pixels.
    public static let `default` = DecodeLimits(
        maxSide: 1 << 20, maxFramePixels: 64 << 20, maxTotalPixels: 256 << 20,
        maxFrames: 10_000, maxFileBytes: 256 << 20)

    /// These limits with a memory budget of `mebibytes` MiB of decoded RGBA pixels.
    /// - Parameter mebibytes: the budget.
    /// - Returns: the limits.
    package func withMemoryBudget(mebibytes: Int) -> DecodeLimits {
        var limits = self
        limits.maxTotalPixels = max(1, mebibytes) << 18
        return limits
    }

    /// A limit set from explicit values; a value below 1 is raised to 1.
    /// - Parameters:
    ///   - maxSide: the largest width or height.
    ///   - maxFramePixels: the largest frame.
    ///   - maxTotalPixels: the memory budget, in pixels.
    ///   - maxFrames: the most frames.
    ///   - maxFileBytes: the largest file.
    public init(maxSide: Int, maxFramePixels: Int, maxTotalPixels: Int, maxFrames: Int, maxFileBytes: Int) {
        self.maxSide = max(1, maxSide)
        self.maxFramePixels = max(1, maxFramePixels)
        self.maxTotalPixels = max(1, maxTotalPixels)
        self.maxFrames = max(1, maxFrames)
        self.maxFileBytes = max(1, maxFileBytes)
    }

    /// The default limits with the frame limit set to `maxFramePixels`: the side limit grows
    /// with it (to its square root, at least the default) and so does the file limit.
    /// - Parameter maxFramePixels: the largest frame.
    /// - Returns: the limits.
    package func allowing(framePixels maxFramePixels: Int) -> DecodeLimits {
        var limits = self
        let pixels = max(1, maxFramePixels)
        limits.maxFramePixels = pixels
        limits.maxSide = max(limits.maxSide, Int(Double(pixels).squareRoot().rounded(.up)))
        limits.maxTotalPixels = max(limits.maxTotalPixels, pixels)
        return limits
    }

    /// A limit that an input would break, with the numbers.
    public enum Violation: Sendable, Equatable, CustomStringConvertible {
        /// A side of an image or canvas is longer than ``DecodeLimits/maxSide``.
        case side(what: String, width: Int, height: Int, limit: Int)
        /// A frame has more pixels than ``DecodeLimits/maxFramePixels``.
        case framePixels(what: String, pixels: Int, limit: Int)
        /// The frames of one input add up to more than ``DecodeLimits/maxTotalPixels``.
        case totalPixels(what: String, limit: Int)
        /// More frames than ``DecodeLimits/maxFrames``.
        case frames(what: String, limit: Int)
        /// A file longer than ``DecodeLimits/maxFileBytes``.
        case fileBytes(bytes: Int, limit: Int)
        /// More decompressed bytes than the header allows.
        case inflatedBytes(limit: Int)
        /// A file's frames would take more decoding than ``DecodeLimits/maxDecodedPixels``.
        case work(what: String, limit: Int)
        /// A Lottie worker took longer than ``DecodeLimits/maxWorkerSeconds`` for one step.
        case workerTime(seconds: Int)
        /// A Lottie worker died: over its address-space cap (the memory budget) or crashed.
        case workerStopped(signal: String, budgetMiB: Int)
        /// A Lottie worker was killed from outside (SIGKILL): not a limit of ours, nor the file's doing.
        case workerKilled
        /// A whole command's pixel work (`diff`'s two inputs and its diff picture) over the budget.
        case memory(what: String, mebibytes: Int, budgetMiB: Int)

        /// One line with the numbers.
        public var description: String {
            switch self {
            case let .side(what, width, height, limit):
                return "\(what) is \(width)×\(height) px, above the limit of \(limit) px a side"
            case let .framePixels(what, pixels, limit):
                return "\(what) has \(pixels) pixels, above the limit of \(limit) a frame"
            case let .totalPixels(what, limit):
                return "\(what) would decode to more than \(limit) pixels (\(limit >> 18) MiB, the memory budget)"
            case let .frames(what, limit):
                return "\(what) has more than \(limit) frames (the frame limit)"
            case let .fileBytes(bytes, limit):
                return "file is \(bytes) bytes, above the limit of \(limit)"
            case let .inflatedBytes(limit):
                return "image data inflates to more than \(limit) bytes"
            case let .work(what, limit):
                return "\(what) would decode more than \(limit) pixels in all (the work limit, 4 × the memory budget of \(limit >> 20) MiB)"
            case let .workerTime(seconds):
                return "rlottie took more than \(seconds) s for one step (the time limit)"
            case let .workerStopped(signal, budget):
                return "rlottie stopped (\(signal)): the file needs more than the memory budget of \(budget) MiB, or rlottie cannot draw it"
            case let .memory(what, mebibytes, budget):
                return "\(what) needs \(mebibytes) MiB, above the memory budget of \(budget) MiB"
            case .workerKilled:
                return "the Lottie worker was killed (SIGKILL) from outside refresh-render: by the system's out-of-memory killer or a user"
            }
        }
    }

    /// Throws when a `width × height` image would break the side or frame limits, or alone
    /// fill more than the memory budget.
    func check(width: Int, height: Int, what: String) throws {
        if width > maxSide || height > maxSide {
            throw ImageCodecError.limitExceeded(.side(what: what, width: width, height: height, limit: maxSide))
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxFramePixels {
            throw ImageCodecError.limitExceeded(.framePixels(what: what, pixels: overflow ? Int.max : pixels, limit: maxFramePixels))
        }
        if pixels > maxTotalPixels {
            throw ImageCodecError.limitExceeded(.totalPixels(what: "\(what) (\(width)×\(height) px)", limit: maxTotalPixels))
        }
    }
}
