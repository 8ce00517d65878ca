import CDeflate
import RefreshImage
import RefreshLocking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one PNG encoding reuses from the previous one on the same thread: a libdeflate
/// compressor for its level and the buffers for the filtered rows and the compressed data.
///
/// Making a compressor and touching two fresh frame-sized buffers for every frame cost about a
/// sixth of each frame's time (page faults and clearing, docs/benchmarks.md). A workspace is used
/// by one encoding at a time: ``PNGWorkspace/with(level:_:)`` takes one from a shared shelf
/// and puts it back after.
final class PNGWorkspace: @unchecked Sendable {
    /// The libdeflate level of ``compressor``.
    let level: Int
    /// The compressor (libdeflate's compressors hold no state between calls).
    let compressor: OpaquePointer
    private var filteredStorage = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    private var compressedStorage = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    /// Where ``inflates(_:to:)`` puts what it checks, and its decompressor (made when first needed).
    private var checkStorage = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    private var decompressor: OpaquePointer?

    /// Buffers larger than this are freed when the workspace is put back, so one huge image
    /// (a contact sheet) does not keep its memory for the rest of the process.
    static let keptBytes = 8 << 20
    /// At most this many idle workspaces are kept.
    static let shelfSize = 16
    private static let shelf = Locked<[PNGWorkspace]>([])

    private init(level: Int) throws {
        guard let compressor = libdeflate_alloc_compressor(Int32(level)) else {
            throw ImageCodecError.libraryFailure("libdeflate could not make a level-\(level) compressor")
        }
        self.level = level
        self.compressor = compressor
    }

    deinit {
        libdeflate_free_compressor(compressor)
        if let decompressor { libdeflate_free_decompressor(decompressor) }
        filteredStorage.deallocate()
        compressedStorage.deallocate()
        checkStorage.deallocate()
    }

    /// Runs `body` with a workspace for `level`, taken from the shelf or made, and shelves it after.
    static func with<R>(level: Int, _ body: (PNGWorkspace) throws -> R) throws -> R {
        let shelved = shelf.withLock { idle -> PNGWorkspace? in
            guard let index = idle.lastIndex(where: { $0.level == level }) else { return nil }
            return idle.remove(at: index)
        }
        let workspace = try shelved ?? PNGWorkspace(level: level)
        defer {
            workspace.trim()
            shelf.withLock { idle in
                if idle.count < shelfSize { idle.append(workspace) }
            }
        }
        return try body(workspace)
    }

    /// A buffer of at least `count` bytes for filtered rows (its contents are left over).
    func filtered(_ count: Int) -> UnsafeMutableBufferPointer<UInt8> {
        Self.grow(&filteredStorage, to: count)
    }

    /// A buffer of at least `count` bytes for compressed data.
    func compressed(_ count: Int) -> UnsafeMutableBufferPointer<UInt8> {
        Self.grow(&compressedStorage, to: count)
    }

    /// True when the zlib stream `data` inflates to exactly `rows`.
    func inflates(_ data: [UInt8], to rows: UnsafeBufferPointer<UInt8>) -> Bool {
        if decompressor == nil { decompressor = libdeflate_alloc_decompressor() }
        guard let decompressor else { return false }
        let check = Self.grow(&checkStorage, to: rows.count)
        let result = data.withUnsafeBytes { input in
            libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, check.baseAddress, check.count, nil)
        }
        guard result == LIBDEFLATE_SUCCESS else { return false }
        guard let checked = check.baseAddress, let expected = rows.baseAddress, check.count == rows.count else { return rows.isEmpty }
        return memcmp(checked, expected, rows.count) == 0
    }

    private static func grow(_ storage: inout UnsafeMutableBufferPointer<UInt8>, to count: Int) -> UnsafeMutableBufferPointer<UInt8> {
        if storage.count < count {
            storage.deallocate()
            storage = .allocate(capacity: count)
            storage.initialize(repeating: 0)
        }
        return UnsafeMutableBufferPointer(rebasing: storage[0..<count])
    }

    private func trim() {
        for keyPath in [\PNGWorkspace.filteredStorage, \PNGWorkspace.compressedStorage, \PNGWorkspace.checkStorage]
        where self[keyPath: keyPath].count > Self.keptBytes {
            self[keyPath: keyPath].deallocate()
            self[keyPath: keyPath] = UnsafeMutableBufferPointer(start: nil, count: 0)
        }
    }
}
