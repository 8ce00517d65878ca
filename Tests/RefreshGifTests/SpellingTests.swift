import Foundation
import RefreshImage
import Testing

@testable import AppCodeWriter
@_spi(Tools) @testable import RefreshGif
@testable import RefreshGifUIKit
@testable import RefreshModel

/// A setting that is a property of one of the control's views is declared once: its spelling
/// writes the export of every library and reads the property back through RefreshGifUIKit. A
/// declaration made here, in the test module, goes both ways with no other code.
@Suite struct SpellingTests {
    /// A setting the library does not have: the state label's background, spelled as the
    /// label's `backgroundColor` (its value kept where the control's colour is: the test reads
    /// it from there).
    static let labelShade = SceneField.stored(
        "labelShade", \.scene.controlColor, group: .look, help: "The state label's background.",
        example: RGBAColor(red: 0x33, green: 0x66, blue: 0x99)
    )
    .spelled(AppProperty(.stateLabel, "backgroundColor"))

    /// A scene of `library`'s `kind` in `style` with the shade set.
    private static func scene(_ library: String, kind: String = "header", style: String) throws -> RefreshScene {
        var description = SceneDescription()
        description[.library] = .text(library)
        description[.kind] = .text(kind)
        description[.style] = .text(style)
        description[.controlColor] = .text("#336699")
        return try description.makeScene()
    }

    @Test("a setting declared in a test module is exported in Swift and Objective-C as each library spells the view")
    func exported() throws {
        let fields = [Self.labelShade]
        let swiftColor = "UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)"
        let mj = try #require(
            MJRefresh().appSetup(of: try Self.scene("mjrefresh", style: "normal"), images: [:], arrowImage: nil, fields: fields))
        #expect(mj.configure.map { $0.written(in: .swift) } == ["header.stateLabel?.backgroundColor = \(swiftColor)"])
        #expect(mj.configure.map { $0.written(in: .objc) }.first?.hasPrefix("header.stateLabel.backgroundColor = [UIColor ") == true)
        let sv = try #require(
            SVPullToRefresh().appSetup(of: try Self.scene("svpulltorefresh", style: "normal"), images: [:], arrowImage: nil, fields: fields)
        )
        #expect(sv.configure.map { $0.written(in: .swift) }.contains("view.titleLabel.backgroundColor = \(swiftColor)"))
        // ZJRefresh's NormalAnimator names its label as its nib's outlet does.
        let zj = try #require(
            ZJRefresh().appSetup(of: try Self.scene("zjrefresh", style: "normal"), images: [:], arrowImage: nil, fields: fields))
        #expect(zj.configure.map { $0.written(in: .swift) }.contains("animator.descroptionLabel.backgroundColor = \(swiftColor)"))
        // A class without the view (SVPullToRefresh's infinite scrolling view has no label) gets nothing.
        let infinite = try #require(
            SVPullToRefresh().appSetup(
                of: try Self.scene("svpulltorefresh", kind: "auto-footer", style: "normal"), images: [:], arrowImage: nil, fields: fields))
        #expect(!infinite.configure.contains { $0.written(in: .swift).contains("backgroundColor") })
    }

    @Test("the same declaration reads the property back from the app's views, and only when the app changed it")
    func readBack() throws {
        let header = MJRefreshNormalHeader()
        var untouched = SceneDescription()
        SpelledProperties.describe(
            header.stockViews.spelled(control: header), library: MJRefresh().name, fields: [Self.labelShade], into: &untouched)
        #expect(untouched[Self.labelShade] == nil)
        header.stateLabel.backgroundColor = UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        var described = SceneDescription()
        SpelledProperties.describe(
            header.stockViews.spelled(control: header), library: MJRefresh().name, fields: [Self.labelShade], into: &described)
        #expect(described[Self.labelShade] == .text("#336699"))
    }

    @Test("where two settings spell one property, the narrower reads it back and the later writes it")
    func narrowest() throws {
        let header = MJRefreshNormalHeader()
        header.stateLabel.textColor = .red
        var described = SceneDescription()
        SpelledProperties.describe(header.stockViews.spelled(control: header), library: MJRefresh().name, into: &described)
        #expect(described[.stateLabelColor] == .text("#FF0000"))
        #expect(described[.textColor] == nil)
        // Both set: the state label takes its own colour, the time label the shared one, each once.
        var both = SceneDescription()
        both[.textColor] = .text("#00FF00")
        both[.stateLabelColor] = .text("#FF0000")
        let setup = try #require(
            MJRefresh().appSetup(of: try both.makeScene(), images: [:], arrowImage: nil, fields: SceneSchema.standard.fields))
        let lines = setup.configure.map { $0.written(in: .swift) }
        #expect(
            lines.filter { $0.hasPrefix("header.stateLabel?.textColor") } == [
                "header.stateLabel?.textColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)"
            ])
        #expect(lines.filter { $0.hasPrefix("header.lastUpdatedTimeLabel?.textColor") }.count == 1)
    }

    /// The views of each library's stand-in classes, as app code reaches them.
    private static func standIns() -> [String: [[AppView: SpelledProperties.Configured]]] {
        let mj: [MJRefreshComponent] = [
            MJRefreshNormalHeader(), MJRefreshGifHeader(), MJRefreshStateHeader(), MJRefreshAutoNormalFooter(),
            MJRefreshAutoGifFooter(), MJRefreshBackNormalFooter(), MJRefreshBackGifFooter(), MJRefreshNormalTrailer(),
        ]
        let pull = SVPullToRefreshView()
        let zj: [ZJAnimatorView] = [NormalAnimator.normalAnimator(), GifAnimator.gifAnimatorWithHeight(height: 80)]
        return [
            MJRefresh().name: mj.map { $0.stockViews.spelled(control: $0) },
            SVPullToRefresh().name: [
                StockViews(state: pull.titleLabel, time: pull.subtitleLabel).spelled(control: pull),
                StockViews().spelled(control: SVInfiniteScrollingView()),
            ],
            ZJRefresh().name: zj.map { StockViews(state: $0.labels.state, time: $0.labels.time).spelled(control: $0) },
        ]
    }

    @Test("every spelled setting names a property RefreshGifUIKit's views have, in every library it is spelled for")
    func everySpellingIsReadable() {
        let standIns = Self.standIns()
        let spelled = SceneSchema.standard.fields.filter { $0.spelling != nil }
        #expect(spelled.count >= 15)
        // The lookup tells a property the view lacks from one it has unset.
        #expect(SpelledProperties.lookup("noSuchProperty", of: UILabel()) == nil)
        #expect(SpelledProperties.lookup("backgroundColor", of: UILabel()).map { $0 == nil } == true)
        for field in spelled {
            // Each library with a class the setting exists on.
            for family in SceneSchema.standard.families where family.classes.contains(where: field.applies(to:)) {
                guard let spelling = field.spelling, let views = standIns[family.name] else { continue }
                for property in spelling.properties(in: family.name) {
                    // A view the library does not have (ZJRefresh's spinner is not the app's): nothing is written.
                    let holders = views.compactMap { $0[property.view] }
                    guard !holders.isEmpty else { continue }
                    let found = holders.contains { SpelledProperties.lookup(property.name, of: $0.view) != nil }
                    #expect(found, "\(field.name): \(family.name)'s \(property.view).\(property.name) is no property of its stand-in views")
                }
            }
        }
    }

    @Test("a spelled property's Objective-C name: isHidden is hidden, other names stay")
    func objcNames() {
        #expect(AppProperty.objcName("isHidden") == "hidden")
        #expect(AppProperty.objcName("isAutomaticallyChangeAlpha") == "automaticallyChangeAlpha")
        #expect(AppProperty.objcName("island") == "island")
        #expect(AppProperty.objcName("textColor") == "textColor")
    }
}
