import RefreshImage
import RefreshLocking
import RefreshModel

/// The frames of a built-in animation, each drawn when it is first shown and then kept: a
/// render of one frame draws one picture, not the animation's forty-odd
/// (``BuiltInAnimation``, ``BurstAnimation``).
///
/// Drawing happens under a lock with the source's own rasterizer (FreeType objects are not
/// shared between threads); the same index always gives the same pixels.
final class DrawnFrames: LazyImageSource {
    let frameCount: Int
    let frameWidth: Int
    let frameHeight: Int
    private let draw: @Sendable (VectorRasterizer, Int) throws -> RGBAImage
    private let state: Locked<(rasterizer: VectorRasterizer, drawn: [Int: RGBAImage])>

    /// `count` frames of `width` × `height` pixels, frame `i` made by `draw(rasterizer, i)`
    /// with a rasterizer of the source's own.
    init(count: Int, width: Int, height: Int, draw: @escaping @Sendable (VectorRasterizer, Int) throws -> RGBAImage) throws {
        frameCount = count
        frameWidth = width
        frameHeight = height
        self.draw = draw
        state = Locked((VectorRasterizer(library: try FreeTypeLibrary()), [:]))
    }

    /// `count` frames of `width` × `height` pixels at `scale`, each drawn by `draw` when first shown.
    static func frames(
        _ count: Int, width: Int, height: Int, scale: Double,
        draw: @escaping @Sendable (VectorRasterizer, Int) throws -> RGBAImage
    ) throws -> [ScaledImage] {
        let source = try DrawnFrames(count: count, width: width, height: height, draw: draw)
        return try (0..<count).map { try ScaledImage(source: source, index: $0, scale: scale) }
    }

    func image(at index: Int, width: Int, height: Int) -> RGBAImage {
        guard (0..<frameCount).contains(index) else { return RGBAImage.transparent(width: width, height: height) }
        let picture = state.withLock { state -> RGBAImage? in
            if let kept = state.drawn[index] { return kept }
            guard let made = try? draw(state.rasterizer, index) else { return nil }
            state.drawn[index] = made
            return made
        }
        guard let picture else { return RGBAImage.transparent(width: width, height: height) }
        guard width != picture.width || height != picture.height else { return picture }
        return (try? Resampler.resize(picture, width: width, height: height)) ?? picture
    }
}
