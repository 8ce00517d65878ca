import Foundation
import RefreshGif
import Testing

/// The last-updated line as an app formats it: MJRefresh's `lastUpdatedTimeText` block, given
/// as a date pattern or a fixed text.
@Suite("Last-updated line: date patterns and fixed text")
struct DatePatternTests {
    /// 2026-03-17 21:41:05 UTC.
    static let evening = Date(timeIntervalSince1970: 1_773_783_665)

    @Test(
        "fields, padding, 12-hour clock and quoted text, as DateFormatter writes them",
        arguments: [
            ("yyyy-MM-dd HH:mm:ss", "2026-03-17 21:41:05"), ("yy/M/d h:mm a", "26/3/17 9:41 PM"),
            ("'Updated 'MM-dd", "Updated 03-17"), ("'It''s' HH", "It's 21"), ("''HH", "'21"), ("H.m.s", "21.41.5"),
            ("dd. MM. y", "17. 03. 2026"), ("hh 'o''clock'", "09 o'clock"),
        ])
    func formats(pattern: String, expected: String) throws {
        #expect(try DatePattern(pattern).format(Self.evening, in: .gmt) == expected)
    }

    @Test("midnight and noon on the 12-hour clock; the pattern's zone is the scene's")
    func twelveHour() throws {
        let pattern = try DatePattern("h:mm a")
        #expect(pattern.format(Date(timeIntervalSince1970: 1_773_705_600), in: .gmt) == "12:00 AM")
        #expect(pattern.format(Date(timeIntervalSince1970: 1_773_748_800), in: .gmt) == "12:00 PM")
        let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
        #expect(try DatePattern("MM-dd HH:mm").format(Self.evening, in: seoul) == "03-18 06:41")
    }

    @Test(
        "names, long forms, other letters and an open quote are refused, naming what",
        arguments: ["EEE", "MMM", "yyy", "'open", "Q", "HHH"])
    func refused(pattern: String) {
        #expect(throws: InvalidValue.self) { try DatePattern(pattern) }
    }

    @Test("a header's line: the pattern for a stored date, MJRefresh's own without one; a fixed text always")
    func headerLine() throws {
        var scene = RefreshScene()
        scene.style = .normal
        scene.lastUpdated = Self.evening
        scene.family = MJRefresh(lastUpdatedFormat: try DatePattern("'Synced 'HH:mm"))
        #expect(scene.lastUpdatedText == "Synced 21:41")
        scene.lastUpdated = nil
        #expect(scene.lastUpdatedText == "Last update: No record")
        scene.family = MJRefresh(lastUpdatedText: "Pull to sync")
        #expect(scene.lastUpdatedText == "Pull to sync")
        // Only headers have the line.
        scene.kind = .backFooter
        #expect(scene.lastUpdatedText == nil)
        // Both at once is refused, not one silently dropped.
        var both = RefreshScene()
        both.family = MJRefresh(lastUpdatedFormat: try DatePattern("HH"), lastUpdatedText: "x")
        #expect(throws: InvalidValue.self) { try both.validate() }
        // From the command line, the same line and the pattern's own message.
        let described = try SceneSchema.standard.description(fromArguments: [
            "--last-updated", "2026-03-17T21:41:05Z", "--last-updated-format", "'Updated 'MM-dd h:mm a",
        ])
        #expect(try described.makeScene().lastUpdatedText == "Updated 03-17 9:41 PM")
        let error = try #require(throws: InvalidValue.self) {
            try SceneSchema.standard.description(fromArguments: ["--last-updated-format", "EEE"]).validate()
        }
        #expect(error.field == "lastUpdatedFormat" && error.reason.contains("'E' is not a field here"))
    }
}

/// The time a header stores when a refresh ends, shown from that moment (MJRefresh's
/// `headerEndingAction`).
@Suite("Last update stored at the end of a refresh")
struct RefreshEndStoreTests {
    @Test("an MJRefresh header says No record until its refresh ends, then Today and the end's time")
    func storedAtEnd() throws {
        var scene = RefreshScene()
        scene.style = .normal
        scene.now = try #require(ISO8601DateFormatter().date(from: "2026-03-17T09:41:00Z"))
        let gesture = Gesture(script: Gesture.Script(pull: 80, over: 0.3, hold: 0, refresh: 1.0, noMoreData: nil))
        let frames = try GesturePlayer(gesture: gesture, scene: scene).frames(fps: 20)
        let end = try #require(frames.firstIndex { $0.state == .idle && frames[..<$0.index].contains { $0.state.isRefreshing } })
        #expect(frames[..<end].allSatisfy { $0.scene.lastUpdatedText == "Last update: No record" })
        // The refresh ends about 1.3 s in: 09:41:01, shown as Today 09:41 from that frame on.
        let stored = try #require(frames[end].scene.lastUpdated)
        #expect(stored.timeIntervalSince(scene.now) > 1 && stored.timeIntervalSince(scene.now) < 2)
        #expect(frames[end...].allSatisfy { $0.scene.lastUpdatedText == "Last update: Today 09:41" })
        // A footer has no such line, and a library that does not store keeps the scene's date.
        var footer = scene
        footer.kind = .backFooter
        let footerFrames = try GesturePlayer(gesture: gesture, scene: footer).frames(fps: 20)
        #expect(footerFrames.allSatisfy { $0.scene.lastUpdated == nil })
        var sv = scene
        sv.family = SVPullToRefresh()
        #expect(try GesturePlayer(gesture: gesture, scene: sv).frames(fps: 20).allSatisfy { $0.scene.lastUpdated == nil })
    }
}
