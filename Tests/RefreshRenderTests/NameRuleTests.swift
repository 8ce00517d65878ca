import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// Names read from input files become files and terminal lines only through one rule
/// (docs/robustness.md, "Names").
@Suite("Names from input files: one rule")
struct NameRuleTests {
    @Test func theRule() {
        for good in ["Localizable", "Inter-Bold", "下拉", "a.b", String(repeating: "x", count: FileName.maxBytes)] {
            #expect(FileName.problem(good) == nil, "\(good)")
        }
        for bad in [
            "", ".", "..", "a/b", "../x", "a\\b", "a\u{0}b", "\u{1B}[31mred", "tab\there", "\u{85}", String(repeating: "x", count: 201),
        ] {
            #expect(FileName.problem(bad) != nil, "\(bad.debugDescription)")
        }
        // The reason quotes the name with its control characters escaped.
        #expect(FileName.problem("\u{1B}[31m")?.unicodeScalars.contains { $0.value < 0x20 } == false)
    }

    /// A bare CFF font (FreeType reads one whatever its extension) cut from an installed
    /// OpenType font, its name replaced by `name` of the same length: FreeType hands the name
    /// over as it is, where it filters the `name` table of an OpenType font.
    static func bareCFF(named name: String) throws -> [UInt8] {
        let path = "/usr/share/fonts/opentype/inter/InterDisplay-ExtraBoldItalic.otf"
        let font = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        func be(_ at: Int, _ count: Int) -> Int { font[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) } }
        let tables = be(4, 2)
        guard let cff = (0..<tables).map({ 12 + 16 * $0 }).first(where: { font[$0..<($0 + 4)].elementsEqual("CFF ".utf8) }) else {
            throw POSIXError(.EINVAL)
        }
        var table = Array(font[be(cff + 8, 4)..<(be(cff + 8, 4) + be(cff + 12, 4))])
        // The Name INDEX follows the header: count, offset size, offsets, then the names.
        let index = Int(table[2]), offsetSize = Int(table[index + 2])
        func offset(_ k: Int) -> Int {
            table[(index + 3 + k * offsetSize)..<(index + 3 + (k + 1) * offsetSize)].reduce(0) { $0 << 8 | Int($1) }
        }
        let data = index + 3 + 2 * offsetSize - 1
        let (start, end) = (data + offset(0), data + offset(1))
        let bytes = Array(name.utf8)
        #expect(bytes.count == end - start, "the name keeps its length: \(end - start) bytes")
        table.replaceSubrange(start..<end, with: bytes)
        return table
    }

    /// The attack's fonts: a name twelve folders deep, one that climbs with `../`, one with
    /// terminal escapes. Each is refused as bad input (65) naming the font file; the export
    /// folder and every folder made for it are gone; no control character reaches the terminal.
    @Test func aFontsPostScriptNameIsNeverAPath() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = [
            "a/b/c/d/e/f/g/h/i/j/k/l/mn/", "../../../../../tmp/pwned/xx", "\u{1B}[31mRED\u{1B}[0m\u{7}bell-and-more!",
        ]
        for name in names {
            let padded = name + String(repeating: "Z", count: max(0, 28 - name.utf8.count))
            try Data(try Self.bareCFF(named: padded)).write(to: URL(fileURLWithPath: folder + "/brand.otf"))
            let run = try CLI.run(["export", "--font", "brand.otf", "-o", "np/sub/deeper"], in: folder)
            #expect(run.status == 65, "\(name.debugDescription): \(run.stderr)")
            #expect(run.stderr.contains("brand.otf") && run.stderr.contains("PostScript name"), "\(run.stderr)")
            #expect(!run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(run.stderr.debugDescription)")
            #expect(CLI.files(in: folder) == ["brand.otf"], "\(CLI.files(in: folder))")
        }
    }
}
