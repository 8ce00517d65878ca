/// The arrow of the older pull views (SVPullToRefresh, ZJRefresh; docs/families.md): it
/// points down at the top and up at the bottom, turns half a circle for Pulling, and turns
/// in 0.2 s.
package enum PullViewArrow {
    /// The turn's length: 0.2 s.
    public static let turnDuration: Int64 = 200_000

    /// The resting angle: 0 or π; nil for the auto footer, which has no arrow.
    /// - Parameters:
    ///   - kind: the kind of control.
    ///   - state: its state.
    /// - Returns: radians, or nil.
    public static func angle(kind: ComponentKind, state: RefreshState) -> Double? {
        guard kind != .autoFooter else { return nil }
        let turned = state.drawnAs == .pulling
        let bottom = kind == .backFooter
        return turned != bottom ? Double.pi : 0
    }

    /// The angle `since` µs after `from` → `to`: `family`'s resting angle reached in
    /// ``turnDuration`` from `startAngle` (the resting angle of `from` when nil).
    /// - Parameters:
    ///   - family: the library whose resting angles are turned to.
    ///   - kind: the kind of control.
    ///   - from: the state before.
    ///   - to: the state now.
    ///   - since: µs since the change.
    ///   - startAngle: the angle at the change; nil for `from`'s resting angle.
    /// - Returns: radians, or nil where the arrow is hidden.
    public static func turn(
        _ family: some RefreshFamily, kind: ComponentKind, from: RefreshState, to: RefreshState,
        since: Int64, startAngle: Double?
    ) -> Double? {
        guard let rest = family.arrowAngle(kind: kind, state: to) else { return nil }
        let start = startAngle ?? family.arrowAngle(kind: kind, state: from) ?? rest
        return Animation(from: start, to: rest, start: 0, duration: turnDuration).value(at: since)
    }
}

/// A family whose arrow rests as a pull-to-refresh view's does (``PullViewArrow``): its arrow's
/// angle in a state is ``PullViewArrow/angle(kind:state:)``.
package protocol PullViewArrowFamily: RefreshFamily {}

extension PullViewArrowFamily {
    /// ``PullViewArrow/angle(kind:state:)``.
    public func arrowAngle(kind: ComponentKind, state: RefreshState) -> Double? {
        PullViewArrow.angle(kind: kind, state: state)
    }
}
