import RefreshImage

/// MJRefresh's scroll-offset state machines (docs/motion.md), in pure Swift: samples of the scroll
/// offset and the finger, plus refresh events, in; state, pulling percent, alpha and inset
/// changes out. No rendering, no clock: every input carries its time.
package struct RefreshStateMachine: Sendable {
    /// The family's rules (docs/families.md).
    public let rules: MotionRules
    /// The control's kind.
    public let kind: ComponentKind
    /// Its height (width for a trailer) in points, after auto-height.
    public let size: Double
    /// The scroll view.
    public let geometry: ScrollGeometry
    /// `automaticallyChangeAlpha`.
    public let autoAlpha: Bool
    /// The auto footer's `triggerAutomaticallyRefreshPercent`.
    public var triggerPercent: Double = 1
    /// The auto footer's `autoTriggerTimes` (−1: unlimited).
    public var autoTriggerTimes = 1

    /// The current state.
    public private(set) var state: RefreshState = .idle
    /// When the state last changed (µs).
    package private(set) var stateChangedAt: Int64 = 0
    /// `pullingPercent` (unclamped).
    public private(set) var percent: Double = 0
    /// The control's alpha, as an animation in time.
    public private(set) var alpha: Animation
    /// What the control has added to the insets, as animations in time.
    public private(set) var insetTop = Animation.constant(0), insetBottom = Animation.constant(0), insetRight = Animation.constant(0)

    private var dragging = false
    private var lastOffset: Double?
    private var percentResetAt: Int64?
    private var leftTriggerTimes: Int
    private var triggerByDrag = false
    /// ZJRefresh enters Loading when its 0.25-s inset animation completes.
    private var pendingBeginAt: Int64?
    /// ZJRefresh leaves Loading when its 0.25-s closing inset animation completes.
    private var pendingEnd: (state: RefreshState, at: Int64)?
    /// After such an end the control stays at rest (no pull) while the view scrolls back,
    /// until a finger comes down: ZJRefresh changes state only while the view is tracked.
    private var restsAfterEnd = false

    /// A machine for a control of `kind` and `size` on `geometry`, in Idle.
    /// - Parameters:
    ///   - family: the library, whose motion rules the machine follows.
    ///   - kind: the control's kind.
    ///   - size: its height (a trailer's width) in points.
    ///   - geometry: the scroll view.
    ///   - autoAlpha: `automaticallyChangeAlpha`.
    ///   - hidden: the app hid the control: an auto footer then gives back the inset it keeps
    ///     at rest (MJRefresh's `setHidden:`).
    public init(
        family: any RefreshFamily = MJRefresh(), kind: ComponentKind, size: Double, geometry: ScrollGeometry,
        autoAlpha: Bool, hidden: Bool = false
    ) {
        self.rules = family.motion(for: kind)
        self.kind = kind
        self.size = size
        self.geometry = geometry
        self.autoAlpha = autoAlpha
        triggerPercent = rules.autoTriggerPercent
        autoTriggerTimes = rules.autoTriggerTimes
        leftTriggerTimes = rules.autoTriggerTimes
        // Idle is entered at creation with percent 0: with the flag the control starts invisible.
        alpha = .constant(autoAlpha ? 0 : 1)
        if kind == .autoFooter && rules.keepsRestingInset && !hidden { insetBottom = .constant(size) }
    }

    /// Events an app sends (docs/motion.md).
    public enum Event: String, Codable, Sendable, CaseIterable {
        /// `beginRefreshing`.
        case beginRefreshing
        /// `endRefreshing`.
        case endRefreshing
        /// `endRefreshingWithNoMoreData` (footers).
        case endRefreshingWithNoMoreData
        /// `resetNoMoreData` (footers).
        case resetNoMoreData
    }

    // MARK: - Inputs

    /// One offset-change notification: the offset along the control's axis (y; x for a
    /// trailer) and whether the finger is down, at time `t` µs.
    package mutating func sample(offset: Double, dragging: Bool, at t: Int64) {
        settle(at: t)
        guard rules.observesScrolling else { return }
        let wasDragging = self.dragging
        self.dragging = dragging
        switch kind {
        case .header: headerSample(offset, t)
        case .backFooter: pullSample(offset, t, happen: geometry.restingOffset(for: kind), axisLength: size)
        case .trailer: pullSample(offset, t, happen: geometry.restingOffset(for: kind), axisLength: size)
        case .autoFooter:
            switch rules.autoFooter {
            case .nearEnd: autoFooterSample(offset, wasDragging: wasDragging, t)
            case .pastEnd: infiniteScrollingSample(offset, t)
            }
        }
        lastOffset = offset
    }

    /// An app event at time `t` µs.
    package mutating func send(_ event: Event, at t: Int64) {
        settle(at: t)
        switch event {
        case .beginRefreshing:
            if kind == .autoFooter { autoBegin(at: t, checked: false) } else { begin(at: t) }
        case .endRefreshing:
            end(to: .idle, at: t)
        case .endRefreshingWithNoMoreData:
            guard kind == .backFooter || kind == .autoFooter else { return }
            end(to: .noMoreData, at: t)
        case .resetNoMoreData:
            if state == .noMoreData { change(to: .idle, at: t) }
        }
    }

    /// Applies what finished by `t` (the percent reset at the end of an end-refresh animation).
    package mutating func settle(at t: Int64) {
        if let begin = pendingBeginAt, t >= begin {
            pendingBeginAt = nil
            change(to: .refreshing, at: begin)
        }
        if let end = pendingEnd, t >= end.at {
            pendingEnd = nil
            change(to: end.state, at: end.at)
            percent = 0
            restsAfterEnd = true
        }
        if let reset = percentResetAt, t >= reset {
            percent = 0
            percentResetAt = nil
        }
    }

    // MARK: - Per kind

    private mutating func headerSample(_ y: Double, _ t: Int64) {
        if state.isRefreshing || pendingBeginAt != nil || pendingEnd != nil { return }
        if restsAfterEnd && !dragging { return }
        restsAfterEnd = false
        let happen = geometry.restingOffset(for: kind)
        if y > happen { return }
        let threshold = happen - size
        follow((happen - y) / size, armed: rules.armsAtThreshold ? y <= threshold : y < threshold, at: t)
    }

    /// The pull at `p` past where the control appears, `armed` once past its threshold: while
    /// dragging it follows and arms or disarms; released armed, it begins refreshing; released
    /// short, it eases back.
    private mutating func follow(_ p: Double, armed: Bool, at t: Int64) {
        if dragging {
            setPercent(p, at: t)
            if state == .idle && armed {
                change(to: .pulling, at: t)
            } else if state == .pulling && !armed {
                change(to: .idle, at: t)
            }
        } else if state == .pulling {
            begin(at: t)
        } else if p < 1 {
            setPercent(p, at: t)
        }
    }

    /// The back footer (docs/motion.md) and trailer (docs/motion.md): the same rules along their axis.
    private mutating func pullSample(_ v: Double, _ t: Int64, happen: Double, axisLength: Double) {
        if state.isRefreshing || pendingBeginAt != nil || pendingEnd != nil { return }
        if restsAfterEnd && !dragging { return }
        restsAfterEnd = false
        if v <= happen { return }
        let p = (v - happen) / axisLength
        if state == .noMoreData {
            setPercent(p, at: t)
            return
        }
        let threshold = happen + axisLength
        follow(p, armed: rules.armsAtThreshold ? v >= threshold : v > threshold, at: t)
    }

    /// The auto footer (docs/motion.md): drag began/ended transitions, then the offset rule.
    private mutating func autoFooterSample(_ y: Double, wasDragging: Bool, _ t: Int64) {
        let insetB = geometry.insetBottom + size
        let longContent = geometry.insetTop + geometry.contentHeight > geometry.viewHeight
        if state == .idle {
            if dragging && !wasDragging {
                leftTriggerTimes = autoTriggerTimes
            } else if !dragging && wasDragging {
                let trigger =
                    longContent
                    ? y >= geometry.contentHeight + insetB - geometry.viewHeight
                    : y >= -geometry.insetTop
                if trigger {
                    triggerByDrag = true
                    autoBegin(at: t, checked: true)
                }
            }
        }
        guard state == .idle, rules.autoRefreshes, longContent, let previous = lastOffset else { return }
        let trigger = geometry.contentHeight - geometry.viewHeight + size * triggerPercent + insetB - size
        if y >= trigger && y > previous {
            if dragging { triggerByDrag = true }
            autoBegin(at: t, checked: true)
        }
    }

    /// SVPullToRefresh's infinite scrolling view (docs/families.md): Triggered while dragged
    /// past the end of the content, Loading once the finger lifts, Stopped when scrolled back.
    private mutating func infiniteScrollingSample(_ y: Double, _ t: Int64) {
        guard !state.isRefreshing else { return }
        let threshold = geometry.contentHeight - geometry.viewHeight
        if !dragging && state == .pulling {
            percent = 1
            change(to: .refreshing, at: t)
        } else if y > threshold && dragging && state == .idle {
            change(to: .pulling, at: t)
        } else if y < threshold && state != .idle {
            change(to: .idle, at: t)
        }
    }

    // MARK: - Shared actions

    private mutating func setPercent(_ p: Double, at t: Int64) {
        percent = p
        percentResetAt = nil
        if autoAlpha && !state.isRefreshing {
            alpha = .constant(min(1, max(0, p)))
        }
    }

    private mutating func change(to newState: RefreshState, at t: Int64) {
        guard newState != state else { return }
        state = newState
        stateChangedAt = t
    }

    /// Begin refreshing (release or API) for the header, back footer and trailer.
    private mutating func begin(at t: Int64) {
        guard !state.isRefreshing, pendingBeginAt == nil else { return }
        let current = alpha.value(at: t)
        alpha = Animation(from: current, to: 1, start: t, duration: rules.alphaIn)
        percent = 1
        percentResetAt = nil
        let duration = rules.insetIn
        if rules.refreshesWhenInsetOpens {
            // The state before stays until the inset animation completes.
            pendingBeginAt = t + duration
        } else {
            change(to: .refreshing, at: t)
        }
        switch kind {
        case .header:
            insetTop = Animation(from: 0, to: size, start: t, duration: duration)
        case .backFooter:
            insetBottom = Animation(from: 0, to: size + geometry.shortfall(for: kind), start: t, duration: duration)
        case .trailer:
            insetRight = Animation(from: 0, to: size + geometry.shortfall(for: kind), start: t, duration: duration)
        case .autoFooter:
            break
        }
    }

    /// The auto footer's begin: refused after its trigger budget is spent (docs/motion.md).
    private mutating func autoBegin(at t: Int64, checked: Bool) {
        guard !state.isRefreshing else { return }
        if checked && triggerByDrag && leftTriggerTimes <= 0 && autoTriggerTimes != -1 { return }
        percent = 1
        alpha = Animation(from: alpha.value(at: t), to: 1, start: t, duration: rules.alphaIn)
        change(to: .refreshing, at: t)
    }

    private mutating func end(to newState: RefreshState, at t: Int64) {
        guard state.isRefreshing || (newState == .noMoreData && kind != .header), pendingEnd == nil else { return }
        let wasRefreshing = state.isRefreshing
        if wasRefreshing && rules.endsWhenInsetCloses && kind != .autoFooter {
            pendingEnd = (newState, t + rules.insetOut)
        } else {
            change(to: newState, at: t)
        }
        guard wasRefreshing else { return }
        if kind == .autoFooter {
            if triggerByDrag {
                if autoTriggerTimes != -1 { leftTriggerTimes -= 1 }
                triggerByDrag = false
            }
            return
        }
        if autoAlpha {
            alpha = Animation(from: alpha.value(at: t), to: 0, start: t, duration: rules.alphaOut)
        }
        func restore(_ animation: Animation) -> Animation {
            let current = animation.value(at: t)
            return current == 0 ? animation : Animation(from: current, to: 0, start: t, duration: rules.insetOut)
        }
        insetTop = restore(insetTop)
        insetBottom = restore(insetBottom)
        insetRight = restore(insetRight)
        if pendingEnd == nil { percentResetAt = t + rules.insetOut }
    }

    /// The insets the control adds at time `t`.
    package func insets(at t: Int64) -> InsetChange {
        InsetChange(top: insetTop.value(at: t), bottom: insetBottom.value(at: t), right: insetRight.value(at: t))
    }
}
