import CDeflate
import RefreshImage
import RefreshLocking

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

    private struct State {
        var entries: [Entry] = []
        /// Hashes of rows some thread is compressing now.
        var inFlight: Set<UInt64> = []
    }

    private let state = Locked(State())

    /// An empty memo.
    package init() {}

    /// The number of frames kept.
    package var count: Int { state.withLock { $0.entries.count } }

    /// The kept data whose filtered rows are `rows` (checked by inflating it), or nil: then
    /// the caller compresses them and must hand the result (or nil on failure) to
    /// ``keep(_:hash:)``. While another thread compresses rows with the same hash, this waits
    /// for its result instead of making the same data twice (consecutive frames of a
    /// sequence are often equal and are made at the same time on different threads).
    func lookUp(
        _ rows: UnsafeBufferPointer<UInt8>, width: Int, height: Int, form: PNGColorForm, hash: UInt64, in workspace: PNGWorkspace
    ) -> PNGEncoder.CompressedImage? {
        // The same rows in another colour form (another palette) are another picture.
        let candidates = state.withLock(waitingWhile: { $0.inFlight.contains(hash) }) { state in
            state.entries.filter {
                $0.hash == hash && $0.compressed.width == width && $0.compressed.height == height && $0.compressed.form == form
            }.map(\.compressed)
        }
        for candidate in candidates where workspace.inflates(candidate.data, to: rows) {
            state.withLock { state in
                if let index = state.entries.lastIndex(where: { $0.hash == hash && $0.compressed == candidate }) {
                    state.entries.append(state.entries.remove(at: index))
                }
            }
            return candidate
        }
        state.withLock { _ = $0.inFlight.insert(hash) }
        return nil
    }

    /// Keeps `compressed` under `hash` (nil: compressing failed), dropping the least recently
    /// used beyond the limits, and wakes threads waiting for that hash.
    func keep(_ compressed: PNGEncoder.CompressedImage?, hash: UInt64) {
        state.withLockThenWake { state in
            state.inFlight.remove(hash)
            guard let compressed, compressed.data.count <= Self.maxCompressedBytes else { return }
            state.entries.append(Entry(hash: hash, compressed: compressed))
            var total = state.entries.reduce(0) { $0 + $1.compressed.data.count }
            while state.entries.count > Self.maxEntries || total > Self.maxCompressedBytes {
                total -= state.entries.removeFirst().compressed.data.count
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
