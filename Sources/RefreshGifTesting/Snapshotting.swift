import Foundation
import RefreshGif

/// How a value becomes a snapshot and how closely it must match its golden: the `as:` of
/// ``assertSnapshot(of:as:named:record:snapshotDirectory:fileID:file:testName:line:column:)``.
///
/// Images are compared as pixelmatch compares them (a perceptual colour threshold,
/// anti-aliased pixels ignored unless `includeAA`); a comparison passes when no more than
/// `maxDiffPixels` pixels, or no more than `maxDiffRatio` of them, differ.
public struct Snapshotting<Value>: Sendable {
    /// The golden file's extension (`png`, `json`).
    public var pathExtension: String
    /// Pixel comparison settings.
    public var tolerance: SnapshotTolerance
    let make: @Sendable (Value) throws -> SnapshotValue

    /// A strategy whose golden is a PNG compared with these tolerances.
    static func png(
        threshold: Double, includeAA: Bool, maxDiffPixels: Int, maxDiffRatio: Double,
        make: @escaping @Sendable (Value) throws -> SnapshotValue
    ) -> Snapshotting {
        Snapshotting(
            pathExtension: "png",
            tolerance: SnapshotTolerance(
                threshold: threshold, includeAA: includeAA, maxDiffPixels: maxDiffPixels,
                maxDiffRatio: maxDiffRatio),
            make: make)
    }
}

/// How closely pictures must match (pixelmatch's options and the pass limits).
public struct SnapshotTolerance: Sendable, Equatable {
    /// The perceptual colour threshold, 0–1 (pixelmatch's default 0.1).
    public var threshold: Double
    /// Count anti-aliased pixels as differences.
    public var includeAA: Bool
    /// Pass when at most this many pixels differ.
    public var maxDiffPixels: Int
    /// Pass when at most this share of the pixels (0–1) differs.
    public var maxDiffRatio: Double
    /// How pixels are compared: pixelmatch (the default) or perceptual (CIEDE2000, see
    /// ``perceptual(precision:maxDeltaE:)``).
    public var method: ImageDiff.Method = .pixelmatch
    /// With the perceptual method: the largest ΔE₀₀ a pixel may change by and match.
    public var maxDeltaE: Double = 2

    /// Exact by default: any pixel beyond the 0.1 threshold fails.
    public init(threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int = 0, maxDiffRatio: Double = 0) {
        self.threshold = threshold
        self.includeAA = includeAA
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
    }

    /// A perceptual comparison: at least `precision` of the pixels (0–1) must be within
    /// `maxDeltaE` (CIEDE2000) of the golden's, as swift-snapshot-testing's
    /// `perceptualPrecision` reads. For pictures re-encoded or drawn on another machine, where
    /// pixelmatch counts invisible changes.
    public static func perceptual(precision: Double, maxDeltaE: Double = 2) -> SnapshotTolerance {
        var tolerance = SnapshotTolerance(maxDiffRatio: 1 - precision)
        tolerance.method = .perceptual
        tolerance.maxDeltaE = maxDeltaE
        return tolerance
    }

    var diff: ImageDiff {
        var options = ImageDiff.Options()
        options.threshold = threshold
        options.includeAA = includeAA
        options.method = method
        options.maxDeltaE = maxDeltaE
        return ImageDiff(options: options)
    }

    var limits: DiffTolerance { DiffTolerance(maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio) }
}

extension Snapshotting where Value == RGBAImage {
    /// An image as it is, compared exactly (threshold 0.1, no differing pixel allowed).
    public static var image: Snapshotting { image() }

    /// An image as it is, with a tolerance.
    public static func image(
        threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int = 0,
        maxDiffRatio: Double = 0
    ) -> Snapshotting {
        png(
            threshold: threshold, includeAA: includeAA, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio,
            make: { .image($0) })
    }
}

extension Snapshotting where Value == RefreshScene {
    /// A scene rendered at its scale, compared exactly.
    public static var scene: Snapshotting { scene() }

    /// A scene rendered at its scale, compared perceptually: at least `perceptualPrecision`
    /// of the pixels within ΔE₀₀ `maxDeltaE` of the golden's.
    public static func scene(perceptualPrecision: Double, maxDeltaE: Double = 2) -> Snapshotting {
        Snapshotting(
            pathExtension: "png", tolerance: .perceptual(precision: perceptualPrecision, maxDeltaE: maxDeltaE),
            make: { .image(try RefreshRenderer().render($0)) })
    }

    /// A scene rendered at its scale, with a tolerance.
    public static func scene(
        threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int = 0,
        maxDiffRatio: Double = 0
    ) -> Snapshotting {
        png(
            threshold: threshold, includeAA: includeAA, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio,
            make: { .image(try RefreshRenderer().render($0)) })
    }

    /// The scene's state over time (looping images, the spinner): `duration` seconds at
    /// `fps` (one loop of the state's animation when nil), compared frame by frame. The
    /// golden is one PNG, the frames in a grid of up to `columns` a row.
    public static func sequence(
        fps: Int = 10, duration: Double? = nil, columns: Int = 8, threshold: Double = 0.1,
        includeAA: Bool = false, maxDiffPixels: Int = 0, maxDiffRatio: Double = 0
    ) -> Snapshotting {
        png(
            threshold: threshold, includeAA: includeAA, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio,
            make: { scene in
                let animation =
                    try duration.map { try RefreshAnimation.sequence(of: scene, fps: fps, length: $0) }
                    ?? RefreshAnimation.sequence(of: scene, fps: fps, loops: 1)
                return try SnapshotValue.frames(of: animation, columns: columns)
            })
    }

    /// A gesture played on the scene's control (docs/motion.md), every frame at `fps` in its
    /// screen window, compared frame by frame as ``sequence(fps:duration:columns:threshold:includeAA:maxDiffPixels:maxDiffRatio:)``.
    public static func gesture(
        _ gesture: Gesture, fps: Int = 10, showContent: Bool = false, columns: Int = 8,
        threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int = 0,
        maxDiffRatio: Double = 0
    ) -> Snapshotting {
        png(
            threshold: threshold, includeAA: includeAA, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio,
            make: { scene in
                let animation = try RefreshAnimation.gesture(gesture, scene: scene, fps: fps, showContent: showContent)
                return try SnapshotValue.frames(of: animation, columns: columns)
            })
    }
}

extension Snapshotting where Value == RefreshAnimation {
    /// Every frame of an animation, compared frame by frame (golden: one PNG grid).
    public static func frames(
        columns: Int = 8, threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int = 0,
        maxDiffRatio: Double = 0
    ) -> Snapshotting {
        png(
            threshold: threshold, includeAA: includeAA, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio,
            make: { try SnapshotValue.frames(of: $0, columns: columns) })
    }

    /// What every frame shows, as the lines `refresh-render simulate --json` prints (state,
    /// percent, alpha, image frame, offset, insets), compared as text.
    public static var json: Snapshotting {
        Snapshotting(
            pathExtension: "json", tolerance: SnapshotTolerance(),
            make: { .text(try $0.reports().map(\.jsonLine).joined(separator: "\n") + "\n") })
    }
}

/// What a strategy makes of a value.
enum SnapshotValue {
    /// One picture, stored as a PNG.
    case image(RGBAImage)
    /// Frames of an animation, stored as one PNG grid of `columns` frames a row.
    case frames([RenderedFrame], columns: Int)
    /// Text, stored as a file with the strategy's extension.
    case text(String)

    /// Every frame of `animation`, drawn in order.
    static func frames(of animation: RefreshAnimation, columns: Int) throws -> SnapshotValue {
        var walk = animation.frames()
        var frames: [RenderedFrame] = []
        while let frame = try walk.next() { frames.append(frame) }
        return .frames(frames, columns: max(1, min(columns, frames.count)))
    }
}
