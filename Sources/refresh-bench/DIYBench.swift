import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifLottie
import RefreshGifUIKit

/// `refresh-bench diy`: what Auto Layout and a Lottie view cost in a DIY header.
///
/// 1. Layout: a header of N labels in a row (N = 10, 50), each 4 pt after the last and centred
///    vertically, laid out by constraints against the same header whose `layoutSubviews` sets
///    the same frames by hand: a header's first `layoutIfNeeded()` (solved), the same again
///    (inputs unchanged: reused), and a whole drawing (the app's code, the scene, the render).
///    Medians of 101, in milliseconds, and their ratio.
/// 2. Lottie: a DIY header whose Lottie view follows the pull and loops while refreshing,
///    through gestures/header-lottie-pull-release.json at 30 fps (its code run again at each
///    frame, every frame rendered), against the same gesture on the scene of Lottie state images
///    the file names. Medians of 5, in milliseconds.
enum DIYBench {
    /// N labels in a row: by constraints, or by frames set by hand.
    final class RowHeader: MJRefreshHeader {
        var labels: [UILabel] = []
        var byHand = false

        convenience init(count: Int, byHand: Bool) {
            self.init(frame: CGRect(x: 0, y: 0, width: 375, height: 54))
            self.byHand = byHand
            for index in 0..<count {
                let label = UILabel()
                label.text = "\(index % 10)"
                label.font = .systemFont(ofSize: 12)
                addSubview(label)
                labels.append(label)
            }
            guard !byHand else { return }
            for (index, label) in labels.enumerated() {
                label.translatesAutoresizingMaskIntoConstraints = false
                NSLayoutConstraint.activate([
                    index == 0
                        ? label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 4)
                        : label.leadingAnchor.constraint(equalTo: labels[index - 1].trailingAnchor, constant: 4),
                    label.centerYAnchor.constraint(equalTo: centerYAnchor),
                ])
            }
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            guard byHand else { return }
            var x: CGFloat = 4
            for label in labels {
                let size = label.intrinsicContentSize
                label.frame = CGRect(x: x, y: (mj_h - size.height) / 2, width: size.width, height: size.height)
                x += size.width + 4
            }
        }
    }

    /// The Lottie DIY header.
    final class LottieHeader: MJRefreshHeader {
        let animationView = LottieAnimationView(name: "pull-loop")

        override func prepare() {
            super.prepare()
            mj_h = 60
            addSubview(animationView)
        }

        override func placeSubviews() {
            super.placeSubviews()
            animationView.frame = CGRect(x: (mj_w - 60) / 2, y: 0, width: 60, height: 60)
        }

        override var pullingPercent: CGFloat {
            didSet { if state == .idle || state == .pulling { animationView.currentProgress = min(max(pullingPercent, 0), 1) * 0.5 } }
        }

        override var state: MJRefreshState {
            didSet {
                if state == .refreshing && oldValue != .refreshing { animationView.play(fromProgress: 0.5, toProgress: 1, loopMode: .loop) }
                if state == .idle { animationView.stop() }
            }
        }
    }

    static func run(root: URL) throws {
        let renderer = try RefreshRenderer()
        for count in [10, 50] {
            let solved = RowHeader(count: count, byHand: false), hand = RowHeader(count: count, byHand: true)
            // The first layout of a header (solved), then the same layout again (its inputs
            // unchanged: the last solution reused, as a gesture's frames find it).
            var fresh = (0..<101).map { _ in RowHeader(count: count, byHand: false) }
            let first = median(101) { fresh.removeLast().layoutIfNeeded() }
            let layout = median(101) { solved.layoutIfNeeded() }
            let handLayout = median(101) { hand.layoutIfNeeded() }
            solved.layoutIfNeeded()
            hand.layoutIfNeeded()
            guard
                zip(solved.labels, hand.labels).allSatisfy({ abs($0.frame.minX - $1.frame.minX) < 1e-6 && $0.frame.size == $1.frame.size })
            else { throw RefreshGifError.badInput(file: "DIYBench", message: "the two layouts differ") }
            let drawn = try median(101) { _ = try renderer.render(try solved.scene(state: .idle, percent: 0.5)) }
            let handDrawn = try median(101) { _ = try renderer.render(try hand.scene(state: .idle, percent: 0.5)) }
            print(
                String(
                    format:
                        "%d views: first layout %.3f ms (%.0f× by hand), again %.3f ms, by hand %.3f ms (%.1f×); drawn %.2f ms against %.2f ms (%.2f×)",
                    count, first / 1000, first / handLayout, layout / 1000, handLayout / 1000, layout / handLayout, drawn / 1000,
                    handDrawn / 1000, drawn / handDrawn))
        }

        let path = root.appendingPathComponent("gestures/header-lottie-pull-release.json").path
        let file = try GestureFile.read(path)
        AppResources.folders = [root.appendingPathComponent("Fixtures/lottie").path]
        func play(_ animation: RefreshAnimation) throws {
            for index in 0..<animation.count { _ = try animation.frame(at: index, renderer: renderer) }
        }
        let scene = try file.control.makeScene(baseDirectory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        var frames = 0
        let app = try median(5) {
            let header = LottieHeader()
            let animation = try RefreshAnimation.gesture(
                file.gesture, scene: try header.scene(), fps: 30, showContent: true, restage: header.restager())
            frames = animation.count
            try play(animation)
        }
        let stateImages = try median(5) { try play(try RefreshAnimation.gesture(file.gesture, scene: scene, fps: 30, showContent: true)) }
        print(
            String(
                format: "Lottie gesture, %d frames at 30 fps: DIY header %.1f ms, Lottie state images %.1f ms (%.2f×)", frames, app / 1000,
                stateImages / 1000, app / stateImages))
    }
}
