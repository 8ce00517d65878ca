import FoundationEssentials
import ImageCodecs
import PixelDiff
@_spi(Tools) import RefreshFiles
import RefreshImage
import RefreshLocking
import RefreshModel
import RefreshRaster

/// Loads the images of one state from a file or folder: an animated GIF, a single PNG, a
/// folder of PNG frames in natural numeric order, or a Lottie animation (JSON).
package struct ImageLoader: Sendable {
    /// The scale of files whose name has no `@2x`/`@3x` (`--image-scale`).
    public var defaultScale: Double
    /// Decoder limits.
    public var limits: DecodeLimits
    /// Pixels per point of the render: vector sources (Lottie) are drawn at this scale.
    public var renderScale: Double

    /// A loader for images without a scale suffix at `defaultScale`; Lottie animations are
    /// drawn at `renderScale` (default: `defaultScale`).
    /// - Parameters:
    ///   - defaultScale: the scale of images whose name has no `@2x`/`@3x`.
    ///   - renderScale: the scale Lottie animations are drawn at.
    ///   - limits: the decoding limits, one budget for everything this loader loads.
    public init(defaultScale: Double, renderScale: Double? = nil, limits: DecodeLimits = .default) {
        self.defaultScale = defaultScale
        self.renderScale = renderScale ?? defaultScale
        self.limits = limits
        budget = PixelBudget(pixels: limits.maxTotalPixels)
    }

    /// The decoded pixels all loads of this loader may take together (the command's budget).
    private let budget: PixelBudget
    /// The Lottie files read so far, by path, with their bytes: states that show the same file
    /// (segments of one animation) share its worker process instead of starting one each.
    private let lottieFiles = Locked<[String: (bytes: [UInt8], animation: LottieAnimation)]>([:])

    /// The pixels decoded so far by this loader.
    public var decodedPixels: Int { budget.used }

    /// The limits for the next file: what is left of the budget.
    private var remainingLimits: DecodeLimits {
        var next = limits
        next.maxTotalPixels = max(1, budget.remaining)
        return next
    }

    /// How a Lottie animation becomes a state's images.
    public struct LottieOptions: Sendable, Equatable {
        /// A marker's name, or `FROM:TO` frames of the file's timeline (TO excluded); nil:
        /// the whole animation.
        public var segment: String?
        /// The size in points; nil: the animation's own (one Lottie unit is one point).
        public var size: (width: Double, height: Double)?

        /// Options from their parts.
        /// - Parameters:
        ///   - segment: a marker's name or `FROM:TO` frames; nil for the whole animation.
        ///   - size: the size drawn, in points; nil for the animation's own.
        public init(segment: String? = nil, size: (width: Double, height: Double)? = nil) {
            self.segment = segment
            self.size = size
        }

        /// Field by field.
        public static func == (a: LottieOptions, b: LottieOptions) -> Bool {
            a.segment == b.segment && a.size?.width == b.size?.width && a.size?.height == b.size?.height
        }
    }

    /// The scale a file name carries: 2 for `name@2x.png`, 3 for `name@3x.gif`, else nil.
    /// - Parameter path: a file's path or name.
    /// - Returns: 1, 2 or 3, or nil when the name has no suffix.
    public static func scaleSuffix(of path: String) -> Double? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        if stem.hasSuffix("@2x") { return 2 }
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@1x") { return 1 }
        return nil
    }

    /// The sequence at `path`: every frame of a GIF (with its delays), one PNG, or every
    /// `.png` in a folder.
    /// - Parameters:
    ///   - path: a GIF, APNG, PNG or Lottie file, or a folder of PNG frames.
    ///   - lottie: a Lottie file's segment and size.
    /// - Returns: the frames with their scale and timing, charged to this loader's budget.
    /// - Throws: ``RefreshGifError`` naming the file: missing, unreadable, invalid, or over a limit.
    public func load(_ path: String, lottie: LottieOptions = LottieOptions()) throws -> ImageSequence {
        let (sequence, pixels) = try loadUncharged(path, lottie: lottie)
        budget.charge(pixels)
        return sequence
    }

    /// The sequence and the pixels it may hold: its frames', or for a GIF what its frame
    /// source reserves (frames are composited when drawn, docs/robustness.md).
    private func loadUncharged(_ path: String, lottie: LottieOptions) throws -> (ImageSequence, Int) {
        let limits = remainingLimits
        func held(_ sequence: ImageSequence) -> (ImageSequence, Int) {
            (sequence, sequence.frames.reduce(0) { $0 + $1.pixelWidth * $1.pixelHeight })
        }
        if FileIO.isDirectory(path) {
            return held(try loadFolder(path, limits: limits))
        }
        // `a.png,b.png`: a sequence of PNG frames named one by one, in the order given.
        if path.contains(","), !FileIO.isRegularFile(path) {
            let files = path.split(separator: ",").map(String.init)
            guard files.allSatisfy({ $0.lowercased().hasSuffix(".png") }) else {
                throw RefreshGifError.badInput(file: path, message: "a list of frames names .png files only, separated by commas")
            }
            return held(try loadFrames(files, named: path, limits: limits))
        }
        let bytes = try FileIO.read(path, maxBytes: limits.maxFileBytes)
        let scale = Self.scaleSuffix(of: path) ?? defaultScale
        return try RefreshGifError.translating(file: path) {
            if LottieAnimation.isLottie(bytes) {
                return try loadLottie(bytes, path: path, options: lottie, limits: limits)
            }
            if GIFDecoder.isGIF(bytes) {
                let source = try GIFDecoder(limits: limits).frameSource(bytes)
                let frames = try (0..<source.frameCount).map { try ScaledImage(source: source, index: $0, scale: scale) }
                return (
                    ImageSequence(frames: frames, durationMicroseconds: nil, frameDelaysMicroseconds: source.effectiveDelaysMicroseconds),
                    source.reservedPixels
                )
            }
            if PNGDecoder.isPNG(bytes) {
                return held(ImageSequence(frames: [try ScaledImage(image: try PNGDecoder(limits: limits).decode(bytes), scale: scale)]))
            }
            throw RefreshGifError.badInput(file: path, message: "neither a GIF, a PNG nor a Lottie file")
        }
    }

    /// The frames of a Lottie segment drawn at the render scale, each when it is first drawn:
    /// N = the segment's frame count, one loop = N / frame rate seconds (docs/images.md); and
    /// the pixels its frames may hold.
    private func loadLottie(_ bytes: [UInt8], path: String, options: LottieOptions, limits: DecodeLimits) throws -> (ImageSequence, Int) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let animation = try lottieFiles.withLock { files in
            if let open = files[path], open.bytes == bytes { return open.animation }
            let animation = try LottieAnimation(data: bytes, resourceDirectory: folder, limits: limits)
            files[path] = (bytes, animation)
            return animation
        }
        let frames = try Self.segment(options.segment, of: animation.info)
        let size = options.size ?? (animation.info.width, animation.info.height)
        let width = max(1, Int((size.width * renderScale).rounded())), height = max(1, Int((size.height * renderScale).rounded()))
        let (pixels, overflow) = (width * height).multipliedReportingOverflow(by: frames.count)
        guard !overflow, pixels <= limits.maxTotalPixels else {
            throw RefreshGifError.limitExceeded(
                file: path,
                violation: .totalPixels(
                    what: "Lottie segment (\(frames.count) frames of \(width)×\(height) px)",
                    limit: limits.maxTotalPixels))
        }
        let source = NamedSource(LottieFrameSource(animation, frames: frames, width: width, height: height), file: path)
        let images = try (0..<frames.count).map { try ScaledImage(source: source, index: $0, scale: renderScale) }
        let seconds = Double(frames.count) / animation.info.frameRate
        return (ImageSequence(frames: images, durationMicroseconds: Int64((seconds * 1_000_000).rounded())), source.source.reservedPixels)
    }

    /// The frames (file timeline) of a segment: a marker's, `FROM:TO`, or the whole animation.
    static func segment(_ text: String?, of info: LottieAnimation.Info) throws -> Range<Int> {
        guard let text else { return info.inPoint..<info.outPoint }
        let names = info.markers.map(\.name)
        if let marker = info.markers.first(where: { $0.name == text }) {
            guard marker.duration > 0 else {
                throw InvalidValue(field: "lottieSegments", reason: "marker '\(text)' lasts no frame")
            }
            return max(info.inPoint, marker.start)..<min(info.outPoint, marker.start + marker.duration)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let from = Int(parts[0]), let to = Int(parts[1]) else {
            throw InvalidValue(
                field: "lottieSegments",
                reason:
                    "expected a marker (\(names.isEmpty ? "the file has none" : names.joined(separator: ", "))) or FROM:TO frames, got '\(text)'"
            )
        }
        guard info.inPoint <= from, from < to, to <= info.outPoint else {
            throw InvalidValue(
                field: "lottieSegments", reason: "\(from):\(to) is not inside the animation's frames \(info.inPoint):\(info.outPoint)")
        }
        return from..<to
    }

    private func loadFolder(_ path: String, limits: DecodeLimits) throws -> ImageSequence {
        let names = try Self.pngNames(in: path)
        guard !names.isEmpty else {
            throw RefreshGifError.badInput(file: path, message: "folder has no .png files")
        }
        return try loadFrames(names.map { path + "/" + $0 }, named: path, limits: limits)
    }

    /// PNG frames, in the order given; `path` names them in errors (the folder or the list).
    private func loadFrames(_ files: [String], named path: String, limits: DecodeLimits) throws -> ImageSequence {
        if files.count > limits.maxFrames {
            throw RefreshGifError.limitExceeded(file: path, violation: .frames(what: "sequence", limit: limits.maxFrames))
        }
        let decoder = PNGDecoder(limits: limits)
        var total = 0
        let frames = try files.map { file -> ScaledImage in
            let name = URL(fileURLWithPath: file).lastPathComponent
            let bytes = try FileIO.read(file, maxBytes: limits.maxFileBytes)
            return try RefreshGifError.translating(file: file) {
                // The frame's size from its header, against the budget, before it is decoded.
                let header = try ImageInspection.inspect(bytes)
                total += header.width * header.height
                if total > limits.maxTotalPixels {
                    throw RefreshGifError.limitExceeded(
                        file: path, violation: .totalPixels(what: "sequence's frames", limit: limits.maxTotalPixels))
                }
                let image = try decoder.decode(bytes)
                return try ScaledImage(image: image, scale: Self.scaleSuffix(of: name) ?? defaultScale)
            }
        }
        return ImageSequence(frames: frames)
    }

    /// The PNG frames `path` names when it names several — a folder's `.png` files, or a
    /// comma-separated list — in the order they are drawn; nil for one file.
    /// - Parameter path: what a state's images setting names.
    /// - Returns: the frames' paths.
    public static func frameFiles(of path: String) -> [String]? {
        if FileIO.isDirectory(path) { return (try? pngNames(in: path))?.map { path + "/" + $0 } }
        if path.contains(","), !FileIO.isRegularFile(path) { return path.split(separator: ",").map(String.init) }
        return nil
    }

    /// The `.png` file names in a folder, in natural order (`frame2` before `frame10`).
    static func pngNames(in path: String) throws -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw RefreshGifError.missingInput(file: path, message: "folder cannot be read")
        }
        return entries.filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }.sorted(by: NaturalOrder.less)
    }
}

/// Orders names as people count: runs of digits compare by value.
package enum NaturalOrder {
    /// True when `a` comes before `b`.
    package static func less(_ a: String, _ b: String) -> Bool {
        let x = chunks(a), y = chunks(b)
        for (p, q) in zip(x, y) where p != q {
            switch (p, q) {
            case let (.number(m, ml), .number(n, nl)):
                if m != n { return m.count != n.count ? m.count < n.count : m < n }
                return ml < nl
            case let (.text(s), .text(t)): return s < t
            case (.number, .text): return true
            case (.text, .number): return false
            }
        }
        return x.count != y.count ? x.count < y.count : a < b
    }

    private enum Chunk: Equatable {
        /// Digits without leading zeros, and the original length.
        case number(String, Int)
        case text(String)
    }

    private static func chunks(_ s: String) -> [Chunk] {
        var out: [Chunk] = []
        var current = ""
        var digits = false
        func flush() {
            guard !current.isEmpty else { return }
            if digits {
                let trimmed = String(current.drop { $0 == "0" })
                out.append(.number(trimmed, current.count))
            } else {
                out.append(.text(current))
            }
            current = ""
        }
        for c in s {
            let isDigit = c.isASCII && c.isNumber
            if isDigit != digits { flush(); digits = isDigit }
            current.append(c)
        }
        flush()
        return out
    }
}

/// A lazy source whose late errors (a Lottie worker that fails while a frame is drawn) name
/// the file it was read from, as errors while loading do.
final class NamedSource<Source: LazyImageSource>: LazyImageSource {
    let source: Source
    let file: String

    init(_ source: Source, file: String) {
        self.source = source
        self.file = file
    }

    var frameCount: Int { source.frameCount }
    var frameWidth: Int { source.frameWidth }
    var frameHeight: Int { source.frameHeight }

    func image(at index: Int, width: Int, height: Int) -> RGBAImage {
        source.image(at: index, width: width, height: height)
    }

    func checkedImage(at index: Int, width: Int, height: Int) throws -> RGBAImage {
        try RefreshGifError.translating(file: file) { try source.checkedImage(at: index, width: width, height: height) }
    }
}

/// Decoded pixels shared by the loads of one command, so several inputs together stay
/// inside the memory budget.
final class PixelBudget: Sendable {
    private let state: Locked<(limit: Int, used: Int)>

    init(pixels: Int) {
        state = Locked((pixels, 0))
    }

    var used: Int { state.withLock { $0.used } }
    var remaining: Int { state.withLock { $0.limit - $0.used } }

    func charge(_ pixels: Int) {
        state.withLock { $0.used += pixels }
    }
}
