import Foundation
import RefreshGif
import RefreshGifLottie
import RefreshGifTestSupport
import RefreshGifUIKit
import Testing

/// A header whose Lottie view follows the pull and loops while refreshing.
private final class LottieHeader: MJRefreshHeader {
    let animationView = LottieAnimationView(name: "pull-loop")

    override func prepare() {
        super.prepare()
        mj_h = 70
        animationView.loopMode = .loop
        addSubview(animationView)
    }

    override func placeSubviews() {
        super.placeSubviews()
        animationView.frame = CGRect(x: (mj_w - 50) / 2, y: 10, width: 50, height: 50)
    }

    override var pullingPercent: CGFloat {
        didSet { if state == .idle { animationView.currentProgress = min(1, pullingPercent) } }
    }

    override var state: MJRefreshState {
        didSet {
            if state == .refreshing { animationView.play() } else if oldValue == .refreshing { animationView.stop() }
        }
    }
}

@Suite("Lottie's view on rlottie: read from the app's resources, at the pull's progress or playing in time")
struct LottieViewTests {
    static let folders = [Support.fixture("lottie")]

    @Test("The animation is read as Lottie reads it from the bundle: its header, its size, its frames")
    func reads() throws {
        try AppResources.with(folders: Self.folders) {
            let animation = try #require(LottieAnimation.named("pull-loop"))
            #expect(animation.size == CGSize(width: 60, height: 60))
            #expect(animation.framerate == 30)
            #expect(animation.duration == 2)
            let view = AnimationView(animation: animation)
            #expect(view.intrinsicContentSize == CGSize(width: 60, height: 60))
            #expect(view.contentMode == .scaleAspectFit)
            view.currentFrame = 15
            #expect(view.currentProgress == 0.25)
            #expect(!view.isAnimationPlaying)
        }
    }

    @Test("Idle: the frame at the pull, drawn from the file by rlottie")
    func followsThePull() throws {
        try AppResources.with(folders: Self.folders) {
            let header = LottieHeader()
            var pictures: [[UInt8]] = []
            for percent in [0.25, 0.75] {
                let description = try header.sceneDescription(state: .idle, percent: percent)
                let layer = try #require(description.layers.first { $0.kind == .image })
                #expect(layer[.progress] == .number(percent))
                let image = try RefreshRenderer().render(try description.makeScene())
                #expect(image.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element > 0 }, "drawn at \(percent)")
                pictures.append(image.pixels)
            }
            // Two places in the animation: two pictures.
            #expect(pictures[0] != pictures[1])
        }
    }

    @Test("Refreshing: playing in a loop from play(), at its place for the time since; stop() goes back to the start")
    func loops() throws {
        try AppResources.with(folders: Self.folders) {
            let header = LottieHeader()
            for (time, place) in [(0.0, 0.0), (0.5, 0.25), (2.5, 0.25), (3.0, 0.5)] {
                let description = try header.sceneDescription(state: .refreshing, time: time)
                let layer = try #require(description.layers.first { $0.kind == .image })
                guard case let .number(progress)? = layer[.progress] else {
                    Issue.record("no progress")
                    return
                }
                #expect(abs(progress - place) < 1e-9, "at \(time) s")
            }
            #expect(header.animationView.isAnimationPlaying)
            header.state = .idle
            #expect(header.animationView.currentProgress == 0)
            #expect(!header.animationView.isAnimationPlaying)
        }
    }

    @Test("A missing animation is nil, as Lottie gives, said with the folders searched; a header past the limits too")
    func missingAndRefused() throws {
        let folder = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let huge = #"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":9000000,"h":60,"layers":[]}"#
        try huge.write(toFile: folder + "/huge.json", atomically: true, encoding: .utf8)
        AppResources.with(folders: [folder]) {
            #expect(LottieAnimation.named("refresh") == nil)
            #expect(LottieAnimationView(name: "refresh").animation == nil)
            #expect(LottieAnimation.named("huge") == nil)
            #expect(LottieAnimation.named("../huge") == nil)
            let said = AppResources.misses
            #expect(said.contains("LottieAnimation.named(\"refresh\") found nothing in \(folder)"), "\(said)")
            #expect(said.contains { $0.hasPrefix("LottieAnimation.named(\"huge\") gave nil:") && $0.contains("9000000") }, "\(said)")
            // A view without an animation draws nothing: a header of nothing else is said to be empty.
            #expect(throws: AppCodeError.self) { try LottieHeader().sceneDescription(state: .idle, percent: 0.5) }
        }
    }

    @Test("A speed, a frame or a place that is not a number is taken as none; nothing traps")
    func badNumbers() {
        AppResources.with(folders: Self.folders) {
            let view = LottieAnimationView(name: "pull-loop")
            view.currentFrame = .infinity
            #expect(view.currentProgress == 0)
            view.currentProgress = .nan
            #expect(view.currentProgress == 0)
            view.animationSpeed = .nan
            view.play(fromProgress: -5, toProgress: .nan, loopMode: .repeat(.infinity))
            #expect(view.currentProgress.isFinite)
            view.animationSpeed = -2
            view.loopMode = .autoReverse
            view.play()
            #expect((0...1).contains(view.currentProgress))
            view.currentTime = -.infinity
            #expect(view.currentProgress == 0)
            // A second into refreshing at an absurd speed and count: drawn, at an end.
            let header = LottieHeader()
            header.animationView.animationSpeed = 1e300
            header.animationView.loopMode = .repeatBackwards(3e38)
            #expect(throws: Never.self) { try header.sceneDescription(state: .refreshing, time: 1) }
            #expect([0, 1].contains(header.animationView.currentProgress))
        }
    }
}
