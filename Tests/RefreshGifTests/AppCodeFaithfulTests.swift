import Foundation
import RefreshGif
import RefreshGifTestSupport
import RefreshGifUIKit
import Testing

extension AppCodeTests {
    /// What app code does drawn as the phone draws it (docs/app-code.md): each test failed on
    /// the code before it (the first Idle never reached an override, a GIF class without images
    /// drew the built-in ring, a restarted spinner stayed hidden, the app's own keys were drawn
    /// raw, a dark colour set was drawn light, the screen was process-wide).
    @Suite("App code: drawn as the phone draws it")
    struct Faithful {
        /// A bare header whose title is set only when the state changes, as MJRefresh's own DIY
        /// header is written.
        final class GuardedTitleHeader: MJRefreshHeader {
            let title = UILabel()
            var seen: [MJRefreshState] = []
            override func prepare() {
                super.prepare()
                title.font = .boldSystemFont(ofSize: 14)
                addSubview(title)
            }
            override func placeSubviews() {
                super.placeSubviews()
                title.frame = CGRect(x: 0, y: 0, width: mj_w, height: mj_h)
            }
            override var state: MJRefreshState {
                didSet {
                    guard state != oldValue else { return }
                    seen.append(state)
                    switch state {
                    case .idle: title.text = "Pull down"
                    case .pulling: title.text = "Let go"
                    default: title.text = "Loading"
                    }
                }
            }
        }

        @Test("the first Idle reaches an override of state: the title at rest is there")
        func firstIdle() throws {
            AppCodeTests.reset([])
            let header = GuardedTitleHeader()
            #expect(header.seen == [.idle])
            #expect(header.title.text == "Pull down")
            let layers = try header.sceneDescription(state: .idle, percent: 0.3).layers
            #expect(layers.contains { $0[key: "text"] == .text("Pull down") })
        }

        @Test("a GIF class whose images were never set (or all misspelt) draws its labels only, as the State style")
        func gifWithoutImages() throws {
            AppCodeTests.reset([])
            let bare = MJRefreshGifHeader {}
            let misspelt = MJRefreshGifHeader {}
            misspelt.setImages((1...3).compactMap { UIImage(named: "no_such_frame_\($0)") }, for: .idle)
            #expect(AppResources.misses.count == 3)
            let state = MJRefreshStateHeader {}
            for header in [bare, misspelt] {
                let drawn = try RefreshRenderer().render(try header.scene(state: .idle, percent: 0.5))
                let stateStyle = try RefreshRenderer().render(try state.scene(state: .idle, percent: 0.5))
                #expect(drawn == stateStyle, "no built-in ring where MJRefresh draws none")
            }
        }

        @Test("a spinner that hidesWhenStopped is hidden when stopped and shown again when started")
        func spinnerShownWhenStarted() {
            let spinner = UIActivityIndicatorView(style: .medium)
            spinner.isHidden = true
            spinner.startAnimating()
            #expect(!spinner.isHidden && spinner.isAnimating)
            spinner.stopAnimating()
            #expect(spinner.isHidden)
            spinner.hidesWhenStopped = false
            spinner.isHidden = false
            spinner.startAnimating()
            spinner.stopAnimating()
            #expect(!spinner.isHidden)
        }

        @Test("NSLocalizedString reads the app's own keys from its resource folders, in the device's language")
        func appKeys() throws {
            let root = try Support.temporaryFolder()
            try FileManager.default.createDirectory(atPath: root + "/en.lproj", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root + "/de.lproj", withIntermediateDirectories: true)
            try Data("\"footer.idle\" = \"Load more\";\n".utf8).write(to: URL(fileURLWithPath: root + "/en.lproj/Localizable.strings"))
            try Data("\"footer.idle\" = \"Mehr laden\";\n".utf8).write(to: URL(fileURLWithPath: root + "/de.lproj/Localizable.strings"))
            AppCodeTests.reset([root])
            defer { AppCodeTests.reset([]) }
            #expect(NSLocalizedString("footer.idle", comment: "") == "Load more")
            AppDevice.with(language: "de") { #expect(NSLocalizedString("footer.idle", comment: "") == "Mehr laden") }
            #expect(NSLocalizedString("footer.none", comment: "") == "footer.none")
            #expect(AppResources.misses.contains { $0.hasPrefix("NSLocalizedString(\"footer.none\") found nothing") })
        }

        @Test("a colour set's dark appearance is drawn in a dark appearance; UIColor(dynamicProvider:) follows it")
        func darkAppearance() throws {
            let root = try Support.temporaryFolder()
            let set = root + "/Assets.xcassets/Tint.colorset"
            try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
            try Data(
                #"{"colors": [{"color": {"components": {"red": "1.000", "green": "0.000", "blue": "0.000"}}, "idiom": "universal"}, {"appearances": [{"appearance": "luminosity", "value": "dark"}], "color": {"components": {"red": "0.000", "green": "0.000", "blue": "1.000"}}, "idiom": "universal"}]}"#
                    .utf8
            ).write(to: URL(fileURLWithPath: set + "/Contents.json"))
            AppCodeTests.reset([root])
            defer { AppCodeTests.reset([]) }
            #expect(UIColor(named: "Tint") == .red)
            AppDevice.with(style: .dark) {
                #expect(UIColor(named: "Tint") == .blue)
                #expect(UIColor { $0.userInterfaceStyle == .dark ? .white : .black } == .white)
            }
            #expect(UIColor { $0.userInterfaceStyle == .dark ? .white : .black } == .black)
        }

        @Test("UIFont(name:size:) knows the app's fonts and iOS's own faces, not every font of this machine")
        func fontsThePhoneHas() {
            AppCodeTests.reset([])
            #expect(UIFont(name: "DejaVuSerif-Bold", size: 15) == nil, "installed here, not on a phone")
            let pingFang = UIFont(name: "PingFangSC-Semibold", size: 15)
            #expect(pingFang?.pointSize == 15 && pingFang?.fontName == "PingFangSC-Semibold")
            #expect(UIFont(name: "HelveticaNeue", size: 12) != nil)
        }

        @Test("the screen is scoped to the task: two screens drawn at once each draw at their own size")
        func scopedScreens() async throws {
            AppCodeTests.reset([])
            let sizes = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
                for screen in [AppDevice.Screen.iPhone13, .iPhoneSE, .iPhone8, .iPhone13ProMax] {
                    group.addTask {
                        try AppDevice.with(screen) {
                            let image = try RefreshRenderer().render(try MJRefreshNormalHeader {}.scene(state: .idle))
                            return (image.width, screen.scale * Int(screen.width))
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(sizes.count == 4 && sizes.allSatisfy { $0.0 == $0.1 }, "\(sizes)")
            #expect(AppDevice.width == 375 && AppDevice.scale == 2, "nothing process-wide changed")
        }

        @Test("an animation added to a layer is drawn at its value for the time since it was added")
        func layerAnimations() throws {
            AppCodeTests.reset([])
            final class SpinningHeader: MJRefreshHeader {
                let ring = UIImageView(image: Bundle.mj_arrowImage())
                override func prepare() {
                    super.prepare()
                    ring.backgroundColor = UIColor.red
                    addSubview(ring)
                }
                override func placeSubviews() {
                    super.placeSubviews()
                    ring.frame = CGRect(x: 100, y: 10, width: 20, height: 20)
                }
                override var state: MJRefreshState {
                    didSet {
                        guard state != oldValue else { return }
                        if state == .refreshing {
                            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
                            turn.fromValue = 0
                            turn.toValue = Double.pi * 2
                            turn.duration = 1
                            turn.repeatCount = .infinity
                            ring.layer.add(turn, forKey: "spin")
                        } else {
                            ring.layer.removeAllAnimations()
                        }
                    }
                }
            }
            let header = SpinningHeader()
            func turn(at time: Double) throws -> Double? {
                let drawn: SceneDescription = try header.sceneDescription(state: .refreshing, percent: 1, time: time)
                guard case let .number(degrees)? = drawn.layers.first?[key: "rotation"] else { return nil }
                return degrees
            }
            #expect(try turn(at: 0.25).map { abs($0 - 90) < 1e-6 } == true)
            #expect(try turn(at: 1.5).map { abs(abs($0) - 180) < 1e-6 } == true)
            let idle = try header.sceneDescription(state: .idle, percent: 0).layers
            #expect(idle.first?[key: "rotation"] == nil || idle.first?[key: "rotation"] == .number(0), "removed when it stopped")
        }

        @Test("a stock class's label and image view the app places in placeSubviews are drawn where it put them")
        func placedStockViews() throws {
            AppCodeTests.reset([])
            final class Placed: MJRefreshStateHeader {
                override func placeSubviews() {
                    super.placeSubviews()
                    stateLabel.font = .systemFont(ofSize: 12)
                    stateLabel.frame = CGRect(x: 10, y: 30, width: 200, height: 14)
                }
            }
            let description = try Placed().sceneDescription(state: .pulling, percent: 1.2)
            #expect(description[.hideStateLabel] == .flag(true), "the library's own label gives way")
            let label = try #require(description.layers.first)
            #expect(label[key: "text"] == .text("Release to refresh"))
            #expect(label[key: "x"] == .number(10) && label[key: "y"] == .number(30) && label[key: "width"] == .number(200))
            #expect(label[key: "font"] == .text("regular 12"))
            // Left where the library puts it, nothing changes.
            #expect(try MJRefreshStateHeader {}.sceneDescription(state: .pulling, percent: 1.2).layers.isEmpty)
        }

        @Test("sizeToFit, a button and a stack view lay out as UIKit does")
        func uikitLayout() throws {
            AppCodeTests.reset([])
            let label = UILabel()
            label.text = "Refreshing"
            label.font = .systemFont(ofSize: 14)
            label.sizeToFit()
            #expect(label.frame.width > 40 && label.frame.height > 10)
            let spinner = UIActivityIndicatorView(style: .medium)
            let stack = UIStackView(arrangedSubviews: [spinner, label])
            stack.spacing = 8
            stack.alignment = .center
            stack.frame = CGRect(x: 0, y: 0, width: 375, height: 54)
            stack.layoutSubviews()
            #expect(spinner.frame.maxX + 8 == label.frame.minX)
            #expect(abs((spinner.frame.minX + label.frame.maxX) / 2 - 187.5) < 1e-9, "centred along the axis")
            #expect(spinner.frame.midY == 27 && label.frame.midY == 27)
            let button = UIButton(type: .system)
            button.setTitle("Retry", for: .normal)
            button.frame = CGRect(x: 0, y: 0, width: 120, height: 44)
            button.layoutSubviews()
            #expect(button.titleLabel?.text == "Retry")
            #expect(abs((button.titleLabel?.frame.midX ?? 0) - 60) < 1e-9)
            #expect(UIScreen.main.bounds.width == 375 && UIScreen.main.scale == 2)
        }
    }
}
