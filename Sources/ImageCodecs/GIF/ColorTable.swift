/// Colours of one frame (32-bit keys: the GIF encoder's RGB, the PNG reduction's RGBA; never
/// `UInt32.max`, the empty slot) with a count and a value each: an open-addressing hash table,
/// several times faster than `Dictionary` for the hundreds of thousands of lookups a frame
/// makes. It doubles when half full.
struct ColorTable {
    private static let empty = UInt32.max
    private var slotKeys: [UInt32]
    private var counts: [Int32]
    private var values: [Int32]
    private var mask: Int
    private var used = 0

    /// A table for colours of a frame of `capacity` pixels (it starts small and grows).
    init(capacity: Int) {
        var size = 1024
        while size < min(capacity, 4096) * 2 { size *= 2 }
        slotKeys = [UInt32](repeating: Self.empty, count: size)
        counts = [Int32](repeating: 0, count: size)
        values = [Int32](repeating: 0, count: size)
        mask = size - 1
    }

    private mutating func grow() {
        let oldKeys = slotKeys, oldCounts = counts, oldValues = values
        let size = (mask + 1) * 2
        slotKeys = [UInt32](repeating: Self.empty, count: size)
        counts = [Int32](repeating: 0, count: size)
        values = [Int32](repeating: 0, count: size)
        mask = size - 1
        for (index, key) in oldKeys.enumerated() where key != Self.empty {
            let i = slot(of: key)
            slotKeys[i] = key
            counts[i] = oldCounts[index]
            values[i] = oldValues[index]
        }
    }

    private func slot(of key: UInt32) -> Int {
        var i = Int(truncatingIfNeeded: (key &* 2_654_435_761) >> 7) & mask
        while slotKeys[i] != key && slotKeys[i] != Self.empty { i = (i + 1) & mask }
        return i
    }

    /// Counts one more pixel of `key`.
    mutating func add(_ key: UInt32) {
        add(key, pixels: 1)
    }

    /// Counts `pixels` more pixels of `key`.
    mutating func add(_ key: UInt32, pixels: Int) {
        var i = slot(of: key)
        if slotKeys[i] == Self.empty {
            if (used + 1) * 2 > mask + 1 {
                grow()
                i = slot(of: key)
            }
            used += 1
            slotKeys[i] = key
        }
        counts[i] += Int32(pixels)
    }

    /// The pixels of `key`.
    func count(of key: UInt32) -> Int { Int(counts[slot(of: key)]) }

    /// Sets the value (a palette index) of a colour already added.
    mutating func setValue(_ value: Int, for key: UInt32) { values[slot(of: key)] = Int32(value) }

    /// The value of a colour already added.
    func value(for key: UInt32) -> Int { Int(values[slot(of: key)]) }

    /// Whether `key` was added.
    func contains(_ key: UInt32) -> Bool { slotKeys[slot(of: key)] == key }

    /// How many distinct colours were added.
    var count: Int { used }

    /// Every colour added, in table order.
    var keys: [UInt32] { slotKeys.filter { $0 != Self.empty } }
}
