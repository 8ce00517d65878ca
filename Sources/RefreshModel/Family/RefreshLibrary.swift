/// The pull-to-refresh libraries RefreshGif draws (docs/families.md). Each is a family of
/// controls with its own layouts, strings and state names on the shared scene model.
public enum RefreshLibrary: String, CaseIterable, Sendable, Codable, Hashable {
    /// MJRefresh: headers, back and auto footers, the trailer.
    case mjrefresh
    /// SVPullToRefresh: the pull-to-refresh view (top: `.header`, bottom: `.backFooter`) and
    /// the infinite scrolling view (`.autoFooter`).
    case svpulltorefresh
    /// ZJRefresh: `NormalAnimator` (`.normal`) and `GifAnimator` (`.gif`) as header or footer
    /// (`.backFooter`).
    case zjrefresh

    /// The kinds of control this library has.
    public var kinds: [ComponentKind] {
        switch self {
        case .mjrefresh: return ComponentKind.allCases
        case .svpulltorefresh: return [.header, .backFooter, .autoFooter]
        case .zjrefresh: return [.header, .backFooter]
        }
    }

    /// The styles a kind has in this library; the first is the default. For
    /// SVPullToRefresh, `.gif` means a custom view per state.
    public func styles(for kind: ComponentKind) -> [ComponentStyle] {
        switch self {
        case .mjrefresh: return kind.styles
        case .svpulltorefresh, .zjrefresh: return [.normal, .gif]
        }
    }

    /// The states a kind goes through in this library (WillRefresh, drawn as Refreshing, left out).
    public func states(of kind: ComponentKind) -> [RefreshState] {
        switch self {
        case .mjrefresh:
            switch kind {
            case .header, .trailer: return [.idle, .pulling, .refreshing]
            case .backFooter: return [.idle, .pulling, .refreshing, .noMoreData]
            case .autoFooter: return [.idle, .refreshing, .noMoreData]
            }
        case .svpulltorefresh, .zjrefresh:
            return [.idle, .pulling, .refreshing]
        }
    }

    /// The state names this library's own API uses, in order (MJRefresh's names are
    /// accepted beside them everywhere a state is named).
    public var stateNames: [StateName] {
        switch self {
        case .mjrefresh:
            return RefreshState.allCases.map { StateName(name: $0.rawValue, state: $0) }
        case .svpulltorefresh:
            return [StateName(name: "stopped", state: .idle), StateName(name: "triggered", state: .pulling),
                    StateName(name: "loading", state: .refreshing)]
        case .zjrefresh:
            return [StateName(name: "normal", state: .idle, pulled: false),
                    StateName(name: "pull-to-refresh", state: .idle, pulled: true),
                    StateName(name: "release-to-refresh", state: .pulling),
                    StateName(name: "loading", state: .refreshing)]
        }
    }

    /// The state a name means in this library: its own names first, then MJRefresh's.
    public func state(named name: String) -> StateName? {
        if let own = stateNames.first(where: { $0.name == name }) { return own }
        guard let shared = RefreshState(rawValue: name) else { return nil }
        guard self == .mjrefresh || shared != .noMoreData else { return nil }
        return StateName(name: name, state: shared)
    }

    /// Every name `state(named:)` accepts, for messages.
    public var acceptedStateNames: [String] {
        var names = stateNames.map(\.name)
        for state in RefreshState.allCases where state != .noMoreData || self == .mjrefresh {
            if !names.contains(state.rawValue) { names.append(state.rawValue) }
        }
        return names
    }

    /// The library's own name for what a control shows in `state` with `percent` pulled:
    /// ZJRefresh tells "normal" (no pull) from "pull-to-refresh" (docs/families.md).
    public func displayedStateName(_ state: RefreshState, percent: Double) -> String {
        switch self {
        case .mjrefresh: return state.rawValue
        case .svpulltorefresh:
            switch state.drawnAs {
            case .pulling: return "triggered"
            case .refreshing: return "loading"
            default: return "stopped"
            }
        case .zjrefresh:
            switch state.drawnAs {
            case .pulling: return "release-to-refresh"
            case .refreshing: return "loading"
            default: return percent > 0 ? "pull-to-refresh" : "normal"
            }
        }
    }

    /// A state as a library names it.
    public struct StateName: Sendable, Equatable {
        /// The name, e.g. `triggered`.
        public var name: String
        /// The shared state it is.
        public var state: RefreshState
        /// ZJRefresh's idle split: false for "normal" (no pull), true for "pull-to-refresh";
        /// nil where the name says nothing about the pull.
        public var pulled: Bool?

        /// A state name.
        public init(name: String, state: RefreshState, pulled: Bool? = nil) {
            self.name = name
            self.state = state
            self.pulled = pulled
        }
    }
}
