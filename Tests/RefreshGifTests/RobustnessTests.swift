import Foundation
import RefreshGifTestSupport
import Testing

@testable import ImageCodecs
@testable import PixelDiff
@_spi(Tools) @testable import RefreshFiles
@_spi(Tools) @testable import RefreshGif
@testable import RefreshImage
@testable import RefreshModel
@testable import RefreshRaster
@_spi(Tools) @testable import RefreshSnapshots

/// The hostile-input catalogue (docs/robustness.md): every case has an exact outcome.
@Suite("Hostile inputs")
struct RobustnessTests {
    /// A GIF of `frames` 1×1 frames with a 4-colour palette (LZW data written by hand:
    /// clear, index 0, end, in 3-bit codes).
    static func tinyFrames(_ frames: Int, screen: (Int, Int) = (1, 1)) -> [UInt8] {
        var out = Array("GIF89a".utf8)
        out += [UInt8(screen.0 & 0xFF), UInt8(screen.0 >> 8), UInt8(screen.1 & 0xFF), UInt8(screen.1 >> 8), 0x81, 0, 0]
        out += [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
        for _ in 0..<frames {
            out += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00]
        }
        return out + [0x3B]
    }

    static func isBadInput(_ error: any Error) -> Bool {
        switch error {
        case let error as RefreshGifError:
            switch error {
            case .badInput, .limitExceeded: return true
            default: return false
            }
        case let error as ImageCodecError:
            switch error {
            case .notThisFormat, .malformed, .limitExceeded: return true
            case .cannotEncode, .libraryFailure, .missingResource: return false
            }
        default:
            return false
        }
    }

    @Test("GIF cut at every byte: complete frames or a bad-input error, never a crash")
    func gifTruncatedEverywhere() throws {
        for name in ["disposal-keep.gif", "spectrum.gif", "interlaced.gif", "transparency.gif"] {
            let whole = try Support.bytes("gif/" + name)
            let full = try GIFDecoder().decode(whole).frames.count
            for cut in 0..<whole.count {
                do {
                    let gif = try GIFDecoder().decode(Array(whole.prefix(cut)))
                    #expect(gif.frames.count >= 1 && gif.frames.count <= full, "\(name) cut at \(cut)")
                } catch {
                    #expect(Self.isBadInput(error), "\(name) cut at \(cut): \(error)")
                }
            }
        }
    }

    @Test("GIF cut at each structural point: header, palette, extension, descriptor, LZW data")
    func gifStructuralCuts() throws {
        let whole = try Support.bytes("gif/disposal-keep.gif")
        // 13-byte header, 12-byte palette, 19-byte NETSCAPE extension, 8-byte GCE, 10-byte descriptor.
        for cut in [6, 13, 20, 30, 50, 55, 61] {
            #expect(throws: ImageCodecError.self, "cut at \(cut)") { try GIFDecoder().decode(Array(whole.prefix(cut))) }
        }
    }

    @Test("GIF with corrupt LZW data or bogus extension lengths decodes what it can, or says it is bad")
    func gifCorrupt() throws {
        let whole = try Support.bytes("gif/spectrum.gif")
        var state: UInt64 = 42
        for _ in 0..<200 {
            var bytes = whole
            for _ in 0..<4 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let i = 800 + Int(state >> 33) % (bytes.count - 800)
                bytes[i] = UInt8(truncatingIfNeeded: state >> 13)
            }
            do { _ = try GIFDecoder().decode(bytes) } catch { #expect(Self.isBadInput(error)) }
        }
        // A graphic control extension claiming 2 bytes instead of 4: ignored, frames still decode.
        var bogus = try Support.bytes("gif/disposal-keep.gif")
        if let gce = bogus.firstIndex(of: 0xF9), bogus[gce - 1] == 0x21 {
            bogus[gce + 1] = 2
            do { _ = try GIFDecoder().decode(bogus) } catch { #expect(Self.isBadInput(error)) }
        }
    }

    @Test("zero-size logical screen is bad input")
    func gifZeroScreen() throws {
        // A 0×0 screen takes its first frame's size, as browsers show it (a 1×1 frame here).
        let grown = try GIFDecoder().decode(Self.tinyFrames(1, screen: (0, 0)))
        #expect(grown.width == 1 && grown.height == 1 && grown.frames.count == 1)
        // With nothing to grow to (no image at all), there is no screen to draw: refused.
        var empty = Array(Self.tinyFrames(0, screen: (0, 0)))
        #expect(empty.last == 0x3B)
        #expect { try GIFDecoder().decode(empty) } throws: { Self.isBadInput($0) }
        empty.removeLast()
        #expect { try GIFDecoder().decode(empty) } throws: { Self.isBadInput($0) }
    }

    @Test("thousands of tiny frames decode; more than the frame limit is refused")
    func gifManyFrames() throws {
        #expect(try GIFDecoder().decode(Self.tinyFrames(3000)).frames.count == 3000)
        var limits = DecodeLimits.default
        limits.maxFrames = 100
        #expect { try GIFDecoder(limits: limits).decode(Self.tinyFrames(101)) } throws: { error in
            guard case let .limitExceeded(violation) = error as? ImageCodecError else { return false }
            return "\(violation)".contains("100 frames")
        }
    }

    @Test("decompression bombs: a tiny file that would decode to too many pixels is refused before allocating")
    func gifBomb() throws {
        // 16384×16384 screen: 268 M pixels a frame, above the 64 M default.
        #expect { try GIFDecoder().decode(Self.tinyFrames(1, screen: (16384, 16384))) } throws: { error in
            guard case let .limitExceeded(violation) = error as? ImageCodecError else { return false }
            guard case .framePixels = violation else { return false }
            return true
        }
        // Many frames of a large screen: the per-file budget stops it.
        var limits = DecodeLimits.default
        limits.maxTotalPixels = 10_000
        #expect { try GIFDecoder(limits: limits).decode(Self.tinyFrames(50, screen: (30, 30))) } throws: { Self.isBadInput($0) }
    }

    @Test("a file over the size limit is refused before it is read")
    func fileSizeLimit() throws {
        let path = Support.fixture("gif/spectrum.gif")
        #expect { try FileIO.read(path, maxBytes: 1000) } throws: { error in
            guard case let .limitExceeded(file, violation) = error as? RefreshGifError else { return false }
            return file == path && "\(violation)".contains("1000")
        }
        var limits = DecodeLimits.default
        limits.maxFileBytes = 1000
        #expect { try ImageLoader(defaultScale: 2, limits: limits).load(path) } throws: { Self.isBadInput($0) }
    }

    @Test(
        "a file is read whole at every size around the read sizes, and one of exactly the limit passes",
        arguments: [0, 1, 4095, 4096, 4097, 65_537, 300_000])
    func readWhole(size: Int) throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/f.bin"
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try FileIO.read(path) == bytes)
        #expect(try FileIO.read(path, maxBytes: size) == bytes)
        if size > 0 {
            #expect { try FileIO.read(path, maxBytes: size - 1) } throws: { error in
                guard case .limitExceeded = error as? RefreshGifError else { return false }
                return true
            }
        }
    }

    @Test("PNG cut at every byte: bad input, never a crash")
    func pngTruncatedEverywhere() throws {
        for name in ["rgba8-interlaced", "palette4", "gray16"] {
            let whole = try Support.bytes("png/\(name).png")
            for cut in 0..<(whole.count - 12) { // the IEND chunk is not needed
                #expect { try PNGDecoder().decode(Array(whole.prefix(cut))) } throws: { Self.isBadInput($0) }
            }
        }
    }

    @Test("a PNG with an unknown critical chunk is bad input")
    func pngUnknownCritical() throws {
        let png = try Support.bytes("png/rgb8.png")
        // Insert a chunk "QUUX" (upper-case first letter: critical) after IHDR.
        let body: [UInt8] = [1, 2, 3]
        var chunk: [UInt8] = [0, 0, 0, 3] + Array("QUUX".utf8) + body
        var crcInput = Array("QUUX".utf8) + body
        let crc = UInt32(crcInput.withUnsafeMutableBufferPointer { zlibCRC($0) })
        chunk += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        var bytes = png
        bytes.insert(contentsOf: chunk, at: 33)
        #expect { try PNGDecoder().decode(bytes) } throws: { error in
            guard case let .malformed(_, reason) = error as? ImageCodecError else { return false }
            return reason.contains("QUUX") || reason.lowercased().contains("unknown")
        }
    }

    @Test("random bytes behind a PNG signature are bad input")
    func pngGarbage() {
        var state: UInt64 = 7
        for length in [0, 1, 12, 25, 33, 100, 1000] {
            var bytes = PNGDecoder.signature
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: state >> 29))
            }
            #expect { try PNGDecoder().decode(bytes) } throws: { Self.isBadInput($0) }
        }
    }

    @Test("JSON with absurd numbers is refused with its path")
    func absurdJSON() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/g.json"
        for (json, path) in [
            ("{\"script\": {\"pull\": 1e308, \"over\": 1, \"hold\": 0}}", "$.script.pull"),
            ("{\"geometry\": {\"viewHeight\": 1e300}, \"script\": {\"pull\": 1, \"over\": 1, \"hold\": 0}}", "$.geometry.viewHeight"),
            // Foundation's parser refuses a number this large before any path exists.
            ("{\"control\": {\"scale\": 99999999999999999999}, \"script\": {\"pull\": 1, \"over\": 1, \"hold\": 0}}", "not valid JSON"),
            ("{\"control\": {\"scale\": 9999}, \"script\": {\"pull\": 1, \"over\": 1, \"hold\": 0}}", "$.control.scale"),
            ("{\"duration\": -1, \"script\": {\"pull\": 1, \"over\": 1, \"hold\": 0}}", "$.duration"),
        ] {
            try FileIO.write(Array(json.utf8), to: file)
            #expect { try GestureFile.read(file) } throws: { error in
                guard case let .badInput(name, message) = error as? RefreshGifError else { return false }
                return name == file && message.contains(path)
            }
        }
    }

    @Test("a write that fails part-way (disk full) leaves neither the file nor a temporary one")
    func diskFull() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/out.png"
        let failing: FileIO.ChunkWriter = { fd, pointer, length in
            // Write a little, then report ENOSPC as a full file system does.
            if length > 10 { _ = Glibc.write(fd, pointer, 10); errno = ENOSPC; return 10 }
            errno = ENOSPC
            return -1
        }
        #expect {
            try FileIO.write([UInt8](repeating: 7, count: 5000), to: target, writer: failing)
        } throws: { error in
            guard let error = error as? RefreshGifError, case .writeFailed = error else { return false }
            return error.description.contains(target)
        }
        #expect(CLI.files(in: folder).isEmpty)
        // An existing file is left as it was.
        try FileIO.write([1, 2, 3], to: target)
        #expect(throws: RefreshGifError.self) { try FileIO.write([UInt8](repeating: 9, count: 100), to: target, writer: failing) }
        #expect(try FileIO.read(target) == [1, 2, 3])
        #expect(CLI.files(in: folder) == ["out.png"])
    }

    /// The inputs each fuzz target starts from (the fixtures `fuzz/run.sh` seeds it with) and
    /// every crash it found since (Fixtures/fuzz-regressions/TARGET/).
    static func fuzzCorpus(_ target: String) -> [String] {
        let seeds: [(String, String)]
        switch target {
        case "gif": seeds = [(Support.fixture("gif"), ".gif")]
        case "png": seeds = [(Support.fixture("png"), ".png")]
        case "json":
            seeds = [
                (Support.root.appendingPathComponent("gestures").path, ".json"),
                (Support.root.appendingPathComponent("examples/snapshots").path, ".json"),
            ]
        case "lottie": seeds = [(Support.fixture("lottie"), ".json")]
        case "font": seeds = [("/usr/share/fonts/truetype/dejavu", "Sans-Bold.ttf")]
        default: seeds = [(Support.fixture("diff/pairs"), ".png")]
        }
        var files = seeds.flatMap { folder, ending in
            CLI.files(in: folder).filter { $0.hasSuffix(ending) }.map { folder + "/" + $0 }
        }
        let regressions = Support.fixture("fuzz-regressions/" + target)
        files += CLI.files(in: regressions).filter { !$0.hasPrefix(".") }.map { regressions + "/" + $0 }
        return files.sorted()
    }

    @Test(
        "every fuzz seed and every crash the fuzzers found is replayed: typed errors only",
        arguments: ["gif", "png", "json", "diff", "lottie", "font"])
    func fuzzRegressions(target: String) throws {
        let limits = DecodeLimits(maxSide: 2048, maxFramePixels: 1 << 20, maxTotalPixels: 1 << 22, maxFrames: 500, maxFileBytes: 1 << 20)
        let corpus = Self.fuzzCorpus(target)
        #expect(!corpus.isEmpty, "the \(target) corpus is empty: nothing would be replayed")
        for path in corpus {
            let bytes = try FileIO.read(path)
            do {
                switch target {
                case "gif": _ = try GIFDecoder(limits: limits).decode(bytes)
                case "png": _ = try PNGDecoder(limits: limits).decode(PNGDecoder.isPNG(bytes) ? bytes : PNGDecoder.signature + bytes)
                case "json":
                    if let file = try? JSONDecoder().decode(GestureFile.self, from: Data(bytes)) {
                        try file.validate()
                        _ = try GesturePlayer(gesture: file.gesture, scene: RefreshScene()).frames(fps: 10)
                    } else {
                        let suite = try JSONDecoder().decode(SnapshotSuite.self, from: Data(bytes))
                        for item in suite.cases { try (suite.defaults ?? SceneDescription()).merged(with: item.scene).validate() }
                    }
                case "lottie":
                    _ = try LottieAnimation.header(bytes, resourceDirectory: Support.fixture("lottie"), limits: limits)
                case "font":
                    var scene = RefreshScene()
                    scene.font = FontLocation(path: path)
                    _ = try RefreshRenderer().render(scene)
                default:
                    let image = try PNGDecoder(limits: limits).decodeStraight(bytes)
                    let flipped = try StraightImage(width: image.width, height: image.height, pixels: image.pixels.reversed())
                    _ = try ImageDiff().compare(image, flipped)
                }
            } catch is ImageCodecError, is InvalidValue, is DecodingError, is DiffError, is RasterError {
                // Refused with a typed error: what a bad input must get.
            } catch {
                Issue.record("\(path): \(error) is not a typed input error")
            }
        }
    }
}

/// CRC-32 as PNG chunks use it.
private func zlibCRC(_ buffer: UnsafeMutableBufferPointer<UInt8>) -> UInt {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in buffer {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return UInt(crc ^ 0xFFFF_FFFF)
}
