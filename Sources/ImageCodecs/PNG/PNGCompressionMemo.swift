import RefreshImage
import CDeflate

/// The compressed data of frames an encoder made recently, found again by their filtered
/// rows: a looping GIF or Lottie state repeats the same few pictures many times a second,
/// and a frame seen before is not compressed again (docs/benchmarks.md).
///
/// Only the compressed data is kept (a few KB a frame), under a hash of the filtered rows. A
/// frame is matched only when the kept data inflates to exactly its filtered rows, so the file
/// is the same bytes as compressing it again. At most ``maxEntries`` frames and
/// ``maxCompressedBytes`` are kept, least recently used out. Thread-safe.
package final class PNGCompressionMemo: Sendable {
    /// The most frames kept.
    package static let maxEntries = 64
    /// The most compressed bytes kept.
    package static let maxCompressedBytes = 8 << 20

    private struct Entry {
        var hash: UInt64
        var compressed: PNGEncoder.CompressedImage
    }

    private let entries = Locked<[Entry]>([])

    /// An empty memo.
    package init() {}

    /// The number of frames kept.
    package var count: Int { entries.withLock { $0.count } }

    /// The kept data whose filtered rows are `rows` (checked by inflating it), or nil.
    func lookUp(_ rows: UnsafeBufferPointer<UInt8>, width: Int, height: Int, hash: UInt64, in workspace: PNGWorkspace) -> PNGEncoder.CompressedImage? {
        let candidates = entries.withLock { list in
            list.filter { $0.hash == hash && $0.compressed.width == width && $0.compressed.height == height }.map(\.compressed)
        }
        for candidate in candidates where workspace.inflates(candidate.data, to: rows) {
            entries.withLock { list in
                if let index = list.lastIndex(where: { $0.hash == hash && $0.compressed == candidate }) {
                    list.append(list.remove(at: index))
                }
            }
            return candidate
        }
        return nil
    }

    /// Keeps `compressed` under `hash`, dropping the least recently used beyond the limits.
    func keep(_ compressed: PNGEncoder.CompressedImage, hash: UInt64) {
        guard compressed.data.count <= Self.maxCompressedBytes else { return }
        entries.withLock { list in
            list.append(Entry(hash: hash, compressed: compressed))
            var total = list.reduce(0) { $0 + $1.compressed.data.count }
            while list.count > Self.maxEntries || total > Self.maxCompressedBytes {
                total -= list.removeFirst().compressed.data.count
            }
        }
    }

    /// A 64-bit hash of `bytes` in four independent lanes of eight bytes (a lookup key, not a
    /// proof: a match is confirmed byte for byte).
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let raw = UnsafeRawBufferPointer(bytes)
        let seed = UInt64(truncatingIfNeeded: raw.count) &* 0x9E37_79B9_7F4A_7C15
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (seed, seed ^ 1, seed ^ 2, seed ^ 3)
        @inline(__always) func mix(_ h: UInt64, _ word: UInt64) -> UInt64 {
            let m = (h ^ word) &* 0xFF51_AFD7_ED55_8CCD
            return m ^ (m >> 29)
        }
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
        return mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3)
    }
}
