/// The pixels of a frame's rectangle as small colour numbers: what each changed pixel is
/// drawn in, and what each unchanged opaque pixel shows, so that trying a colour table costs
/// an array lookup a pixel.
struct GIFRectColors {
    /// Each colour once (drawn colours first), as RGB shifted left by 8 and 0xFF.
    var colors: [UInt32] = []
    /// How many of ``colors`` are drawn colours.
    var drawnColors = 0
    /// Per pixel: the number of its drawn colour (≥ 0), −2 − the number of the colour an
    /// unchanged pixel shows, or −1 (transparent, nothing drawn).
    var numbers: [Int32]

    init(rect r: GIFRect, width: Int, drawn: [UInt32], screen: [UInt32]) {
        numbers = [Int32](repeating: -1, count: r.area)
        var table = ColorTable(capacity: 256)
        var lastColor: UInt32 = 0, lastNumber: Int32 = 0
        func number(of color: UInt32) -> Int32 {
            if color == lastColor { return lastNumber }
            let key = color >> 8
            if !table.contains(key) {
                table.add(key)
                table.setValue(colors.count, for: key)
                colors.append(color)
            }
            lastColor = color
            lastNumber = Int32(table.value(for: key))
            return lastNumber
        }
        for y in 0..<r.height {
            let row = (r.y + y) * width + r.x
            // A pixel drawn in the colour it already shows need not be drawn.
            for x in 0..<r.width where drawn[y * r.width + x] != 0 && drawn[y * r.width + x] != screen[row + x] {
                numbers[y * r.width + x] = number(of: drawn[y * r.width + x])
            }
        }
        drawnColors = colors.count
        for y in 0..<r.height {
            let row = (r.y + y) * width + r.x
            for x in 0..<r.width where numbers[y * r.width + x] < 0 && screen[row + x] != 0 {
                numbers[y * r.width + x] = -2 - number(of: screen[row + x])
            }
        }
    }

    /// Each colour number's index in `table` (0 where the table lacks it).
    func slots(in table: GIFColorTable) -> [UInt8] {
        colors.map { table.slots[$0] ?? 0 }
    }
}
