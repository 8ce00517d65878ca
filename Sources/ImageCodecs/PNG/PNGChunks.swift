import CZlib
import RefreshImage

/// Reading and writing the chunks of a PNG file (length, type, body, CRC-32), for the two
/// places that handle chunks themselves: Apple CgBI files and animated PNGs.
enum PNGChunks {
    /// One chunk.
    struct Chunk {
        var type: String
        var body: ArraySlice<UInt8>
    }

    /// The chunks after the signature, up to IEND; throws when one runs past the end.
    static func read(_ data: [UInt8]) throws -> [Chunk] {
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 8 <= data.count {
            let length = Int(bigEndian32(data, offset))
            let type = String(decoding: data[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let start = offset + 8
            guard length <= data.count - start else {
                throw ImageCodecError.malformed(.png, reason: "chunk \(type) runs past the end of the file")
            }
            chunks.append(Chunk(type: type, body: data[start..<(start + length)]))
            if type == "IEND" { break }
            offset = start + length + 4
        }
        return chunks
    }

    /// Appends a chunk with its length and CRC.
    static func append(_ type: String, _ body: some Collection<UInt8>, to out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        out.reserveCapacity(out.count + body.count + 12)
        out += bigEndian(UInt32(body.count))
        out += typeBytes
        out += body
        var crc = crc32(0, nil, 0)
        crc = typeBytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        crc =
            body.withContiguousStorageIfAvailable { crc32(crc, $0.baseAddress, UInt32($0.count)) }
            ?? Array(body).withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        out += bigEndian(UInt32(crc))
    }

    /// Four big-endian bytes.
    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// The big-endian number at `offset`.
    static func bigEndian32<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ offset: Int) -> UInt32 where Bytes.Index == Int {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}
