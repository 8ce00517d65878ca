import Foundation
import RefreshGif
import RefreshGifTestSupport
import RefreshGifUIKit
import Testing

/// SVPullToRefresh's API on Linux: views added and configured as an app's code does, drawn as
/// the command line draws the same settings.
extension AppCodeTests {
    /// The app code's scene drawn as the command line draws `arguments`.
    static func drawnAlike(_ drawn: RefreshScene, _ arguments: [String], _ what: String) throws {
        let expected = try SceneSchema.standard.description(fromArguments: arguments).makeScene(baseDirectory: Support.root.path)
        try drawnAlike(drawn, expected, what)
    }

    /// Two scenes drawn to the same pixels; the first written to `$REFRESH_LOOK/WHAT.png` to look at.
    static func drawnAlike(_ drawn: RefreshScene, _ expected: RefreshScene, _ what: String) throws {
        let a = try RefreshRenderer().render(drawn), b = try RefreshRenderer().render(expected)
        #expect(a.width == b.width && a.height == b.height, "\(what)")
        let differing = zip(a.pixels, b.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(what): \(differing) channel values differ")
        if let look = ProcessInfo.processInfo.environment["REFRESH_LOOK"] { try a.writePNG(to: look + "/\(what).png") }
    }

    @Test("a pull-to-refresh view configured through SVPullToRefresh's API draws the settings it means, in each state")
    func svPullToRefresh() throws {
        AppResources.folders = []
        AppDevice.language = "en"
        AppDevice.now = nil
        let table = UITableView()
        table.addPullToRefresh {}
        let view = try #require(table.pullToRefreshView)
        view.setTitle("Pull me", for: .stopped)
        view.setTitle("Let go", for: .triggered)
        view.setSubtitle("Synced today", for: .all)
        view.arrowColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        view.textColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        view.activityIndicatorViewStyle = .white
        view.titleLabel.font = .boldSystemFont(ofSize: 16)
        let settings = [
            "--library", "svpulltorefresh", "--title", "stopped=Pull me", "--title", "triggered=Let go",
            "--subtitle", "stopped=Synced today", "--subtitle", "triggered=Synced today", "--subtitle", "loading=Synced today",
            "--arrow-color", "#FF0000", "--text-color", "#0000FF", "--spinner", "white", "--state-label-font", "bold 16",
        ]
        for (state, word) in [(SVPullToRefreshState.stopped, "stopped"), (.triggered, "triggered"), (.loading, "loading")] {
            try Self.drawnAlike(try view.scene(state: state, percent: 0.6), settings + ["--state", word, "--percent", "0.6"], "sv-" + word)
        }
        // Loading is the view's own state once started.
        table.triggerPullToRefresh()
        #expect(try view.sceneDescription()[.state] == "loading")
        // Hidden, it is SVPullToRefresh's showsPullToRefresh = NO.
        table.showsPullToRefresh = false
        try Self.drawnAlike(try view.scene(), settings + ["--hide-pull-to-refresh", "--state", "loading"], "sv-hidden")
    }

    @Test("custom views: an image view per state is the images of that state; another view is an error naming it")
    func svCustomViews() throws {
        AppResources.folders = []
        let table = UITableView()
        table.addInfiniteScrolling {}
        let footer = try #require(table.infiniteScrollingView)
        let gif = Support.fixture("demo/spin.gif")
        footer.setCustomView(UIImageView(image: UIImage(contentsOfFile: gif)), for: UInt(SVInfiniteScrollingStateLoading))
        footer.enabled = false
        try Self.drawnAlike(
            try footer.scene(state: SVInfiniteScrollingStateLoading, time: 0.2),
            [
                "--library", "svpulltorefresh", "--kind", "auto-footer", "--style", "gif", "--images", "loading=" + gif,
                "--infinite-scrolling-disabled", "--state", "loading", "--time", "0.2",
            ], "sv-custom-loading")
        let header = UITableView()
        header.addPullToRefresh {}
        header.pullToRefreshView.setCustomView(UISwitch(), for: .all)
        let error = #expect(throws: AppCodeError.self) { _ = try header.pullToRefreshView.scene() }
        #expect(
            error?.description.contains("UISwitch") == true && error?.description.contains("UIImageView") == true,
            "\(error?.description ?? "")")
    }
}
