import RefreshImage
import RefreshModel
import Synchronization

/// Images at the sizes they were drawn (a logo drawn in every frame of a gesture, a GIF's
/// frames fitted to ZJRefresh's footer), each resampled once and kept: the last ones, within
/// ``limit``. One store may serve several renderers (the workers of one animation), so a
/// frame is resampled once whichever worker draws it first. Found by the source's storage
/// (the same frame of a sequence shares its pixels), else by comparing its pixels: never stale.
package final class ResampledImages: Sendable {
    private struct Entry: Sendable {
        var source: ScaledImage
        var width: Int
        var height: Int
        var pixels: RGBAImage
    }

    private let entries = Mutex<[Entry]>([])
    /// At most 64 images and 4 million pixels kept resampled.
    static let limit = (count: 64, pixels: 4 << 20)

    /// An empty store.
    package init() {}

    /// `image` at `width` × `height` pixels, resampled once and kept for the next frames.
    func image(_ image: ScaledImage, width: Int, height: Int, scale: Double) throws -> RGBAImage {
        if let known = entries.withLock({ Self.find(image, width: width, height: height, in: $0) }) { return known }
        let pixels = try image.resized(width: width, height: height, scale: scale).checkedImage()
        // An image already at its size is its own pixels: nothing to keep.
        guard pixels.width != image.pixelWidth || pixels.height != image.pixelHeight else { return pixels }
        entries.withLock { entries in
            entries.insert(Entry(source: image, width: width, height: height, pixels: pixels), at: 0)
            var kept = 0
            entries = Array(
                entries.prefix { entry in
                    kept += entry.width * entry.height
                    return kept <= Self.limit.pixels
                }.prefix(Self.limit.count))
        }
        return pixels
    }

    private static func find(_ image: ScaledImage, width: Int, height: Int, in entries: [Entry]) -> RGBAImage? {
        let sized = entries.filter { $0.width == width && $0.height == height }
        return (sized.first { sharesPixels($0.source, image) } ?? sized.first { $0.source == image })?.pixels
    }

    /// Two decoded images whose pixels are one buffer (equal without reading them).
    private static func sharesPixels(_ a: ScaledImage, _ b: ScaledImage) -> Bool {
        guard !a.isLazy, !b.isLazy, a.scale == b.scale, a.pixelWidth == b.pixelWidth, a.pixelHeight == b.pixelHeight else {
            return false
        }
        return a.image.pixels.withUnsafeBufferPointer { x in b.image.pixels.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress }
        }
    }
}
