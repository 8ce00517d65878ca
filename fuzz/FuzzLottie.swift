import RefreshGif

// libFuzzer target: the checks a Lottie file passes before rlottie sees it (our JSON reader,
// nesting, precomposition and repeater expansion, dashes, assets, the header fields). The
// worker process itself is not started: rlottie is bounded by its limits, not fuzzed here.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLottie(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? LottieAnimation.header(bytes, resourceDirectory: "/nonexistent", limits: .default)
    _ = LottieAnimation.assetPaths(bytes, resourceDirectory: "/nonexistent")
    return 0
}
