import RefreshGif
// libFuzzer target: the GIF decoder on arbitrary bytes (small limits keep runs fast).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = DecodeLimits(maxSide: 2048, maxFramePixels: 1 << 20, maxTotalPixels: 1 << 22, maxFrames: 500, maxFileBytes: 1 << 20)
    if let animation = try? GIFDecoder(limits: limits).decode(bytes) {
        precondition(!animation.frames.isEmpty)
        for frame in animation.frames {
            precondition(frame.image.width == animation.width && frame.image.height == animation.height)
        }
    }
    return 0
}
