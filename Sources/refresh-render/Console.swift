import Glibc
import RefreshGif

/// Standard output and standard error, written with `write(2)`. Standard output carries reports
/// and tables, so a failure there (a full disk, a closed pipe) is an error with exit code 74
/// rather than lost in a buffer; standard error carries messages and progress, best effort.
enum Console {
    /// Writes `text` and a newline to standard output.
    static func line(_ text: String) throws {
        guard write(text + "\n", to: STDOUT_FILENO) else {
            throw RefreshGifError.writeFailed(file: "standard output", message: String(cString: strerror(errno)))
        }
    }

    /// Writes `text` as it is (no newline added) to standard error; a failure is ignored, as
    /// there is nowhere left to report it.
    static func error(_ text: String) {
        _ = write(text, to: STDERR_FILENO)
    }

    /// Whether standard error is a terminal (progress lines are drawn only there).
    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// Writes all of `text` to `descriptor`, retrying after signals; false with `errno` set on failure.
    private static func write(_ text: String, to descriptor: Int32) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.write(descriptor, raw.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
