import Foundation
import RefreshGif

// libFuzzer target: the gesture and snapshot-case readers on arbitrary bytes, including the
// checks that run before anything is rendered and the gesture player's frame plan.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    if let file = try? JSONDecoder().decode(GestureFile.self, from: bytes), (try? file.validate()) != nil {
        var scene = RefreshScene()
        if case let .text(kind)? = file.control["kind"], let parsed = ComponentKind(rawValue: kind) { scene.kind = parsed }
        if let player = try? GesturePlayer(gesture: file.gesture, scene: scene), player.duration <= 5_000_000 {
            _ = try? player.frames(fps: 10)
        }
    }
    if let suite = try? JSONDecoder().decode(SnapshotSuite.self, from: bytes) {
        for item in suite.cases { _ = try? (suite.defaults ?? SceneDescription()).merged(with: item.scene).validate() }
        _ = try? suite.shard(1, of: 3)
    }
    return 0
}
