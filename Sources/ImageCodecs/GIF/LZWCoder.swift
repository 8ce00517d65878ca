/// GIF's LZW coder, written for our frames (docs/images.md, "GIF output"): it chooses the
/// palette indices of the pixels that may be either transparent or their colour, and codes
/// the frame.
///
/// At each pixel that is free to be transparent or drawn again, it takes whichever value the
/// code table already continues, so the string being matched grows; where neither does, the
/// value the pixel before took, else the one its ``Leaning`` says. Codes start one bit wider
/// than the code size and grow by a bit when the next code needs it, up to 12 bits.
///
/// When the table is full (4 096 codes) it is not cleared at once, as giflib's coder does: it
/// goes on matching against the full table, which codes a picture that repeats itself better
/// than a table learning afresh. It clears the table only once the full table codes worse
/// than a fresh one did: when the last 256 codes cover fewer pixels a bit than the table
/// managed on average while it filled (learning included).
struct LZWCoder {
    /// The code table: an open-addressing hash of prefix code × 256 + index (8 192 slots for
    /// at most 4 096 codes, small enough to stay in cache). Each slot holds its generation in
    /// the high 32 bits and its key in the low ones, so one comparison finds a key of the
    /// current table, and clearing the table is one increment.
    private static let tableSize = 8192
    private var entries = [UInt64](repeating: 0, count: LZWCoder.tableSize)
    private var codes = [Int16](repeating: 0, count: LZWCoder.tableSize)
    private var generation: UInt64 = 0
    /// Codes a full table is judged over before it may be cleared.
    static let window = 256

    /// When the code table is cleared.
    enum Clearing {
        /// As soon as it is full, as giflib's coder does (at 4 095 codes).
        case whenFull
        /// Once the full table codes worse than it did while it filled.
        case whenWorse
    }

    /// Which value a pixel free to be transparent or its colour takes when the code table
    /// continues neither and the pixel before took neither: which is better depends on the
    /// picture (redrawn flat areas, or clear runs between scattered changes), so both are tried.
    enum Leaning {
        /// Its colour.
        case toColor
        /// Transparent.
        case toClear
        /// Transparent, whatever the code table continues: where only scattered pixels
        /// change, long clear runs repeat better than the picture drawn again around them.
        case alwaysClear
    }

    /// What a colour error allows the coder (docs/images.md, "GIF output"): a pixel whose
    /// source changed may take a near colour where the code table continues with it and the
    /// exact one does not, so the string being matched grows instead of ending.
    struct Lossy {
        /// Per pixel: its source colour (RGB shifted left by 8 and 0xFF) where it may take a
        /// near colour, 0 where it must take its own.
        var sources: [UInt32]
        /// Per pixel: the colour the screen shows under it (0 where transparent): a changed
        /// pixel may also stay as it is (transparent in the frame) when that colour is near.
        var shown: [UInt32]
        /// Per table index, the colour it shows (index 0, transparent, is never taken).
        var palette: [UInt32]
        /// Per table index, the other indices within reach of it, nearest first.
        var near: [[UInt8]]
        /// The largest squared error (summed over the channels) one pixel may take.
        var pixelLimit: Int
        /// The squared error the frame may still take, summed over its pixels.
        var budget: Int

        /// The coder's options for `palette` (its first `count` indices in use).
        init(sources: [UInt32], shown: [UInt32], palette: [UInt32], count: Int, pixelLimit: Int, budget: Int) {
            self.sources = sources
            self.shown = shown
            self.palette = palette
            self.pixelLimit = pixelLimit
            self.budget = budget
            // Two colours within reach of a source pixel are within 4 × the limit of each other.
            near = (0..<count).map { a in
                guard a > 0 else { return [] }
                var close: [(Int, UInt8)] = []
                for b in 1..<count where b != a {
                    let d = GIFPictureErrors.squared(palette[a], palette[b])
                    if d <= 4 * pixelLimit { close.append((d, UInt8(b))) }
                }
                return close.sorted { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }.map(\.1)
            }
        }
    }

    /// A coded frame: the LZW data (before it is cut into sub-blocks) and the bytes of the
    /// image data block that carries it.
    struct Coded {
        var data: [UInt8]
        /// Whether the code table filled up (only then does ``Clearing`` change the data).
        var filled: Bool
        /// Pixels given a near colour (``Lossy``): their offset and the index they took.
        var near: [(offset: Int, index: UInt8)] = []
        /// The code size byte, the data in sub-blocks of at most 255 bytes, and the
        /// terminator.
        var bytes: Int { 1 + data.count + (data.count + 254) / 255 + 1 }
    }

    /// Codes `numbers` (per pixel: a drawn colour's number ≥ 0, −2 − the number of the colour
    /// an unchanged pixel shows, or −1 for a pixel that must stay transparent), with `slots`
    /// giving each colour number's index in the table (0 where the table lacks it), at
    /// `codeSize` bits per index (2–8), clearing the code table as `clearing` says; with
    /// `lossy`, changed pixels may take near colours within its limits.
    mutating func code(
        _ numbers: [Int32], slots: [UInt8], codeSize: Int, clearing: Clearing = .whenWorse, leaning: Leaning = .toColor,
        lossy: Lossy? = nil
    ) -> Coded {
        let clear = 1 << codeSize
        var output = BitPacker(capacity: numbers.count / 2 + 16)
        var widths = CodeWidths(codeSize: codeSize, limit: clearing == .whenFull ? 4095 : 4096)
        output.put(clear, widths.bits)
        guard !numbers.isEmpty else {
            output.put(clear + 1, widths.bits)
            return Coded(data: output.finish(), filled: false)
        }
        generation += 1
        if generation >= UInt64(UInt32.max) - 1_000_000 {
            // Generations are the high 32 bits of an entry: start afresh long before they wrap.
            for i in entries.indices { entries[i] = 0 }
            generation = 1
        }
        var judge = ClearingJudge(bits: widths.bits)
        var taken: [(offset: Int, index: UInt8)] = []
        var current = generation << 32
        numbers.withUnsafeBufferPointer { numbers in
            slots.withUnsafeBufferPointer { slots in
                entries.withUnsafeMutableBufferPointer { entries in
                    codes.withUnsafeMutableBufferPointer { codes in
                        var pass = Pass(
                            numbers: numbers, slots: slots, entries: entries, codes: codes, current: current,
                            alwaysClear: leaning == .alwaysClear, lossy: lossy)
                        pass.run(
                            leansToColor: leaning == .toColor, clear: clear, widths: &widths, judge: &judge, output: &output, taken: &taken)
                        current = pass.current
                    }
                }
            }
        }
        generation = current >> 32
        // The end code: the decoder, having read the last code, may have grown the width.
        if widths.next < widths.limit && widths.next + 1 > 1 << widths.bits && widths.bits < 12 { widths.bits += 1 }
        output.put(clear + 1, widths.bits)
        return Coded(data: output.finish(), filled: judge.everFilled, near: taken)
    }

    /// Codes as bits, least significant first, packed into bytes.
    private struct BitPacker {
        private var data: [UInt8] = []
        private var pending: UInt64 = 0
        private var pendingBits = 0

        init(capacity: Int) { data.reserveCapacity(capacity) }

        mutating func put(_ code: Int, _ width: Int) {
            pending |= UInt64(code) << UInt64(pendingBits)
            pendingBits += width
            while pendingBits >= 8 {
                data.append(UInt8(truncatingIfNeeded: pending))
                pending >>= 8
                pendingBits -= 8
            }
        }

        /// The bytes, the last one padded with zero bits.
        mutating func finish() -> [UInt8] {
            if pendingBits > 0 { data.append(UInt8(truncatingIfNeeded: pending)) }
            pendingBits = 0
            return data
        }
    }

    /// The code width and the next free code, which grows the width as it passes a power of two.
    private struct CodeWidths {
        let codeSize: Int
        /// The number of codes a table holds before it is full (4 095 when cleared as giflib does).
        let limit: Int
        var bits: Int
        var next: Int

        init(codeSize: Int, limit: Int) {
            self.codeSize = codeSize
            self.limit = limit
            bits = codeSize + 1
            next = (1 << codeSize) + 2
        }

        /// Takes the next code for a new string; true when that filled the table.
        mutating func add() -> Bool {
            next += 1
            if next > 1 << bits && bits < 12 { bits += 1 }
            return next == limit
        }

        /// Back to an empty table after the clear code.
        mutating func reset() { self = CodeWidths(codeSize: codeSize, limit: limit) }
    }

    /// Whether to clear a full code table (``Clearing/whenWorse``): the pixels the last `window`
    /// codes covered a bit against what the table covered a bit while it filled.
    private struct ClearingJudge {
        /// Since the last clear: bits written and pixels covered.
        var bitsSinceClear: Int
        var pixelsSinceClear = 0
        /// The bits and pixels when the table filled; nil while it fills.
        var filled: (bits: Int, pixels: Int)?
        var everFilled = false
        /// Once full, the pixels each of the last `window` codes covered (a ring) and their sum.
        var ring = [Int](repeating: 0, count: LZWCoder.window)
        var ringIndex = 0, ringCount = 0, ringPixels = 0

        init(bits: Int) { bitsSinceClear = bits }

        /// A code of `bits` written for a string of `run` pixels.
        mutating func wrote(bits: Int, run: Int) {
            bitsSinceClear += bits
            pixelsSinceClear += run
        }

        mutating func tableFilled() {
            filled = (bitsSinceClear, pixelsSinceClear)
            everFilled = true
        }

        /// With the table full, a string of `run` pixels coded at `bits`: true when the full
        /// table now codes worse than it did while it filled.
        mutating func fullTableIsWorse(run: Int, bits: Int) -> Bool {
            guard let full = filled else { return false }
            ringPixels += run - ring[ringIndex]
            ring[ringIndex] = run
            ringIndex = (ringIndex + 1) % LZWCoder.window
            ringCount += 1
            return ringCount >= LZWCoder.window && LZWCoder.window * bits * full.pixels > full.bits * ringPixels
        }

        /// After the clear code, at `bits` a code.
        mutating func cleared(bits: Int) {
            self = ClearingJudge(bits: bits)
            everFilled = true
        }
    }

    /// One coding's view of the pixels and the code table: what each pixel may take, where a
    /// string is in the table, how far the table runs, and the near colours a changed pixel may
    /// take instead of its own.
    private struct Pass {
        let numbers: UnsafeBufferPointer<Int32>
        let slots: UnsafeBufferPointer<UInt8>
        let entries: UnsafeMutableBufferPointer<UInt64>
        let codes: UnsafeMutableBufferPointer<Int16>
        /// The current generation in the high 32 bits (``LZWCoder``'s entries).
        var current: UInt64
        let alwaysClear: Bool
        var lossy: Lossy?

        /// The value to try first and the other a pixel may take (the same when it must take
        /// one value).
        func options(_ number: Int32) -> (UInt8, UInt8) {
            if number >= 0 {
                let slot = slots[Int(number)]
                return (slot, slot)
            }
            return number < -1 && !alwaysClear ? (slots[Int(-2 - number)], 0) : (0, 0)
        }

        /// The slot of `value` after `prefix`, and whether the table holds it (else the free
        /// slot where it would go).
        func probe(_ prefix: UInt32, _ value: UInt8) -> (slot: Int, found: Bool) {
            let mask = LZWCoder.tableSize - 1
            let key = UInt64(prefix << 8 | UInt32(value))
            var slot = Int(truncatingIfNeeded: (UInt32(key) &* 2_654_435_761) >> 19) & mask
            while entries[slot] >> 32 == current >> 32 {
                if entries[slot] == current | key { return (slot, true) }
                slot = (slot + 1) & mask
            }
            return (slot, false)
        }

        /// The code of `value` after `prefix`, when the table holds it.
        func code(after prefix: UInt32, _ value: UInt8) -> Int16? {
            let (slot, found) = probe(prefix, value)
            return found ? codes[slot] : nil
        }

        /// How many pixels from `start` the code table continues the string `code` with, each
        /// pixel taking a value it may, a changed pixel also the first near colour the table
        /// continues (at most 64 pixels).
        func runAhead(from code: UInt32, at start: Int) -> Int {
            var prefix = code, count = 0
            var offset = start
            while offset < numbers.count && count < 64 {
                let (a, b) = options(numbers[offset])
                var next = self.code(after: prefix, a)
                if next == nil && b != a { next = self.code(after: prefix, b) }
                if next == nil, a == b, a != 0, let allowed = lossy, allowed.sources[offset] != 0 {
                    for value in allowed.near[Int(a)]
                    where GIFPictureErrors.squared(allowed.palette[Int(value)], allowed.sources[offset]) <= allowed.pixelLimit {
                        next = self.code(after: prefix, value)
                        if next != nil { break }
                    }
                }
                guard let next else { break }
                prefix = UInt32(next)
                count += 1
                offset += 1
            }
            return count
        }

        /// The near colour a changed pixel at `offset` may take instead of its own (`a`, when
        /// it must take one value): of the indices within the pixel's limit and the frame's
        /// budget that `string` makes a string of (the code it goes on as; nil for none), the
        /// one whose string the table runs furthest from the next pixel, and at least `margin`
        /// pixels further than `own` (the code its own colour goes on as; nil when its own
        /// colour ends the string); the nearer on a tie. Index 0, tried first, is the pixel
        /// left as the screen shows it. Also what it adds to the frame's error.
        func nearColour(
            at offset: Int, for a: UInt8, _ b: UInt8, own: UInt32?, margin: Int, string: (UInt8) -> UInt32?
        ) -> (value: UInt8, code: UInt32, cost: Int)? {
            guard a == b, a != 0, let allowed = lossy, allowed.sources[offset] != 0 else { return nil }
            let source = allowed.sources[offset]
            let ownError = GIFPictureErrors.squared(allowed.palette[Int(a)], source)
            let atLeast = own.map { runAhead(from: $0, at: offset + 1) + margin } ?? -1
            var best: (length: Int, error: Int, code: UInt32, value: UInt8)?
            let under = allowed.shown[offset]
            for position in 0...allowed.near[Int(a)].count where position > 0 || under != 0 {
                let value = position == 0 ? 0 : allowed.near[Int(a)][position - 1]
                let error = GIFPictureErrors.squared(value == 0 ? under : allowed.palette[Int(value)], source)
                guard error <= allowed.pixelLimit, error - ownError <= allowed.budget, let code = string(value) else { continue }
                let length = runAhead(from: code, at: offset + 1)
                guard length >= atLeast else { continue }
                if best.map({ length > $0.length || (length == $0.length && error < $0.error) }) ?? true {
                    best = (length, error, code, value)
                }
            }
            return best.map { ($0.value, $0.code, max(0, $0.error - ownError)) }
        }

        /// Codes every pixel: grows the string while the table continues it (a pixel free to be
        /// transparent or its colour taking whichever does), writes its code where it ends,
        /// adds the new string, and clears the table as `widths` and `judge` say.
        mutating func run(
            leansToColor: Bool, clear: Int, widths: inout CodeWidths, judge: inout ClearingJudge, output: inout BitPacker,
            taken: inout [(offset: Int, index: UInt8)]
        ) {
            var previous = options(numbers[0]).0
            var prefix = UInt32(previous)
            var length = 1
            for offset in 1..<numbers.count {
                let (a, b) = options(numbers[offset])
                // Prefer the value the pixel before took; else as the leaning says.
                let preferred = a == previous || (b != previous && leansToColor) ? a : b
                let other = preferred == a ? b : a
                // The value the code table continues, preferred first.
                let (slot, found) = probe(prefix, preferred)
                var hit: (code: Int16, value: UInt8)? = found ? (codes[slot], preferred) : nil
                if hit == nil && other != preferred, let code = code(after: prefix, other) { hit = (code, other) }
                // A changed pixel may take a near colour the table continues with: where its own
                // colour ends the string, or where the near one's string runs at least two pixels
                // further.
                let from = prefix
                if let continued = nearColour(
                    at: offset, for: a, b, own: hit.map { UInt32($0.code) }, margin: 2,
                    string: { value in self.code(after: from, value).map(UInt32.init) })
                {
                    lossy?.budget -= continued.cost
                    taken.append((offset, continued.value))
                    hit = (Int16(continued.code), continued.value)
                }
                if let hit {
                    prefix = UInt32(hit.code)
                    previous = hit.value
                    length += 1
                    continue
                }
                output.put(Int(prefix), widths.bits)
                judge.wrote(bits: widths.bits, run: length)
                // The pixel starting the next string, when it changed, may take a near colour too
                // (only an index the code size holds is a string of its own): one the table runs
                // at least three pixels further than its own colour (a margin of two took near
                // colours that later strings paid for on the transparent header). The entry added
                // ends with whatever it takes.
                var first = preferred, firstSlot = slot
                let started = nearColour(at: offset, for: a, b, own: UInt32(a), margin: 3) { value in
                    Int(value) < clear ? UInt32(value) : nil
                }
                if let started, case let (nearSlot, inTable) = probe(prefix, started.value), !inTable {
                    lossy?.budget -= started.cost
                    taken.append((offset, started.value))
                    first = started.value
                    firstSlot = nearSlot
                }
                if widths.next < widths.limit {
                    entries[firstSlot] = current | UInt64(prefix << 8 | UInt32(first))
                    codes[firstSlot] = Int16(widths.next)
                    if widths.add() { judge.tableFilled() }
                } else if widths.limit == 4095 || judge.fullTableIsWorse(run: length, bits: widths.bits) {
                    // giflib's rule (the clear code instead of code 4 095), or ours.
                    output.put(clear, widths.bits)
                    current += 1 << 32
                    widths.reset()
                    judge.cleared(bits: widths.bits)
                }
                length = 1
                prefix = UInt32(first)
                previous = first
            }
            output.put(Int(prefix), widths.bits)
        }
    }

    /// The smallest coding of `numbers` (see ``code(_:slots:codeSize:clearing:leaning:)``),
    /// given its `first` coding with the defaults: where the code table fills up, cleared at
    /// once too, and where some pixels are free to take either value, the other leanings
    /// (clearing the full table at once in those never came out smaller in our scenes).
    mutating func smallest(_ numbers: [Int32], slots: [UInt8], codeSize: Int, first: Coded, lossy: Lossy? = nil) -> Coded {
        var best = first
        func consider(_ coded: Coded) { if coded.bytes < best.bytes { best = coded } }
        if first.filled { consider(code(numbers, slots: slots, codeSize: codeSize, clearing: .whenFull, lossy: lossy)) }
        guard numbers.contains(where: { $0 < -1 }) else { return best }
        consider(code(numbers, slots: slots, codeSize: codeSize, leaning: .toClear, lossy: lossy))
        consider(code(numbers, slots: slots, codeSize: codeSize, leaning: .alwaysClear, lossy: lossy))
        return best
    }
}
