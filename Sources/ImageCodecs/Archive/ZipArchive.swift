import CDeflate

/// A ZIP archive written in one go (docs/export.md): each file deflated with libdeflate (or
/// stored when that does not make it smaller, as PNGs are), CRC-32 by libdeflate, every
/// time stamp 1980-01-01 00:00 and no extra fields, so the same files give the same bytes.
///
/// The container is written by hand: it is two small record layouts around libdeflate's raw
/// deflate, and the machine's zip libraries would add a dependency for them.
package enum ZipArchive {
    /// The most files and bytes one archive takes (ZIP without its 64-bit extension).
    public static let maxEntries = 65_535
    /// The largest archive, in bytes.
    public static let maxBytes = Int(UInt32.max) - 1

    /// An archive of `files`, in the order given.
    /// - Parameter files: each file's path inside the archive (`/`-separated) and bytes.
    /// - Returns: the archive's bytes.
    /// - Throws: ``ZipArchive/TooLarge`` past ``maxEntries`` files or ``maxBytes`` bytes.
    public static func archive(_ files: [(path: String, bytes: [UInt8])]) throws -> [UInt8] {
        guard files.count <= maxEntries else { throw TooLarge() }
        guard let compressor = libdeflate_alloc_compressor(9) else { throw TooLarge() }
        defer { libdeflate_free_compressor(compressor) }
        var out: [UInt8] = []
        var central: [UInt8] = []
        for (path, bytes) in files {
            let name = Array(path.utf8)
            let crc = bytes.withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
            var packed = [UInt8](repeating: 0, count: libdeflate_deflate_compress_bound(compressor, bytes.count))
            let size = bytes.withUnsafeBytes { source in
                packed.withUnsafeMutableBytes {
                    libdeflate_deflate_compress(compressor, source.baseAddress, source.count, $0.baseAddress, $0.count)
                }
            }
            let deflated = size > 0 && size < bytes.count
            let body = deflated ? Array(packed[..<size]) : bytes
            guard out.count + body.count + name.count + 30 < maxBytes, name.count <= 0xFFFF else { throw TooLarge() }
            let offset = UInt32(out.count)
            // Version 2.0, no flags, deflate (8) or stored (0), time 00:00, date 1980-01-01.
            let common: [UInt8] =
                le16(20) + le16(0x0800) + le16(deflated ? 8 : 0) + le16(0) + le16(0x21) + le32(crc)
                + le32(UInt32(body.count)) + le32(UInt32(bytes.count)) + le16(UInt16(name.count)) + le16(0)
            out += le32(0x0403_4B50) + common + name + body
            central += le32(0x0201_4B50) + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + name
        }
        let start = UInt32(out.count)
        guard out.count + central.count + 22 < maxBytes else { throw TooLarge() }
        out += central
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(files.count)) + le16(UInt16(files.count))
        out += le32(UInt32(central.count)) + le32(start) + le16(0)
        return out
    }

    /// More files or bytes than a ZIP without its 64-bit extension holds.
    public struct TooLarge: Error, Equatable {}

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}
