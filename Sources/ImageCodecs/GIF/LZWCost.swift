/// Chooses the palette indices of a GIF frame's pixels that may be either transparent or
/// their colour, by running GIF's LZW coder over the frame without writing it, and counts the
/// bytes the coder will then write (docs/images.md, "GIF output").
///
/// At each pixel that is free to be transparent or drawn again, it takes whichever value the
/// code table already continues, so the string being matched grows: the same choice a
/// wildcard-aware coder makes, here made for giflib's coder, which then writes exactly these
/// strings. It follows the coder of the GIF specification as giflib implements it: codes
/// start one bit wider than the code size, grow by a bit when the next code needs it, and
/// the table is cleared when it reaches 4 095 codes.
struct LZWCost {
    /// The code table: an open-addressing hash of prefix code × 256 + index (8 192 slots for
    /// at most 4 095 codes, small enough to stay in cache); a slot counts only when its stamp
    /// is the current generation, so clearing the table is one increment.
    private static let tableSize = 8192
    private var keys = [Int32](repeating: 0, count: LZWCost.tableSize)
    private var codes = [Int16](repeating: 0, count: LZWCost.tableSize)
    private var stamps = [UInt32](repeating: 0, count: LZWCost.tableSize)
    private var generation: UInt32 = 0

    /// The indices for `numbers` (per pixel: a drawn colour's number ≥ 0, −2 − the number of
    /// the colour an unchanged pixel shows, or −1 for a pixel that must stay transparent),
    /// with `slots` giving each colour number's index in the table (0 where the table lacks
    /// it), and the bytes of the image data block at `codeSize` bits per index (2–8).
    mutating func indices(for numbers: [Int32], slots: [UInt8], codeSize: Int) -> (indices: [UInt8], bytes: Int) {
        guard !numbers.isEmpty else { return ([], 3) }
        var indices = [UInt8](repeating: 0, count: numbers.count)
        let clear = 1 << codeSize
        var bits = codeSize + 1, next = clear + 2, total = bits
        generation &+= 1
        if generation > UInt32.max - 8192 {
            // Stamps of earlier generations could come round again: start afresh.
            for i in stamps.indices { stamps[i] = 0 }
            generation = 1
        }
        var current = generation
        keys.withUnsafeMutableBufferPointer { keys in
            codes.withUnsafeMutableBufferPointer { codes in
                stamps.withUnsafeMutableBufferPointer { stamps in
                    let mask = Self.tableSize - 1
                    /// The slot holding `key`, or the free slot where it would go.
                    func slot(_ key: Int32) -> Int {
                        var slot = Int(truncatingIfNeeded: (UInt32(bitPattern: key) &* 2_654_435_761) >> 19) & mask
                        while stamps[slot] == current && keys[slot] != key { slot = (slot + 1) & mask }
                        return slot
                    }
                    func options(_ number: Int32) -> (UInt8, UInt8) {
                        if number >= 0 { return (slots[Int(number)], slots[Int(number)]) }
                        if number == -1 { return (0, 0) }
                        return (slots[Int(-2 - number)], 0)
                    }
                    var previous = options(numbers[0]).0
                    var prefix = Int32(previous)
                    indices[0] = previous
                    for offset in 1..<numbers.count {
                        let (a, b) = options(numbers[offset])
                        // Prefer the value the pixel before took, then the colour, then transparent.
                        let preferred = a == previous || b == previous ? previous : a
                        let other = preferred == a ? b : a
                        let slotPreferred = slot(prefix << 8 | Int32(preferred))
                        if stamps[slotPreferred] == current {
                            prefix = Int32(codes[slotPreferred])
                            indices[offset] = preferred
                            previous = preferred
                            continue
                        }
                        if other != preferred {
                            let slotOther = slot(prefix << 8 | Int32(other))
                            if stamps[slotOther] == current {
                                prefix = Int32(codes[slotOther])
                                indices[offset] = other
                                previous = other
                                continue
                            }
                        }
                        total += bits
                        if next < 4095 {
                            stamps[slotPreferred] = current
                            keys[slotPreferred] = prefix << 8 | Int32(preferred)
                            codes[slotPreferred] = Int16(next)
                            next += 1
                            if next > 1 << bits && bits < 12 { bits += 1 }
                        } else {
                            total += bits
                            current &+= 1
                            bits = codeSize + 1
                            next = clear + 2
                        }
                        prefix = Int32(preferred)
                        indices[offset] = preferred
                        previous = preferred
                    }
                }
            }
        }
        generation = current
        total += 2 * bits
        let data = (total + 7) / 8
        return (indices, 1 + data + (data + 254) / 255 + 1)
    }
}
