/// The size GIF's LZW coder gives a run of palette indices, counted without writing it: the
/// encoder compares ways of writing a frame by it (docs/images.md, "GIF output").
///
/// It follows the coder of the GIF specification as giflib implements it: codes start one
/// bit wider than the code size, grow by a bit when the next code needs it, and the table is
/// cleared when it reaches 4 096 codes.
struct LZWCost {
    private static let tableSize = 16_384
    private var keys = [Int32](repeating: -1, count: LZWCost.tableSize)
    private var codes = [Int16](repeating: 0, count: LZWCost.tableSize)

    /// The bytes of the image data block for `indices` (code size byte, sub-block lengths and
    /// the codes) at `codeSize` bits per index (2–8).
    mutating func bytes(of indices: [UInt8], codeSize: Int) -> Int {
        guard let first = indices.first else { return 3 }
        let clear = 1 << codeSize
        var bits = codeSize + 1, next = clear + 2, total = bits
        var prefix = Int32(first)
        keys.withUnsafeMutableBufferPointer { keys in
            codes.withUnsafeMutableBufferPointer { codes in
                let mask = Self.tableSize - 1
                for pixel in indices.dropFirst() {
                    let key = prefix << 8 | Int32(pixel)
                    var slot = Int(truncatingIfNeeded: (UInt32(bitPattern: key) &* 2_654_435_761) >> 18) & mask
                    var found = false
                    while keys[slot] != -1 {
                        if keys[slot] == key {
                            prefix = Int32(codes[slot])
                            found = true
                            break
                        }
                        slot = (slot + 1) & mask
                    }
                    if found { continue }
                    total += bits
                    if next < 4095 {
                        keys[slot] = key
                        codes[slot] = Int16(next)
                        next += 1
                        if next > 1 << bits && bits < 12 { bits += 1 }
                    } else {
                        total += bits
                        for i in 0..<Self.tableSize { keys[i] = -1 }
                        bits = codeSize + 1
                        next = clear + 2
                    }
                    prefix = Int32(pixel)
                }
                for i in 0..<Self.tableSize { keys[i] = -1 }
            }
        }
        total += 2 * bits
        let data = (total + 7) / 8
        return 1 + data + (data + 254) / 255 + 1
    }
}
