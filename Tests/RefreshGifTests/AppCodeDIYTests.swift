import Foundation
import RefreshGif
import RefreshGifTestSupport
import RefreshGifUIKit
import Testing

/// MJRefresh's example app's DIY header, written in Swift as an app would: a subclass of the
/// bare `MJRefreshHeader` with a label, a switch, a logo and a spinner of its own (the views
/// and what each state shows are shared with the back footer, as an app would share them).
final class DIYHeader: MJRefreshHeader {
    let views = DIYViews(texts: [
        .idle: "赶紧下拉吖(开关是打酱油滴)", .pulling: "赶紧放开我吧(开关是打酱油滴)", .refreshing: "加载数据中(开关是打酱油滴)",
    ])

    override func prepare() {
        super.prepare()
        views.add(to: self)
    }

    override func placeSubviews() {
        super.placeSubviews()
        // The logo sits above the header.
        views.place(in: self, logoCenterY: -100 + 20)
    }

    override var state: MJRefreshState {
        didSet { views.show(state) }
    }

    override var pullingPercent: CGFloat {
        didSet { views.tint(pullingPercent) }
    }
}

/// MJRefresh's example app's DIY back footer: the header's views, the logo below the control,
/// a text for No More Data, on the bare `MJRefreshBackFooter`.
final class DIYBackFooter: MJRefreshBackFooter {
    let views = DIYViews(texts: [
        .idle: "赶紧上拉吖(开关是打酱油滴)", .pulling: "赶紧放开我吧(开关是打酱油滴)", .refreshing: "加载数据中(开关是打酱油滴)",
        .noMoreData: "木有数据了(开关是打酱油滴)",
    ])

    override func prepare() {
        super.prepare()
        views.add(to: self)
    }

    override func placeSubviews() {
        super.placeSubviews()
        // The logo sits below the footer.
        views.place(in: self, logoCenterY: mj_h + 100 * 0.5)
    }

    override var state: MJRefreshState {
        didSet { views.show(state) }
    }

    override var pullingPercent: CGFloat {
        didSet { views.tint(pullingPercent) }
    }
}

/// The DIY demos' own views: a label, a switch, a logo and a spinner, and what each state shows.
final class DIYViews {
    let label = UILabel()
    let toggle = UISwitch()
    let logo = UIImageView(image: UIImage(named: "Logo"))
    let loading = UIActivityIndicatorView(style: .gray)
    let texts: [MJRefreshState: String]

    init(texts: [MJRefreshState: String]) { self.texts = texts }

    func add(to control: MJRefreshComponent) {
        DIYDemo.setUp(control, label: label, toggle: toggle)
        logo.contentMode = .scaleAspectFit
        control.addSubview(logo)
        control.addSubview(loading)
    }

    func place(in control: MJRefreshComponent, logoCenterY: CGFloat) {
        label.frame = control.bounds
        logo.bounds = CGRect(x: 0, y: 0, width: control.bounds.width, height: 100)
        logo.center = CGPoint(x: control.mj_w * 0.5, y: logoCenterY)
        loading.center = CGPoint(x: control.mj_w - 30, y: control.mj_h * 0.5)
    }

    /// A state with a text of its own: the text, the switch on while pulled or refreshing, the
    /// spinner turning while refreshing. Any other state keeps what the last one showed.
    func show(_ state: MJRefreshState) {
        guard let text = texts[state] else { return }
        label.text = text
        toggle.setOn(state == .pulling || state == .refreshing, animated: true)
        if state == .refreshing { loading.startAnimating() } else { loading.stopAnimating() }
    }

    /// Orange at rest to purple at a full pull.
    func tint(_ percent: CGFloat) {
        let red = 1.0 - percent * 0.5, green = 0.5 - 0.5 * percent, blue = 0.5 * percent
        label.textColor = UIColor(red: red, green: green, blue: blue, alpha: 1)
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

    @Test(
        "the DIY header's and back footer's own code draw what their scene files (examples/layers/NAME.json) draw, in every state they show",
        arguments: ["MJDIYHeader", "MJDIYBackFooter"])
    func diyControlsAreTheirSceneFiles(name: String) throws {
        AppResources.folders = [Self.layers]
        AppDevice.language = "en"
        AppDevice.now = nil
        let scene = try SceneDescription(contentsOfFile: Self.layers + "/\(name).json")
        let footer = name == "MJDIYBackFooter"
        // At rest and at a full pull: between them the demo's colour is 0.5 green where the
        // scene file's #FF8000 is 128/255, a level apart at some pulls.
        let cases: [(MJRefreshState, String, Double)] =
            [(.idle, "idle", 0.0), (.pulling, "pulling", 1.0), (.refreshing, "refreshing", 1.0)]
            + (footer ? [(.noMoreData, "no-more-data", 0.0)] : [])
        for (state, word, percent) in cases {
            let control: MJRefreshComponent = footer ? DIYBackFooter {} : DIYHeader {}
            var expected = scene
            expected[.state] = .text(word)
            expected[.percent] = .number(percent)
            try Self.drawnAlike(try control.scene(state: state, percent: percent), try expected.makeScene(), "\(name)-\(word)")
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
