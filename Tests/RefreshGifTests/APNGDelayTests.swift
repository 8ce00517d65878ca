import Testing

@testable import ImageCodecs
@testable import RefreshImage

/// APNG frame delays are fractions (`fcTL`'s delay_num / delay_den): a frame rate's delays are
/// written exactly, so a 30 fps file lasts what its frames say, not 33 ms a frame.
@Suite("APNG delays as fractions")
struct APNGDelayTests {
    /// Each frame's delay in an APNG file, as (numerator, denominator).
    static func delays(_ file: [UInt8]) -> [(Int, Int)] {
        var offset = 8, out: [(Int, Int)] = []
        while offset + 8 <= file.count {
            let length = Int(PNGChunks.bigEndian32(file, offset))
            let type = String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if type == "fcTL" {
                let body = Array(file[(offset + 8)..<(offset + 8 + length)])
                out.append((Int(body[20]) << 8 | Int(body[21]), Int(body[22]) << 8 | Int(body[23])))
            }
            offset += 12 + length
        }
        return out
    }

    /// An APNG of `count` 2×2 frames shown at `times` (seconds), ending at `end`.
    static func file(times: [Double], end: Double) throws -> [UInt8] {
        var encoder = APNGEncoder(width: 2, height: 2, frameCount: times.count)
        var bytes: [UInt8] = []
        for (index, time) in times.enumerated() {
            var image = try RGBAImage(width: 2, height: 2)
            image.pixels[0] = UInt8(index & 0xFF)
            image.pixels[3] = 255
            try encoder.add(image, at: time)
            bytes += encoder.takeBytes()
        }
        return bytes + (try encoder.finish(at: end))
    }

    @Test("30 and 60 fps: every delay is 1/30 or 1/60 s, and the delays add up to the duration", arguments: [30, 60])
    func frameRates(fps: Int) throws {
        let count = fps * 3 + 1
        let delays = Self.delays(try Self.file(times: (0..<count).map { Double($0) / Double(fps) }, end: Double(count) / Double(fps)))
        #expect(delays.count == count)
        #expect(delays.allSatisfy { $0 == (1, fps) }, "\(delays.prefix(4))")
    }

    @Test("a GIF's own delays stay as they are: 70 ms is 7/100, 20 ms 1/50, 1.5 s 3/2")
    func gifDelays() throws {
        let delays = Self.delays(try Self.file(times: [0, 0.07, 0.09], end: 1.59))
        #expect(delays.map { Double($0.0) / Double($0.1) } == [0.07, 0.02, 1.5])
        #expect(delays.map(\.1) == [100, 50, 2])
    }

    @Test("a delay no fraction of 16-bit terms holds within a microsecond is whole milliseconds")
    func fallback() {
        #expect(APNGEncoder.delay(microseconds: 1) == (1, 1000))
        #expect(APNGEncoder.delay(microseconds: 33_333) == (1, 30))
        #expect(APNGEncoder.delay(microseconds: 200_000_000) == (200, 1))
        #expect(APNGEncoder.delay(microseconds: 12_345_678) == (12346, 1000))
    }
}
