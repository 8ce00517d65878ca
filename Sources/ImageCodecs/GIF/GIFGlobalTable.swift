import CGif

/// The global colour table of a GIF, chosen from the frames held back before the first is
/// written (docs/images.md, "GIF output"): all their colours when they fit in 255; one palette
/// for every frame when frames have more colours than a table holds, or when a colour error is
/// allowed and such a palette serves the frames within it; otherwise as many frames' colours as
/// fit, from the first. Entries are ordered so frames of few colours find theirs first.
struct GIFGlobalTable {
    /// The table (entry 0 stands for transparent).
    var table = GIFColorTable()
    /// The palette, when the table is one made for all frames (else empty): frames of more
    /// colours than a table holds may be mapped to it.
    var palette: [GIFPalette.RGB] = []

    /// The table for `held` frames on a screen of `width` × `height`, with `colorError` the
    /// mean squared error a channel a frame's picture may take (0: exact colours).
    init(held: [GIFFrameWriter.Frame], width: Int, height: Int, colorError: Double) {
        var all = ColorTable(capacity: 4096)
        for frame in held {
            for key in frame.counts.keys { all.add(key, pixels: frame.counts.count(of: key)) }
        }
        let frameColors = held.map(\.counts)
        if all.count <= 255 {
            // A frame whose colours all sit in the first 2^k entries is written with k-bit
            // indices, as narrow as a small table of its own, without its bytes.
            let order = Self.narrowOrder(all.keys, frames: frameColors.map(\.keys)) { all.count(of: $0) }
            for key in order { table.append(key << 8 | 0xFF) }
        } else if let shared = Self.sharedPalette(all, held: held, screen: (width, height), colorError: colorError) {
            palette = shared
            for color in palette { table.append(GIFPalette.key(color) << 8 | 0xFF) }
        } else {
            for colors in frameColors {
                let keys = colors.keys.sorted()
                let new = keys.filter { table.slots[$0 << 8 | 0xFF] == nil }.count
                if table.colors.count + new <= 256 { for key in keys { table.append(key << 8 | 0xFF) } }
            }
        }
    }

    /// One palette for all frames, of the `held` frames' colours (`all`, more than a table
    /// holds): when a frame has more colours than a table holds, or when a colour error is
    /// allowed and the palette serves the held frames within it. With an error allowed it is
    /// the smallest (16 to 256 entries, 4 to 8 bits an index) that does; one palette serves
    /// them all, so a pixel redrawn after a clear comes back in the same shade. Entries are in
    /// ``narrowOrder(_:frames:pixels:)``.
    private static func sharedPalette(
        _ all: ColorTable, held: [GIFFrameWriter.Frame], screen: (width: Int, height: Int), colorError: Double
    ) -> [GIFPalette.RGB]? {
        // The full palette (255 colours), made once: always the choice for frames of more
        // colours than a table holds, and the last one tried with an error allowed.
        let tooMany = held.contains(where: { $0.counts.count > 255 })
        guard tooMany || colorError > 0 else { return nil }
        let full = GIFPalette.colors(for: all).colors
        var chosen = tooMany ? full : nil
        if colorError > 0 {
            let most = held.count / 10
            for limit in [15, 31, 63, 127, 255] {
                let palette = limit == 255 ? full : GIFPalette.colors(for: all, limit: limit).colors
                if framesBeyond(palette, held: held, screen: screen, colorError: colorError, most: most) <= most {
                    chosen = palette
                    break
                }
            }
        }
        guard let palette = chosen else { return nil }
        var pixels = [Int](repeating: 0, count: palette.count)
        let uses = held.map { frame in
            var counts = frame.counts
            _ = GIFPalette.map(&counts, onto: palette)
            var used = Set<UInt32>()
            for key in counts.keys {
                used.insert(UInt32(counts.value(for: key)))
                pixels[counts.value(for: key)] += counts.count(of: key)
            }
            return Array(used)
        }
        let order = Self.narrowOrder(palette.indices.map { UInt32($0) }, frames: uses) { pixels[Int($0)] }
        return order.map { palette[Int($0)] }
    }

    /// `entries` in the order that lets the most frames use narrow indices: the entries of the
    /// frame using the fewest first, then those the next fewest add, and so on (each frame's
    /// new entries by their `pixels`, most first), then the entries no frame uses.
    private static func narrowOrder(_ entries: [UInt32], frames: [[UInt32]], pixels: (UInt32) -> Int) -> [UInt32] {
        var placed = Set<UInt32>(), order: [UInt32] = []
        func place(_ keys: [UInt32]) {
            let new = keys.filter { !placed.contains($0) }.sorted { (pixels($0), $1) > (pixels($1), $0) }
            for key in new { placed.insert(key) }
            order += new
        }
        for index in frames.indices.sorted(by: { (frames[$0].count, $0) < (frames[$1].count, $1) }) { place(frames[index]) }
        place(entries)
        return order
    }

    /// How many `held` frames, their pixels drawn in `palette`'s nearest colours, would show a
    /// picture beyond the colour error allowed (what earlier frames left included): those
    /// need colours of their own, or, with more colours than a table holds, exceed it. The
    /// replay stops once more than `most` do.
    private static func framesBeyond(
        _ palette: [GIFPalette.RGB], held: [GIFFrameWriter.Frame], screen: (width: Int, height: Int), colorError: Double, most: Int
    ) -> Int {
        var errors = GIFPictureErrors(width: screen.width, height: screen.height), beyond = 0
        for frame in held {
            var counts = frame.counts
            _ = GIFPalette.map(&counts, onto: palette)
            let positions = frame.positions(width: screen.width)
            var total = errors.total(without: positions)
            var pixelErrors: [Int] = []
            pixelErrors.reserveCapacity(positions.count)
            var lastColor: UInt32 = 0, lastError = 0
            for color in frame.changed where color != 0 {
                if color != lastColor {
                    lastColor = color
                    lastError = GIFPictureErrors.squared(palette[counts.value(for: color >> 8)], GIFPalette.rgb(color >> 8))
                }
                pixelErrors.append(lastError)
                total += lastError
            }
            var ownColors = false
            if Double(total) > colorError * Double(3 * frame.opaque) {
                beyond += 1
                if beyond > most { return beyond }
                ownColors = frame.counts.count <= 255
            }
            guard frame.disposal != DISPOSE_PREVIOUS else { continue }
            for (position, error) in zip(positions, pixelErrors) { errors.set(position, ownColors ? 0 : error) }
            if frame.disposal == DISPOSE_BACKGROUND { errors.clear(frame.rect) }
        }
        return beyond
    }
}
