import Foundation
import RefreshGif
import RefreshGifTestSupport
import RefreshGifUIKit
import Testing

// MJRefresh's example app's demos, written in Swift as an app writes them, each drawn against
// the scene the command line builds for the same control (docs/app-code.md).

/// The ChiBaoZi GIF header: 60 idle frames and 3 loading frames, loaded in a loop by name.
final class ChiBaoZiHeader: MJRefreshGifHeader {
    override func prepare() {
        super.prepare()
        var idleImages: [UIImage] = []
        for i in 1...60 {
            if let image = UIImage(named: "dropdown_anim__000\(i)") { idleImages.append(image) }
        }
        setImages(idleImages, for: .idle)
        var refreshingImages: [UIImage] = []
        for i in 1...3 {
            if let image = UIImage(named: "dropdown_loading_0\(i)") { refreshingImages.append(image) }
        }
        setImages(refreshingImages, for: .pulling)
        setImages(refreshingImages, for: .refreshing)
    }
}

/// The ChiBaoZi auto footer: the loading frames while refreshing.
final class ChiBaoZiFooter: MJRefreshAutoGifFooter {
    override func prepare() {
        super.prepare()
        let refreshingImages = (1...3).compactMap { UIImage(named: "dropdown_loading_0\($0)") }
        setImages(refreshingImages, for: .refreshing)
    }
}

/// The DIY auto footer: a label, a switch and a spinner of its own.
final class DIYAutoFooter: MJRefreshAutoFooter {
    let label = UILabel()
    let toggle = UISwitch()
    let loading = UIActivityIndicatorView(style: .gray)

    override func prepare() {
        super.prepare()
        DIYDemo.setUp(self, label: label, toggle: toggle)
        addSubview(loading)
    }

    override func placeSubviews() {
        super.placeSubviews()
        label.frame = bounds
        toggle.center = CGPoint(x: mj_w - 20, y: mj_h - 20)
        loading.center = CGPoint(x: 30, y: mj_h * 0.5)
    }

    override func scrollViewContentOffsetDidChange(_ change: [AnyHashable: Any]?) {
        super.scrollViewContentOffsetDidChange(change)
    }

    override var state: MJRefreshState {
        didSet {
            switch state {
            case .idle:
                label.text = "赶紧上拉吖(开关是打酱油滴)"
                loading.stopAnimating()
                toggle.setOn(false, animated: true)
            case .refreshing:
                toggle.setOn(true, animated: true)
                label.text = "加载数据中(开关是打酱油滴)"
                loading.startAnimating()
            case .noMoreData:
                label.text = "木有数据了(开关是打酱油滴)"
                toggle.setOn(false, animated: true)
                loading.stopAnimating()
            default:
                break
            }
        }
    }
}

extension AppCodeTests {
    /// The example app's image names (`dropdown_anim__0001`…`00060`, as `000%zd` spells them;
    /// `dropdown_loading_01`…`03`), made from the demo GIFs' frames; returns the folder and the
    /// frames' files in the order the names list them.
    static func chiBaoZiResources() throws -> (folder: String, idle: [String], loading: [String]) {
        let folder = try Support.temporaryFolder()
        let pull = try GIFDecoder().decode(try Support.bytes("demo/pull.gif")).frames
        let spin = try GIFDecoder().decode(try Support.bytes("demo/spin.gif")).frames
        var idle: [String] = [], loading: [String] = []
        for i in 1...60 {
            let file = folder + "/dropdown_anim__000\(i)@2x.png"
            try pull[(i - 1) % pull.count].image.writePNG(to: file)
            idle.append(file)
        }
        for i in 1...3 {
            let file = folder + "/dropdown_loading_0\(i)@2x.png"
            try spin[i - 1].image.writePNG(to: file)
            loading.append(file)
        }
        return (folder, idle, loading)
    }

    @Test("the example app's ChiBaoZi header and footer, their frames loaded by name in a loop, draw their scenes")
    func chiBaoZi() throws {
        let (folder, idle, loading) = try Self.chiBaoZiResources()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        Self.reset([folder])
        let list = loading.joined(separator: ",")
        let header = [
            "--images", "idle=" + idle.joined(separator: ","), "--images", "pulling=" + list, "--images", "refreshing=" + list,
            "--duration", "idle=6", "--duration", "pulling=0.3", "--duration", "refreshing=0.3",
        ]
        for (state, word, percent, time) in [
            (MJRefreshState.idle, "idle", 0.45, 0.0), (.pulling, "pulling", 1.0, 0.15), (.refreshing, "refreshing", 1.0, 0.25),
        ] {
            let drawn = try RefreshRenderer().render(try ChiBaoZiHeader {}.scene(state: state, percent: percent, time: time))
            #expect(drawn == (try Self.cli(header + ["--state", word, "--percent", "\(percent)", "--time", "\(time)"])), "\(word)")
        }
        let footer = try RefreshRenderer().render(try ChiBaoZiFooter {}.scene(state: .refreshing, time: 0.15))
        let expected = try Self.cli([
            "--kind", "auto-footer", "--images", "refreshing=" + list, "--duration", "refreshing=0.3", "--state", "refreshing", "--time",
            "0.15",
        ])
        #expect(footer == expected)
        #expect(AppResources.misses.isEmpty, "\(AppResources.misses)")
    }

    @Test("the DIY auto footer's own code draws what its scene file (examples/layers/MJDIYAutoFooter.json) draws")
    func diyAutoFooter() throws {
        Self.reset([])
        AppDevice.now = nil
        let scene = try SceneDescription(contentsOfFile: Self.layers + "/MJDIYAutoFooter.json")
        for (state, word) in [(MJRefreshState.idle, "idle"), (.refreshing, "refreshing"), (.noMoreData, "no-more-data")] {
            var expected = scene
            expected[.state] = .text(word)
            let drawn = try RefreshRenderer().render(try DIYAutoFooter {}.scene(state: state))
            #expect(drawn == (try RefreshRenderer().render(try expected.makeScene())), "\(word)")
        }
    }

    @Test("the hidden-time, custom-title, chaining and i18n demos draw their scenes")
    func smallDemos() throws {
        Self.reset([])
        // Hidden time.
        let hidden = MJRefreshNormalHeader {}
        hidden.lastUpdatedTimeLabel.isHidden = true
        #expect(
            try RefreshRenderer().render(try hidden.scene(state: .idle, percent: 0.5))
                == (try Self.cli(["--style", "normal", "--hide-time-label", "--state", "idle", "--percent", "0.5"])))
        // Custom titles, font and colour.
        let titled = MJRefreshNormalHeader {}
        titled.setTitle("Pull down to refresh", for: .idle)
        titled.setTitle("Release to refresh", for: .pulling)
        titled.setTitle("Loading ...", for: .refreshing)
        titled.stateLabel.font = .systemFont(ofSize: 15)
        titled.lastUpdatedTimeLabel.font = .systemFont(ofSize: 14)
        titled.stateLabel.textColor = .red
        titled.lastUpdatedTimeLabel.textColor = .blue
        #expect(
            try RefreshRenderer().render(try titled.scene(state: .refreshing, time: 0.2))
                == (try Self.cli([
                    "--style", "normal", "--title", "idle=Pull down to refresh", "--title", "pulling=Release to refresh", "--title",
                    "refreshing=Loading ...", "--state-label-font", "regular 15", "--time-label-font", "regular 14",
                    "--state-label-color", "#FF0000", "--time-label-color", "#0000FF", "--state", "refreshing", "--time", "0.2",
                ])))
        // MJRefresh's README: the chaining grammar, as written there.
        let tableView = UITableView()
        MJRefreshNormalHeader {
            // load some data
        }.autoChangeTransparency(true)
            .link(to: tableView)
        let linked = try #require(tableView.mj_header)
        #expect(
            try RefreshRenderer().render(try linked.scene(state: .idle, percent: 0.4))
                == (try Self.cli(["--style", "normal", "--auto-alpha", "--state", "idle", "--percent", "0.4"])))
        // i18n: a forced language, as the example's language list sets it.
        MJRefreshConfig.default.languageCode = "ko"
        let korean = MJRefreshAutoNormalFooter {}.link(to: tableView)
        #expect(
            try RefreshRenderer().render(try korean.scene(state: .idle))
                == (try Self.cli(["--kind", "auto-footer", "--style", "normal", "--language", "ko", "--force-language", "--state", "idle"]))
        )
        #expect(Bundle.mj_localizedString(forKey: "MJRefreshAutoFooterIdleText") != "Click or drag up to refresh")
        MJRefreshConfig.default.reset()
    }
}
