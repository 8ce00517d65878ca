import RefreshGif

// libFuzzer target: ImageDiff on two small images built from the input (first byte: width,
// second: height, then the pixels of both images, zero-padded), with options from the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiff(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard bytes.count >= 3 else { return 0 }
    let width = Int(bytes[0] % 32) + 1, height = Int(bytes[1] % 32) + 1
    let count = width * height * 4
    var pixels = Array(bytes.dropFirst(3))
    if pixels.count < 2 * count { pixels += [UInt8](repeating: 0, count: 2 * count - pixels.count) }
    guard let a = try? StraightImage(width: width, height: height, pixels: Array(pixels[0..<count])),
        let b = try? StraightImage(width: width, height: height, pixels: Array(pixels[count..<(2 * count)]))
    else { return 0 }
    var options = ImageDiff.Options()
    options.threshold = Double(bytes[2]) / 255
    options.includeAA = bytes[2] & 1 == 1
    options.blend = bytes[2] & 2 == 2 ? .white : .checkerboard
    options.diffMask = bytes[2] & 4 == 4
    if let result = try? ImageDiff(options: options).compare(a, b) {
        precondition(result.differingPixels >= 0 && result.differingPixels <= width * height)
        precondition(result.diffImage?.pixels.count == count)
    }
    return 0
}
