import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// A sink defined only here with the public API: it counts the frames, checks they arrive in
/// order, and keeps each frame's PNG size, made on the workers.
final class CountingSink: FrameSink {
    private(set) var indices: [Int] = []
    private(set) var pngSizes: [Int] = []
    private(set) var finishedAt: Int64?

    var prepare: @Sendable (SinkFrame) throws -> Int {
        { try $0.pngFile().count }
    }

    func add(_ prepared: Int, info: FrameInfo) throws {
        indices.append(info.index)
        pngSizes.append(prepared)
    }

    func finish(endMicroseconds: Int64) throws {
        finishedAt = endMicroseconds
    }
}

/// A sink that fails on its third frame, to see the others abandoned.
final class FailingSink: FrameSink {
    var prepare: @Sendable (SinkFrame) throws -> Void { { _ in } }

    func add(_ prepared: Void, info: FrameInfo) throws {
        if info.index == 2 { throw CocoaError(.fileWriteUnknown) }
    }

    func finish(endMicroseconds: Int64) throws {}
}

@Suite("A frame sink defined outside the library")
struct OpenSinkTests {
    static func animation() throws -> RefreshAnimation {
        var scene = RefreshScene()
        scene.state = .refreshing
        scene.scale = 1
        return try RefreshAnimation.sequence(of: scene, fps: 30, length: 1)
    }

    @Test("gets every frame once, in order, whatever the jobs; its encodings match the frames folder's")
    func countsInOrder() throws {
        let animation = try Self.animation()
        for jobs in [1, 4] {
            let sink = CountingSink()
            let reports = try animation.write(to: [sink], jobs: jobs)
            #expect(sink.indices == Array(0..<animation.count))
            #expect(reports.count == animation.count)
            #expect(sink.finishedAt == Int64((animation.duration * 1_000_000).rounded()))
            let folder = try Support.temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let framesSink = try FramesFolderSink(folder: folder + "/F")
            try animation.write(to: [framesSink, sink], jobs: jobs)
            let sizes = try (1...animation.count).map {
                try FileManager.default.attributesOfItem(atPath: folder + String(format: "/F/frame_%04d.png", $0))[.size] as? Int ?? -1
            }
            #expect(Array(sink.pngSizes.suffix(animation.count)) == sizes)
        }
    }

    @Test("a failing sink abandons the others: no GIF, no frames folder")
    func failureAbandons() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sinks: [any FrameSink] = [try FramesFolderSink(folder: folder + "/F"), try GIFSink(path: folder + "/a.gif"), FailingSink()]
        #expect(throws: (any Error).self) { try Self.animation().write(to: sinks, jobs: 2) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("the extension picks the format, for stills and animations alike")
    func formats() throws {
        #expect(ImageFileFormat(path: "a.GIF") == .gif)
        #expect(ImageFileFormat(path: "a/b") == .png)
        #expect(ImageFileFormat(path: "a.apng") == .apng)
        #expect(ImageFileFormat(path: "a.webp") == nil)
        #expect(try ImageFileFormat.gif.sink(path: "/dev/null", frameCount: 2) is GIFSink)
        #expect(try ImageFileFormat.png.sink(path: "/dev/null", frameCount: 2) is APNGSink)
    }
}
