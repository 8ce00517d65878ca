import Foundation
import RefreshGif

// libFuzzer target: the font loader (FreeType, HarfBuzz shaping, glyph rendering) on arbitrary
// font files, through a scene's `font` as a user gives it: a label is drawn with the face.
/// Each input gets its own file name: faces are cached by path.
nonisolated(unsafe) var runs = 0

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFont(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    runs += 1
    let path = NSTemporaryDirectory() + "fuzz-font-\(getpid())-\(runs).ttf"
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size)) else { return 0 }
    defer { try? FileManager.default.removeItem(atPath: path) }
    var scene = RefreshScene()
    scene.font = FontLocation(path: path)
    scene.state = .pulling
    _ = try? RefreshRenderer().render(scene)
    return 0
}
