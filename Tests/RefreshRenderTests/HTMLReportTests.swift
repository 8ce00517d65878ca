import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
import SnapshotReports
import Testing

/// The snapshot report, opened in a real browser (Debian's Chromium, headless).
@Suite("HTML snapshot report in Chromium")
struct HTMLReportTests {
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Runs Chromium headless with `arguments` and returns what it printed on standard output.
    /// Runs Chromium until `done` says its output is there (at most three times: a headless
    /// Chromium on a loaded machine now and then exits before it has written anything).
    static func browser(_ arguments: [String], until done: (String) -> Bool) throws -> String {
        var output = ""
        for _ in 0..<3 {
            output = try browser(arguments)
            if done(output) { break }
        }
        return output
    }

    /// `waitForScripts` gives the page's scripts up to 5 s of virtual time (not with scripting off).
    static func browser(_ arguments: [String], waitForScripts: Bool = true) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium ?? "/usr/bin/chromium")
        process.arguments =
            ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
            + (waitForScripts ? ["--virtual-time-budget=5000"] : []) + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// A report of the example suite with one passing and two failing cases.
    static func makeReport(in folder: String) throws -> String {
        let examples = Support.root.appendingPathComponent("examples/snapshots").path
        let golden = folder + "/golden"
        try FileManager.default.copyItem(atPath: examples + "/golden", toPath: golden)
        let cases = """
            {"defaults": {"width": 320, "scale": 2, "lastUpdated": "2024-03-17T09:41:00Z", "now": "2024-07-05T12:00:00Z"},
             "cases": [
              {"name": "header-gif-idle", "state": "idle", "percent": 0.5},
              {"name": "header-normal-pulling", "style": "normal", "state": "idle"},
              {"name": "back-footer-no-more-data", "kind": "back-footer", "state": "no-more-data", "titles": {"no-more-data": "All <b>loaded</b>"}}
             ]}
            """
        try Data(cases.utf8).write(to: URL(fileURLWithPath: folder + "/cases.json"))
        let result = try CLI.run([
            "snapshot", folder + "/cases.json", "--golden", golden, "--html", folder + "/report",
            "--artifacts", folder + "/artifacts",
        ])
        #expect(result.status == 1, "\(result.stderr)")
        return folder + "/report/index.html"
    }

    @Test(
        "an animation's entry steps through its grids one frame at a time",
        .enabled(if: chromium != nil, "Chromium is not installed here (make test installs Debian's chromium)"))
    func frameStepping() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A grid of 4 frames of 100 × 50 px, 2 a row, as expected, actual and diff.
        var grid = try RGBAImage(width: 200, height: 100)
        grid.draw(Support.solid(100, 50, RGBAColor(red: 255, green: 0, blue: 0)), atX: 100, y: 50)
        try FileIO.write(try PNGEncoder().encode(grid), to: folder + "/grid.png")
        var entry = HTMLReport.Entry(
            name: "spin", status: .failed, differingPixels: 5, totalPixels: 20_000, message: "frames differ",
            expected: folder + "/grid.png", actual: folder + "/grid.png", diff: folder + "/grid.png")
        entry.grid = HTMLReport.Entry.Grid(columns: 2, count: 4, width: 100, height: 50)
        try HTMLReport(title: "Frames", entries: [entry]).write(to: folder + "/report")
        let page = folder + "/report/index.html"
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("class=\"frame-step\" min=\"0\" max=\"3\""))
        // The script drew frame 0 of each grid into its canvas, at the cell's size.
        let dom = try Self.browser(["--dump-dom", "file://" + page]) { $0.contains("data-shown") }
        #expect(dom.contains("data-shown=\"0\"") && dom.contains("width=\"100\" height=\"50\""), "\(dom.prefix(2000))")
    }

    @Test(
        "the report lists every case, failures first, loads its pictures, its swipe slider moves, its filter is CSS",
        .enabled(if: chromium != nil, "Chromium is not installed here (make test installs Debian's chromium)"))
    func inBrowser() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let page = try Self.makeReport(in: folder)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // Self-contained: no network, no CDN; titles escaped.
        #expect(
            !html.contains("http://") && !html.contains("https://"),
            "\(html.components(separatedBy: "http").dropFirst().map { $0.prefix(40) })")
        #expect(html.contains("All &lt;b&gt;loaded") && !html.contains("All <b>"))
        // Without JavaScript the basic view is all there: three cases, pictures as files.
        #expect(html.components(separatedBy: "<li class=\"case\"").count - 1 == 3)
        // In the browser, with the page's own check (#selftest).
        let dom = try Self.browser(["--dump-dom", "file://" + page + "#selftest"]) { $0.contains("data-selftest") }
        let attribute = try #require(dom.range(of: "data-selftest=\"").map { dom[$0.upperBound...].prefix { $0 != "\"" } })
        let json = String(attribute).replacingOccurrences(of: "&quot;", with: "\"")
        let check = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(check["slider"] as? String == "moved")
        let images = try #require(check["images"] as? Int)
        #expect(images == 2 * 3 + 1 + 2 * 4, "expected + actual + diff of two failures, the passing golden, swipe and onion layers")
        #expect(check["loaded"] as? Int == images)
        #expect(check["order"] as? [String] == ["failed", "failed", "passed"])
        // "Failed" shows only the failures through CSS alone, as it does with scripting off.
        #expect(check["filter"] as? String == "css")
        // A screenshot a person can look at.
        let shot = folder + "/report.png"
        _ = try Self.browser(["--window-size=1280,1000", "--screenshot=" + shot, "file://" + page]) { _ in
            FileManager.default.fileExists(atPath: shot)
        }
        let picture = try PNGDecoder().decode(FileIO.read(shot))
        #expect(picture.width == 1280 && picture.height == 1000)
        if let keep = ProcessInfo.processInfo.environment["REFRESH_REPORT_SCREENSHOT"] {
            try FileManager.default.copyItem(atPath: shot, toPath: keep)
        }
    }

    @Test("a report takes out only what it wrote: a passing case's pictures, then its page and log; the user's files stay")
    func removesOnlyItsOwn() throws {
        let root = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The report's folder is a sticky shared one, with the user's files above, beside and in it.
        let folder = root + "/shared"
        try FileManager.default.createDirectory(atPath: folder + "/images", withIntermediateDirectories: true)
        chmod(folder, 0o1777)
        try Data("above".utf8).write(to: URL(fileURLWithPath: root + "/above.txt"))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/images/mine.png"))
        try Data("notes".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        let picture = Support.fixture("demo/arrow@2x.png")
        for name in ["a", "b"] {
            try HTMLReport.add(
                HTMLReport.Entry(name: name, status: .failed, message: "differs", expected: picture, actual: picture, diff: picture),
                title: "t", in: folder)
        }
        #expect(CLI.files(in: folder + "/images").count == 7)
        try HTMLReport.remove(named: "a", title: "t", from: folder)
        #expect(CLI.files(in: folder + "/images") == ["b.actual.png", "b.diff.png", "b.expected.png", "mine.png"])
        try HTMLReport.remove(named: "b", title: "t", from: folder)
        #expect(CLI.files(in: folder) == ["images", "notes.txt"] && CLI.files(in: folder + "/images") == ["mine.png"])
        #expect(CLI.files(in: root) == ["above.txt", "shared"])

        // A report whose `images` is a link to the user's folder: nothing there is removed, even
        // a file of a picture's name.
        let linked = folder + "/linked"
        try FileManager.default.createDirectory(atPath: folder + "/theirs", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: linked, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: linked + "/images", withDestinationPath: "../theirs")
        try HTMLReport.add(
            HTMLReport.Entry(name: "c", status: .failed, message: "differs", expected: picture), title: "t", in: linked)
        try Data("theirs".utf8).write(to: URL(fileURLWithPath: folder + "/theirs/c.expected.png"))
        try HTMLReport.remove(named: "c", title: "t", from: linked)
        #expect(CLI.files(in: folder + "/theirs") == ["c.expected.png"] && CLI.files(in: root) == ["above.txt", "shared"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/theirs/c.expected.png")) == Data("theirs".utf8))
    }
}
