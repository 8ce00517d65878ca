import Foundation
import ImageCodecs
@_spi(Tools) import RefreshGif

// What the stand-ins for the app's other libraries (RefreshGifLottie) build on: a resource
// file found by name as the app's bundle finds it, an animation's header checked before any
// worker reads it, and a view drawn as an image layer at a place in its frames
// (docs/app-code.md, "Lottie"). Not an adopter's API: `@_spi(AppLibraries)`.

/// A Lottie file of the app's, its header read and checked (no worker started).
@_spi(AppLibraries) public struct AppAnimationFile: Sendable, Equatable {
    /// The file.
    public let path: String
    /// The composition's size in points.
    public let width: Double, height: Double
    /// Frames per second.
    public let frameRate: Double
    /// The first frame and the frame after the last.
    public let inPoint: Int, outPoint: Int
    /// The named ranges of frames, in file order: name, first frame, frames it lasts.
    public let markers: [Marker]

    /// A named range of frames.
    public struct Marker: Sendable, Equatable {
        public let name: String
        public let start: Int
        public let duration: Int
    }
}

extension AppResources {
    /// The Lottie file `NAME.json` under the resource folders (in `subdirectory` when given), as
    /// `Bundle.main.path(forResource:ofType:)` finds it; nil, said with the folders searched,
    /// when there is none or its header is refused (`asking` names the call).
    @_spi(AppLibraries) public static func animation(named name: String, subdirectory: String?, asking: String) -> AppAnimationFile? {
        guard FileName.problem(name) == nil, subdirectory.map({ FileName.problem($0) == nil }) ?? true else {
            miss(asking)
            return nil
        }
        let tail = "/" + (subdirectory.map { $0 + "/" } ?? "") + name + ".json"
        guard let path = files(matching: { $0.hasSuffix(tail) }).first else {
            miss(asking)
            return nil
        }
        return animation(atPath: path, asking: asking)
    }

    /// The Lottie file at `path` (inside the resource folders), its header checked; nil, said,
    /// when it cannot be read or is refused (too large, not Lottie, past the limits).
    @_spi(AppLibraries) public static func animation(atPath path: String, asking: String) -> AppAnimationFile? {
        do {
            let gated = try gate(path)
            let limits = DecodeLimits.default
            let bytes = try FileIO.read(gated, maxBytes: min(limits.maxFileBytes, LottieLimits.maxFileBytes))
            let folder = URL(fileURLWithPath: gated).deletingLastPathComponent().path
            let info = try LottieAnimation.header(bytes, resourceDirectory: folder, limits: limits)
            return AppAnimationFile(
                path: gated, width: info.width, height: info.height, frameRate: info.frameRate, inPoint: info.inPoint,
                outPoint: info.outPoint,
                markers: info.markers.map { AppAnimationFile.Marker(name: $0.name, start: $0.start, duration: $0.duration) })
        } catch {
            problem(asking, error)
            return nil
        }
    }
}
