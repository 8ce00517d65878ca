/// The smallest lossless colour form of a picture, chosen per image before compressing
/// (docs/images.md, "PNG output"): an opaque picture without alpha, 256 colours or fewer as a
/// palette (alpha in `tRNS`), grey as grey, at the smallest bit depth that holds every value.
/// The decoded pixels are the same; only the bytes differ. Deterministic: the palette is in
/// the order colours first appear, those with alpha first.
package struct PNGColorForm: Sendable, Equatable {
    /// IHDR's colour type: 0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA.
    package let colorType: UInt8
    /// Bits a sample (a palette index for type 3).
    package let bitDepth: UInt8
    /// The PLTE body (RGB triples), empty unless a palette.
    package let palette: [UInt8]
    /// The tRNS body (one alpha a palette entry, up to the last one below 255), empty for none.
    package let transparency: [UInt8]

    /// 8-bit RGBA, what every frame of an animated PNG is.
    package static let rgba = PNGColorForm(colorType: 6, bitDepth: 8, palette: [], transparency: [])

    /// Samples a pixel: grey or an index 1, grey and alpha 2, RGB 3, RGBA 4.
    var channels: Int {
        switch colorType {
        case 0, 3: 1
        case 4: 2
        case 2: 3
        default: 4
        }
    }

    /// Bytes a pixel for the row filters (at least 1).
    var filterStride: Int { max(1, channels * Int(bitDepth) / 8) }

    /// Bytes in one row of `width` pixels.
    func rowBytes(width: Int) -> Int { (width * channels * Int(bitDepth) + 7) / 8 }
}

/// Finds an image's colour form and writes its rows in it.
enum PNGReduction {
    /// The form `pixels` (straight RGBA, `width × height`) fit and their rows in it, packed
    /// (no filter bytes), `rowBytes` each.
    static func reduce(straight pixels: [UInt8], width: Int, height: Int) -> (form: PNGColorForm, rows: [UInt8], rowBytes: Int) {
        let count = width * height
        var opaque = true
        var grey = true
        // Colours in the order first seen, found in the GIF encoder's colour table (faster than
        // a Dictionary); counting stops past 256.
        var table = ColorTable(capacity: 257)
        var colours: [UInt32] = []
        var many = false
        pixels.withUnsafeBufferPointer { p in
            var last: UInt32 = 0
            for i in 0..<count {
                let o = i * 4
                let r = p[o], g = p[o + 1], b = p[o + 2], a = p[o + 3]
                if a != 255 { opaque = false }
                if r != g || g != b { grey = false }
                if many {
                    if !opaque && !grey { break }
                    continue
                }
                let key = Self.key(r, g, b, a)
                if i > 0 && key == last { continue }
                last = key
                if !table.contains(key) {
                    if colours.count == 256 {
                        many = true
                        continue
                    }
                    table.add(key)
                    colours.append(key)
                }
            }
        }
        let greyDepth = grey && opaque ? Self.greyDepth(pixels, count: count) : 8
        if !many {
            let paletteDepth = colours.count <= 2 ? 1 : colours.count <= 4 ? 2 : colours.count <= 16 ? 4 : 8
            if !(grey && opaque && greyDepth <= paletteDepth) {
                return palette(pixels, width: width, height: height, colours: colours, table: &table, depth: paletteDepth)
            }
        }
        if grey && opaque { return greyRows(pixels, width: width, height: height, depth: greyDepth) }
        let channels = grey ? 2 : opaque ? 3 : 4
        let form = PNGColorForm(colorType: grey ? 4 : opaque ? 2 : 6, bitDepth: 8, palette: [], transparency: [])
        if channels == 4 { return (form, pixels, width * 4) }
        var rows = [UInt8](repeating: 0, count: count * channels)
        pixels.withUnsafeBufferPointer { p in
            rows.withUnsafeMutableBufferPointer { out in
                for i in 0..<count {
                    if grey {
                        out[i * 2] = p[i * 4]
                        out[i * 2 + 1] = p[i * 4 + 3]
                    } else {
                        out[i * 3] = p[i * 4]
                        out[i * 3 + 1] = p[i * 4 + 1]
                        out[i * 3 + 2] = p[i * 4 + 2]
                    }
                }
            }
        }
        return (form, rows, width * channels)
    }

    /// The smallest depth holding every grey value exactly (1, 2, 4 or 8 bits).
    private static func greyDepth(_ pixels: [UInt8], count: Int) -> Int {
        var depth = 1
        for i in 0..<count {
            let v = Int(pixels[i * 4])
            while depth < 8 && v % (255 / ((1 << depth) - 1)) != 0 { depth *= 2 }
            if depth == 8 { break }
        }
        return depth
    }

    /// Grey rows at `depth` bits a sample.
    private static func greyRows(_ pixels: [UInt8], width: Int, height: Int, depth: Int) -> (PNGColorForm, [UInt8], Int) {
        let form = PNGColorForm(colorType: 0, bitDepth: UInt8(depth), palette: [], transparency: [])
        let step = 255 / ((1 << depth) - 1)
        return (form, pack(width: width, height: height, depth: depth) { pixels[$0 * 4] / UInt8(step) }, form.rowBytes(width: width))
    }

    /// A pixel's key in a ``ColorTable``: RGBA, except opaque white (the table's empty slot),
    /// which takes a key no straight pixel has (red at alpha 0: a transparent pixel is all zeros).
    private static func key(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt32 {
        let key = UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | UInt32(a)
        return key == .max ? whiteKey : key
    }

    private static let whiteKey: UInt32 = 0xFF00_0000

    /// Palette rows: colours with alpha first (a short tRNS), each group in the order seen.
    private static func palette(
        _ pixels: [UInt8], width: Int, height: Int, colours: [UInt32], table: inout ColorTable, depth: Int
    ) -> (PNGColorForm, [UInt8], Int) {
        let alpha = { (key: UInt32) in key == whiteKey ? 0xFF : key & 0xFF }
        let ordered = colours.filter { alpha($0) != 0xFF } + colours.filter { alpha($0) == 0xFF }
        var plte: [UInt8] = []
        plte.reserveCapacity(ordered.count * 3)
        for (slot, key) in ordered.enumerated() {
            table.setValue(slot, for: key)
            let rgba = key == whiteKey ? UInt32.max : key
            plte += [UInt8(rgba >> 24), UInt8((rgba >> 16) & 0xFF), UInt8((rgba >> 8) & 0xFF)]
        }
        let trns = ordered.prefix { alpha($0) != 0xFF }.map { UInt8(alpha($0)) }
        let form = PNGColorForm(colorType: 3, bitDepth: UInt8(depth), palette: plte, transparency: trns)
        let rows = pixels.withUnsafeBufferPointer { p in
            pack(width: width, height: height, depth: depth) { i in
                UInt8(table.value(for: key(p[i * 4], p[i * 4 + 1], p[i * 4 + 2], p[i * 4 + 3])))
            }
        }
        return (form, rows, form.rowBytes(width: width))
    }

    /// Rows of `depth`-bit samples, the leftmost pixel in the high bits, each row whole bytes.
    private static func pack(width: Int, height: Int, depth: Int, _ sample: (Int) -> UInt8) -> [UInt8] {
        let rowBytes = (width * depth + 7) / 8
        var out = [UInt8](repeating: 0, count: rowBytes * height)
        let perByte = 8 / depth
        for y in 0..<height {
            for x in 0..<width {
                let value = sample(y * width + x)
                if depth == 8 {
                    out[y * rowBytes + x] = value
                } else {
                    let shift = 8 - depth * (x % perByte + 1)
                    out[y * rowBytes + x / perByte] |= value << shift
                }
            }
        }
        return out
    }
}
