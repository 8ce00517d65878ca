import RefreshGif

// libFuzzer target: the PNG decoder (standard and Apple CgBI) on arbitrary bytes. Inputs
// that do not start with the PNG signature get it prepended, so the fuzzer explores chunks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if !PNGDecoder.isPNG(bytes) { bytes = PNGDecoder.signature + bytes }
    let limits = DecodeLimits(maxSide: 2048, maxFramePixels: 1 << 20, maxTotalPixels: 1 << 22, maxFrames: 500, maxFileBytes: 1 << 20)
    if let image = try? PNGDecoder(limits: limits).decode(bytes) {
        precondition(image.pixels.count == image.width * image.height * 4)
        _ = image.straightPixels()
    }
    _ = try? PNGDecoder(limits: limits).decodeStraight(bytes)
    return 0
}
