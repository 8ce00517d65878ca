/// Floyd–Steinberg error diffusion for a GIF frame whose colours do not fit its palette.
///
/// Only the pixels a frame draws are dithered, and error flows only between them: a pixel
/// that does not change is never touched, so dithering cannot make it flicker.
enum GIFDither {
    /// `colors` (one per pixel of a `width`-wide rectangle, RGB shifted left by 8 and 0xFF,
    /// 0 where nothing is drawn) mapped onto `palette` with the error of each pixel spread to
    /// its right and lower neighbours (7, 3, 5 and 1 sixteenths).
    static func floydSteinberg(_ colors: [UInt32], width: Int, palette: [GIFPalette.RGB]) -> [UInt32] {
        guard width > 0, !palette.isEmpty else { return colors }
        let height = colors.count / width
        let keys = palette.map { GIFPalette.key($0) << 8 | 0xFF }
        // Nearest palette entry of each 6-bit-per-channel cell, found once.
        var cells = [Int16](repeating: -1, count: 1 << 18)
        var output = colors
        // Error carried to this row and the next, ×16, three channels a pixel, one pixel of margin.
        var current = [Int](repeating: 0, count: (width + 2) * 3)
        var below = current
        for y in 0..<height {
            for x in 0..<width {
                let offset = y * width + x
                guard colors[offset] != 0 else { continue }
                let color = colors[offset]
                let wanted = [
                    Int(color >> 24) + current[(x + 1) * 3] / 16, Int(color >> 16 & 0xFF) + current[(x + 1) * 3 + 1] / 16,
                    Int(color >> 8 & 0xFF) + current[(x + 1) * 3 + 2] / 16,
                ].map { min(255, max(0, $0)) }
                let cell = (wanted[0] >> 2) << 12 | (wanted[1] >> 2) << 6 | wanted[2] >> 2
                if cells[cell] < 0 {
                    cells[cell] = Int16(GIFPalette.nearest(wanted[0] | 2, wanted[1] | 2, wanted[2] | 2, in: palette))
                }
                let chosen = Int(cells[cell])
                output[offset] = keys[chosen]
                let got = [palette[chosen].0, palette[chosen].1, palette[chosen].2]
                for channel in 0..<3 {
                    let error = wanted[channel] - got[channel]
                    if x + 1 < width, colors[offset + 1] != 0 { current[(x + 2) * 3 + channel] += error * 7 }
                    if y + 1 < height {
                        if x > 0, colors[offset + width - 1] != 0 { below[x * 3 + channel] += error * 3 }
                        if colors[offset + width] != 0 { below[(x + 1) * 3 + channel] += error * 5 }
                        if x + 1 < width, colors[offset + width + 1] != 0 { below[(x + 2) * 3 + channel] += error * 1 }
                    }
                }
            }
            swap(&current, &below)
            for i in below.indices { below[i] = 0 }
        }
        return output
    }
}
