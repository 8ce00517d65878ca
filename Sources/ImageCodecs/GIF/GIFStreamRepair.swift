/// Rewrites what giflib refuses but browsers show, before giflib reads the file.
///
/// Each of these images is shown by browsers as a frame with the canvas as it stands (a first
/// frame: the screen, transparent); its descriptor's size is set to 0×0, which the decoder reads
/// as exactly that frame:
/// - an image whose data is empty (its LZW minimum code size followed at once by the block
///   terminator), which makes giflib's line reader fail as if the file ended;
/// - an image with no data at all (its descriptor followed by the trailer), given empty data
///   first — also when its descriptor declares a local table the file ends before (the trailer
///   where the table should be), whose flag is then cleared;
/// - an image whose LZW minimum code size is above 8, which giflib refuses and browsers do not
///   draw (Chromium fails the frame: the canvas shows through); its code size is set to 8.
enum GIFStreamRepair {
    static func repaired(_ data: [UInt8]) -> [UInt8] {
        var empty: [Int] = []
        var missing: (descriptor: Int, at: Int)?
        var oversized: [Int] = []
        GIFBlocks.walk(data) { block in
            guard case let .image(descriptor, start) = block else { return }
            if start < data.count && data[start] == 0x3B {
                // No data at all, the trailer straight after the descriptor: given empty data.
                empty.append(descriptor)
                missing = (descriptor, start)
            } else if start + 1 < data.count, data[start + 1] == 0 {
                empty.append(descriptor)
            } else if start < data.count, data[start] > 8 {
                empty.append(descriptor)
                oversized.append(start)
            }
        }
        guard !empty.isEmpty else { return data }
        var d = data
        for descriptor in empty { for offset in 5...8 { d[descriptor + offset] = 0 } }
        for start in oversized { d[start] = 8 }
        if let missing {
            // A local table declared where the trailer is: there is none.
            if missing.at == missing.descriptor + 10 { d[missing.descriptor + 9] &= 0x7F }
            d.insert(contentsOf: [0x02, 0x00], at: missing.at)
        }
        return d
    }
}
