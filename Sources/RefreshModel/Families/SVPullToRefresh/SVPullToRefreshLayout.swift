import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SVPullToRefresh's geometry (docs/families.md): the 60-pt views and the frames their
/// `layoutSubviews` gives the arrow, the activity indicator, the title and subtitle labels
/// and a custom view.
public enum SVPullToRefreshLayout {
    /// Both views are 60 pt tall.
    public static let viewHeight = 60.0
    /// The code-drawn arrow's frame size.
    public static let arrowSize = (width: 22.0, height: 48.0)
    /// The arrow's top edge.
    public static let arrowTop = 6.0
    /// The activity indicator (gray or white style) is 20×20 pt.
    public static let indicatorSize = 20.0
    /// The title label's frame size (bold 14 pt), left-aligned text.
    public static let titleSize = (width: 150.0, height: 20.0)
    /// The subtitle label's frame size (12 pt), left-aligned text.
    public static let subtitleSize = (width: 180.0, height: 20.0)
    /// The title's top edge: 20 pt as made, moved to 12 pt when the subtitle label is made,
    /// which the first layout pass always does (docs/families.md).
    public static let titleTop = 12.0
    /// The subtitle's top edge.
    public static let subtitleTop = 28.0
    /// The labels start this far right of the arrow's left edge.
    public static let labelOffset = 44.0

    /// The pull-to-refresh view laid out in `width` points: the arrow at
    /// ceil((width − 200) × 0.5), the labels 44 pt to its right, the indicator centred on the
    /// arrow; `title` and `subtitle` false leave those labels out. With `customView` (its size
    /// in points) only that view is placed, centred with its origin rounded.
    public static func pullToRefresh(
        width: Double, customView: (width: Double, height: Double)?,
        title: Bool = true, subtitle: Bool = true
    ) -> ComponentLayout {
        var layout = ComponentLayout()
        layout.textAlignment = .left
        if let custom = customView {
            layout.image = centred(custom, width: width)
            return layout
        }
        let arrowX = ((width - 200) * 0.5).rounded(.up)
        let labelX = ((width - 200) * 0.5 + labelOffset).rounded(.up)
        let arrow = Rect(x: arrowX, y: arrowTop, width: arrowSize.width, height: arrowSize.height)
        layout.arrow = arrow
        layout.spinner = Rect(centerX: arrow.midX, centerY: arrow.midY, width: indicatorSize, height: indicatorSize)
        if title { layout.stateLabel = Rect(x: labelX, y: titleTop, width: titleSize.width, height: titleSize.height) }
        if subtitle { layout.timeLabel = Rect(x: labelX, y: subtitleTop, width: subtitleSize.width, height: subtitleSize.height) }
        return layout
    }

    /// The infinite scrolling view laid out in `width` points: the indicator, or the custom
    /// view, centred with its origin rounded.
    public static func infiniteScrolling(width: Double, customView: (width: Double, height: Double)?) -> ComponentLayout {
        var layout = ComponentLayout()
        if let custom = customView {
            layout.image = centred(custom, width: width)
        } else {
            layout.spinner = centred((indicatorSize, indicatorSize), width: width)
        }
        return layout
    }

    /// `setCustomView:forState:`'s placement: centred, origin rounded half away from zero.
    static func centred(_ size: (width: Double, height: Double), width: Double) -> Rect {
        Rect(
            x: ((width - size.width) / 2).rounded(), y: ((viewHeight - size.height) / 2).rounded(),
            width: size.width, height: size.height)
    }
}
