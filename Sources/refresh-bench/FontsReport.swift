import Foundation
import RefreshGif

/// `refresh-bench fonts`: the measurements that choose the default faces (docs/fonts.md).
///
/// The reference is a 2× iOS simulator capture of MJRefresh's Normal header (Refreshing,
/// Chinese, with the last-updated line) and auto footer: the time line `最后更新：今天 11:46`
/// is 136.5 pt of ink wide there, and the title `正在刷新数据中` has an ink weight (mean
/// coverage over its glyph boxes) of 0.198.
enum FontsReport {
    static let deviceTimeLineInk = 136.5
    static let deviceCJKWeight = 0.198
    /// The same title rendered by us in WenQuanYi Micro Hei, measured the capture's way.
    static let capturedWenQuanYiWeight = 0.166
    static let timeLine = "最后更新：今天 11:46"
    static let cjkTitle = "正在刷新数据中"
    static let hangulTitle = "로딩중"
    static let latinStrings = [
        "Pull down to refresh", "Release to refresh", "Loading...", "Last update: Today 11:46",
        "Tap or pull up to load more", "0123456789:",
    ]

    struct Face {
        var name: String
        var path: String
        var index: Int = 0
    }

    static func installed(_ candidates: [Face]) -> [Face] {
        candidates.filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    static let latin = installed([
        Face(name: "DejaVu Sans Bold", path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
        Face(name: "Inter Bold", path: "/usr/share/fonts/opentype/inter/Inter-Bold.otf"),
        Face(name: "Inter SemiBold", path: "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf"),
        Face(name: "Inter Display SemiBold", path: "/usr/share/fonts/opentype/inter/InterDisplay-SemiBold.otf"),
    ])

    /// Noto Sans CJK collections: face 2 is SC, 3 TC, 1 KR in Debian's .ttc files.
    static let cjk = installed([
        Face(name: "WenQuanYi Micro Hei", path: "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),
        Face(name: "Noto Sans CJK SC Regular", path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", index: 2),
        Face(name: "Noto Sans CJK SC Medium", path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Medium.ttc", index: 2),
        Face(name: "Noto Sans CJK SC Bold", path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", index: 2),
    ])

    static func run() throws {
        let renderer = try RefreshRenderer()
        print("Latin faces at 14 pt (advance widths in points; the time line with the CJK face chosen below):\n")
        print("| face | " + latinStrings.map { "`\($0)`" }.joined(separator: " | ") + " | time line ink | vs device 136.5 |")
        print("|---|" + String(repeating: "---|", count: latinStrings.count + 2))
        let cjkChoice = (cjk.first { $0.name.hasSuffix("Medium") } ?? cjk.last).map { FontLocation(path: $0.path, index: $0.index) }
        for face in latin {
            let location = FontLocation(path: face.path, index: face.index)
            let widths = try latinStrings.map { try renderer.ink(of: $0, scale: 2, font: location, fallback: cjkChoice).advance }
            let time = try renderer.ink(of: timeLine, scale: 2, font: location, fallback: cjkChoice).inkWidth
            print(
                "| \(face.name) | " + widths.map { String(format: "%.2f", $0) }.joined(separator: " | ")
                    + String(format: " | %.1f | %+.1f |", time, time - deviceTimeLineInk))
        }
        print(
            """

            CJK faces at 14 pt, @2x. Ink weight here = coverage over the glyphs' em boxes; the capture \
            measured ours in WenQuanYi at 0.166 and the device at 0.198 (×1.193), so a face is compared \
            by its ratio to WenQuanYi, scaled onto the capture's 0.166:

            """)
        print(
            "| face | `\(cjkTitle)` width | ink weight | × WenQuanYi | on the capture's scale | vs device 0.198 | `\(hangulTitle)` × WenQuanYi |"
        )
        print("|---|---|---|---|---|---|---|")
        let primary = latin.first.map { FontLocation(path: $0.path, index: $0.index) }
        var reference: (title: Double, hangul: Double)?
        for face in cjk {
            let location = FontLocation(path: face.path, index: face.index)
            let title = try renderer.ink(of: cjkTitle, scale: 2, font: primary, fallback: location)
            let kr = FontLocation(path: face.path, index: face.path.contains("Noto") ? 1 : face.index)
            let hangul = try renderer.ink(of: hangulTitle, scale: 2, font: primary, fallback: kr)
            let base = reference ?? (title.weight, hangul.weight)
            reference = base
            let ratio = title.weight / base.title
            let scaled = ratio * capturedWenQuanYiWeight
            print(
                String(
                    format: "| %@ | %.1f | %.3f | %.3f | %.3f | %+.1f %% | %.3f |", face.name, title.advance, title.weight,
                    ratio, scaled, (scaled / deviceCJKWeight - 1) * 100, hangul.weight / base.hangul))
        }
    }
}
