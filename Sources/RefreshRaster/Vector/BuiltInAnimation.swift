import FoundationEssentials
import RefreshImage
import RefreshModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The default animation drawn by RefreshGif itself when no images are given: a ring that
/// fills as the user pulls (Idle, 30 frames) while an arrow inside turns from down to up,
/// a pulsing full ring (Pulling, 6 frames) and a turning arc (Refreshing, 12 frames).
/// 36×36 pt, drawn at the render scale so it is never resampled.
package enum BuiltInAnimation {
    /// The accent colour of the ring and arrow.
    static let accent = RGBAColor(red: 0x2E, green: 0x9B, blue: 0xD6)
    /// The track under the ring.
    static let track = RGBAColor(red: 0xD8, green: 0xDB, blue: 0xE0)
    static let size = StateImages.BuiltIn.ring.size.width
    static let ringRadius = 14.0
    static let ringWidth = 3.0

    /// The built-in sequences for Idle, Pulling and Refreshing at `scale` pixels a point; each
    /// frame is drawn when first shown (`DrawnFrames`).
    /// - Parameter scale: pixels a point, 1 to 3.
    /// - Returns: the sequences, their frames drawn lazily.
    /// - Throws: ``InvalidValue`` for a scale out of range.
    public static func images(scale: Int) throws -> StateImages {
        let s = try checkedScale(scale)
        let side = Int((size * s).rounded())
        func sequence(_ count: Int, _ draw: @escaping @Sendable (VectorRasterizer, Int) throws -> RGBAImage) throws -> ImageSequence {
            ImageSequence(frames: try DrawnFrames.frames(count, width: side, height: side, scale: s, draw: draw))
        }
        var images = StateImages()
        images.set(
            try sequence(30) { rasterizer, i in
                let progress = Double(i + 1) / 30
                return try frame(
                    rasterizer, scale: s, sweep: progress, arcStart: -Double.pi / 2, arrowAngle: Double.pi * progress, ringWidth: ringWidth)
            }, for: .idle)
        images.set(
            try sequence(6) { rasterizer, i in
                let pulse = ringWidth + 1.2 * sin(Double(i) / 6 * 2 * Double.pi)
                return try frame(rasterizer, scale: s, sweep: 1, arcStart: -Double.pi / 2, arrowAngle: Double.pi, ringWidth: pulse)
            }, for: .pulling)
        images.set(
            try sequence(12) { rasterizer, i in
                try frame(
                    rasterizer, scale: s, sweep: 0.7, arcStart: -Double.pi / 2 + Double(i) / 12 * 2 * Double.pi,
                    arrowAngle: nil, ringWidth: ringWidth)
            }, for: .refreshing)
        return images
    }

    /// The scale as a number, for drawing a built-in animation; throws ``InvalidValue`` for a
    /// scale other than 1, 2 or 3.
    static func checkedScale(_ scale: Int) throws -> Double {
        try RefreshScene.scales.check(scale, field: "scale")
        return Double(scale)
    }

    private static func frame(
        _ rasterizer: VectorRasterizer, scale: Double, sweep: Double, arcStart: Double,
        arrowAngle: Double?, ringWidth: Double
    ) throws -> RGBAImage {
        let pixels = Int((size * scale).rounded())
        var image = try RGBAImage(width: pixels, height: pixels)
        let center = RefreshPoint(size / 2, size / 2)
        var track = VectorPath()
        track.addCircle(center: center, radius: ringRadius)
        if let mask = rasterizer.stroke(track.scaled(by: scale), width: ringWidth * scale) {
            image.paint(mask, color: Self.track)
        }
        var arc = VectorPath()
        arc.addArc(center: center, radius: ringRadius, start: arcStart, sweep: 2 * Double.pi * sweep)
        if let mask = rasterizer.stroke(arc.scaled(by: scale), width: ringWidth * scale) {
            image.paint(mask, color: accent)
        }
        if let arrowAngle {
            var arrow = VectorPath()
            arrow.addPolyline([RefreshPoint(18, 10.5), RefreshPoint(18, 25)])
            arrow.addPolyline([RefreshPoint(12.5, 19.5), RefreshPoint(18, 25), RefreshPoint(23.5, 19.5)])
            let turned = arrow.rotated(by: arrowAngle, about: RefreshPoint(18, 18))
            if let mask = rasterizer.stroke(turned.scaled(by: scale), width: 2.5 * scale) {
                image.paint(mask, color: accent)
            }
        } else {
            var dot = VectorPath()
            dot.addCircle(center: center, radius: 3)
            if let mask = rasterizer.fill(dot.scaled(by: scale)) {
                image.paint(mask, color: accent)
            }
        }
        return image
    }
}
