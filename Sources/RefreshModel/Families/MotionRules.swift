/// How a family's control moves the scroll view and enters its states (docs/motion.md,
/// docs/families.md), read by ``RefreshStateMachine`` and ``GesturePlayer``.
package struct MotionRules: Sendable, Equatable {
    /// How long the inset takes to open when a refresh begins, in µs.
    public var insetIn: Int64
    /// How long it takes to close when the refresh ends, in µs.
    public var insetOut: Int64
    /// Refreshing starts when the inset has opened, not at release (ZJRefresh).
    public var refreshesWhenInsetOpens: Bool
    /// Refreshing ends when the inset has closed, not at the app's call: the refreshing look
    /// stays while the control scrolls away (ZJRefresh).
    public var endsWhenInsetCloses: Bool
    /// A pull of exactly the control's size already arms it (ZJRefresh's `progress >= 1`);
    /// otherwise it must pass it (MJRefresh's `offset < threshold`).
    public var armsAtThreshold: Bool
    /// The control stores the time a refresh starts and shows it as the last refresh once it
    /// is back at rest (ZJRefresh's `lastRefreshTime`).
    public var storesRefreshStart: Bool
    /// The control stores the time a refresh ends, when it goes back to Idle, and shows it
    /// at once as the last update (MJRefresh's header: `headerEndingAction` saves the date
    /// before the label is refreshed).
    public var storesRefreshEnd = false
    /// The control follows the scroll view (false: it ignores the offset, as a hidden or
    /// disabled SVPullToRefresh view does; app events still work).
    public var observesScrolling = true
    /// An auto footer keeps its height of bottom inset at rest (false: a hidden SV infinite
    /// scrolling view, whose inset is reset).
    public var keepsRestingInset = true
    /// How an auto footer triggers.
    public var autoFooter: AutoFooter
    /// An auto footer refreshes as the content scrolls to its end (MJRefresh's
    /// `automaticallyRefresh`); false leaves only a drag that ends past the end.
    public var autoRefreshes = true
    /// How much of an auto footer must show before scrolling refreshes it
    /// (`triggerAutomaticallyRefreshPercent`, 1 = all of it).
    public var autoTriggerPercent = 1.0
    /// How many refreshes one drag may trigger (`autoTriggerTimes`; −1 for no limit).
    public var autoTriggerTimes = 1
    /// After a refresh the spinner keeps its phase while it fades out (MJRefresh's Normal style).
    public var spinnerFadesAfterRefresh: Bool
    /// How long `automaticallyChangeAlpha` takes to show the control when a refresh begins, in µs
    /// (MJRefresh's `fastAnimationDuration`).
    public var alphaIn: Int64 = 250_000
    /// How long it takes to fade the control when a refresh ends, in µs (`slowAnimationDuration`).
    public var alphaOut: Int64 = 400_000

    /// How an auto footer (a control at the end of the content) triggers.
    public enum AutoFooter: Sendable, Equatable {
        /// MJRefresh's: when the offset passes the footer's trigger point, or a drag ends past the end.
        case nearEnd
        /// SVPullToRefresh's infinite scrolling: Triggered while dragged past the end,
        /// Loading when the finger lifts.
        case pastEnd
    }

    /// Rules; by default 0.25-s insets both ways, refreshing at release, MJRefresh's auto footer.
    /// - Parameters:
    ///   - insetIn: µs the inset takes to open.
    ///   - insetOut: µs it takes to close.
    ///   - refreshesWhenInsetOpens: Refreshing begins once the inset is open (ZJRefresh).
    ///   - endsWhenInsetCloses: Refreshing ends once the inset is closed (ZJRefresh).
    ///   - armsAtThreshold: a pull of exactly the control's size arms it.
    ///   - storesRefreshStart: the time a refresh starts is kept as the last refresh.
    ///   - autoFooter: how an auto footer triggers.
    ///   - spinnerFadesAfterRefresh: the spinner fades out keeping its phase.
    public init(
        insetIn: Int64 = 250_000, insetOut: Int64 = 250_000, refreshesWhenInsetOpens: Bool = false,
        endsWhenInsetCloses: Bool = false, armsAtThreshold: Bool = false, storesRefreshStart: Bool = false,
        autoFooter: AutoFooter = .nearEnd, spinnerFadesAfterRefresh: Bool = false
    ) {
        self.insetIn = insetIn
        self.insetOut = insetOut
        self.refreshesWhenInsetOpens = refreshesWhenInsetOpens
        self.endsWhenInsetCloses = endsWhenInsetCloses
        self.armsAtThreshold = armsAtThreshold
        self.storesRefreshStart = storesRefreshStart
        self.autoFooter = autoFooter
        self.spinnerFadesAfterRefresh = spinnerFadesAfterRefresh
    }
}
