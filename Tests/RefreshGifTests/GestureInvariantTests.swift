import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
import Testing

/// The gesture fuzz target's corpus replayed: every seed, and every input the fuzzer kept
/// (Fixtures/fuzz-regressions/gesture/), plays without breaking a property a user relies on.
@Suite("Gesture invariants (fuzz corpus replay)")
struct GestureInvariantTests {
    static let corpus: [String] = {
        let folder = Support.fixture("fuzz-regressions/gesture")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }
    }()

    @Test("the corpus covers every family, kind and style")
    func coverage() throws {
        var seen: Set<String> = []
        for path in Self.corpus {
            let made = GestureFuzz.make(try FileIO.read(path))
            seen.insert("\(made.scene.family.name)/\(made.scene.kind.rawValue)/\(made.scene.style.rawValue)")
        }
        var all: Set<String> = []
        for library in RefreshLibrary.allCases {
            let family = library.family
            for kind in family.kinds {
                for style in family.styles(for: kind) { all.insert("\(family.name)/\(kind.rawValue)/\(style.rawValue)") }
            }
        }
        #expect(all.isSubset(of: seen), "not covered: \(all.subtracting(seen).sorted())")
    }

    @Test("each input keeps the properties", arguments: corpus)
    func replay(path: String) throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = GestureFuzz.make(try FileIO.read(path))
        let found = try GestureFuzz.violations(made, folder: folder)
        #expect(found.isEmpty, "\(URL(fileURLWithPath: path).lastPathComponent): \(found.joined(separator: "; "))")
    }

    @Test("a gesture asking a library without No More Data for it is refused, naming the event (found by the fuzzer)")
    func noMoreDataWhereThereIsNone() throws {
        var scene = RefreshScene()
        scene.family = RefreshLibrary.zjrefresh.family
        scene.kind = .backFooter
        let gesture = Gesture(
            samples: [Gesture.Sample(t: 0, offset: 400, dragging: true)],
            events: [Gesture.TimedEvent(t: 0.1, event: .beginRefreshing), Gesture.TimedEvent(t: 0.5, event: .endRefreshingWithNoMoreData)])
        #expect(
            throws: InvalidValue(
                field: "events[1].event", reason: "zjrefresh's back-footer has no no-more-data state, so no endRefreshingWithNoMoreData")
        ) {
            try RefreshAnimation.gesture(gesture, scene: scene, fps: 10)
        }
        // A header has no No More Data in any library, as a still of it (`--state no-more-data`) is refused.
        for library in RefreshLibrary.allCases {
            var header = RefreshScene()
            header.family = library.family
            header.kind = .header
            guard header.family.kinds.contains(.header) else { continue }
            #expect(throws: InvalidValue.self, "\(library)") { try RefreshAnimation.gesture(gesture, scene: header, fps: 10) }
            var still = SceneDescription()
            still[.library] = .text(library.rawValue)
            still[.state] = .text("no-more-data")
            #expect(throws: InvalidValue.self, "\(library)") { try still.validate() }
        }
    }
}
