import RefreshImage

/// MJRefresh's pictures between two states: how the arrow turns, the spinner fades and the
/// arrow hides after a refresh (docs/motion.md, docs/layout.md), as values at a time after
/// the change. Other families give theirs through `RefreshFamily/transition(kind:from:to:since:startAngle:autoAlpha:)`.
package enum MJRefreshTransition {
    /// Fast animations (state entry, begin refresh): 0.25 s.
    package static let fast: Int64 = 250_000
    /// Slow animations (end of refresh): 0.4 s.
    package static let slow: Int64 = 400_000
    /// The arrow's displayed angle `since` µs after `from` → `to`, starting from the angle
    /// shown at the change (`startAngle`; the resting angle of `from` when nil). Nil when
    /// the kind has no arrow in `to`'s resting look.
    package static func arrowAngle(
        kind: ComponentKind, from: RefreshState, to: RefreshState, since: Int64,
        startAngle: Double? = nil
    ) -> Double? {
        let rest = ArrowShape.angle(kind: kind, state: to)
        let start = startAngle ?? ArrowShape.angle(kind: kind, state: from)
        let fromRefreshing = from.isRefreshing && !to.isRefreshing
        switch kind {
        case .header, .backFooter:
            // Hidden while refreshing and in NoMoreData; after a refresh the angle is reset
            // at once (the arrow is hidden meanwhile).
            guard let rest else { return nil }
            if fromRefreshing { return rest }
            guard let start else { return rest }
            return Animation(from: start, to: rest, start: 0, duration: fast).value(at: since)
        case .trailer:
            guard let rest else { return nil }
            if fromRefreshing {
                // Animates to π (no visible change), then snaps to 0.
                return since < fast ? Double.pi : rest
            }
            guard let start else { return rest }
            return Animation(from: start, to: rest, start: 0, duration: fast).value(at: since)
        case .autoFooter:
            return nil
        }
    }

    /// The values a Normal-style control shows `seconds` after changing from `from` to `to`
    /// (a time that is not a finite number ≥ 0 counts as 0). With `autoAlpha`, ending a
    /// refresh also fades the whole control out over 0.4 s (docs/motion.md).
    /// - Parameters:
    ///   - kind: the kind of control.
    ///   - from: the state before.
    ///   - to: the state now.
    ///   - since: µs since the change.
    ///   - startAngle: the arrow's angle at the change; nil for `from`'s resting angle.
    ///   - autoAlpha: `automaticallyChangeAlpha`.
    /// - Returns: the in-between values.
    public static func values(
        kind: ComponentKind, from: RefreshState, to: RefreshState, after seconds: Double,
        startAngle: Double? = nil, autoAlpha: Bool = false
    ) -> TransitionValues {
        let since = seconds.isFinite && seconds > 0 ? Int64((min(seconds, 1e9) * 1_000_000).rounded()) : 0
        return values(kind: kind, from: from, to: to, since: since, startAngle: startAngle, autoAlpha: autoAlpha)
    }

    /// ``values(kind:from:to:after:startAngle:autoAlpha:)`` `since` µs after the change.
    package static func values(
        kind: ComponentKind, from: RefreshState, to: RefreshState, since: Int64,
        startAngle: Double? = nil, autoAlpha: Bool = false
    ) -> TransitionValues {
        var values = TransitionValues()
        values.arrowAngle = arrowAngle(kind: kind, from: from, to: to, since: since, startAngle: startAngle)
        let endedRefresh = from.isRefreshing && to == .idle && (kind == .header || kind == .backFooter)
        if endedRefresh && since < slow {
            // The arrow stays hidden and the spinner keeps turning while it fades out.
            values.arrowHidden = true
            values.spinnerOpacity = 1 - Easing.easeInOut(Double(since) / Double(slow))
        }
        let endsAnyRefresh = from.isRefreshing && !to.isRefreshing && kind != .autoFooter
        if autoAlpha && endsAnyRefresh {
            values.alpha = 1 - Easing.easeInOut(Double(since) / Double(slow))
        }
        return values
    }
}
