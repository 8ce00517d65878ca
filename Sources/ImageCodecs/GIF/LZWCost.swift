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
    /// at most 4 095 codes, small enough to stay in cache). Each slot holds its generation in
    /// the high 32 bits and its key in the low ones, so one comparison finds a key of the
    /// current table, and clearing the table is one increment.
    private static let tableSize = 8192
    private var entries = [UInt64](repeating: 0, count: LZWCost.tableSize)
    private var codes = [Int16](repeating: 0, count: LZWCost.tableSize)
    private var generation: UInt64 = 0

    /// The indices for `numbers` (per pixel: a drawn colour's number ≥ 0, −2 − the number of
    /// the colour an unchanged pixel shows, or −1 for a pixel that must stay transparent),
    /// with `slots` giving each colour number's index in the table (0 where the table lacks
    /// it), and the bytes of the image data block at `codeSize` bits per index (2–8).
    mutating func indices(for numbers: [Int32], slots: [UInt8], codeSize: Int) -> (indices: [UInt8], bytes: Int) {
        guard !numbers.isEmpty else { return ([], 3) }
        var indices = [UInt8](repeating: 0, count: numbers.count)
        let clear = 1 << codeSize
        var bits = codeSize + 1, next = clear + 2, total = bits
        generation += 1
        if generation >= UInt64(UInt32.max) - 1_000_000 {
            // Generations are the high 32 bits of an entry: start afresh long before they wrap.
            for i in entries.indices { entries[i] = 0 }
            generation = 1
        }
        var current = generation << 32
        numbers.withUnsafeBufferPointer { numbers in
            slots.withUnsafeBufferPointer { slots in
                indices.withUnsafeMutableBufferPointer { indices in
                    entries.withUnsafeMutableBufferPointer { entries in
                        codes.withUnsafeMutableBufferPointer { codes in
                            let mask = Self.tableSize - 1
                            /// The value to try first and the other a pixel may take (the same
                            /// when it must take one value).
                            func options(_ number: Int32) -> (UInt8, UInt8) {
                                if number >= 0 {
                                    let slot = slots[Int(number)]
                                    return (slot, slot)
                                }
                                return number < -1 ? (slots[Int(-2 - number)], 0) : (0, 0)
                            }
                            var previous = options(numbers[0]).0
                            var prefix = UInt32(previous)
                            indices[0] = previous
                            for offset in 1..<numbers.count {
                                let (a, b) = options(numbers[offset])
                                // Prefer the value the pixel before took, then the colour, then transparent.
                                let preferred = b == previous ? b : a
                                let other = preferred == a ? b : a
                                /// The slot of `value` after the current prefix, and whether the
                                /// table holds it (else the free slot where it would go).
                                func find(_ value: UInt8) -> (slot: Int, found: Bool) {
                                    let key = UInt64(prefix << 8 | UInt32(value))
                                    var slot = Int(truncatingIfNeeded: (UInt32(key) &* 2_654_435_761) >> 19) & mask
                                    while entries[slot] >> 32 == current >> 32 {
                                        if entries[slot] == current | key { return (slot, true) }
                                        slot = (slot + 1) & mask
                                    }
                                    return (slot, false)
                                }
                                // The value the code table continues, preferred first.
                                let (slot, found) = find(preferred)
                                var hit: (code: Int16, value: UInt8)? = found ? (codes[slot], preferred) : nil
                                if hit == nil && other != preferred {
                                    let (otherSlot, otherFound) = find(other)
                                    if otherFound { hit = (codes[otherSlot], other) }
                                }
                                if let hit {
                                    prefix = UInt32(hit.code)
                                    indices[offset] = hit.value
                                    previous = hit.value
                                    continue
                                }
                                total += bits
                                if next < 4095 {
                                    entries[slot] = current | UInt64(prefix << 8 | UInt32(preferred))
                                    codes[slot] = Int16(next)
                                    next += 1
                                    if next > 1 << bits && bits < 12 { bits += 1 }
                                } else {
                                    total += bits
                                    current += 1 << 32
                                    bits = codeSize + 1
                                    next = clear + 2
                                }
                                prefix = UInt32(preferred)
                                indices[offset] = preferred
                                previous = preferred
                            }
                        }
                    }
                }
            }
        }
        generation = current >> 32
        total += 2 * bits
        let data = (total + 7) / 8
        return (indices, 1 + data + (data + 254) / 255 + 1)
    }
}
