import RefreshGif

// libFuzzer target: the GIF decoder on arbitrary bytes (small limits keep runs fast), and the
// frame source that composites on demand checked against it frame for frame, asked in an
// order that jumps back and forth with a cache small enough to evict.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = DecodeLimits(maxSide: 2048, maxFramePixels: 1 << 20, maxTotalPixels: 1 << 22, maxFrames: 500, maxFileBytes: 1 << 20)
    guard let animation = try? GIFDecoder(limits: limits).decode(bytes) else { return 0 }
    precondition(!animation.frames.isEmpty)
    for frame in animation.frames {
        precondition(frame.image.width == animation.width && frame.image.height == animation.height)
    }
    let screen = animation.width * animation.height
    guard let source = try? GIFDecoder(limits: limits).frameSource(bytes, memoryPixels: max(4 * screen, 1 << 12)) else { return 0 }
    let count = source.frameCount
    precondition(count == animation.frames.count)
    for index in [count - 1, 0, count / 2, count - 1, 1 % count, 0].prefix(count > 1 ? 6 : 2) {
        precondition(source.image(at: index, width: animation.width, height: animation.height) == animation.frames[index].image)
    }
    return 0
}
