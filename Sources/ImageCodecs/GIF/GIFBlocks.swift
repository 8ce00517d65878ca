/// Walks a GIF's block structure without decoding: what `info` and the stream repair need.
enum GIFBlocks {
    /// A block found in the file.
    enum Block {
        /// An extension: its label and the index of its first sub-block's size byte.
        case `extension`(label: UInt8, body: Int)
        /// A complete image: the index of its descriptor (the 0x2C byte) and of its LZW
        /// minimum code size byte.
        case image(descriptor: Int, data: Int)
        /// The trailer (0x3B) that ends a whole file.
        case trailer
    }

    /// Calls `visit` for each block in order, up to the trailer or the first block that is
    /// cut short (an image whose data ends early is not visited).
    static func walk(_ d: [UInt8], _ visit: (Block) -> Void) {
        guard d.count >= 13 else { return }
        var i = 13
        if d[10] & 0x80 != 0 { i += 3 << (Int(d[10] & 7) + 1) }
        /// Skips data sub-blocks from `i`; false when the file ends inside them.
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
                guard i + 1 < d.count else { return }
                let label = d[i + 1]
                i += 2
                visit(.extension(label: label, body: i))
                guard skipSubBlocks() else { return }
            case 0x2C:
                guard i + 10 <= d.count else { return }
                let descriptor = i
                let flags = d[i + 9]
                i += 10
                // A local table the file ends before, the trailer where the table should be:
                // an image with neither table nor data, then the end (browsers show the canvas).
                if flags & 0x80 != 0, i + (3 << (Int(flags & 7) + 1)) > d.count, i == d.count - 1, d[i] == 0x3B {
                    visit(.image(descriptor: descriptor, data: i))
                    visit(.trailer)
                    return
                }
                if flags & 0x80 != 0 { i += 3 << (Int(flags & 7) + 1) }
                let data = i
                // No data at all, the trailer straight after the descriptor: an image that
                // shows the canvas as it stands, then the end.
                if i < d.count && d[i] == 0x3B {
                    visit(.image(descriptor: descriptor, data: data))
                    visit(.trailer)
                    return
                }
                i += 1
                guard i <= d.count, skipSubBlocks() else { return }
                visit(.image(descriptor: descriptor, data: data))
            case 0x3B:
                visit(.trailer)
                return
            default:
                return // bytes that are not a block
            }
        }
    }
}
