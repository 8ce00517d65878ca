import CGif

/// giflib reading a GIF held in memory.
enum GIFStream {
    /// Opens giflib over `bytes`, runs `body` with the handle and the byte source (whose
    /// offset is how far giflib has read), and closes the handle.
    static func reading<T>(_ bytes: [UInt8], _ body: (UnsafeMutablePointer<GifFileType>, ByteSource) throws -> T) throws -> T {
        let source = ByteSource(bytes)
        var openError: Int32 = 0
        guard let gif = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), readBytes, &openError) else {
            throw ImageCodecError.malformed(.gif, reason: GIFDecoder.message(openError))
        }
        defer {
            var closeError: Int32 = 0
            DGifCloseFile(gif, &closeError)
        }
        return try withExtendedLifetime(source) { try body(gif, source) }
    }
}

/// The bytes giflib reads through its input callback, and how far it has read.
final class ByteSource {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }
}

private func readBytes(_ gif: UnsafeMutablePointer<GifFileType>?, _ buffer: UnsafeMutablePointer<GifByteType>?, _ length: Int32) -> Int32 {
    guard let gif, let buffer, let user = gif.pointee.UserData, length > 0 else { return 0 }
    let source = Unmanaged<ByteSource>.fromOpaque(user).takeUnretainedValue()
    let count = min(Int(length), source.bytes.count - source.offset)
    guard count > 0 else { return 0 }
    source.bytes.withUnsafeBufferPointer { bytes in
        guard let base = bytes.baseAddress else { return }
        buffer.update(from: base + source.offset, count: count)
    }
    source.offset += count
    return Int32(count)
}
