import ImageCodecs
import RefreshImage
import Synchronization

/// The compressed PNG data of the last distinct frames of one animation, found again by their
/// pixels: a looping GIF or Lottie state repeats the same few pictures many times a second,
/// and a frame seen before is not compressed again (docs/benchmarks.md).
///
/// A frame is looked up by a hash of its pixels and matched only when every pixel is equal,
/// so the file is the same bytes as compressing it again. The memo keeps at most
/// ``maxEntries`` frames and ``maxPixelBytes`` of their pixels, least recently used out.
final class CompressedFrameMemo: Sendable {
    /// The most frames kept.
    static let maxEntries = 8
    /// The most pixel bytes kept.
    static let maxPixelBytes = 16 << 20

    private struct Entry {
        var hash: UInt64
        var image: RGBAImage
        var compressed: PNGEncoder.CompressedImage
    }

    private let entries = Mutex<[Entry]>([])
    private let encoder: PNGEncoder

    /// A memo for frames compressed by `encoder`.
    init(encoder: PNGEncoder) {
        self.encoder = encoder
    }

    /// The compressed data of `image`: kept from an equal frame, or compressed now and kept.
    func compressed(_ image: RGBAImage) throws -> PNGEncoder.CompressedImage {
        let hash = Self.hash(image)
        let kept = entries.withLock { list -> PNGEncoder.CompressedImage? in
            guard let index = list.lastIndex(where: { $0.hash == hash && $0.image == image }) else { return nil }
            let entry = list.remove(at: index)
            list.append(entry)
            return entry.compressed
        }
        if let kept { return kept }
        let compressed = try encoder.compress(image)
        let bytes = image.pixels.count
        guard bytes <= Self.maxPixelBytes else { return compressed }
        entries.withLock { list in
            list.append(Entry(hash: hash, image: image, compressed: compressed))
            var total = list.reduce(0) { $0 + $1.image.pixels.count }
            while list.count > Self.maxEntries || total > Self.maxPixelBytes {
                total -= list.removeFirst().image.pixels.count
            }
        }
        return compressed
    }

    /// A 64-bit hash of the size and pixels, in four independent lanes of eight bytes (a
    /// lookup key, not a proof: a match is confirmed pixel by pixel).
    static func hash(_ image: RGBAImage) -> UInt64 {
        let seed = UInt64(truncatingIfNeeded: image.width) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: image.height)
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (seed, seed ^ 1, seed ^ 2, seed ^ 3)
        @inline(__always) func mix(_ h: UInt64, _ word: UInt64) -> UInt64 {
            let m = (h ^ word) &* 0xFF51_AFD7_ED55_8CCD
            return m ^ (m >> 29)
        }
        image.pixels.withUnsafeBytes { raw in
            let blocks = raw.count / 32
            for i in 0..<blocks {
                let o = i * 32
                lanes.0 = mix(lanes.0, raw.loadUnaligned(fromByteOffset: o, as: UInt64.self))
                lanes.1 = mix(lanes.1, raw.loadUnaligned(fromByteOffset: o + 8, as: UInt64.self))
                lanes.2 = mix(lanes.2, raw.loadUnaligned(fromByteOffset: o + 16, as: UInt64.self))
                lanes.3 = mix(lanes.3, raw.loadUnaligned(fromByteOffset: o + 24, as: UInt64.self))
            }
            for i in (blocks * 32)..<raw.count {
                lanes.0 = mix(lanes.0, UInt64(raw[i]))
            }
        }
        return mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3)
    }
}
