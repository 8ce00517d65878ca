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
        // The nearest palette entry of each colour met, found once.
        var nearest = ColorTable(capacity: 4096)
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
                let key = GIFPalette.key((wanted[0], wanted[1], wanted[2]))
                if !nearest.contains(key) {
                    nearest.add(key)
                    nearest.setValue(GIFPalette.nearest(wanted[0], wanted[1], wanted[2], in: palette), for: key)
                }
                let chosen = nearest.value(for: key)
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
