import CRLottie
import Foundation
import RefreshGifTestSupport
import Testing

@testable import ImageCodecs
@_spi(Tools) @testable import RefreshGif
@testable import RefreshImage
@testable import RefreshModel
@testable import RefreshRaster

/// Lottie animations as state images, checked against rlottie's own rendering.
@Suite("Lottie state images")
struct LottieTests {
    static let pullLoop = Support.fixture("lottie/pull-loop.json")
    static let spinner = Support.fixture("lottie/spinner.json")

    /// Frame `frame` of `path` rendered through rlottie's C API directly, converted here from
    /// premultiplied ARGB words to premultiplied RGBA bytes: the independent reference.
    static func reference(_ path: String, frame: Int, width: Int, height: Int) throws -> [UInt8] {
        guard let animation = lottie_animation_from_file(path) else { throw InvalidValue(field: "path", reason: "rlottie refused it") }
        defer { lottie_animation_destroy(animation) }
        var words = [UInt32](repeating: 0, count: width * height)
        words.withUnsafeMutableBufferPointer { lottie_animation_render(animation, frame, $0.baseAddress, width, height, width * 4) }
        return words.flatMap { w in
            [UInt8(truncatingIfNeeded: w >> 16), UInt8(truncatingIfNeeded: w >> 8), UInt8(truncatingIfNeeded: w), UInt8(w >> 24)]
        }
    }

    static func scene(_ json: String) throws -> RefreshScene {
        try JSONDecoder().decode(SceneDescription.self, from: Data(json.utf8)).makeScene(baseDirectory: Support.root.path)
    }

    @Test(
        "Idle scrubs the segment by percent with the GIF rule; each frame is rlottie's own, drawn at the render scale",
        arguments: [(0.0, 0), (0.5, 15), (0.99, 29), (1.7, 29)])
    func idleFrames(percent: Double, expected: Int) throws {
        let scene = try Self.scene(
            """
            {"images": {"idle": "Fixtures/lottie/pull-loop.json"}, "lottieSegments": {"idle": "pull"}, "scale": 3,
             "state": "idle", "percent": \(percent)}
            """)
        let sequence = try #require(scene.images[.idle])
        #expect(sequence.count == 30)
        #expect(sequence.durationMicroseconds == 1_000_000)
        let choice = try #require(
            ImageSelection.choice(kind: .header, state: .idle, images: scene.images, percent: percent, time: 0, timing: .equal))
        #expect(choice.index == expected)
        // 60 pt at @3x: 180 px, never resampled.
        #expect(choice.image.scale == 3 && choice.image.image.width == 180)
        #expect(choice.image.image.pixels == (try Self.reference(Self.pullLoop, frame: expected, width: 180, height: 180)))
    }

    @Test("one worker draws any order of frames and sizes, repeats included, each as a fresh rlottie render would")
    func workerFrameOrder() throws {
        let animation = try LottieAnimation(data: FileIO.read(Self.pullLoop), resourceDirectory: nil)
        for (frame, side) in [(10, 120), (40, 120), (40, 120), (5, 180), (5, 60), (59, 180), (0, 120), (10, 120)] {
            let image = try animation.render(frame: frame, width: side, height: side)
            #expect(
                image.pixels == (try Self.reference(Self.pullLoop, frame: frame, width: side, height: side)), "frame \(frame) at \(side) px"
            )
        }
    }

    @Test("Refreshing loops its marker's frames at the animation's frame rate", arguments: [(0.0, 30), (0.4, 42), (1.0, 30), (1.55, 46)])
    func loopingFrames(seconds: Double, frame: Int) throws {
        let scene = try Self.scene(
            """
            {"images": {"refreshing": "Fixtures/lottie/pull-loop.json"}, "lottieSegments": {"refreshing": "loop"},
             "state": "refreshing", "time": \(seconds)}
            """)
        let sequence = try #require(scene.images[.refreshing])
        #expect(sequence.count == 30 && sequence.durationMicroseconds == 1_000_000)
        let choice = try #require(
            ImageSelection.choice(
                kind: .header, state: .refreshing, images: scene.images, percent: 1,
                time: scene.timeMicroseconds, timing: .equal))
        #expect(choice.image.image.pixels == (try Self.reference(Self.pullLoop, frame: frame, width: 120, height: 120)))
    }

    @Test("FROM:TO segments, --lottie-size and auto-height")
    func segmentsAndSize() throws {
        let scene = try Self.scene(
            """
            {"images": {"idle": "Fixtures/lottie/pull-loop.json"}, "lottieSegments": {"idle": "10:20"}, "lottieSize": "30x30",
             "hideLabels": true}
            """)
        let sequence = try #require(scene.images[.idle])
        #expect(sequence.count == 10)
        #expect(sequence.frames[0].image.width == 60 && sequence.frames[0].pointHeight == 30)
        #expect(sequence.frames[3].image.pixels == (try Self.reference(Self.pullLoop, frame: 13, width: 60, height: 60)))
        // 30 pt images leave the header at 54 pt; the animation's own 60 pt grow it to 60.
        #expect(scene.size.height == 54)
        #expect(try Self.scene("{\"images\": {\"idle\": \"Fixtures/lottie/pull-loop.json\"}}").size.height == 60)
        // The whole animation by default: 60 frames, 2 s.
        let whole = try #require(try Self.scene("{\"images\": {\"refreshing\": \"Fixtures/lottie/spinner.json\"}}").images[.refreshing])
        #expect(whole.count == 30 && whole.durationMicroseconds == 1_000_000)
    }

    @Test(
        "a key given twice in one object is refused, wherever it is: the checked value could differ from the drawn one",
        arguments: [
            ("{\"fr\": 1e-300, ", "\"fr\""), ("{\"op\": 5.3, ", "\"op\""),
            ("{\"assets\": [{\"id\": \"a\", \"id\": \"b\"}], \"unused\": ", "\"id\""),
        ])
    func duplicateKeys(prefix: String, key: String) throws {
        let base = try String(contentsOfFile: Self.pullLoop, encoding: .utf8)
        // The fixture's own object starts after the prefix's object opens: `{` + prefix + rest.
        let text = prefix.hasSuffix(": ") ? prefix + base + "}" : prefix + base.dropFirst()
        let error = #expect(throws: ImageCodecError.self) {
            _ = try LottieAnimation.header(Array(text.utf8), resourceDirectory: "/nonexistent", limits: .default)
        }
        guard case let .malformed(_, reason)? = error else { return }
        #expect(reason == "the key \(key) is given twice in one object")
    }

    @Test("info reads size, frame rate, frames, duration and markers without rendering")
    func header() throws {
        let info = try LottieAnimation(data: FileIO.read(Self.pullLoop), resourceDirectory: nil).info
        #expect(info.width == 60 && info.height == 60 && info.frameRate == 30 && info.frameCount == 60 && info.duration == 2)
        #expect(info.markers == [.init(name: "pull", start: 0, duration: 30), .init(name: "loop", start: 30, duration: 30)])
    }

    @Test(
        "the header is read leniently: fields of the wrong type count as missing, odd entries are skipped, only the top level must be an object"
    )
    func lenientHeader() throws {
        let base = try String(contentsOfFile: Self.pullLoop, encoding: .utf8)
        func header(_ text: String) throws -> LottieAnimation.Info {
            try LottieAnimation.header(Array(text.utf8), resourceDirectory: "/nonexistent", limits: .default)
        }
        func reason(_ text: String) -> String? {
            do { _ = try header(text); return nil } catch let ImageCodecError.malformed(_, reason) { return reason } catch {
                return "\(error)"
            }
        }
        // Embedded assets (e = 1 or true) and assets without a file name are not looked up; junk entries are skipped.
        let assets =
            #"[{"id": "a", "p": "data:image/png;base64,AA==", "e": 1}, {"id": "b", "p": "x.png", "e": true}, {"id": "c"}, 7, "text"]"#
        #expect(try header(base.replacingOccurrences(of: "\"assets\": []", with: "\"assets\": " + assets)).frameCount == 60)
        // Markers that are not objects, or lack a name or a start, are left out; the rest are kept.
        let markers = #""markers": [3, {"cm": 5, "tm": 0}, {"cm": "late", "tm": "soon"}, {"cm": "ok", "tm": 12, "dr": "long"}],"#
        let marked = base.replacingOccurrences(of: "\"markers\": [", with: markers + " \"unused\": [")
        #expect(marked != base)
        #expect(try header(marked).markers == [.init(name: "ok", start: 12, duration: 0)])
        // A frame rate given as text is a missing frame rate; layers that are not an array are no layers.
        #expect(
            reason(base.replacingOccurrences(of: "\"fr\": 30", with: "\"fr\": \"30\""))
                == "\"fr\" is missing or not a number: not a Lottie file")
        #expect(reason(#"{"fr": 30, "ip": 0, "op": 60, "w": 60, "h": 60, "layers": {}}"#) == "no \"layers\": not a Lottie file")
        #expect(reason(#"{"fr": 30, "ip": 0, "op": 60, "w": 60, "h": 60, "layers": []}"#) == nil)
        #expect(reason("[1, 2]") == "not a JSON object")
        #expect(reason("{\"layers\": [") == "not valid JSON")
    }

    @Test("bad Lottie input: not Lottie, missing asset, enormous size, too many frames, unknown marker")
    func badFiles() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func write(_ name: String, _ text: String) throws -> String {
            let path = folder + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let base = try String(contentsOfFile: Self.spinner, encoding: .utf8)
        let loader = ImageLoader(defaultScale: 2)
        // A JSON file that is not Lottie.
        #expect { try loader.load(try write("plain.json", "{\"layers\": 3}")) } throws: { error in
            guard case let .badInput(file, message) = error as? RefreshGifError else { return false }
            return file.hasSuffix("plain.json") && message.contains("Lottie")
        }
        // An image asset that is not there: missing input (66 on the command line).
        let asset = base.replacingOccurrences(
            of: "\"assets\": []",
            with: "\"assets\": [{\"id\": \"i\", \"w\": 10, \"h\": 10, \"u\": \"img/\", \"p\": \"gone.png\", \"e\": 0}]")
        #expect { try loader.load(try write("asset.json", asset)) } throws: { error in
            guard case let .missingInput(file, _) = error as? RefreshGifError else { return false }
            return file.hasSuffix("img/gone.png")
        }
        // Declared sizes and frame counts are checked before anything is rendered.
        let huge = base.replacingOccurrences(of: "\"w\": 50", with: "\"w\": 900000")
        #expect { try loader.load(try write("huge.json", huge)) } throws: { error in
            guard case .limitExceeded = error as? RefreshGifError else { return false }
            return true
        }
        let long = base.replacingOccurrences(of: "\"op\": 30,\n \"w\"", with: "\"op\": 9000000,\n \"w\"")
        #expect(long != base)
        #expect { try loader.load(try write("long.json", long)) } throws: { error in
            guard case .limitExceeded = error as? RefreshGifError else { return false }
            return true
        }
        // A marker the file does not have names the ones it has.
        #expect { try loader.load(Self.pullLoop, lottie: .init(segment: "bounce")) } throws: { error in
            guard case let .invalidSetting(field, message) = error as? RefreshGifError else { return false }
            return field == "lottieSegments" && message.contains("pull, loop")
        }
    }
}
