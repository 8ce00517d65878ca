import RefreshImage

/// One image of a state's sequence, with the scale that gives its size in points.
///
/// Its pixels are either held or made on demand by a ``LazyImageSource`` (GIF frames are
/// composited when first drawn); sizes are known without making them.
package struct ScaledImage: Sendable, Equatable {
    private enum Pixels: Sendable {
        case ready(RGBAImage)
        case lazy(any LazyImageSource, index: Int)
    }

    private let pixels: Pixels
    /// Width in pixels.
    public let pixelWidth: Int
    /// Height in pixels.
    public let pixelHeight: Int
    /// Pixels per point (1, 2 or 3 for `@2x`/`@3x` files; see docs/images.md).
    public let scale: Double

    /// The scales an image may have.
    public static let scales: ClosedRange<Double> = 0.25...16

    /// An image at a scale; throws ``InvalidValue`` for a scale outside ``scales``.
    /// - Parameters:
    ///   - image: the pixels.
    ///   - scale: pixels a point.
    /// - Throws: ``InvalidValue`` for a scale outside ``scales``.
    public init(image: RGBAImage, scale: Double) throws {
        try Self.check(scale)
        pixels = .ready(image)
        pixelWidth = image.width
        pixelHeight = image.height
        self.scale = scale
    }

    /// Frame `index` of `source`, made when first drawn, at `width` × `height` pixels (the
    /// source's own size when nil); throws ``InvalidValue`` for a scale outside ``scales``.
    /// - Parameters:
    ///   - source: makes the pixels when drawn.
    ///   - index: the frame.
    ///   - scale: pixels a point.
    ///   - width: pixels; nil for the source's.
    ///   - height: pixels; nil for the source's.
    /// - Throws: ``InvalidValue`` for a scale outside ``scales``.
    public init(source: any LazyImageSource, index: Int, scale: Double, width: Int? = nil, height: Int? = nil) throws {
        try Self.check(scale)
        pixels = .lazy(source, index: index)
        pixelWidth = max(1, width ?? source.frameWidth)
        pixelHeight = max(1, height ?? source.frameHeight)
        self.scale = scale
    }

    private static func check(_ scale: Double) throws {
        guard scales.contains(scale) else {
            throw InvalidValue(field: "imageScale", reason: "must be between 0.25 and 16, got \(scale)")
        }
    }

    /// The pixels (made now, for an image of a ``LazyImageSource``).
    public var image: RGBAImage {
        switch pixels {
        case let .ready(image): return image
        case let .lazy(source, index): return source.image(at: index, width: pixelWidth, height: pixelHeight)
        }
    }

    /// The pixels, or the error that kept an image of a ``LazyImageSource`` from being made.
    /// - Returns: the pixels.
    /// - Throws: what the source's decoding throws.
    public func checkedImage() throws -> RGBAImage {
        switch pixels {
        case let .ready(image): return image
        case let .lazy(source, index): return try source.checkedImage(at: index, width: pixelWidth, height: pixelHeight)
        }
    }

    /// True when the pixels are made on demand, and so held by their source, not by this value.
    public var isLazy: Bool {
        if case .lazy = pixels { return true }
        return false
    }

    /// Width in points.
    public var pointWidth: Double { Double(pixelWidth) / scale }
    /// Height in points.
    public var pointHeight: Double { Double(pixelHeight) / scale }

    /// This image at `scale` pixels a point: the same point size rounded to whole pixels,
    /// Catmull-Rom on premultiplied pixels (docs/images.md); unchanged at equal scales. An
    /// image made on demand stays so (its source resamples when it is drawn).
    /// - Parameter target: pixels a point.
    /// - Returns: the image at that scale.
    /// - Throws: ``InvalidValue`` for a scale outside ``scales``; ``ImageBufferError`` for a size that cannot be allocated.
    public func resampled(toScale target: Double) throws -> ScaledImage {
        guard target != scale else { return self }
        return try resized(
            width: max(1, Int((pointWidth * target).rounded())), height: max(1, Int((pointHeight * target).rounded())),
            scale: target)
    }

    /// This image at `width` × `height` pixels and `target` pixels a point, in one resample
    /// from its own pixels (unchanged when that is already its size and scale); an image made
    /// on demand stays so.
    /// - Parameters:
    ///   - width: pixels.
    ///   - height: pixels.
    ///   - target: pixels a point.
    /// - Returns: the image.
    /// - Throws: ``InvalidValue`` for a scale outside ``scales``; ``ImageBufferError`` for a size that cannot be allocated.
    public func resized(width: Int, height: Int, scale target: Double) throws -> ScaledImage {
        guard width != pixelWidth || height != pixelHeight || target != scale else { return self }
        switch pixels {
        case let .ready(image):
            return try ScaledImage(image: try Resampler.resize(image, width: width, height: height), scale: target)
        case let .lazy(source, index):
            return try ScaledImage(source: source, index: index, scale: target, width: width, height: height)
        }
    }

    /// Equal pixels at equal scales; images of a source are equal when they are the same
    /// frame of the same source at the same size.
    public static func == (a: ScaledImage, b: ScaledImage) -> Bool {
        guard a.scale == b.scale, a.pixelWidth == b.pixelWidth, a.pixelHeight == b.pixelHeight else { return false }
        switch (a.pixels, b.pixels) {
        case let (.ready(x), .ready(y)): return x == y
        case let (.lazy(s, i), .lazy(t, j)): return s === t && i == j
        default: return false
        }
    }
}

/// The images one state shows, and how long one loop of them lasts.
package struct ImageSequence: Sendable, Equatable {
    /// How a looping sequence spaces its frames in time (docs/images.md).
    public enum Timing: String, Sendable, Codable, CaseIterable {
        /// Every frame lasts duration / count, as UIImageView plays MJRefresh's images.
        case equal
        /// Every frame lasts its own GIF delay.
        case gif
    }

    /// The frames, each a complete picture.
    public var frames: [ScaledImage]
    /// One loop, in microseconds.
    package var durationMicroseconds: Int64
    /// Each frame's own delay in microseconds, when the frames came from a GIF.
    package var frameDelaysMicroseconds: [Int64]?

    /// One loop, in seconds.
    public var duration: Double { Double(durationMicroseconds) / 1_000_000 }
    /// Each frame's own delay in seconds, when the frames came from a GIF.
    public var frameDelays: [Double]? { frameDelaysMicroseconds?.map { Double($0) / 1_000_000 } }

    /// A sequence lasting `duration` seconds a loop. Without one, the duration is
    /// MJRefresh's default of count × 0.1 s, or the sum of `frameDelays` (seconds, one per
    /// frame, as a GIF gives them). Throws ``InvalidValue`` for a duration or delay that
    /// is not a finite number between 0 and one million seconds, or delays that are not one
    /// per frame.
    /// - Parameters:
    ///   - frames: the pictures.
    ///   - duration: one loop in seconds; nil for the default.
    ///   - frameDelays: each frame's own delay in seconds.
    /// - Throws: ``InvalidValue`` for a duration or delay out of range, or delays not one per frame.
    public init(frames: [ScaledImage], duration: Double?, frameDelays: [Double]? = nil) throws {
        func micro(_ seconds: Double, _ field: String) throws -> Int64 {
            guard seconds.isFinite, seconds >= 0, seconds <= 1_000_000 else {
                throw InvalidValue(field: field, reason: "must be seconds between 0 and 1000000, got \(seconds)")
            }
            return Int64((seconds * 1_000_000).rounded())
        }
        if let frameDelays, frameDelays.count != frames.count {
            throw InvalidValue(field: "frameDelays", reason: "\(frameDelays.count) delays for \(frames.count) frames")
        }
        self.init(
            frames: frames, durationMicroseconds: try duration.map { try micro($0, "duration") },
            frameDelaysMicroseconds: try frameDelays?.map { try micro($0, "frameDelays") })
    }

    /// A sequence of `frames` lasting MJRefresh's default of count × 0.1 s a loop.
    /// - Parameter frames: the pictures.
    public init(frames: [ScaledImage]) {
        self.init(frames: frames, durationMicroseconds: nil)
    }

    /// A sequence with an explicit duration in microseconds (see the public initialiser).
    package init(frames: [ScaledImage], durationMicroseconds: Int64?, frameDelaysMicroseconds: [Int64]? = nil) {
        self.frames = frames
        self.frameDelaysMicroseconds = frameDelaysMicroseconds
        if let durationMicroseconds {
            self.durationMicroseconds = durationMicroseconds
        } else if let frameDelaysMicroseconds {
            self.durationMicroseconds = frameDelaysMicroseconds.reduce(0, +)
        } else {
            self.durationMicroseconds = Int64(frames.count) * 100_000
        }
    }

    /// The number of frames.
    public var count: Int { frames.count }
}

/// The image sequences of a GIF-style control, one per state (docs/images.md).
package struct StateImages: Sendable, Equatable {
    /// The sequences set so far, by state.
    public private(set) var sequences: [RefreshState: ImageSequence] = [:]

    /// RefreshGif's own animations, drawn by the renderer at the scene's scale (docs/images.md).
    public enum BuiltIn: String, Sendable, CaseIterable, Codable {
        /// A ring that fills with the pull, a pulse, a turning arc (36×36 pt).
        case ring
        /// The custom animation of the SVPullToRefresh article (docs/families.md): a star that
        /// grows with the pull over an opening pie wedge, then turns and throws fading,
        /// turning copies to both sides and back while loading (120×44 pt).
        case burst

        /// The frames' size in points.
        public var size: (width: Double, height: Double) { self == .ring ? (36, 36) : (120, 44) }
    }

    /// Which built-in animation the renderer draws, if these are built-in images.
    public private(set) var builtInAnimation: BuiltIn?

    /// True for a built-in animation (``builtIn``, ``burst``).
    public var isBuiltIn: Bool { builtInAnimation != nil }

    /// No images for any state: a GIF-style control that shows its labels only.
    public init() {}

    /// RefreshGif's built-in animation, the default of every scene and of the command line
    /// when no images are given. Setting any state's sequence replaces it entirely.
    public static let builtIn = StateImages(builtIn: .ring)

    /// The article's custom animation (``BuiltIn/burst``) as state images.
    public static let burst = StateImages(builtIn: .burst)

    /// A built-in animation as state images.
    /// - Parameter builtIn: which animation.
    public init(builtIn: BuiltIn) {
        builtInAnimation = builtIn
    }

    /// Sets one state's sequence, as `setImages:duration:forState:` does (the built-in
    /// animation, if that is what these images were, is dropped).
    /// - Parameters:
    ///   - sequence: the images.
    ///   - state: the state that shows them.
    public mutating func set(_ sequence: ImageSequence, for state: RefreshState) {
        builtInAnimation = nil
        sequences[state] = sequence
    }

    /// The sequence of `state`, if one was set.
    public subscript(state: RefreshState) -> ImageSequence? {
        sequences[state]
    }

    /// Every frame resampled to `scale` pixels a point (frames already at that scale are
    /// kept as they are). Done once when a scene is built, so rendering never resamples the
    /// same frame again for every output frame.
    /// - Parameter scale: pixels a point.
    /// - Returns: the images at that scale.
    /// - Throws: ``InvalidValue`` for a scale outside ``ScaledImage/scales``; ``ImageBufferError`` for a size that cannot be allocated.
    public func resampled(toScale scale: Double) throws -> StateImages {
        var out = self
        for (state, sequence) in sequences {
            var copy = sequence
            copy.frames = try sequence.frames.map { try $0.resampled(toScale: scale) }
            out.sequences[state] = copy
        }
        return out
    }

    /// True when no state has any frame.
    public var isEmpty: Bool { sequences.values.allSatisfy { $0.frames.isEmpty } }

    /// The component height after MJRefresh's auto-height (docs/images.md): the base height,
    /// grown to the tallest first image of any state's sequence; it never shrinks.
    /// - Parameter base: the kind's own height in points.
    /// - Returns: points.
    public func componentHeight(base: Double) -> Double {
        if let builtInAnimation { return max(base, builtInAnimation.size.height) }
        return sequences.values.reduce(base) { height, sequence in
            guard let first = sequence.frames.first, first.pointHeight > height else { return height }
            return first.pointHeight
        }
    }
}
