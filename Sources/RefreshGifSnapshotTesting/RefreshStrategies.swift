#if SnapshotTesting
    import Foundation
    @_spi(Tools) import RefreshGif
    @_spi(Tools) import RefreshSnapshots
    import RefreshGifUIKit
    import SnapshotTesting

    /// The pictures a refresh control strategy compares: a PNG (RGBA, as `refresh-render`
    /// writes it), or the reason the value could not be drawn.
    public typealias RefreshPNG = Data

    extension Diffing where Value == RefreshPNG {
        /// PNG pictures compared with RefreshGif's image diff (exact by default; pixelmatch with
        /// `threshold`, anti-aliased pixels counted unless `includeAA` is false, or the
        /// perceptual CIEDE2000 method), passing within `maxDiffPixels` and `maxDiffRatio`. A
        /// failure writes the actual and diff pictures to `$REFRESH_ARTIFACTS` (else a private
        /// temporary folder) and names them in its message.
        /// - Parameters:
        ///   - threshold: how different two pixels' colours may be and still match, 0 (exact) to 1.
        ///   - includeAA: true counts pixels that look anti-aliased as differences too.
        ///   - method: pixelmatch's YIQ distance, or CIEDE2000 (`perceptual`).
        ///   - maxDeltaE: with `perceptual`, the largest ΔE₀₀ a matching pixel may have.
        ///   - maxDiffPixels: how many pixels may differ and the snapshot still pass.
        ///   - maxDiffRatio: the share of pixels, 0 to 1, that may differ.
        /// - Returns: the diffing.
        public static func refreshImage(
            threshold: Double = 0, includeAA: Bool = true, method: ImageDiff.Method = .pixelmatch, maxDeltaE: Double = 2,
            maxDiffPixels: Int = 0, maxDiffRatio: Double = 0
        ) -> Diffing {
            .diff(toData: { $0 }, fromData: { $0 }) { expected, actual in
                RefreshDiff.compare(
                    expected, actual, threshold: threshold, includeAA: includeAA, method: method, maxDeltaE: maxDeltaE,
                    tolerance: DiffTolerance(maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio)
                )
                .map { ($0, []) }
            }
        }
    }

    extension Snapshotting where Value == RefreshScene, Format == RefreshPNG {
        /// A scene drawn as `refresh-render` draws it, compared exactly: a pixel whose colour or
        /// opacity changes by even one level fails (threshold 0, anti-aliased pixels counted).
        public static var refreshImage: Snapshotting { refreshImage() }

        /// A scene drawn as `refresh-render` draws it, with a tolerance.
        /// - Parameters:
        ///   - threshold: how different two pixels' colours may be and still match, 0 (exact) to 1.
        ///   - includeAA: true counts pixels that look anti-aliased as differences too.
        ///   - method: pixelmatch's YIQ distance, or CIEDE2000 (`perceptual`).
        ///   - maxDeltaE: with `perceptual`, the largest ΔE₀₀ a matching pixel may have.
        ///   - maxDiffPixels: how many pixels may differ and the snapshot still pass.
        ///   - maxDiffRatio: the share of pixels, 0 to 1, that may differ.
        /// - Returns: the strategy.
        public static func refreshImage(
            threshold: Double = 0, includeAA: Bool = true, method: ImageDiff.Method = .pixelmatch, maxDeltaE: Double = 2,
            maxDiffPixels: Int = 0, maxDiffRatio: Double = 0
        ) -> Snapshotting {
            Snapshotting(
                pathExtension: "png",
                diffing: .refreshImage(
                    threshold: threshold, includeAA: includeAA, method: method, maxDeltaE: maxDeltaE,
                    maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio)
            ) { scene in
                RefreshDiff.png { try RefreshRenderer().render(scene) }
            }
        }

        /// One loop of the scene's state at `fps` (its looping images, the spinner), as one grid of
        /// frames `columns` wide.
        /// - Parameters:
        ///   - fps: frames per second.
        ///   - columns: frames per row of the golden's grid.
        /// - Returns: the strategy, compared exactly.
        public static func refreshSequence(fps: Int = 10, columns: Int = 8) -> Snapshotting {
            Snapshotting(pathExtension: "png", diffing: .refreshImage()) { scene in
                RefreshDiff.png {
                    let animation = try RefreshAnimation.sequence(of: scene, fps: fps)
                    return try FrameGrid.grid(try (0..<animation.count).map { try animation.frame(at: $0).image }, columns: columns)
                }
            }
        }
    }

    extension Snapshotting where Value == RefreshAnimation, Format == RefreshPNG {
        /// Every frame of an animation (a gesture, a sequence) as one grid `columns` wide.
        /// - Parameter columns: frames per row of the golden's grid.
        /// - Returns: the strategy, compared exactly.
        public static func refreshFrames(columns: Int = 8) -> Snapshotting {
            Snapshotting(pathExtension: "png", diffing: .refreshImage()) { animation in
                RefreshDiff.png {
                    try FrameGrid.grid(try (0..<animation.count).map { try animation.frame(at: $0).image }, columns: columns)
                }
            }
        }
    }

    /// The work behind the strategies.
    extension Snapshotting where Value: MJRefreshComponent, Format == RefreshPNG {
        /// Your app's own refresh control, made and configured by its code through
        /// RefreshGifUIKit (docs/app-code.md), drawn in `state`, pulled `percent`, `time` seconds
        /// after the state began: the picture the command line draws for the same control.
        /// - Parameters:
        ///   - state: the state drawn.
        ///   - percent: how far it is pulled (0 … 1 and past it).
        ///   - time: seconds since the state began.
        ///   - threshold: how different two pixels may be and still match, 0 (exact) to 1.
        /// - Returns: the strategy.
        public static func refreshState(_ state: MJRefreshState, percent: Double = 0, time: Double = 0, threshold: Double = 0)
            -> Snapshotting
        {
            Snapshotting(pathExtension: "png", diffing: .refreshImage(threshold: threshold)) { control in
                RefreshDiff.png { try RefreshRenderer().render(try control.scene(state: state, percent: percent, time: time)) }
            }
        }

        /// Your app's control through a gesture file (pull, release, refresh, end), every frame
        /// on one PNG grid.
        /// - Parameters:
        ///   - path: a gesture file; its `control` is left out: the control is the app's.
        ///   - fps: frames per second.
        ///   - columns: frames per row of the grid.
        /// - Returns: the strategy.
        public static func refreshGesture(_ path: String, fps: Int = 30, columns: Int = 8) -> Snapshotting {
            Snapshotting(pathExtension: "png", diffing: .refreshImage()) { control in
                RefreshDiff.png {
                    let file = try GestureFile.read(path)
                    let animation = try RefreshAnimation.gesture(file.gesture, scene: try control.scene(), fps: fps, showContent: true)
                    return try FrameGrid.grid(try (0..<animation.count).map { try animation.frame(at: $0).image }, columns: columns)
                }
            }
        }
    }

    enum RefreshDiff {
        /// The PNG of what `draw` makes, or the reason it failed as text (which never decodes as a
        /// PNG, so the comparison reports it).
        static func png(_ draw: () throws -> RGBAImage) -> RefreshPNG {
            do {
                return Data(try PNGEncoder().encode(try draw()))
            } catch {
                return Data("could not draw the snapshot: \(error)".utf8)
            }
        }

        /// nil when the pictures match; otherwise the message, with the artifacts written.
        static func compare(
            _ expected: RefreshPNG, _ actual: RefreshPNG, threshold: Double, includeAA: Bool, method: ImageDiff.Method,
            maxDeltaE: Double, tolerance: DiffTolerance
        ) -> String? {
            guard let new = try? PNGDecoder().decodeStraight(Array(actual)) else {
                return String(decoding: actual, as: UTF8.self)
            }
            guard let old = try? PNGDecoder().decodeStraight(Array(expected)) else { return "the reference is not a PNG" }
            guard old.width == new.width, old.height == new.height else {
                return "the picture is \(new.width)×\(new.height) px, the reference \(old.width)×\(old.height)"
            }
            var options = ImageDiff.Options()
            options.threshold = threshold
            options.includeAA = includeAA
            options.method = method
            options.maxDeltaE = maxDeltaE
            do {
                let result = try ImageDiff(options: options).compare(old, new, drawDiff: true)
                if tolerance.accepts(result) { return nil }
                let summary =
                    String(format: "%d of %d pixels differ (%.3f %%)", result.differingPixels, result.totalPixels, result.ratio * 100)
                    + (result.boundingBox.map { ", within \($0)" } ?? "")
                let check = try SnapshotBatch()
                let name =
                    "refresh-" + String(actual.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }, radix: 16)
                let actualPath = check.artifactsDirectory + "/" + name + ".actual.png"
                let diffPath = check.artifactsDirectory + "/" + name + ".diff.png"
                try FileIO.makeDirectory(check.artifactsDirectory)
                try FileIO.writeArtifact(Array(actual), to: actualPath)
                if let picture = result.diffImage { try FileIO.writeArtifact(try PNGEncoder().encode(picture), to: diffPath) }
                return "\(summary)\n  actual: \(actualPath)\n  diff:   \(diffPath)"
            } catch {
                return "could not compare the pictures: \(error)"
            }
        }
    }
#endif
