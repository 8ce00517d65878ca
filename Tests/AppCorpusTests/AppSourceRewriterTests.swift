import AppCodeImport
import Testing

/// The rewrite that lets an app's file compile on Linux as it is: what changes, what never
/// does (comments, strings), and that every line stays where it was.
@Suite("An app's file rewritten for Linux")
struct AppSourceRewriterTests {
    /// The rewrite of `source` without its first line (the `#sourceLocation`).
    static func body(_ source: String) -> String {
        let out = AppSourceRewriter.rewrite(source, path: "App/File.swift")
        return String(out.drop { $0 != "\n" }.dropFirst())
    }

    @Test("UIKit, MJRefresh and Core Animation become RefreshGifUIKit, SnapKit and Lottie ours; Foundation and others stay")
    func imports() {
        let source =
            "import UIKit\nimport MJRefresh\nimport QuartzCore\nimport Foundation\nimport SnapKit\nimport Lottie\nimport Kingfisher\nimport class UIKit.UIView\n"
        #expect(
            Self.body(source)
                == "import RefreshGifUIKit\nimport RefreshGifUIKit\nimport RefreshGifUIKit\nimport Foundation\nimport RefreshGifSnapKit\nimport RefreshGifLottie\nimport Kingfisher\nimport  RefreshGifUIKit\n"
        )
    }

    @Test("Objective-C attributes and dynamic go; dynamic as a name stays")
    func attributes() {
        let source = """
            @objcMembers class A: NSObject {
                @objc dynamic var tint = 0
                @objc(loadNew:) func load(_ x: Int) {}
                @IBOutlet weak var label: UILabel!
                @IBAction private func tap() {}
                let dynamic = 3
            }
            """
        let out = Self.body(source)
        #expect(!out.contains("@objc") && !out.contains("@IB") && !out.contains("dynamic var"))
        #expect(out.contains("let dynamic = 3") && out.contains("func load(_ x: Int)"))
        #expect(out.split(separator: "\n", omittingEmptySubsequences: false).count == source.split(separator: "\n").count)
    }

    @Test("#selector becomes a Selector naming the method, its lines kept")
    func selectors() {
        #expect(Self.body("h(target: self, action: #selector(loadNew))") == "h(target: self, action: Selector(\"loadNew\"))")
        #expect(Self.body("#selector(Feed.load(_:))") == "Selector(\"Feed.load(_:)\")")
        #expect(Self.body("a(#selector(\n  load))\nnext") == "a(Selector(\"load\")\n)\nnext")
    }

    @Test("comments and strings are never touched")
    func commentsAndStrings() {
        let source = #"""
            // import UIKit and #selector(x) and @objc
            /* nested /* @objc */ #selector(y) */
            let s = "import UIKit @objc #selector(z)"
            let t = """
                @objc \(f("#selector(w)")) dynamic var
                """
            let r = #"@objc "quoted" #selector(v)"#
            """#
        #expect(Self.body(source) == source)
    }

    @Test("#if conditions hold as on the phone; the code in them is rewritten too")
    func conditions() {
        let source =
            "#if canImport(UIKit)\nimport UIKit\n#elseif os(iOS) && DEBUG\n#else\nimport RefreshGifUIKit\n#endif\n#if os(Linux)\n#endif"
        #expect(
            Self.body(source)
                == "#if true\nimport RefreshGifUIKit\n#elseif true && DEBUG\n#else\nimport RefreshGifUIKit\n#endif\n#if os(Linux)\n#endif")
    }

    @Test("NSLocalizedString is RefreshGifUIKit's in a file that imports UIKit, Foundation's elsewhere")
    func localizedStrings() {
        #expect(
            Self.body("import UIKit\nlet t = NSLocalizedString(\"a\", comment: \"\")")
                == "import RefreshGifUIKit\nlet t = RefreshGifUIKit.NSLocalizedString(\"a\", comment: \"\")")
        #expect(Self.body("import Foundation\nlet t = NSLocalizedString(\"a\", comment: \"\")").contains(" NSLocalizedString("))
    }

    @Test("the file is named by a #sourceLocation, so errors point at the app's own lines")
    func sourceLocation() {
        let out = AppSourceRewriter.rewrite("let a = 1\n", path: #"App/My "File".swift"#)
        #expect(out.hasPrefix(#"#sourceLocation(file: "App/My \"File\".swift", line: 1)"# + "\n"))
    }
}
