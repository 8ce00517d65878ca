@_spi(AppLibraries) import RefreshGifUIKit

// The part of Lottie that refresh views use, drawn by rlottie (docs/app-code.md, "Lottie"): a
// file saying `import Lottie` compiles against this module (the plugin maps the import). The
// names are Lottie's API (4.x, and 3.x's `AnimationView`); the code is ours. The animation is
// read as the scene reads a Lottie state image: its header checked here, its frames drawn by
// the rlottie worker under the same limits when the control is drawn.

/// A frame number of an animation's timeline.
public typealias AnimationFrameTime = CGFloat
/// A place in an animation, 0 (its start) to 1 (its end).
public typealias AnimationProgressTime = CGFloat
/// Called when a `play` ends (never here: a drawing is a moment, not a run).
public typealias LottieCompletionBlock = (_ completed: Bool) -> Void

/// How an animation repeats.
public enum LottieLoopMode: Equatable, Sendable {
    case playOnce, loop, autoReverse
    case `repeat`(Float)
    case repeatBackwards(Float)
}

/// What a view does when the app goes to the background (nothing to draw here).
public enum LottieBackgroundBehavior: Sendable {
    case stop, pause, pauseAndRestore, forceFinish, continuePlaying
}

/// A Lottie file, read from the app's resources.
public final class LottieAnimation {
    let file: AppAnimationFile

    init(file: AppAnimationFile) { self.file = file }

    /// The animation `NAME.json` in the app's resource folders (``AppResources``), as Lottie
    /// reads it from the bundle; nil when there is none or it is refused, said with the
    /// folders searched when the control is drawn.
    /// - Parameters:
    ///   - name: the file's name without `.json`.
    ///   - bundle: the app's bundle (its resources are ``AppResources``' folders).
    ///   - subdirectory: a folder inside them.
    public static func named(_ name: String, bundle: Bundle = .main, subdirectory: String? = nil) -> LottieAnimation? {
        AppResources.animation(named: name, subdirectory: subdirectory, asking: "LottieAnimation.named(\"\(name)\")").map(
            LottieAnimation.init)
    }

    /// The animation in the file at `filepath` (inside the resource folders).
    public static func filepath(_ filepath: String) -> LottieAnimation? {
        AppResources.animation(atPath: filepath, asking: "LottieAnimation.filepath(\"\(filepath)\")").map(LottieAnimation.init)
    }

    /// The first frame.
    public var startFrame: AnimationFrameTime { AnimationFrameTime(file.inPoint) }
    /// The frame after the last.
    public var endFrame: AnimationFrameTime { AnimationFrameTime(file.outPoint) }
    /// Frames per second.
    public var framerate: Double { file.frameRate }
    /// Seconds from start to end.
    public var duration: TimeInterval { Double(file.outPoint - file.inPoint) / file.frameRate }
    /// The composition's size in points.
    public var size: CGSize { CGSize(width: file.width, height: file.height) }
    /// The markers' names, in file order.
    public var markerNames: [String] { file.markers.map(\.name) }

    /// The first frame of the marker `named`; nil when there is none.
    public func frameTime(forMarker named: String) -> AnimationFrameTime? {
        file.markers.first { $0.name == named }.map { AnimationFrameTime($0.start) }
    }
    /// The place (0…1) of the marker `named`; nil when there is none.
    public func progressTime(forMarker named: String) -> AnimationProgressTime? {
        frameTime(forMarker: named).map(progressTime(forFrame:))
    }
    /// The marker's last frame (its start plus its duration).
    public func durationFrameTime(forMarker named: String) -> AnimationFrameTime? {
        file.markers.first { $0.name == named }.map { AnimationFrameTime($0.start + $0.duration) }
    }
    /// The place (0…1) of frame `frameTime`.
    public func progressTime(forFrame frameTime: AnimationFrameTime) -> AnimationProgressTime {
        guard endFrame > startFrame else { return 0 }
        return (frameTime - startFrame) / (endFrame - startFrame)
    }
    /// The frame at place `progressTime`.
    public func frameTime(forProgress progressTime: AnimationProgressTime) -> AnimationFrameTime {
        startFrame + progressTime * (endFrame - startFrame)
    }
}

/// Lottie 3's name for the animation.
public typealias Animation = LottieAnimation

/// A view playing a Lottie animation: at a drawn moment, a playing animation is where it has
/// played to since `play()`, a paused or stopped one where the code left it
/// (`currentProgress`). Drawn as an image layer of the file's frames.
open class LottieAnimationView: UIView {
    /// The animation shown; nil shows nothing.
    open var animation: LottieAnimation? {
        didSet {
            stored = 0
            playing = nil
        }
    }
    /// How it repeats.
    open var loopMode: LottieLoopMode = .playOnce
    /// Its speed: 1 as authored, 2 twice as fast, negative backwards.
    open var animationSpeed: CGFloat = 1
    /// What it does in the background (kept; nothing to draw).
    open var backgroundBehavior: LottieBackgroundBehavior = .pause
    /// Kept; a drawing is of the vectors.
    open var shouldRasterizeWhenIdle = false
    /// Kept; frames are drawn at the animation's own rate.
    open var respectAnimationFrameRate = false

    /// Where a paused or stopped animation stands.
    private var stored: AnimationProgressTime = 0
    /// A play under way: when it began (the media clock), from where to where, how it repeats.
    private var playing: (began: Double, from: AnimationProgressTime, to: AnimationProgressTime, mode: LottieLoopMode)?
    private var completion: LottieCompletionBlock?

    /// A view showing the animation `name` from the app's resources (nil when there is none).
    public convenience init(name: String, bundle: Bundle = .main, subdirectory: String? = nil) {
        self.init(animation: LottieAnimation.named(name, bundle: bundle, subdirectory: subdirectory))
    }

    /// A view showing `animation`, at its own size.
    public init(animation: LottieAnimation?) {
        self.animation = animation
        super.init(frame: CGRect(origin: .zero, size: animation?.size ?? .zero))
        drawnAsImage()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        drawnAsImage()
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Fills its frame keeping its shape, as Lottie's view does; drawn as the file's frame at
    /// the place it stands.
    private func drawnAsImage() {
        contentMode = .scaleAspectFit
        drawnImage = { [weak self] in
            guard let self, let animation = self.animation else { return nil }
            return (animation.file.path, Double(self.currentProgress))
        }
    }
    /// A view with no animation.
    public convenience init() { self.init(animation: nil) }

    /// The animation's size.
    open override var intrinsicContentSize: CGSize { animation?.size ?? .zero }

    /// Plays from where it stands to the end.
    open func play(completion: LottieCompletionBlock? = nil) {
        play(fromProgress: nil, toProgress: 1, loopMode: nil, completion: completion)
    }

    /// Plays from `fromProgress` (where it stands when nil) to `toProgress`.
    open func play(
        fromProgress: AnimationProgressTime? = nil, toProgress: AnimationProgressTime, loopMode: LottieLoopMode? = nil,
        completion: LottieCompletionBlock? = nil
    ) {
        guard animation != nil else { return }
        let from = fromProgress ?? (stored >= 1 && toProgress >= 1 ? 0 : stored)
        playing = (CACurrentMediaTime(), Self.unit(from), Self.unit(toProgress), loopMode ?? self.loopMode)
        self.completion = completion
    }

    /// Plays from frame `fromFrame` (where it stands when nil) to `toFrame`.
    open func play(
        fromFrame: AnimationFrameTime? = nil, toFrame: AnimationFrameTime, loopMode: LottieLoopMode? = nil,
        completion: LottieCompletionBlock? = nil
    ) {
        play(
            fromProgress: fromFrame.map(progress(ofFrame:)), toProgress: progress(ofFrame: toFrame), loopMode: loopMode,
            completion: completion)
    }

    /// Plays from the start of the marker `fromMarker` (where it stands when nil) to the start
    /// of `toMarker`, or its end when `playEndMarkerFrame`; a marker the file lacks plays nothing.
    open func play(
        fromMarker: String? = nil, toMarker: String, playEndMarkerFrame: Bool = true, loopMode: LottieLoopMode? = nil,
        completion: LottieCompletionBlock? = nil
    ) {
        guard let animation else { return }
        let end = playEndMarkerFrame ? animation.durationFrameTime(forMarker: toMarker) : animation.frameTime(forMarker: toMarker)
        guard let end else { return }
        var start: AnimationFrameTime?
        if let fromMarker {
            guard let from = animation.frameTime(forMarker: fromMarker) else { return }
            start = from
        }
        play(fromFrame: start, toFrame: end, loopMode: loopMode, completion: completion)
    }

    /// Plays the marker `marker` from its start to its end.
    open func play(marker: String, loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        play(fromMarker: marker, toMarker: marker, playEndMarkerFrame: true, loopMode: loopMode, completion: completion)
    }

    /// Stops and goes back to the start.
    open func stop() {
        playing = nil
        stored = 0
    }

    /// Stops where it stands.
    open func pause() {
        stored = currentProgress
        playing = nil
    }

    /// True while a play is under way (a play once that has reached its end is not).
    open var isAnimationPlaying: Bool {
        guard let playing else { return false }
        return place(of: playing).playing
    }

    /// Where it stands, 0…1: setting it stops a play.
    open var currentProgress: AnimationProgressTime {
        get { playing.map { place(of: $0).progress } ?? stored }
        set {
            playing = nil
            stored = Self.unit(newValue)
        }
    }

    /// The frame it stands at: setting it stops a play.
    open var currentFrame: AnimationFrameTime {
        get {
            guard let animation else { return 0 }
            return animation.startFrame + currentProgress * (animation.endFrame - animation.startFrame)
        }
        set { currentProgress = progress(ofFrame: newValue) }
    }

    /// Seconds into the animation it stands at.
    open var currentTime: TimeInterval {
        get { Double(currentProgress) * (animation?.duration ?? 0) }
        set { currentProgress = CGFloat(newValue / max(animation?.duration ?? 1, 1e-9)) }
    }

    private func progress(ofFrame frame: AnimationFrameTime) -> AnimationProgressTime {
        animation?.progressTime(forFrame: frame) ?? 0
    }

    private static func unit(_ value: CGFloat) -> CGFloat { value.isFinite ? min(1, max(0, value)) : 0 }

    /// Where a play stands at the media clock's moment, and whether it still plays.
    private func place(of play: (began: Double, from: CGFloat, to: CGFloat, mode: LottieLoopMode)) -> (
        progress: CGFloat, playing: Bool
    ) {
        guard let animation, animation.duration > 0 else { return (play.from, false) }
        let span = play.to - play.from
        guard span != 0, animationSpeed.isFinite, animationSpeed != 0 else { return (play.from, false) }
        let elapsed = max(0, CACurrentMediaTime() - play.began)
        // Passes through the range so far (one pass lasts |span| × duration / |speed|).
        let passes = elapsed * Double(abs(animationSpeed)) / (Double(abs(span)) * animation.duration)
        // A speed so large the passes are past counting: at its end.
        guard passes.isFinite else { return (play.to, false) }
        let backwards = animationSpeed < 0
        func at(_ fraction: Double, reversed: Bool) -> CGFloat {
            let f = CGFloat(reversed ? 1 - fraction : fraction)
            return play.from + span * f
        }
        switch play.mode {
        case .playOnce:
            return passes >= 1 ? (at(1, reversed: backwards), false) : (at(passes, reversed: backwards), true)
        case .loop:
            return (at(passes.truncatingRemainder(dividingBy: 1), reversed: backwards), true)
        case .autoReverse:
            let cycle = passes.truncatingRemainder(dividingBy: 2)
            return (at(cycle <= 1 ? cycle : 2 - cycle, reversed: backwards), true)
        case let .repeat(count):
            let total = Double(max(0, count))
            return passes >= total
                ? (at(1, reversed: backwards), false) : (at(passes.truncatingRemainder(dividingBy: 1), reversed: backwards), true)
        case let .repeatBackwards(count):
            let total = Double(max(0, count))
            guard passes < total else {
                // Ended after a whole number of passes: back at the start after an even number.
                return (at(total.rounded(.down).truncatingRemainder(dividingBy: 2) == 0 ? 0 : 1, reversed: backwards), false)
            }
            let cycle = passes.truncatingRemainder(dividingBy: 2)
            return (at(cycle <= 1 ? cycle : 2 - cycle, reversed: backwards), true)
        }
    }
}

/// Lottie 3's name for the view.
public typealias AnimationView = LottieAnimationView
