/// Pixel-by-pixel checks of a GIF as shown against the frames it came from, over straight RGBA
/// bytes. They walk every pixel of every frame of a gesture, so this target is built with the
/// pixel loops optimised (Package.swift, `pixelSettings`), as the codecs they check are.
public enum PixelChecks {
    /// What a GIF frame, as shown, kept of its source frame.
    public struct Kept: Equatable, Sendable {
        /// Pixels whose transparency the GIF changed: a source alpha of 128 or more must be
        /// shown opaque, anything less clear. The first such pixel's index, if any.
        public var firstAlphaChange: Int?
        /// How many pixels changed their transparency.
        public var alphaChanges = 0
        /// The largest difference of one colour channel over the pixels shown opaque.
        public var worstChannel = 0
        /// The sum of squared channel differences over the pixels shown opaque.
        public var squaredError = 0
        /// How many pixels are shown opaque.
        public var opaque = 0
    }

    /// Compares `shown` (a GIF frame's straight pixels) with `source` (the frame's).
    /// - Precondition: both hold the same number of bytes.
    public static func kept(source: [UInt8], shown: [UInt8]) -> Kept {
        precondition(source.count == shown.count, "pictures of different sizes")
        var kept = Kept()
        var i = 0
        while i + 3 < source.count {
            let opaque = source[i + 3] >= 128
            if opaque != (shown[i + 3] == 255) {
                if kept.firstAlphaChange == nil { kept.firstAlphaChange = i / 4 }
                kept.alphaChanges += 1
            }
            if opaque {
                kept.opaque += 1
                for c in 0..<3 {
                    let d = Int(source[i + c]) - Int(shown[i + c])
                    kept.worstChannel = max(kept.worstChannel, abs(d))
                    kept.squaredError += d * d
                }
            }
            i += 4
        }
        return kept
    }

    /// The sum of squared differences of every byte (every channel, alpha included) of two
    /// pictures of the same size.
    public static func squaredDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        precondition(a.count == b.count, "pictures of different sizes")
        var sum = 0
        for i in a.indices {
            let d = Int(a[i]) - Int(b[i])
            sum += d * d
        }
        return sum
    }

    /// Pixels that stay the same from one source frame to the next (`before` → `now`) but change
    /// as shown (`shownBefore` → `shownNow`): flicker. With `opaqueOnly`, only pixels the source
    /// has at alpha 128 or more count.
    public static func flicker(
        before: [UInt8], now: [UInt8], shownBefore: [UInt8], shownNow: [UInt8], opaqueOnly: Bool = false
    ) -> Int {
        precondition(
            before.count == now.count && now.count == shownBefore.count && now.count == shownNow.count,
            "pictures of different sizes")
        var count = 0
        var i = 0
        while i + 3 < now.count {
            defer { i += 4 }
            guard before[i] == now[i] && before[i + 1] == now[i + 1] && before[i + 2] == now[i + 2] && before[i + 3] == now[i + 3]
            else { continue }
            if opaqueOnly && now[i + 3] < 128 { continue }
            if shownBefore[i] != shownNow[i] || shownBefore[i + 1] != shownNow[i + 1] || shownBefore[i + 2] != shownNow[i + 2]
                || shownBefore[i + 3] != shownNow[i + 3]
            {
                count += 1
            }
        }
        return count
    }
}
