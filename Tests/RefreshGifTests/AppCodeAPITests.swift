import Foundation
import RefreshGifTestSupport
import RefreshGifUIKit
import Testing

/// RefreshGifUIKit's MJRefresh API held to MJRefresh 3.7's interface as Swift imports its
/// headers (docs/mjrefresh-swift-interface.tsv, written by us from the headers): the same names
/// with the same types, so a signature that drifts fails here; and everything an Objective-C
/// class declares is overridable (the subclass below compiles only while it is).
@Suite("App code: MJRefresh's interface as Swift imports it")
struct AppCodeAPITests {
    /// A declaration without what may differ between an imported header and Swift source:
    /// attributes, modifiers, storage (`weak var … { get }` against `let`).
    static func normalized(_ declaration: String) -> String {
        var words = declaration.split(separator: " ").map(String.init)
        let dropped: Set<String> = ["@discardableResult", "weak", "override", "required", "convenience", "static", "class", "final"]
        words.removeAll { dropped.contains($0) }
        var text = words.joined(separator: " ").replacingOccurrences(of: "let ", with: "var ")
        for suffix in [" { get set }", " { get }"] where text.hasSuffix(suffix) { text.removeLast(suffix.count) }
        return text
    }

    /// Path → declaration of a tab-separated file's lines (comments and known differences left out).
    static func table(_ path: String) throws -> [String: String] {
        let text = try String(contentsOfFile: Support.root.appendingPathComponent(path).path, encoding: .utf8)
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("!") {
            let cells = line.split(separator: "\t").map(String.init)
            out[cells[cells.count == 3 ? 1 : 0]] = cells.last
        }
        return out
    }

    @Test("MJRefreshConst's numbers, which the model draws with, are MJRefresh's")
    func constants() {
        // MJRefreshConst.m: label inset 25, header 54, footer 44, trailer 60, durations 0.25 and 0.4.
        #expect(MJRefreshLabelLeftInset == 25 && MJRefreshHeaderHeight == 54 && MJRefreshFooterHeight == 44)
        #expect(MJRefreshTrailWidth == 60 && MJRefreshFastAnimationDuration == 0.25 && MJRefreshSlowAnimationDuration == 0.4)
    }

    @Test("every declaration of MJRefresh's Swift interface is declared here with the same types")
    func sameSignatures() throws {
        let interface = try Self.table("docs/mjrefresh-swift-interface.tsv")
        let ours = try Self.table("api/RefreshGifUIKit.txt")
        #expect(interface.count > 140)
        // A declaration MJRefresh repeats on each class (`headerWithRefreshingBlock:` …) may be
        // declared once on their base class here: the subclasses inherit it.
        func declared(_ path: String) -> String? {
            if let found = ours[path] { return found }
            let member = path.drop { $0 != "." }
            return ours["MJRefreshComponent" + member]
        }
        for (path, declaration) in interface.sorted(by: { $0.key < $1.key }) {
            guard let declared = declared(path) else {
                Issue.record("\(path) is not declared (\(declaration))")
                continue
            }
            #expect(Self.normalized(declared) == Self.normalized(declaration), "\(path)")
        }
    }

    /// An app's subclass overriding what apps override: compiles only while each is open and
    /// shaped as Swift imports it (`[AnyHashable: Any]?`, `init(frame:)`, `[Any]`).
    final class Overrides: MJRefreshGifHeader {
        override init(frame: CGRect) { super.init(frame: frame) }
        required init?(coder: NSCoder) { super.init(coder: coder) }
        override func prepare() { super.prepare() }
        override func placeSubviews() { super.placeSubviews() }
        override func scrollViewContentOffsetDidChange(_ change: [AnyHashable: Any]?) { super.scrollViewContentOffsetDidChange(change) }
        override func scrollViewContentSizeDidChange(_ change: [AnyHashable: Any]?) { super.scrollViewContentSizeDidChange(change) }
        override func scrollViewPanStateDidChange(_ change: [AnyHashable: Any]?) { super.scrollViewPanStateDidChange(change) }
        override func i18nDidChange() { super.i18nDidChange() }
        override func beginRefreshing() { super.beginRefreshing() }
        override func endRefreshing() { super.endRefreshing() }
        override func executeRefreshingCallback() { super.executeRefreshingCallback() }
        override var state: MJRefreshState {
            get { super.state }
            set { super.state = newValue }
        }
        override var pullingPercent: CGFloat {
            get { super.pullingPercent }
            set { super.pullingPercent = newValue }
        }
        override var refreshingBlock: MJRefreshComponentAction? {
            get { super.refreshingBlock }
            set { super.refreshingBlock = newValue }
        }
        override func setImages(_ images: [Any], duration: TimeInterval, for state: MJRefreshState) -> Self {
            super.setImages(images, duration: duration, for: state)
        }
        override func setTitle(_ title: String, for state: MJRefreshState) -> Self { super.setTitle(title, for: state) }
    }

    @Test("an app's subclass overrides what apps override, and inherits the convenience initialisers")
    func overridable() {
        let block = Overrides(refreshingBlock: {})
        let target = Overrides(refreshingTarget: NSObject(), refreshingAction: Selector("loadNew"))
        #expect(block.state == .idle && target.refreshingAction == Selector("loadNew"))
        #expect(Overrides(coder: NSCoder()) == nil, "made in code here, never from an archive")
    }
}
