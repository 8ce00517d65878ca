import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// ZJRefresh's `imageMagin` and `setupLastFreshTime`, as apps set them on `GifAnimator`.
@Suite("ZJRefresh: image margin and the app's time text")
struct ZJSettingsTests {
    static func plan(_ arguments: [String]) throws -> RenderPlan {
        let fixtures = Support.root.appendingPathComponent("Fixtures").path
        let scene = try SceneSchema.standard.description(
            fromArguments: ["--library", "zjrefresh", "--style", "gif", "--images", "normal=demo/pull.gif"] + arguments
        ).makeScene(baseDirectory: fixtures)
        return try RefreshRenderer().plan(for: scene)
    }

    @Test("a wider image margin moves the image's box away from the labels by the difference")
    func imageMargin() throws {
        let standard = try #require(try Self.plan([]).layout.image)
        let wide = try #require(try Self.plan(["--image-margin", "30"]).layout.image)
        // Aspect-fitted and centred in a box 15 pt narrower: its centre moves 7.5 pt left.
        #expect(abs((standard.midX - wide.midX) - 7.5) < 0.01, "\(standard) \(wide)")
    }

    @Test("the app's time text replaces the animator's line once a time is stored; a footer still has none")
    func lastRefreshText() throws {
        let plan = try Self.plan(["--last-refresh-text", "刚刚刷新", "--last-updated", "2024-07-05T09:41:00Z"])
        #expect(plan.timeText == "刚刚刷新")
        // With none stored, the animator says so before it asks the closure.
        #expect(try Self.plan(["--last-refresh-text", "刚刚刷新"]).timeText == "首次刷新")
        #expect(try Self.plan([]).timeText == "首次刷新")
    }
}
