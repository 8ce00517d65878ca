import CDeflate

/// CRC-32 (ISO 3309, the one ZIP and PNG use) by libdeflate.
package enum Checksum {
    /// The CRC-32 of `bytes`.
    /// - Parameter bytes: any bytes.
    /// - Returns: the checksum.
    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
    }
}
