import Foundation
import RefreshGif

/// Standard output for reports and tables, written with `write(2)` so a failure (a full disk,
/// a closed pipe) is an error with exit code 74 rather than lost in a buffer.
enum Console {
    /// Writes `text` and a newline to standard output.
    static func line(_ text: String) throws {
        var bytes = Array(text.utf8)
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.write(STDOUT_FILENO, raw.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw RefreshGifError.writeFailed(file: "standard output", message: String(cString: strerror(errno)))
            }
            offset += written
        }
    }
}
