import Foundation
import RefreshGif
import RefreshGifTestSupport
import RefreshGifUIKit
import Testing

/// MJRefresh's example app's DIY header, written in Swift as an app would: a subclass of the
/// bare `MJRefreshHeader` with a label, a switch, a logo and a spinner of its own.
final class DIYHeader: MJRefreshHeader {
    let label = UILabel()
    let toggle = UISwitch()
    let logo = UIImageView(image: UIImage(named: "Logo"))
    let loading = UIActivityIndicatorView(style: .gray)

    override func prepare() {
        super.prepare()
        DIYDemo.setUp(self, label: label, toggle: toggle)
        logo.contentMode = .scaleAspectFit
        addSubview(logo)
        addSubview(loading)
    }

    override func placeSubviews() {
        super.placeSubviews()
        label.frame = bounds
        logo.bounds = CGRect(x: 0, y: 0, width: bounds.width, height: 100)
        logo.center = CGPoint(x: mj_w * 0.5, y: -logo.mj_h + 20)
        loading.center = CGPoint(x: mj_w - 30, y: mj_h * 0.5)
    }

    override var state: MJRefreshState {
        didSet {
            switch state {
            case .idle:
                loading.stopAnimating()
                toggle.setOn(false, animated: true)
                label.text = "赶紧下拉吖(开关是打酱油滴)"
            case .pulling:
                loading.stopAnimating()
                toggle.setOn(true, animated: true)
                label.text = "赶紧放开我吧(开关是打酱油滴)"
            case .refreshing:
                toggle.setOn(true, animated: true)
                loading.startAnimating()
                label.text = "加载数据中(开关是打酱油滴)"
            default:
                break
            }
        }
    }

    override var pullingPercent: CGFloat {
        didSet {
            let red = 1.0 - pullingPercent * 0.5, green = 0.5 - 0.5 * pullingPercent, blue = 0.5 * pullingPercent
            label.textColor = UIColor(red: red, green: green, blue: blue, alpha: 1)
        }
    }
}

/// MJRefresh's example app's DIY back footer: the header's views, the logo below the control,
/// a text for No More Data, on the bare `MJRefreshBackFooter`.
final class DIYBackFooter: MJRefreshBackFooter {
    let label = UILabel()
    let toggle = UISwitch()
    let logo = UIImageView(image: UIImage(named: "Logo"))
    let loading = UIActivityIndicatorView(style: .gray)

    override func prepare() {
        super.prepare()
        DIYDemo.setUp(self, label: label, toggle: toggle)
        logo.contentMode = .scaleAspectFit
        addSubview(logo)
        addSubview(loading)
    }

    override func placeSubviews() {
        super.placeSubviews()
        label.frame = bounds
        logo.bounds = CGRect(x: 0, y: 0, width: bounds.width, height: 100)
        logo.center = CGPoint(x: mj_w * 0.5, y: mj_h + logo.mj_h * 0.5)
        loading.center = CGPoint(x: mj_w - 30, y: mj_h * 0.5)
    }

    override var state: MJRefreshState {
        didSet {
            switch state {
            case .idle:
                loading.stopAnimating()
                toggle.setOn(false, animated: true)
                label.text = "赶紧上拉吖(开关是打酱油滴)"
            case .pulling:
                loading.stopAnimating()
                toggle.setOn(true, animated: true)
                label.text = "赶紧放开我吧(开关是打酱油滴)"
            case .refreshing:
                toggle.setOn(true, animated: true)
                loading.startAnimating()
                label.text = "加载数据中(开关是打酱油滴)"
            case .noMoreData:
                loading.stopAnimating()
                toggle.setOn(false, animated: true)
                label.text = "木有数据了(开关是打酱油滴)"
            default:
                break
            }
        }
    }

    override var pullingPercent: CGFloat {
        didSet {
            let red = 1.0 - pullingPercent * 0.5, green = 0.5 - 0.5 * pullingPercent, blue = 0.5 * pullingPercent
            label.textColor = UIColor(red: red, green: green, blue: blue, alpha: 1)
        }
    }
}

/// A subclass whose view the renderer cannot draw.
final class ProgressHeader: MJRefreshHeader {
    override func prepare() {
        super.prepare()
        addSubview(UIProgressView())
    }
}

/// Your own subclass, its views drawn: in the same serialized suite as the stock classes, as
/// the app's resources are global.
extension AppCodeTests {
    static let layers = Support.root.appendingPathComponent("examples/layers").path

    @Test("the DIY header's own code draws what its scene file (examples/layers/MJDIYHeader.json) draws, at rest and past the pull")
    func diyHeaderIsItsSceneFile() throws {
        AppResources.folders = [Self.layers]
        AppDevice.language = "en"
        AppDevice.now = nil
        let scene = try SceneDescription(contentsOfFile: Self.layers + "/MJDIYHeader.json")
        for (state, word, percent) in [(MJRefreshState.idle, "idle", 0.0), (.pulling, "pulling", 1.0), (.refreshing, "refreshing", 1.0)] {
            let header = DIYHeader {}
            let drawn = try RefreshRenderer().render(try header.scene(state: state, percent: percent))
            var expected = scene
            expected[.state] = .text(word)
            expected[.percent] = .number(percent)
            let reference = try RefreshRenderer().render(try expected.makeScene())
            #expect(drawn.width == reference.width && drawn.height == reference.height, "\(word)")
            let differing = zip(drawn.pixels, reference.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "\(word): \(differing) channel values differ")
            if let look = ProcessInfo.processInfo.environment["REFRESH_LOOK"] { try drawn.writePNG(to: look + "/diy-\(word).png") }
        }
        #expect(AppResources.misses.isEmpty, "\(AppResources.misses)")
    }

    @Test("the DIY back footer's own code draws what its scene file (examples/layers/MJDIYBackFooter.json) draws, in every state")
    func diyBackFooterIsItsSceneFile() throws {
        AppResources.folders = [Self.layers]
        AppDevice.language = "en"
        AppDevice.now = nil
        let scene = try SceneDescription(contentsOfFile: Self.layers + "/MJDIYBackFooter.json")
        // At rest and at a full pull, as the header's test: between them the demo's colour is
        // 0.5 green where the scene file's #FF8000 is 128/255, a level apart at some pulls.
        let cases: [(MJRefreshState, String, Double)] = [
            (.idle, "idle", 0.0), (.pulling, "pulling", 1.0), (.refreshing, "refreshing", 1.0), (.noMoreData, "no-more-data", 0.0),
        ]
        for (state, word, percent) in cases {
            let drawn = try RefreshRenderer().render(try DIYBackFooter {}.scene(state: state, percent: percent))
            var expected = scene
            expected[.state] = .text(word)
            expected[.percent] = .number(percent)
            let reference = try RefreshRenderer().render(try expected.makeScene())
            #expect(drawn.width == reference.width && drawn.height == reference.height, "\(word)")
            let differing = zip(drawn.pixels, reference.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "\(word) at \(percent): \(differing) channel values differ")
            if let look = ProcessInfo.processInfo.environment["REFRESH_LOOK"] { try drawn.writePNG(to: look + "/diy-back-\(word).png") }
        }
        #expect(AppResources.misses.isEmpty, "\(AppResources.misses)")
    }

    @Test("a view the renderer cannot draw is an error naming the class and the view, never left out")
    func undrawableViewsAreNamed() throws {
        AppResources.folders = []
        let error = #expect(throws: AppCodeError.self) { _ = try ProgressHeader {}.scene(state: .idle, percent: 0) }
        #expect(error?.description.hasPrefix("ProgressHeader (/UIProgressView[0])") == true, "\(error?.description ?? "")")
        let bare = #expect(throws: AppCodeError.self) { _ = try MJRefreshHeader {}.scene() }
        #expect(bare?.description.contains("no subview to draw") == true)
    }
}

/// What the example app's DIY controls share: their orange, bold 16-pt centred label.
enum DIYDemo {
    /// 50 pt tall, the label and the switch added.
    static func setUp(_ control: MJRefreshComponent, label: UILabel, toggle: UISwitch) {
        control.mj_h = 50
        style(label)
        control.addSubview(label)
        control.addSubview(toggle)
    }

    static func style(_ label: UILabel) {
        label.textColor = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        label.font = .boldSystemFont(ofSize: 16)
        label.textAlignment = .center
    }
}
