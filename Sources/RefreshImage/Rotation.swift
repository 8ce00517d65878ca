import Glibc

extension RGBAImage {
    /// The image turned clockwise by `angle` radians about its centre, as a view's rotation
    /// transform shows it: on a square canvas the size of its diagonal, centred where the
    /// image's centre was. Quarter turns are exact pixel moves; other angles sample the
    /// premultiplied source bilinearly.
    /// - Parameter angle: radians, clockwise on screen.
    /// - Returns: the turned image and the canvas's offset in pixels from the image's top-left
    ///   corner (negative or zero).
    /// - Throws: ``ImageBufferError`` for a size that cannot be allocated.
    public func rotated(by angle: Double) throws -> (image: RGBAImage, dx: Int, dy: Int) {
        // No turn for an angle that is not a number; any other is taken within one turn, so a
        // huge one (a layer's expression of time) neither overflows nor loses its place.
        guard angle.isFinite else { return (self, 0, 0) }
        let angle = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
        let turns = angle / (Double.pi / 2)
        if abs(turns - turns.rounded()) < 1e-4 {
            let quarter = ((Int(turns.rounded()) % 4) + 4) % 4
            if quarter == 0 { return (self, 0, 0) }
            if quarter == 2 { return (halfTurn(), 0, 0) }
        }
        let side = Int((Double(width * width + height * height)).squareRoot().rounded(.up))
        var out = try RGBAImage(width: side, height: side)
        let dx = (width - side) / 2, dy = (height - side) / 2
        let cx = Double(width) / 2, cy = Double(height) / 2
        let cosine = cos(angle), sine = sin(angle)
        let w = width, h = height
        pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<side {
                    for x in 0..<side {
                        // The destination pixel's centre, turned back into the source.
                        let px = Double(x + dx) + 0.5 - cx, py = Double(y + dy) + 0.5 - cy
                        let sx = cosine * px + sine * py + cx - 0.5
                        let sy = -sine * px + cosine * py + cy - 0.5
                        guard sx > -1, sy > -1, sx < Double(w), sy < Double(h) else { continue }
                        let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                        let fx = sx - Double(x0), fy = sy - Double(y0)
                        var acc: (Double, Double, Double, Double) = (0, 0, 0, 0)
                        for (ox, oy, weight) in [
                            (0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy),
                        ] {
                            let sxi = x0 + ox, syi = y0 + oy
                            guard weight > 0, sxi >= 0, syi >= 0, sxi < w, syi < h else { continue }
                            let s = (syi * w + sxi) * 4
                            acc.0 += weight * Double(src[s])
                            acc.1 += weight * Double(src[s + 1])
                            acc.2 += weight * Double(src[s + 2])
                            acc.3 += weight * Double(src[s + 3])
                        }
                        let d = (y * side + x) * 4
                        dst[d] = UInt8(min(255, acc.0.rounded()))
                        dst[d + 1] = UInt8(min(255, acc.1.rounded()))
                        dst[d + 2] = UInt8(min(255, acc.2.rounded()))
                        dst[d + 3] = UInt8(min(255, acc.3.rounded()))
                    }
                }
            }
        }
        return (out, dx, dy)
    }

    /// The image turned by half a turn: its pixels in reverse order.
    private func halfTurn() -> RGBAImage {
        var out = self
        let count = width * height
        pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for i in 0..<count {
                    let s = i * 4, d = (count - 1 - i) * 4
                    dst[d] = src[s]
                    dst[d + 1] = src[s + 1]
                    dst[d + 2] = src[s + 2]
                    dst[d + 3] = src[s + 3]
                }
            }
        }
        return out
    }
}
