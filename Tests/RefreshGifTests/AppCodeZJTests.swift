import Foundation
import RefreshGif
import RefreshGifTestSupport
import RefreshGifUIKit
import Testing

/// ZJRefresh's API on Linux: animators made and added as an app's code does, drawn as the
/// command line draws the same settings.
extension AppCodeTests {
    @Test("a GIF animator configured through ZJRefresh's API draws the settings it means, in each state")
    func zjGifAnimator() throws {
        AppResources.folders = []
        AppDevice.language = "en"
        // Refreshed before: the closure writes the last-refresh line.
        AppDevice.lastUpdated = ISO8601DateFormatter().date(from: "2024-07-05T09:41:00Z")
        defer { AppDevice.lastUpdated = nil }
        let table = UITableView()
        let animator = GifAnimator.gifAnimatorWithHeight(height: 80)
        let pull = try #require(UIImage(contentsOfFile: Support.fixture("demo/pull.gif")))
        let spin = try #require(UIImage(contentsOfFile: Support.fixture("demo/spin.gif")))
        animator.setupImagesForRefreshstate { state in
            switch state {
            case .normal: return ([pull], 0)
            case .loading: return ([spin], 0.8)
            default: return nil
            }
        }
        animator.setupDescriptionForState { state, _ in state == .loading ? "Loading…" : state == .releaseToFresh ? "Let go" : "Pull" }
        animator.setupLastFreshTime { _ in "Synced just now" }
        animator.imageMagin = 20
        animator.descriptionLabel.textColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        table.zj_addRefreshHeader(headerAnimator: animator) {}
        let settings = [
            "--library", "zjrefresh", "--style", "gif", "--height", "80", "--images", "normal=" + Support.fixture("demo/pull.gif"),
            "--images", "loading=" + Support.fixture("demo/spin.gif"), "--duration", "loading=0.8",
            "--title", "normal=Pull", "--title", "pull-to-refresh=Pull", "--title", "release-to-refresh=Let go",
            "--title", "loading=Loading…", "--last-refresh-text", "Synced just now", "--image-margin", "20",
            "--state-label-color", "#0000FF", "--last-updated", "2024-07-05T09:41:00Z",
        ]
        let moments: [(RefreshViewState, String, Double)] = [
            (.normal, "normal", 0), (.pullToRefresh, "pull-to-refresh", 0.5), (.releaseToFresh, "release-to-refresh", 1.2),
            (.loading, "loading", 0.3),
        ]
        for (state, word, percent) in moments {
            try Self.drawnAlike(
                try animator.scene(state: state, percent: percent, time: 0.2),
                settings + ["--state", word, "--percent", String(percent), "--time", "0.2"], "zj-" + word)
        }
    }

    @Test("a normal animator added as a footer is ZJRefresh's back footer; one left as it came draws the library's own")
    func zjNormalFooter() throws {
        AppResources.folders = []
        let table = UITableView()
        let animator = NormalAnimator.normalAnimator()
        animator.isAutomaticlyHidden = true
        table.zj_addRefreshFooter(footerAnimator: animator) {}
        try Self.drawnAlike(
            try animator.scene(state: .pullToRefresh, percent: 0.7),
            [
                "--library", "zjrefresh", "--kind", "back-footer", "--style", "normal", "--automatically-hidden", "--state",
                "pull-to-refresh",
                "--percent", "0.7",
            ], "zj-footer")
        let plain = NormalAnimator.normalAnimator()
        table.zj_addRefreshHeader(headerAnimator: plain) {}
        // Nothing of the app's: the library, its style and state, and the device around it.
        let keys = Set(try plain.sceneDescription().keys.map(\.rawValue))
        let device: Set = ["language", "timezone", "width", "scale", "now", "lastUpdated"]
        #expect(keys.subtracting(device) == ["library", "state", "style"], "\(keys)")
    }
}
