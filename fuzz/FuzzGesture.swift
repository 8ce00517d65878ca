import Foundation
import RefreshGif

// libFuzzer target: bounded gestures made from arbitrary bytes, for every family, kind and
// style (GestureFuzz, shared with the tests' corpus replay), played and drawn; a property a
// user relies on that breaks is a crash, so libFuzzer keeps the input.
nonisolated(unsafe) private var folder: String?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGesture(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    if folder == nil { folder = Interruption.makeScratchFolder(prefix: "fuzz-gesture") }
    guard let folder else { fatalError("no scratch folder") }
    let made = GestureFuzz.make(Array(UnsafeBufferPointer(start: data, count: size)))
    do {
        let found = try GestureFuzz.violations(made, folder: folder)
        if !found.isEmpty { fatalError("gesture invariant broken: " + found.joined(separator: "; ")) }
    } catch {
        fatalError("a gesture made valid was refused: \(error)")
    }
    return 0
}
