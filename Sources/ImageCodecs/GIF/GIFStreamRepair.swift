/// Rewrites what giflib refuses but browsers show, before giflib reads the file.
///
/// An image whose data is empty (its LZW minimum code size followed at once by the block
/// terminator) makes giflib's line reader fail as if the file ended; browsers show such an
/// image as a frame with the canvas as it stands. Its descriptor's size is set to 0×0, which
/// the decoder reads as exactly that frame. An image with no data at all (its descriptor
/// followed by the trailer) is given empty data first.
enum GIFStreamRepair {
    static func repaired(_ data: [UInt8]) -> [UInt8] {
        var empty: [Int] = []
        var missing: Int?
        GIFBlocks.walk(data) { block in
            guard case let .image(descriptor, start) = block else { return }
            if start < data.count && data[start] == 0x3B {
                // No data at all, the trailer straight after the descriptor: given empty data.
                empty.append(descriptor)
                missing = start
            } else if start + 1 < data.count, data[start + 1] == 0 {
                empty.append(descriptor)
            }
        }
        guard !empty.isEmpty else { return data }
        var d = data
        for descriptor in empty { for offset in 5...8 { d[descriptor + offset] = 0 } }
        if let missing { d.insert(contentsOf: [0x02, 0x00], at: missing) }
        return d
    }
}
