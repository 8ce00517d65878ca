/// Rewrites what giflib refuses but browsers show, before giflib reads the file.
///
/// An image whose data is empty (its LZW minimum code size followed at once by the block
/// terminator) makes giflib's line reader fail as if the file ended; browsers show such an
/// image as a frame with the canvas as it stands. Its descriptor's size is set to 0×0, which
/// the decoder reads as exactly that frame.
enum GIFStreamRepair {
    static func repaired(_ data: [UInt8]) -> [UInt8] {
        var empty: [Int] = []
        GIFBlocks.walk(data) { block in
            if case let .image(descriptor, start) = block, start + 1 < data.count, data[start + 1] == 0 { empty.append(descriptor) }
        }
        guard !empty.isEmpty else { return data }
        var d = data
        for descriptor in empty { for offset in 5...8 { d[descriptor + offset] = 0 } }
        return d
    }
}
