import Foundation
import RefreshGif

/// How a value becomes a snapshot: the `as:` of
/// ``assertSnapshot(of:as:named:record:snapshotDirectory:fileID:file:testName:line:column:)``.
///
/// A strategy turns a `Value` into a `Format` (a picture, a grid of frames, text) and says how
/// that format is stored and compared (``Diffing``). ``pullback(_:)`` makes a strategy for
/// your own type from one of ours:
///
/// ```swift
/// let strategy = Snapshotting<RefreshScene, RGBAImage>.scene.pullback { (config: HeaderConfig) in
///     try config.scene()
/// }
/// ```
public struct Snapshotting<Value, Format>: Sendable {
    /// The golden file's extension (`png`, `json`).
    public var pathExtension: String
    /// How the format is stored and compared.
    public var diffing: Diffing<Format>
    /// Makes the snapshot of a value.
    public var snapshot: @Sendable (Value) throws -> Format

    /// A strategy from its parts.
    /// - Parameters:
    ///   - pathExtension: the golden file's extension, without the dot.
    ///   - diffing: how the format is stored and compared.
    ///   - snapshot: makes the format of a value; what it throws fails the assertion.
    public init(pathExtension: String, diffing: Diffing<Format>, snapshot: @escaping @Sendable (Value) throws -> Format) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.snapshot = snapshot
    }

    /// This strategy for another type: `transform` makes this strategy's value from it.
    /// - Parameter transform: makes this strategy's value from yours; what it throws fails the
    ///   assertion with the error's line.
    /// - Returns: a strategy for `NewValue`, with this one's extension and diffing.
    public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) throws -> Value) -> Snapshotting<NewValue, Format> {
        let snapshot = self.snapshot
        return Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { try snapshot(try transform($0)) }
    }
}

/// How a snapshot format is stored in its golden file and compared with it.
public struct Diffing<Format>: Sendable {
    /// The golden file's bytes for a snapshot.
    public var toData: @Sendable (Format) throws -> [UInt8]
    /// Compares a golden file's bytes with a snapshot (RefreshGif's `SnapshotComparison` has the pieces:
    /// pictures, frame grids, text).
    public var diff: @Sendable (_ golden: [UInt8], _ actual: Format) throws -> SnapshotComparison
    /// The format is drawn with fonts: the fonts are recorded beside its golden.
    public var drawsText: Bool

    /// A diffing from its parts.
    /// - Parameters:
    ///   - toData: the golden file's bytes for a snapshot.
    ///   - diff: compares a golden file's bytes with a snapshot.
    ///   - drawsText: true when the format is drawn with fonts (they are recorded beside the golden).
    public init(
        toData: @escaping @Sendable (Format) throws -> [UInt8],
        diff: @escaping @Sendable (_ golden: [UInt8], _ actual: Format) throws -> SnapshotComparison,
        drawsText: Bool = false
    ) {
        self.toData = toData
        self.diff = diff
        self.drawsText = drawsText
    }
}

extension Diffing where Format == RGBAImage {
    /// Pictures as PNG files, compared as `tolerance` says.
    /// - Parameter tolerance: how much may differ; exact by default.
    /// - Returns: the diffing.
    public static func image(_ tolerance: SnapshotTolerance = SnapshotTolerance()) -> Diffing {
        Diffing(
            toData: { try PNGEncoder().encode($0) },
            diff: { golden, actual in
                try SnapshotComparison.images(
                    expected: try PNGDecoder().decodeStraight(golden), actual: actual,
                    diff: tolerance.diff, limits: tolerance.limits)
            },
            drawsText: true)
    }
}

extension Diffing where Format == FrameGrid {
    /// Animation frames as one PNG grid, compared frame by frame as `tolerance` says.
    /// - Parameter tolerance: how much may differ in each frame; exact by default.
    /// - Returns: the diffing.
    public static func frames(_ tolerance: SnapshotTolerance = SnapshotTolerance()) -> Diffing {
        Diffing(
            toData: { try PNGEncoder().encode($0.picture) },
            diff: { golden, actual in
                try SnapshotComparison.frames(
                    expected: try PNGDecoder().decodeStraight(golden), actual: actual,
                    diff: tolerance.diff, limits: tolerance.limits)
            },
            drawsText: true)
    }
}

extension Diffing where Format == String {
    /// UTF-8 text, compared line by line.
    public static var lines: Diffing {
        Diffing(
            toData: { Array($0.utf8) },
            diff: { golden, actual in SnapshotComparison.text(expected: String(decoding: golden, as: UTF8.self), actual: actual) })
    }
}

extension Snapshotting where Value == RGBAImage, Format == RGBAImage {
    /// An image as it is, compared exactly: a pixel whose colour or opacity changes by even one
    /// level fails (RefreshGif's `SnapshotTolerance(threshold:includeAA:maxDiffPixels:maxDiffRatio:)`).
    public static var image: Snapshotting { image() }

    /// An image as it is, with a tolerance.
    /// - Parameters:
    ///   - threshold: how different two pixels' colours may be and still match, 0 (exact) to 1.
    ///   - includeAA: true counts pixels that look anti-aliased as differences too.
    ///   - maxDiffPixels: how many pixels may differ and the snapshot still pass.
    ///   - maxDiffRatio: the share of pixels, 0 to 1, that may differ.
    /// - Returns: the strategy.
    public static func image(
        threshold: Double = 0, includeAA: Bool = true, maxDiffPixels: Int = 0,
        maxDiffRatio: Double = 0
    ) -> Snapshotting {
        image(
            tolerance: SnapshotTolerance(
                threshold: threshold, includeAA: includeAA, maxDiffPixels: maxDiffPixels,
                maxDiffRatio: maxDiffRatio))
    }

    /// An image as it is, compared as `tolerance` says.
    /// - Parameter tolerance: how much may differ.
    /// - Returns: the strategy.
    public static func image(tolerance: SnapshotTolerance) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(tolerance)) { $0 }
    }
}

extension Snapshotting where Value == RefreshScene, Format == RGBAImage {
    /// A scene rendered at its scale, compared exactly: a pixel whose colour or opacity changes
    /// by even one level fails. Use ``scene(perceptualPrecision:maxDeltaE:)`` or
    /// `scene(threshold:)` for goldens drawn on another machine.
    public static var scene: Snapshotting { scene() }

    /// A scene rendered at its scale, compared perceptually: at least `perceptualPrecision`
    /// of the pixels within ΔE₀₀ `maxDeltaE` of the golden's.
    /// - Parameters:
    ///   - perceptualPrecision: the share of pixels, 0 to 1, that must match.
    ///   - maxDeltaE: the largest CIEDE2000 difference a matching pixel may have.
    /// - Returns: the strategy.
    public static func scene(perceptualPrecision: Double, maxDeltaE: Double = 2) -> Snapshotting {
        Snapshotting<RGBAImage, RGBAImage>.image(tolerance: .perceptual(precision: perceptualPrecision, maxDeltaE: maxDeltaE))
            .pullback { try RefreshRenderer().render($0) }
    }

    /// A scene rendered at its scale, with a tolerance.
    /// - Parameters:
    ///   - threshold: how different two pixels' colours may be and still match, 0 (exact) to 1.
    ///   - includeAA: true counts pixels that look anti-aliased as differences too.
    ///   - maxDiffPixels: how many pixels may differ and the snapshot still pass.
    ///   - maxDiffRatio: the share of pixels, 0 to 1, that may differ.
    /// - Returns: the strategy.
    public static func scene(
        threshold: Double = 0, includeAA: Bool = true, maxDiffPixels: Int = 0,
        maxDiffRatio: Double = 0
    ) -> Snapshotting {
        Snapshotting<RGBAImage, RGBAImage>.image(
            threshold: threshold, includeAA: includeAA, maxDiffPixels: maxDiffPixels,
            maxDiffRatio: maxDiffRatio
        )
        .pullback { try RefreshRenderer().render($0) }
    }
}

extension Snapshotting where Value == RefreshScene, Format == FrameGrid {
    /// The scene's state over time (looping images, the spinner): `duration` seconds at
    /// `fps` (one loop of the state's animation when nil), compared frame by frame. The
    /// golden is one PNG, the frames in a grid of up to `columns` a row.
    /// - Parameters:
    ///   - fps: frames per second.
    ///   - duration: seconds drawn; nil for one loop of the state's animation.
    ///   - columns: frames per row of the golden's grid.
    ///   - threshold: how different two pixels' colours may be and still match, 0 (exact) to 1.
    ///   - includeAA: true counts pixels that look anti-aliased as differences too.
    ///   - maxDiffPixels: how many pixels may differ and the snapshot still pass.
    ///   - maxDiffRatio: the share of pixels, 0 to 1, that may differ.
    /// - Returns: the strategy.
    public static func sequence(
        fps: Int = 10, duration: Double? = nil, columns: Int = 8, threshold: Double = 0,
        includeAA: Bool = true, maxDiffPixels: Int = 0, maxDiffRatio: Double = 0
    ) -> Snapshotting {
        Snapshotting<RefreshAnimation, FrameGrid>.frames(
            columns: columns, threshold: threshold, includeAA: includeAA,
            maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio
        )
        .pullback { scene in
            try duration.map { try RefreshAnimation.sequence(of: scene, fps: fps, length: $0) }
                ?? RefreshAnimation.sequence(of: scene, fps: fps, loops: 1)
        }
    }

    /// A gesture played on the scene's control (docs/motion.md), every frame at `fps` in its
    /// screen window, compared frame by frame as ``sequence(fps:duration:columns:threshold:includeAA:maxDiffPixels:maxDiffRatio:)``.
    /// - Parameters:
    ///   - gesture: the finger's moves and the app's calls.
    ///   - fps: frames per second.
    ///   - showContent: true draws a plain list that moves with the scroll offset.
    ///   - columns: frames per row of the golden's grid.
    ///   - threshold: how different two pixels' colours may be and still match, 0 (exact) to 1.
    ///   - includeAA: true counts pixels that look anti-aliased as differences too.
    ///   - maxDiffPixels: how many pixels may differ and the snapshot still pass.
    ///   - maxDiffRatio: the share of pixels, 0 to 1, that may differ.
    /// - Returns: the strategy.
    public static func gesture(
        _ gesture: Gesture, fps: Int = 10, showContent: Bool = false, columns: Int = 8,
        threshold: Double = 0, includeAA: Bool = true, maxDiffPixels: Int = 0,
        maxDiffRatio: Double = 0
    ) -> Snapshotting {
        Snapshotting<RefreshAnimation, FrameGrid>.frames(
            columns: columns, threshold: threshold, includeAA: includeAA,
            maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio
        )
        .pullback { try RefreshAnimation.gesture(gesture, scene: $0, fps: fps, showContent: showContent) }
    }
}

extension Snapshotting where Value == RefreshAnimation, Format == FrameGrid {
    /// Every frame of an animation, compared frame by frame (golden: one PNG grid).
    /// - Parameters:
    ///   - columns: frames per row of the golden's grid.
    ///   - threshold: how different two pixels' colours may be and still match, 0 (exact) to 1.
    ///   - includeAA: true counts pixels that look anti-aliased as differences too.
    ///   - maxDiffPixels: how many pixels may differ and the snapshot still pass.
    ///   - maxDiffRatio: the share of pixels, 0 to 1, that may differ.
    /// - Returns: the strategy.
    public static func frames(
        columns: Int = 8, threshold: Double = 0, includeAA: Bool = true, maxDiffPixels: Int = 0,
        maxDiffRatio: Double = 0
    ) -> Snapshotting {
        let tolerance = SnapshotTolerance(
            threshold: threshold, includeAA: includeAA, maxDiffPixels: maxDiffPixels,
            maxDiffRatio: maxDiffRatio)
        return Snapshotting(pathExtension: "png", diffing: .frames(tolerance)) { try FrameGrid(of: $0, columns: columns) }
    }
}

extension Snapshotting where Value == RefreshAnimation, Format == String {
    /// What every frame shows, as the lines `refresh-render simulate --json` prints (state,
    /// percent, alpha, image frame, offset, insets), compared as text.
    public static var json: Snapshotting {
        Snapshotting(pathExtension: "json", diffing: .lines) { try $0.reports().map(\.jsonLine).joined(separator: "\n") + "\n" }
    }
}
