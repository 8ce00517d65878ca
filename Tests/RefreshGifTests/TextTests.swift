import Foundation
import RefreshGifTestSupport
import Testing

@testable import ImageCodecs
@testable import PixelDiff
@testable import RefreshGif
@testable import RefreshImage
@testable import RefreshModel
@testable import RefreshRaster

@Suite("Titles, languages, last-updated line and glyphs")
struct TextTests {
    @Test("language tags match case-insensitively (docs/text.md)")
    func languages() {
        let cases: [(String, TitleLanguage)] = [
            ("zh-Hans", .zhHans), ("zh-hans", .zhHans), ("zh-CN", .zhHans), ("zh-SG", .zhHans), ("zh", .zhHans),
            ("zh-Hans-CN", .zhHans), ("zh-Hant", .zhHant), ("zh-TW", .zhHant), ("zh-hk", .zhHant), ("zh-MO", .zhHant),
            ("zh-Hant-TW", .zhHant), ("en-GB", .en), ("ko-KR", .ko), ("ru", .ru), ("uk-UA", .uk), ("fr", .en), ("", .en),
        ]
        for (tag, expected) in cases { #expect(TitleLanguage(tag: tag) == expected, "\(tag)") }
    }

    @Test("each kind shows the docs/text.md key in each state")
    func titleMapping() {
        #expect(MJRefreshTitles.title(kind: .header, state: .pulling, language: .en) == "Release to refresh")
        #expect(MJRefreshTitles.title(kind: .header, state: .willRefresh, language: .en) == "Loading...")
        #expect(MJRefreshTitles.title(kind: .header, state: .noMoreData, language: .en) == "")
        #expect(MJRefreshTitles.title(kind: .autoFooter, state: .pulling, language: .en) == "")
        #expect(MJRefreshTitles.title(kind: .autoFooter, state: .idle, language: .ru) == "Нажмите или потяните чтобы загрузить еще")
        #expect(MJRefreshTitles.title(kind: .backFooter, state: .pulling, language: .ko) == "놓으면 더 로드됨.")
        #expect(MJRefreshTitles.title(kind: .backFooter, state: .noMoreData, language: .zhHant) == "已經全部加載完畢")
        #expect(MJRefreshTitles.title(kind: .trailer, state: .refreshing, language: .zhHans) == "释放查看图文详情")
        // Only the Chinese bundles have trailer titles: elsewhere a phone shows the key.
        #expect(MJRefreshTitles.title(kind: .trailer, state: .idle, language: .uk) == "MJRefreshTrailerIdleText")
        #expect(MJRefreshTitles.title(kind: .trailer, state: .pulling, language: .en) == "MJRefreshTrailerPullingText")
        #expect(MJRefreshTitles.string(.headerLastTime, .zhHans) == "最后更新：")
        #expect(MJRefreshTitles.string(.headerLastTime, .en) == "Last update: ")
    }

    @Test("every default title exists in all six languages; key names show only where MJRefresh has no string (trailers)")
    func tablesComplete() {
        for key in MJRefreshTitles.Key.allCases {
            for language in TitleLanguage.allCases {
                let text = MJRefreshTitles.string(key, language)
                let missing = (key == .trailerIdle || key == .trailerPulling) && !MJRefreshTitles.hasOwnTrailerTitles(language)
                #expect(!text.isEmpty && text.hasPrefix("MJRefresh") == missing && text != key.rawValue, "\(key) \(language)")
            }
        }
    }

    static let utc = TimeZone(identifier: "UTC")!

    static func date(_ text: String) -> Date {
        let f = ISO8601DateFormatter()
        return f.date(from: text)!
    }

    @Test("last-updated: today, this year, another year, none (docs/text.md)")
    func lastUpdated() {
        let en = LastUpdatedFormatter(language: .en, timeZone: Self.utc)
        let now = Self.date("2024-07-05T18:00:00Z")
        #expect(en.text(lastUpdated: Self.date("2024-07-05T14:05:00Z"), now: now) == "Last update: Today 14:05")
        #expect(en.text(lastUpdated: Self.date("2024-03-17T09:41:00Z"), now: now) == "Last update: 03-17 09:41")
        #expect(en.text(lastUpdated: Self.date("2023-12-31T23:59:00Z"), now: now) == "Last update: 2023-12-31 23:59")
        #expect(en.text(lastUpdated: nil, now: now) == "Last update: No record")
        let zh = LastUpdatedFormatter(language: .zhHans, timeZone: Self.utc)
        #expect(zh.text(lastUpdated: Self.date("2024-07-05T14:05:00Z"), now: now) == "最后更新：今天 14:05")
        #expect(zh.text(lastUpdated: nil, now: now) == "最后更新：无记录")
        let ko = LastUpdatedFormatter(language: .ko, timeZone: Self.utc)
        #expect(ko.text(lastUpdated: Self.date("2024-07-05T09:05:00Z"), now: now) == "마지막 업데이트: 오늘 09:05")
    }

    @Test("quirk reproduced: 'today' compares only the day of the month")
    func todayQuirk() {
        let en = LastUpdatedFormatter(language: .en, timeZone: Self.utc)
        let text = en.text(lastUpdated: Self.date("2023-03-05T08:00:00Z"), now: Self.date("2024-07-05T12:00:00Z"))
        #expect(text == "Last update: Today 08:00")
    }

    @Test("the time zone decides the day and the clock")
    func timeZones() {
        let tokyo = LastUpdatedFormatter(language: .en, timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        // 23:30 UTC on the 4th is 08:30 on the 5th in Tokyo.
        let text = tokyo.text(lastUpdated: Self.date("2024-07-04T23:30:00Z"), now: Self.date("2024-07-05T03:00:00Z"))
        #expect(text == "Last update: Today 08:30")
    }

    @Test("civil times agree with Foundation's Gregorian calendar from 1583 to 9999, in UTC, fixed offsets and named zones")
    func civilTimeMatchesCalendar() throws {
        let zones = [
            Self.utc, try #require(TimeZone(secondsFromGMT: -34_200)), try #require(TimeZone(identifier: "Asia/Shanghai")),
            try #require(TimeZone(identifier: "America/New_York")), try #require(TimeZone(identifier: "Australia/Lord_Howe")),
        ]
        // Every day of 1999–2001 (2000 is a leap year, 1900 and 2100 are not), then a stride
        // of a prime number of seconds to 9999. Foundation's calendar turns Julian before
        // 15 October 1582; ours, as ISO 8601, stays Gregorian (so 0001-01-01 is two days apart).
        let start = -12_212_553_600.0, end = 253_402_300_799.0
        var moments = stride(from: 915_148_800.0, to: 1_009_843_200.0, by: 86_400 + 3_599).map { $0 }
        moments += stride(from: start, through: end, by: 2_719_999_963.0).map { $0 }
        moments += [-2_208_988_800, 4_107_542_400, start, end, -1, 0, 1_709_164_800, 1_709_251_199]
        for zone in zones {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            for seconds in moments {
                let date = Date(timeIntervalSince1970: seconds)
                let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
                let civil = CivilTime(date, in: zone)
                #expect(
                    [civil.year, civil.month, civil.day, civil.hour, civil.minute, civil.second]
                        == [c.year, c.month, c.day, c.hour, c.minute, c.second], "\(seconds) in \(zone.identifier)")
            }
        }
    }

    @Test("civil times round-trip, refuse impossible fields, and give a time for any Date")
    func civilTimeFields() {
        #expect(CivilTime(year: 2024, month: 2, day: 29) != nil && CivilTime(year: 2023, month: 2, day: 29) == nil)
        #expect(CivilTime(year: 2000, month: 2, day: 29) != nil && CivilTime(year: 1900, month: 2, day: 29) == nil)
        #expect(CivilTime(year: 2024, month: 4, day: 31) == nil && CivilTime(year: 2024, month: 13, day: 1) == nil)
        #expect(CivilTime(year: 2024, month: 1, day: 1, hour: 24) == nil && CivilTime(year: 10_000, month: 1, day: 1) == nil)
        let time = CivilTime(year: 2026, month: 3, day: 17, hour: 9, minute: 41, second: 7)
        #expect(time?.date(offsetSeconds: 7200).timeIntervalSince1970 == 1_773_733_267)
        #expect(time.map { CivilTime($0.date(), in: Self.utc) } == time)
        for odd in [
            Date.distantPast, .distantFuture, Date(timeIntervalSince1970: .infinity), Date(timeIntervalSince1970: -.infinity),
            Date(timeIntervalSince1970: .nan), Date(timeIntervalSince1970: 1e300),
        ] {
            let civil = CivilTime(odd, in: Self.utc)
            #expect((1...12).contains(civil.month) && (1...31).contains(civil.day) && (0...23).contains(civil.hour), "\(odd)")
        }
    }

    @Test("a named zone is resolved with its daylight saving; a wrong name is refused with the names it may mean")
    func zoneNames() throws {
        let berlin = try #require(TimeZoneNames.zone(named: "Europe/Berlin"))
        #expect(berlin.secondsFromGMT(for: Self.date("2024-01-15T12:00:00Z")) == 3600)
        #expect(berlin.secondsFromGMT(for: Self.date("2024-07-15T12:00:00Z")) == 7200)
        #expect(TimeZoneNames.zone(named: "Nowhere/Bogus") == nil)
        #expect(TimeZoneNames.suggestions(for: "asia/shanghai") == ["Asia/Shanghai"])
        #expect(TimeZoneNames.suggestions(for: "Tokyo") == ["Asia/Tokyo"])
        #expect { try JSONDecoder().decode(SceneDescription.self, from: Data("{\"timezone\": \"asia/seoul\"}".utf8)).makeScene() } throws: {
            error in
            guard let invalid = error as? InvalidValue else { return false }
            return invalid.field == "timezone" && "\(invalid.reason)".contains("did you mean Asia/Seoul?")
        }
        // The default needs no time zone data: a fixed offset of zero.
        #expect(RefreshScene().timeZone.secondsFromGMT(for: Self.date("2024-07-15T12:00:00Z")) == 0)
    }

    @Test(
        "CFormat writes numbers as String(format:) does",
        arguments: [0.0, 0.125, 0.375, 2.675, 1.005, -1.5, -0.0004, 4.0, 99.99951, 1e9 + 0.5, 12.3456789])
    func cFormat(value: Double) {
        #expect(CFormat.fixed(value, 2) == String(format: "%.2f", value))
        #expect(CFormat.fixed(value, 3) == String(format: "%.3f", value))
        #expect(CFormat.fixed(value, 0) == String(format: "%.0f", value))
        let whole = Int(value)
        #expect(CFormat.zeroPadded(whole, 4) == String(format: "%04ld", whole))
        #expect(CFormat.string("%ld of %ld (%.4f %%)", whole, 7, value) == String(format: "%ld of %ld (%.4f %%)", whole, 7, value))
    }

    @Test("every CJK and Hangul title character has a real glyph in the font chosen for it")
    func realGlyphs() throws {
        let renderer = try RefreshRenderer()
        for language in [TitleLanguage.zhHans, .zhHant, .ko, .ru, .uk] {
            for key in MJRefreshTitles.Key.allCases {
                for scalar in MJRefreshTitles.string(key, language).unicodeScalars where scalar != " " {
                    let glyph = try renderer.glyph(for: scalar)
                    #expect(glyph != nil && glyph?.index != 0, "U+\(String(scalar.value, radix: 16)) in \(key) \(language)")
                }
            }
        }
    }

    @Test("text width is the advance width of the laid-out line, not rounded, empty is 0")
    func widths() throws {
        let renderer = try RefreshRenderer()
        #expect(try renderer.textWidth("") == 0)
        let pull = try renderer.textWidth("Pull down to refresh")
        #expect(pull > 100 && pull < 200)
        #expect(pull != pull.rounded())
        // Widths add up for text in one font (no kerning between these pairs in DejaVu).
        let a = try renderer.textWidth("Pull down"), b = try renderer.textWidth(" to refresh")
        #expect(abs(a + b - pull) < 0.5)
        // Kerning from the font's kern table is applied: in DejaVu Sans Bold "AV" is narrower
        // than "A" and "V" apart. (Inter keeps its kerning in GPOS, which FreeType alone does
        // not apply: docs/fonts.md.)
        let dejavu = FontLocation(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        let av = try renderer.textWidth("AV", font: dejavu)
        let apart = try renderer.textWidth("A", font: dejavu) + renderer.textWidth("V", font: dejavu)
        #expect(av < apart - 0.1)
    }

    @Test("text wider than its label is tail-truncated with … and fits")
    func truncation() throws {
        let library = try FreeTypeLibrary()
        let text = try TextRenderer(library: library, scale: 2, font: nil)
        let line = text.truncated("Tap or pull up to load more", toFit: 100)
        #expect(line.width <= 100)
        #expect(line.width > 60)
        let last = try #require(line.glyphs.last)
        #expect(last.index == text.glyph(for: "…")?.index)
        // Text that fits is left alone.
        #expect(text.truncated("Loading...", toFit: 300).width == text.width(of: "Loading..."))
        // A rendered footer 120 pt wide keeps its title inside the control.
        var scene = RefreshScene()
        scene.kind = .autoFooter
        scene.style = .state
        scene.width = 120
        let image = try RefreshRenderer().render(scene)
        let bounds = try #require(image.opaqueBounds())
        #expect(bounds.minX >= 0 && bounds.maxX < 240)
    }
}
