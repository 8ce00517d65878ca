/// Rewrites what giflib refuses but browsers show, before giflib reads the file.
///
/// An image whose data is empty (its LZW minimum code size followed at once by the block
/// terminator) makes giflib's line reader fail as if the file ended; browsers show such an
/// image as a frame with the canvas as it stands. Its descriptor's size is set to 0×0, which
/// the decoder reads as exactly that frame.
enum GIFStreamRepair {
    static func repaired(_ data: [UInt8]) -> [UInt8] {
        guard data.count >= 13 else { return data }
        var d = data
        var i = 13
        if d[10] & 0x80 != 0 { i += 3 << (Int(d[10] & 7) + 1) }
        func skipSubBlocks() -> Bool {
            while i < d.count {
                let size = Int(d[i])
                i += 1
                if size == 0 { return true }
                i += size
            }
            return false
        }
        while i < d.count {
            switch d[i] {
            case 0x21:
                i += 2
                guard skipSubBlocks() else { return d }
            case 0x2C:
                guard i + 10 <= d.count else { return d }
                let descriptor = i
                let flags = d[i + 9]
                i += 10
                if flags & 0x80 != 0 { i += 3 << (Int(flags & 7) + 1) }
                i += 1 // LZW minimum code size
                guard i < d.count else { return d }
                if d[i] == 0 {
                    for offset in 5...8 { d[descriptor + offset] = 0 }
                }
                guard skipSubBlocks() else { return d }
            default:
                return d
            }
        }
        return d
    }
}
