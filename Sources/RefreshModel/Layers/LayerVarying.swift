/// A layer property's value as the app's code sets it: once in `prepare`, per state in
/// `setState:`, or from one value to another in `setPullingPercent:` (docs/layers.md).
package enum LayerVarying<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The same in every state.
    case fixed(Value)
    /// One value per state; states not given take `otherwise` (the property's default when nil).
    case byState([RefreshState: Value], otherwise: Value?)
    /// `from` at a pull of 0 to `to` at 1, continued beyond (MJRefresh's `pullingPercent` is unclamped).
    case byPercent(from: Value, to: Value)

    /// The value in `state` at `percent`.
    /// - Parameters:
    ///   - state: the state drawn; Will Refresh takes Refreshing's value unless it has its own.
    ///   - percent: the pull.
    ///   - mix: `a` to `b` at `fraction` (for values set by the pull).
    /// - Returns: the value, or nil where the property keeps its default.
    public func value(in state: RefreshState, percent: Double, mix: (Value, Value, Double) -> Value) -> Value? {
        switch self {
        case let .fixed(value): return value
        case let .byState(map, otherwise):
            if let own = map[state] { return own }
            if state == .willRefresh, let refreshing = map[.refreshing] { return refreshing }
            return otherwise
        case let .byPercent(from, to): return mix(from, to, percent)
        }
    }

    /// Every value it can take (the ends of a pull's range), for checks.
    public var values: [Value] {
        switch self {
        case let .fixed(value): return [value]
        case let .byState(map, otherwise):
            return RefreshState.allCases.compactMap { map[$0] } + (otherwise.map { [$0] } ?? [])
        case let .byPercent(from, to): return [from, to]
        }
    }
}
