import FoundationEssentials
import RefreshImage
import RefreshModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SVPullToRefresh's arrow gradient (docs/families.md): the arrow's coverage faded from
/// transparent at the top of its 22×48 pt frame to opaque at 80 % of its height, in the
/// arrow's own coordinates, so the fade turns with the arrow.
enum GradientArrow {
    /// `mask` (the filled arrow, turned by `angle` about the frame's centre and placed at
    /// `frame` × `scale`) with every pixel's coverage multiplied by the gradient's alpha there.
    static func fade(_ mask: CoverageMask, frame: RefreshRect, angle: Double, scale: Double, opaqueAt fraction: Double) -> CoverageMask {
        let opaqueAt = fraction * frame.height
        let cx = frame.midX, cy = frame.midY
        let c = cos(-angle), s = sin(-angle)
        var coverage = mask.coverage
        for row in 0..<mask.height {
            for column in 0..<mask.width {
                let i = row * mask.width + column
                guard coverage[i] > 0 else { continue }
                // The pixel's centre in points, turned back into the arrow's frame.
                let x = (Double(mask.originX + column) + 0.5) / scale - cx
                let y = (Double(mask.originY + row) + 0.5) / scale - cy
                let localY = x * s + y * c + frame.height / 2
                let alpha = min(1, max(0, localY / opaqueAt))
                coverage[i] = UInt8((Double(coverage[i]) * alpha).rounded())
            }
        }
        return
            (try? CoverageMask(
                width: mask.width, height: mask.height, originX: mask.originX, originY: mask.originY,
                coverage: coverage)) ?? mask
    }
}
