import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifUIKit

/// `refresh-bench appcode`: one frame drawn through RefreshGifUIKit (the app's code configures
/// the control, which becomes its scene, which is made and rendered) against the scene path
/// (the same settings parsed as the command line parses them, made and rendered), for a GIF
/// header of 20 frames and a Normal header. Medians of 301 in milliseconds, and their ratio.
enum AppCodeBench {
    static func run(root: URL) throws {
        let demo = root.appendingPathComponent("Fixtures/demo").path
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("refresh-bench-appcode-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let frames = try GIFDecoder().decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: demo + "/pull.gif")))).frames
        var files: [String] = []
        for (index, frame) in frames.enumerated() {
            let file = scratch + "/pull_\(index + 1)@2x.png"
            try frame.image.writePNG(to: file)
            files.append(file)
        }
        AppResources.folders = [scratch]
        AppDevice.now = Date(timeIntervalSince1970: 1_700_000_000)
        let cases: [(String, () -> MJRefreshComponent, [String])] = [
            (
                "GIF header, 20 frames",
                {
                    let header = MJRefreshGifHeader {}
                    header.setImages((1...20).compactMap { UIImage(named: "pull_\($0)") }, duration: 1, for: .idle)
                    header.stateLabel.font = .boldSystemFont(ofSize: 16)
                    return header
                },
                ["--images", "idle=" + files.joined(separator: ","), "--duration", "idle=1", "--state-label-font", "bold 16"]
            ),
            (
                "Normal header",
                {
                    let header = MJRefreshNormalHeader {}
                    header.setTitle("Let go", for: .pulling)
                    return header
                },
                ["--style", "normal", "--title", "pulling=Let go"]
            ),
        ]
        let renderer = try RefreshRenderer()
        let device = ["--now", "2023-11-14T22:13:20Z"]
        for (name, make, arguments) in cases {
            // The app's code runs once, as it does in the app; each frame is then drawn.
            let control = make()
            let description = try SceneSchema.standard.description(
                fromArguments: device + arguments + ["--state", "pulling", "--percent", "0.7"])
            let api = try median(301) { _ = try renderer.render(try control.scene(state: .pulling, percent: 0.7)) }
            let scene = try median(301) { _ = try renderer.render(try description.makeScene()) }
            print(
                String(format: "%@: RefreshGifUIKit %.2f ms, scene path %.2f ms, ratio %.3f", name, api / 1000, scene / 1000, api / scene))
        }
    }
}
