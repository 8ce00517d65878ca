import FoundationEssentials
import RefreshImage
import RefreshLocking

/// A Lottie animation (Bodymovin JSON) rendered with rlottie.
///
/// The header is read and checked here before rlottie sees the file: a JSON object with a
/// frame rate, in and out points, a size and layers, image assets that exist, and a size and
/// frame count inside the decoding limits. Frames are rendered at any pixel size directly from
/// the vectors, one at a time whatever the threads asking (rlottie renders through the
/// worker's one animation state), so several sources may share one instance.
package final class LottieAnimation: Sendable {
    /// What the file says about itself.
    public struct Info: Sendable, Equatable {
        /// A named range of frames.
        public struct Marker: Sendable, Equatable {
            /// The marker's name.
            public var name: String
            /// First frame, in the file's timeline.
            public var start: Int
            /// Frames it lasts.
            public var duration: Int
        }

        /// The composition's size in Lottie units (one unit is one point).
        public var width: Double, height: Double
        /// Frames per second.
        public var frameRate: Double
        /// The first frame (`ip`) and the frame after the last (`op`).
        public var inPoint: Int, outPoint: Int
        /// The markers, in file order.
        public var markers: [Marker]

        /// `op − ip`.
        public var frameCount: Int { outPoint - inPoint }
        /// Seconds from `ip` to `op`.
        public var duration: Double { Double(frameCount) / frameRate }
    }

    /// The header.
    public let info: Info
    private let worker: Locked<LottieProcess>
    private let limits: DecodeLimits

    /// True when `data` is meant as a Lottie file: a JSON object (after any byte-order mark and
    /// white space). Whether it is a valid one is for ``init(data:resourceDirectory:limits:)``
    /// to say, so a JSON file that is not Lottie gets a reason, not "unknown format".
    /// - Parameter data: a file's bytes.
    /// - Returns: true for a JSON object.
    public static func isLottie(_ data: [UInt8]) -> Bool {
        data.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) == UInt8(ascii: "{")
    }

    /// The image files a Lottie document uses (in `resourceDirectory`), so a command can keep
    /// its outputs off them; none when `data` is not a Lottie document.
    /// - Parameters:
    ///   - data: a Lottie file's bytes.
    ///   - resourceDirectory: the folder its image assets are read from.
    /// - Returns: the assets' paths.
    public static func assetPaths(_ data: [UInt8], resourceDirectory: String?) -> [String] {
        isLottie(data) ? LottieCheck.assetPaths(data, resourceDirectory: resourceDirectory) : []
    }

    /// Reads a Lottie file. `resourceDirectory` is where its image assets are looked up.
    ///
    /// The file is checked here first; rlottie then reads it in a worker process capped at
    /// the memory budget and ``DecodeLimits/maxWorkerSeconds`` a step (docs/robustness.md).
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - resourceDirectory: the folder its image assets are read from; nil for none.
    ///   - limits: the file, memory and time limits.
    /// - Throws: ``ImageCodecError`` for a file the check refuses, a limit exceeded or a worker that failed.
    public init(data: [UInt8], resourceDirectory: String?, limits: DecodeLimits = .default) throws {
        info = try Self.header(data, resourceDirectory: resourceDirectory, limits: limits)
        self.limits = limits
        let process = try LottieProcess(json: data, resourceDirectory: resourceDirectory ?? ".", limits: limits)
        worker = Locked(process)
        guard process.width > 0, process.height > 0, process.frameCount > 0 else {
            throw ImageCodecError.malformed(.lottie, reason: "rlottie found an empty animation")
        }
    }

    /// The frame `frame` of the file's timeline (clamped to `ip ..< op`), `width × height` pixels.
    /// - Parameters:
    ///   - frame: a frame of the timeline.
    ///   - width: pixels.
    ///   - height: pixels.
    /// - Returns: the frame.
    /// - Throws: ``ImageCodecError`` when the worker cannot draw it within its limits.
    public func render(frame: Int, width: Int, height: Int) throws -> RGBAImage {
        try limits.check(width: width, height: height, what: "Lottie frame")
        guard width > 0, height > 0 else { throw ImageCodecError.cannotEncode(.lottie, reason: "frames must be at least 1×1 px") }
        let relative = min(max(frame, info.inPoint), info.outPoint - 1) - info.inPoint
        var image = try RGBAImage(width: width, height: height)
        try image.withUnsafeMutablePixels { out in
            try worker.withLock { try $0.render(frame: relative, width: width, height: height, into: UnsafeMutableRawBufferPointer(out)) }
            // rlottie writes premultiplied ARGB32 words (little-endian: B, G, R, A in memory);
            // RefreshImage holds premultiplied RGBA bytes. Swapped in place.
            for i in stride(from: 0, to: out.count, by: 4) {
                let b = out[i], g = out[i + 1], r = out[i + 2], a = out[i + 3]
                out[i] = min(r, a)
                out[i + 1] = min(g, a)
                out[i + 2] = min(b, a)
            }
        }
        return image
    }

    /// The header fields, checked; image assets must exist.
    package static func header(_ data: [UInt8], resourceDirectory: String?, limits: DecodeLimits) throws -> Info {
        let fileLimit = min(limits.maxFileBytes, LottieLimits.maxFileBytes)
        guard data.count <= fileLimit else {
            throw ImageCodecError.limitExceeded(.fileBytes(bytes: data.count, limit: fileLimit))
        }
        // Our own walk first: it refuses nesting any JSON reader would choke on, and what
        // would make rlottie's work or memory explode. It keeps only what it reads.
        let root = try LottieCheck.parse(data)
        guard case .object = root else { throw ImageCodecError.malformed(.lottie, reason: "not a JSON object") }
        try LottieCheck(limits: limits, resourceDirectory: resourceDirectory).check(root)
        func number(_ key: String, _ value: Double?) throws -> Double {
            guard let value, value.isFinite else {
                throw ImageCodecError.malformed(.lottie, reason: "\"\(key)\" is missing or not a number: not a Lottie file")
            }
            return value
        }
        let frameRate = try number("fr", root["fr"]?.number), inPoint = try number("ip", root["ip"]?.number),
            outPoint = try number("op", root["op"]?.number)
        let width = try number("w", root["w"]?.number), height = try number("h", root["h"]?.number)
        guard case .array? = root["layers"] else { throw ImageCodecError.malformed(.lottie, reason: "no \"layers\": not a Lottie file") }
        guard frameRate >= LottieLimits.minFrameRate, frameRate <= LottieLimits.maxFrameRate else {
            throw ImageCodecError.malformed(
                .lottie, reason: "frame rate \(frameRate) is outside \(LottieLimits.minFrameRate)…\(LottieLimits.maxFrameRate)")
        }
        guard abs(inPoint) < 1e7, abs(outPoint) < 1e7, outPoint - inPoint >= 1 else {
            throw ImageCodecError.malformed(.lottie, reason: "out point \(outPoint) is not a frame or more after in point \(inPoint)")
        }
        guard width >= 1, height >= 1, width <= Double(limits.maxSide), height <= Double(limits.maxSide) else {
            throw ImageCodecError.limitExceeded(
                .side(
                    what: "Lottie composition", width: Int(min(width, 1e9)),
                    height: Int(min(height, 1e9)), limit: limits.maxSide))
        }
        let frames = Int(outPoint.rounded(.up)) - Int(inPoint.rounded(.down))
        guard frames <= limits.maxFrames else {
            throw ImageCodecError.limitExceeded(.frames(what: "Lottie animation", limit: limits.maxFrames))
        }
        // Read leniently, as before: a marker with a field of the wrong type is left out.
        let markers = (root["markers"]?.elements ?? []).compactMap { marker -> Info.Marker? in
            guard let name = marker["cm"]?.string, let start = marker["tm"]?.number, start.isFinite, abs(start) < 1e7 else { return nil }
            let duration = marker["dr"]?.number ?? 0
            return Info.Marker(
                name: name, start: Int(start.rounded()), duration: Int((duration.isFinite ? min(max(duration, 0), 1e7) : 0).rounded()))
        }
        return Info(
            width: width, height: height, frameRate: frameRate, inPoint: Int(inPoint.rounded()),
            outPoint: Int(outPoint.rounded()), markers: markers)
    }
}
