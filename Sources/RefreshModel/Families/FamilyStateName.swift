/// A state as a library names it, e.g. SVPullToRefresh's `triggered` for Pulling.
package struct FamilyStateName: Sendable, Equatable {
    /// The name, e.g. `triggered`.
    public var name: String
    /// The shared state it is.
    public var state: RefreshState
    /// An idle split some libraries make: false for a name that means no pull (ZJRefresh's
    /// "normal"), true for one that means a pull (its "pull-to-refresh"); nil where the name
    /// says nothing about the pull.
    public var pulled: Bool?

    /// A state name.
    /// - Parameters:
    ///   - name: the library's name for it.
    ///   - state: the shared state it is.
    ///   - pulled: for an idle split: true pulled, false at rest, nil neither.
    public init(name: String, state: RefreshState, pulled: Bool? = nil) {
        self.name = name
        self.state = state
        self.pulled = pulled
    }
}
