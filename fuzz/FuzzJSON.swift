import Foundation

// libFuzzer target: the gesture and snapshot-case readers on arbitrary bytes, including the
// checks that run before anything is rendered and the gesture player's frame plan.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    if let gesture = try? JSONDecoder().decode(Gesture.self, from: bytes), (try? gesture.check(file: "fuzz")) != nil {
        var scene = RefreshScene()
        scene.kind = gesture.control.kind ?? .header
        let player = GesturePlayer(gesture: gesture, scene: scene)
        if player.duration <= 5_000_000 { _ = player.frames(fps: 10) }
    }
    if let suite = try? JSONDecoder().decode(SnapshotSuite.self, from: bytes) {
        for item in suite.cases { _ = try? (suite.defaults ?? SceneDescription()).merged(with: item.scene).validate() }
        _ = suite.shard(1, of: 3)
    }
    return 0
}
