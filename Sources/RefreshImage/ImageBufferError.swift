/// Why an image buffer cannot be made: its size and its bytes would not agree.
public enum ImageBufferError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A negative width or height, or one whose byte count overflows.
    case invalidSize(width: Int, height: Int)
    /// The bytes given are not `width × height × channels`.
    case bufferMismatch(width: Int, height: Int, expectedBytes: Int, actualBytes: Int)

    /// One line with the numbers.
    public var description: String {
        switch self {
        case let .invalidSize(width, height):
            return "an image cannot be \(width)×\(height) px"
        case let .bufferMismatch(width, height, expected, actual):
            return "a \(width)×\(height) image needs \(expected) bytes, got \(actual)"
        }
    }

    /// `width × height × channels`, or a throw when a side is negative or the product overflows.
    /// Checks that `bytes` bytes are `width × height` pixels of `channels` bytes each.
    /// - Throws: ``invalidSize(width:height:)`` or ``bufferMismatch(width:height:expectedBytes:actualBytes:)``.
    static func check(_ bytes: Int, width: Int, height: Int, channels: Int) throws {
        let count = try byteCount(width: width, height: height, channels: channels)
        guard bytes == count else {
            throw ImageBufferError.bufferMismatch(width: width, height: height, expectedBytes: count, actualBytes: bytes)
        }
    }

    static func byteCount(width: Int, height: Int, channels: Int) throws -> Int {
        guard width >= 0, height >= 0 else { throw ImageBufferError.invalidSize(width: width, height: height) }
        let (pixels, o1) = width.multipliedReportingOverflow(by: height)
        let (bytes, o2) = pixels.multipliedReportingOverflow(by: channels)
        guard !o1, !o2 else { throw ImageBufferError.invalidSize(width: width, height: height) }
        return bytes
    }
}
