import RefreshGif

// Core Animation's explicit animations and UIKit's block animations, as refresh views use them
// (a rotating image is the usual DIY spinner). At a drawn moment an animation added to a layer
// is drawn at its value for the time since it was added on the media clock
// (``CACurrentMediaTime()``): a ring rotating on Refreshing is drawn at its angle at `t`
// (docs/app-code.md, "Animations").

/// How an animation's progress is eased.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// An easing curve: a cubic Bézier from (0, 0) to (1, 1), as Core Animation's named ones are.
open class CAMediaTimingFunction: @unchecked Sendable {
    let c1: (Double, Double), c2: (Double, Double)

    /// One of Core Animation's named curves.
    public init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: (c1, c2) = ((0.42, 0), (1, 1))
        case .easeOut: (c1, c2) = ((0, 0), (0.58, 1))
        case .easeInEaseOut: (c1, c2) = ((0.42, 0), (0.58, 1))
        case .default: (c1, c2) = ((0.25, 0.1), (0.25, 1))
        default: (c1, c2) = ((0, 0), (1, 1))
        }
    }

    /// A curve through two control points.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        c1 = (Double(c1x), Double(c1y))
        c2 = (Double(c2x), Double(c2y))
    }

    /// The eased progress at `x` (0 … 1): the curve's y where its x is `x`, by bisection.
    func value(at x: Double) -> Double {
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<40 {
            let mid = (low + high) / 2
            if bezier(mid, c1.0, c2.0) < x { low = mid } else { high = mid }
        }
        return bezier((low + high) / 2, c1.1, c2.1)
    }
}

/// What an animation leaves once it is over.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")
}

/// An animation's timing: when it starts, how long, how often, eased how.
open class CAAnimation: @unchecked Sendable {
    /// When it starts on the media clock; 0 starts it when added.
    open var beginTime: CFTimeInterval = 0
    /// Seconds a cycle takes (Core Animation's 0.25 when 0).
    open var duration: CFTimeInterval = 0
    /// Cycles it plays (`.infinity` for ever; 0 once).
    open var repeatCount: Float = 0
    /// Plays each cycle back again.
    open var autoreverses = false
    /// Taken off the layer when it ends (else it holds its end, with a fill mode forwards).
    open var isRemovedOnCompletion = true
    open var fillMode: CAMediaTimingFillMode = .removed
    open var timingFunction: CAMediaTimingFunction?
    /// Its speed: 2 plays it twice as fast.
    open var speed: Float = 1

    public init() {}

    /// The progress (0 … 1 through a cycle, eased) `elapsed` seconds after it began; nil when it
    /// is not on the layer then.
    func progress(elapsed raw: Double) -> Double? {
        let elapsed = raw * Double(speed.isFinite ? speed : 1)
        guard elapsed.isFinite else { return nil }
        let length = duration > 0 && duration.isFinite ? duration : 0.25
        let cycle = autoreverses ? 2 * length : length
        let cycles = repeatCount.isFinite ? max(1, Double(repeatCount)) : .infinity
        let total = cycle * cycles
        var phase: Double
        if elapsed < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            phase = 0
        } else if elapsed >= total {
            guard !isRemovedOnCompletion || fillMode == .forwards || fillMode == .both else { return nil }
            guard !isRemovedOnCompletion else { return nil }
            phase = autoreverses ? 0 : length
        } else {
            phase = elapsed.truncatingRemainder(dividingBy: cycle)
        }
        if autoreverses && phase > length { phase = cycle - phase }
        let linear = min(1, max(0, phase / length))
        return timingFunction?.value(at: linear) ?? linear
    }
}

/// An animation of one property of a layer.
open class CAPropertyAnimation: CAAnimation, @unchecked Sendable {
    /// The property: `transform.rotation.z`, `transform.rotation`, `transform.scale`,
    /// `opacity`, `strokeEnd`, `strokeStart` are drawn.
    open var keyPath: String?

    public init(keyPath: String?) {
        self.keyPath = keyPath
        super.init()
    }

    public override convenience init() { self.init(keyPath: nil) }

    /// Its value at `progress`, from `model` (the layer's own value) when not given.
    func value(at progress: Double, model: Double) -> Double? { nil }
}

/// From one value to another.
open class CABasicAnimation: CAPropertyAnimation, @unchecked Sendable {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    override func value(at progress: Double, model: Double) -> Double? {
        let from = number(fromValue), to = number(toValue), by = number(byValue)
        let start = from ?? (to != nil && by != nil ? to.map { $0 - (by ?? 0) } : nil) ?? model
        let end = to ?? by.map { start + $0 } ?? model
        return start + (end - start) * progress
    }
}

/// Through a list of values, at key times (evenly spread when not given).
open class CAKeyframeAnimation: CAPropertyAnimation, @unchecked Sendable {
    open var values: [Any]?
    open var keyTimes: [NSNumber]?

    override func value(at progress: Double, model: Double) -> Double? {
        let numbers = (values ?? []).compactMap(number)
        guard let first = numbers.first else { return nil }
        guard numbers.count > 1 else { return first }
        let times =
            keyTimes.map { $0.map(\.doubleValue) }.flatMap { $0.count == numbers.count ? $0 : nil }
            ?? (0..<numbers.count).map { Double($0) / Double(numbers.count - 1) }
        for i in 1..<numbers.count where progress <= times[i] {
            let span = times[i] - times[i - 1]
            let f = span > 0 ? (progress - times[i - 1]) / span : 1
            return numbers[i - 1] + (numbers[i] - numbers[i - 1]) * min(1, max(0, f))
        }
        return numbers[numbers.count - 1]
    }
}

/// A number as animations take one (`NSNumber`, `CGFloat`, `Double`, `Float`, `Int`).
func number(_ value: Any?) -> Double? {
    switch value {
    case let v as Double: return v.isFinite ? v : nil
    case let v as CGFloat: return v.isFinite ? Double(v) : nil
    case let v as Float: return v.isFinite ? Double(v) : nil
    case let v as Int: return Double(v)
    case let v as NSNumber: return v.doubleValue.isFinite ? v.doubleValue : nil
    default: return nil
    }
}

/// An animation on a layer and when it was added.
struct AddedAnimation {
    var key: String?
    var animation: CAPropertyAnimation
    var added: Double
}

extension CALayer {
    /// Adds `animation`, replacing one of the same key; it starts now on the media clock (or at
    /// its `beginTime`).
    /// - Parameters:
    ///   - animation: the animation (a property animation is drawn; another is kept, not drawn).
    ///   - key: its key.
    public func add(_ animation: CAAnimation, forKey key: String?) {
        guard let property = animation as? CAPropertyAnimation else { return }
        if let key { animations.removeAll { $0.key == key } }
        // A layer holds a few: the oldest go past 16.
        if animations.count >= 16 { animations.removeFirst() }
        animations.append(AddedAnimation(key: key, animation: property, added: MediaClock.now))
    }

    /// Takes off the animation of `key`.
    public func removeAnimation(forKey key: String) { animations.removeAll { $0.key == key } }
    /// Takes off every animation.
    public func removeAllAnimations() { animations.removeAll() }
    /// The animation of `key`.
    public func animation(forKey key: String) -> CAAnimation? { animations.last { $0.key == key }?.animation }
    /// The keys of the animations on the layer.
    public func animationKeys() -> [String]? {
        let keys = animations.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// The value the animations on `keyPaths` give now, over `model`; nil when none is on.
    func presented(_ keyPaths: Set<String>, model: Double) -> Double? {
        let now = MediaClock.now
        var value: Double?
        for entry in animations where keyPaths.contains(entry.animation.keyPath ?? "") {
            let start = entry.animation.beginTime > 0 ? entry.animation.beginTime : entry.added
            guard let progress = entry.animation.progress(elapsed: now - start) else { continue }
            value = entry.animation.value(at: progress, model: value ?? model) ?? value
        }
        return value
    }

    /// Its transform and opacity as drawn now: the model's, with the animations of rotation,
    /// scale and opacity on it applied.
    func presentedLook(transform: CGAffineTransform, alpha: Double) -> (transform: CGAffineTransform, alpha: Double) {
        var shown = transform
        if let angle = presented(["transform.rotation.z", "transform.rotation"], model: 0) {
            shown = shown.rotated(by: CGFloat(angle))
        }
        if let scale = presented(["transform.scale"], model: 1) {
            shown = CGAffineTransform(scaleX: CGFloat(scale), y: CGFloat(scale)).concatenating(shown)
        }
        return (shown, presented(["opacity"], model: alpha) ?? alpha)
    }
}

extension UIView {
    /// Options of block animations (kept; the block runs to its end at once).
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let curveEaseInOut = AnimationOptions([])
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    }

    /// Runs `animations` at once and then `completion(true)`: a drawn moment shows where a
    /// block animation lands, as a refresh view's arrow flip is drawn at its end.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animations()
    }

    /// ``animate(withDuration:animations:)`` with a completion.
    public class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        completion?(true)
    }

    /// ``animate(withDuration:animations:)`` with a delay and options.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        completion?(true)
    }

    /// ``animate(withDuration:animations:)`` with a spring.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping damping: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        completion?(true)
    }

    /// Runs `actions` without animation.
    public class func performWithoutAnimation(_ actions: () -> Void) { actions() }
}

/// Core Animation's transaction: its actions are never animated here (a drawn moment is one
/// state of the layers), so disabling them changes nothing.
open class CATransaction {
    public class func begin() {}
    public class func commit() {}
    public class func setDisableActions(_ flag: Bool) {}
    public class func setAnimationDuration(_ duration: CFTimeInterval) {}
    public class func setCompletionBlock(_ block: (() -> Void)?) { block?() }
}
