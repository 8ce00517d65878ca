import CPixelLoops

/// Porter-Duff "source over" on premultiplied pixels, the only blend Core Animation uses
/// for these layers, plus the few whole-image operations a render needs.
extension RGBAImage {
    /// Fills every pixel with `color` (replacing what was there).
    /// - Parameter color: the colour, straight alpha.
    public mutating func fill(with color: RGBAColor) {
        fill(x0: 0, y0: 0, x1: width, y1: height, with: color)
    }

    /// Fills the pixels from (`x0`, `y0`) up to but not including (`x1`, `y1`), clipped to
    /// the image, with `color` (replacing what was there): a pixel a word, as the list rows
    /// of a scroll view are drawn sixty times a second.
    /// - Parameters:
    ///   - x0: the first column.
    ///   - y0: the first row.
    ///   - x1: the column after the last.
    ///   - y1: the row after the last.
    ///   - color: the colour, straight alpha.
    public mutating func fill(x0: Int, y0: Int, x1: Int, y1: Int, with color: RGBAColor) {
        let (left, top) = (max(0, x0), max(0, y0))
        let (right, bottom) = (min(width, x1), min(height, y1))
        guard left < right, top < bottom else { return }
        let p = color.premultiplied
        // The pixel's four bytes in memory order, as one word.
        let word = withUnsafeBytes(of: (p.0, p.1, p.2, p.3)) { $0.loadUnaligned(as: UInt32.self) }
        let rowWidth = width
        pixels.withUnsafeMutableBufferPointer { bytes in
            // Four bytes a pixel, rebound for the fill only.
            bytes.withMemoryRebound(to: UInt32.self) { words in
                for row in top..<bottom {
                    let start = row * rowWidth
                    words[(start + left)..<(start + right)].update(repeating: word)
                }
            }
        }
    }

    /// Draws `source` with its top-left corner at pixel (`x`, `y`), clipped to this image,
    /// with an extra opacity (255 = as is). A pixel is handled as one word: a transparent
    /// source pixel (most of a control's frame) leaves the destination alone, four at a time
    /// over runs; an opaque one replaces it; the rest blend channel by channel.
    /// - Parameters:
    ///   - source: the image drawn over this one.
    ///   - x: its left column here.
    ///   - y: its top row here.
    ///   - opacity: 0 to 255, multiplied into the source's.
    public mutating func draw(_ source: RGBAImage, atX x: Int, y: Int, opacity: UInt8 = 255) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + source.width), y1 = min(height, y + source.height)
        guard x0 < x1, y0 < y1, opacity > 0 else { return }
        let dstWidth = width, srcWidth = source.width
        let o = UInt32(opacity)
        pixels.withUnsafeMutableBytes { dst in
            source.pixels.withUnsafeBytes { src in
                for row in y0..<y1 {
                    var d = (row * dstWidth + x0) * 4
                    var s = ((row - y) * srcWidth + (x0 - x)) * 4
                    var left = x1 - x0
                    while left > 0 {
                        if left >= 4,
                            src.loadUnaligned(fromByteOffset: s, as: UInt64.self)
                                | src.loadUnaligned(fromByteOffset: s + 8, as: UInt64.self) == 0
                        {
                            d += 16; s += 16; left -= 4
                            continue
                        }
                        var word = UInt32(littleEndian: src.loadUnaligned(fromByteOffset: s, as: UInt32.self))
                        if o != 255 { word = Self.scaled(word, by: o) }
                        let sa = word >> 24
                        if sa == 255 {
                            dst.storeBytes(of: word.littleEndian, toByteOffset: d, as: UInt32.self)
                        } else if word != 0 {
                            let k = 255 - sa
                            let old = UInt32(littleEndian: dst.loadUnaligned(fromByteOffset: d, as: UInt32.self))
                            // Source over, channel by channel (a channel above its alpha, which no
                            // premultiplied picture has, is held at 255).
                            func over(_ shift: UInt32) -> UInt32 {
                                min(255, (word >> shift & 0xFF) + ((old >> shift & 0xFF) * k + 127) / 255) << shift
                            }
                            let out = over(0) | over(8) | over(16) | over(24)
                            dst.storeBytes(of: out.littleEndian, toByteOffset: d, as: UInt32.self)
                        }
                        d += 4; s += 4; left -= 1
                    }
                }
            }
        }
    }

    /// Each byte of a pixel word times `factor` / 255, rounded.
    private static func scaled(_ word: UInt32, by factor: UInt32) -> UInt32 {
        func channel(_ shift: UInt32) -> UInt32 { (((word >> shift & 0xFF) * factor + 127) / 255) << shift }
        return channel(0) | channel(8) | channel(16) | channel(24)
    }

    /// Paints `mask` in `color` (straight alpha) with an extra opacity (255 = as is).
    /// - Parameters:
    ///   - mask: the coverage, at its own origin.
    ///   - color: the paint, straight alpha.
    ///   - opacity: 0 to 255, multiplied into the coverage.
    package mutating func paint(_ mask: CoverageMask, color: RGBAColor, opacity: UInt8 = 255) {
        let x0 = max(0, mask.originX), y0 = max(0, mask.originY)
        let x1 = min(width, mask.originX + mask.width), y1 = min(height, mask.originY + mask.height)
        guard x0 < x1, y0 < y1, opacity > 0 else { return }
        let alpha = (UInt32(color.alpha) * UInt32(opacity) + 127) / 255
        let dstWidth = width
        pixels.withUnsafeMutableBufferPointer { dst in
            mask.coverage.withUnsafeBufferPointer { cov in
                guard let target = dst.baseAddress, let coverage = cov.baseAddress else { return }
                // Row by row in C (`rg_paint_coverage`): quick in a debug build too.
                for row in y0..<y1 {
                    let d = (row * dstWidth + x0) * 4
                    let c = (row - mask.originY) * mask.width + (x0 - mask.originX)
                    rg_paint_coverage(
                        target + d, coverage + c, x1 - x0, UInt32(color.red), UInt32(color.green), UInt32(color.blue), alpha)
                }
            }
        }
    }

    /// Multiplies every channel by `opacity` / 255 (group alpha, docs/motion.md).
    /// - Parameter opacity: 0 (transparent) to 255 (unchanged).
    public mutating func multiplyOpacity(by opacity: UInt8) {
        guard opacity != 255 else { return }
        // Each byte's product, looked up: a transparent pixel (most of a control) stays as it
        // is, eight bytes at a time.
        let o = UInt32(opacity)
        var table = [UInt8](repeating: 0, count: 256)
        for value in 0..<256 { table[value] = UInt8((UInt32(value) * o + 127) / 255) }
        table.withUnsafeBufferPointer { product in
            pixels.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress else { return }
                let bytes = base.assumingMemoryBound(to: UInt8.self)
                let count = raw.count
                var i = 0
                while i + 8 <= count {
                    if base.loadUnaligned(fromByteOffset: i, as: UInt64.self) != 0 {
                        for k in i..<i + 8 { bytes[k] = product[Int(bytes[k])] }
                    }
                    i += 8
                }
                for k in i..<count { bytes[k] = product[Int(bytes[k])] }
            }
        }
    }

    /// Repaints every pixel in `color`, keeping its alpha as coverage: a template image
    /// (`UIImageRenderingModeAlwaysTemplate`) drawn in its view's tint.
    /// - Parameter color: the tint.
    public mutating func tint(with color: RGBAColor) {
        let (r, g, b, a) = color.premultiplied
        pixels.withUnsafeMutableBufferPointer { out in
            for i in stride(from: 0, to: out.count, by: 4) {
                let coverage = UInt32(out[i + 3])
                out[i] = UInt8((UInt32(r) * coverage + 127) / 255)
                out[i + 1] = UInt8((UInt32(g) * coverage + 127) / 255)
                out[i + 2] = UInt8((UInt32(b) * coverage + 127) / 255)
                out[i + 3] = UInt8((UInt32(a) * coverage + 127) / 255)
            }
        }
    }
}

extension RGBAColor {
    /// The colour premultiplied by its alpha.
    var premultiplied: (UInt8, UInt8, UInt8, UInt8) {
        let a = UInt32(alpha)
        return (
            UInt8((UInt32(red) * a + 127) / 255), UInt8((UInt32(green) * a + 127) / 255),
            UInt8((UInt32(blue) * a + 127) / 255), alpha
        )
    }
}
