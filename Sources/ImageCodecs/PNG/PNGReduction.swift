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

/// The colours of one or more pictures (an animated PNG's frames), counted to choose the
/// smallest form every one of them fits (``form()``), then to write each one's rows in it.
struct PNGColorCensus {
    private(set) var opaque = true
    private(set) var grey = true
    /// More than 256 colours: no palette.
    private(set) var many = false
    /// The bits every grey value so far needs (kept while the pictures are opaque grey).
    private var greyDepth = 1
    // Colours in the order first seen, found in the GIF encoder's colour table (faster than
    // a Dictionary); counting stops past 256.
    private var table = ColorTable(capacity: 257)
    private var colours: [UInt32] = []

    /// Counts the colours of `count` straight RGBA pixels.
    mutating func count(_ pixels: UnsafeBufferPointer<UInt8>, count: Int) {
        var last: UInt32 = 0
        for i in 0..<count {
            let o = i * 4
            let r = pixels[o], g = pixels[o + 1], b = pixels[o + 2], a = pixels[o + 3]
            if a != 255 { opaque = false }
            if r != g || g != b { grey = false }
            if many {
                if !opaque && !grey { break }
                continue
            }
            let key = PNGReduction.key(r, g, b, a)
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
        if grey && opaque { greyDepth = max(greyDepth, PNGReduction.greyDepth(pixels, count: count, from: greyDepth)) }
    }

    /// Counts a colour no pixel counted may have shown: an animation frame's "unchanged" pixel.
    mutating func count(red r: UInt8, green g: UInt8, blue b: UInt8, alpha a: UInt8) {
        let pixel = [r, g, b, a]
        pixel.withUnsafeBufferPointer { count($0, count: 1) }
    }

    /// The smallest form every counted pixel fits: a palette (colours with alpha first, a short
    /// tRNS, each group in the order seen) unless grey holds them in as few bits, else grey,
    /// grey and alpha, RGB or RGBA at 8 bits.
    mutating func form() -> PNGColorForm {
        if !many {
            let paletteDepth = colours.count <= 2 ? 1 : colours.count <= 4 ? 2 : colours.count <= 16 ? 4 : 8
            if !(grey && opaque && greyDepth <= paletteDepth) { return palette(depth: paletteDepth) }
        }
        if grey && opaque { return PNGColorForm(colorType: 0, bitDepth: UInt8(greyDepth), palette: [], transparency: []) }
        return PNGColorForm(colorType: grey ? 4 : opaque ? 2 : 6, bitDepth: 8, palette: [], transparency: [])
    }

    private mutating func palette(depth: Int) -> PNGColorForm {
        let alpha = { (key: UInt32) in key == PNGReduction.whiteKey ? 0xFF : key & 0xFF }
        let ordered = colours.filter { alpha($0) != 0xFF } + colours.filter { alpha($0) == 0xFF }
        var plte: [UInt8] = []
        plte.reserveCapacity(ordered.count * 3)
        for (slot, key) in ordered.enumerated() {
            table.setValue(slot, for: key)
            let rgba = key == PNGReduction.whiteKey ? UInt32.max : key
            plte += [UInt8(rgba >> 24), UInt8((rgba >> 16) & 0xFF), UInt8((rgba >> 8) & 0xFF)]
        }
        let trns = ordered.prefix { alpha($0) != 0xFF }.map { UInt8(alpha($0)) }
        return PNGColorForm(colorType: 3, bitDepth: UInt8(depth), palette: plte, transparency: trns)
    }

    /// `pixels` (straight RGBA, `width × height`, every one counted) as rows of `form`
    /// (from ``form()``), packed, no filter bytes.
    func rows(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, form: PNGColorForm) -> [UInt8] {
        let count = width * height
        switch form.colorType {
        case 3:
            return PNGReduction.pack(width: width, height: height, depth: Int(form.bitDepth)) { i in
                UInt8(table.value(for: PNGReduction.key(pixels[i * 4], pixels[i * 4 + 1], pixels[i * 4 + 2], pixels[i * 4 + 3])))
            }
        case 0:
            let step = UInt8(255 / ((1 << Int(form.bitDepth)) - 1))
            return PNGReduction.pack(width: width, height: height, depth: Int(form.bitDepth)) { pixels[$0 * 4] / step }
        case 6:
            return Array(pixels[0..<count * 4])
        default:
            let grey = form.colorType == 4
            let channels = form.channels
            var rows = [UInt8](repeating: 0, count: count * channels)
            rows.withUnsafeMutableBufferPointer { out in
                for i in 0..<count {
                    if grey {
                        out[i * 2] = pixels[i * 4]
                        out[i * 2 + 1] = pixels[i * 4 + 3]
                    } else {
                        out[i * 3] = pixels[i * 4]
                        out[i * 3 + 1] = pixels[i * 4 + 1]
                        out[i * 3 + 2] = pixels[i * 4 + 2]
                    }
                }
            }
            return rows
        }
    }
}

/// Finds an image's colour form and writes its rows in it.
enum PNGReduction {
    /// The form `pixels` (straight RGBA, `width × height`) fit and their rows in it, packed
    /// (no filter bytes), `rowBytes` each.
    static func reduce(straight pixels: [UInt8], width: Int, height: Int) -> (form: PNGColorForm, rows: [UInt8], rowBytes: Int) {
        pixels.withUnsafeBufferPointer { p in
            var census = PNGColorCensus()
            census.count(p, count: width * height)
            let form = census.form()
            if form == .rgba { return (form, pixels, width * 4) }
            return (form, census.rows(p, width: width, height: height, form: form), form.rowBytes(width: width))
        }
    }

    /// The smallest depth, from `depth`, holding every grey value of `count` pixels exactly
    /// (1, 2, 4 or 8 bits).
    static func greyDepth(_ pixels: UnsafeBufferPointer<UInt8>, count: Int, from depth: Int) -> Int {
        var depth = depth
        for i in 0..<count where depth < 8 {
            let v = Int(pixels[i * 4])
            while depth < 8 && v % (255 / ((1 << depth) - 1)) != 0 { depth *= 2 }
        }
        return depth
    }

    /// A pixel's key in a ``ColorTable``: RGBA, except opaque white (the table's empty slot),
    /// which takes a key no straight pixel has (red at alpha 0: a transparent pixel is all zeros).
    static func key(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt32 {
        let key = UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | UInt32(a)
        return key == .max ? whiteKey : key
    }

    static let whiteKey: UInt32 = 0xFF00_0000

    /// Rows of `depth`-bit samples, the leftmost pixel in the high bits, each row whole bytes.
    static func pack(width: Int, height: Int, depth: Int, _ sample: (Int) -> UInt8) -> [UInt8] {
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
