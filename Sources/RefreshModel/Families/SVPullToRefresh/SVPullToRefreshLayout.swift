import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SVPullToRefresh's geometry (docs/families.md): the 60-pt views and the frames their
/// `layoutSubviews` gives the arrow, the activity indicator, the title and subtitle labels
/// and a custom view, as the current source lays them out (``pullToRefresh(width:title:subtitle:indicator:)``)
/// or as the 2012 source did (``pullToRefresh2012(width:customView:title:subtitle:)``).
package enum SVPullToRefreshLayout {
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

    /// Space between the arrow's column and the labels in the current source.
    public static let margin = 10.0
    /// Space between the title and the subtitle in the current source.
    public static let marginY = 2.0

    /// A label's text as the current source measures it: `sizeWithFont:constrainedToSize:`,
    /// whole points, the width at most `maxWidth`, one line high.
    /// - Parameters:
    ///   - width: the text's advance width in points.
    ///   - lineHeight: the font's line height.
    ///   - maxWidth: the widest the label may be.
    /// - Returns: the label's size in whole points.
    public static func measured(width: Double, lineHeight: Double, maxWidth: Double) -> (width: Double, height: Double) {
        (min(width.rounded(.up), maxWidth), lineHeight.rounded(.up))
    }

    /// The pull-to-refresh view laid out in `width` points as the current source does it: the
    /// arrow's column (as wide as the arrow or the `indicator`, whichever is wider), 10 pt,
    /// then the labels as wide as their measured text, the whole group centred; the title and
    /// subtitle (2 pt apart) centred vertically as a block, their frames made integral. The
    /// arrow is centred vertically, the indicator on the arrow. `title` and `subtitle` are the
    /// measured sizes (``measured(width:lineHeight:maxWidth:)``), nil for no text.
    /// - Parameters:
    ///   - width: the control's width in points.
    ///   - title: the title's measured size; nil for none.
    ///   - subtitle: the subtitle's measured size; nil for none.
    ///   - indicator: the spinner's side in points.
    /// - Returns: the layout.
    public static func pullToRefresh(
        width: Double, title: (width: Double, height: Double)?, subtitle: (width: Double, height: Double)?,
        indicator: Double = indicatorSize
    ) -> ComponentLayout {
        var layout = ComponentLayout()
        layout.textAlignment = .left
        let column = max(arrowSize.width, indicator)
        let labelsWidth = max(title?.width ?? 0, subtitle?.width ?? 0)
        let group = labelsWidth > 0 ? column + margin + labelsWidth : column
        let groupX = width / 2 - group / 2
        let labelX = groupX + column + margin
        let titleHeight = title?.height ?? 0
        let blockHeight = subtitle.map { titleHeight + $0.height + marginY } ?? titleHeight
        let titleY = viewHeight / 2 - blockHeight / 2
        if let title {
            layout.stateLabel = RefreshRect(x: labelX, y: titleY, width: title.width, height: title.height).integral
        }
        if let subtitle {
            layout.timeLabel =
                RefreshRect(x: labelX, y: titleY + titleHeight + marginY, width: subtitle.width, height: subtitle.height).integral
        }
        let arrow = RefreshRect(
            x: groupX + (column - arrowSize.width) / 2, y: viewHeight / 2 - arrowSize.height / 2,
            width: arrowSize.width, height: arrowSize.height)
        layout.arrow = arrow
        layout.spinner = RefreshRect(centerX: arrow.midX, centerY: arrow.midY, width: indicator, height: indicator)
        return layout
    }

    /// A custom view (its size in points) placed as `setCustomView:forState:` places it:
    /// centred, origin rounded.
    /// - Parameters:
    ///   - size: the custom view's size in points.
    ///   - width: the control's width.
    /// - Returns: the layout, the view as its image.
    public static func customView(_ size: (width: Double, height: Double), width: Double) -> ComponentLayout {
        var layout = ComponentLayout()
        layout.textAlignment = .left
        layout.image = centred(size, width: width)
        return layout
    }

    /// The pull-to-refresh view laid out in `width` points as the 2012 source did it: the
    /// arrow at ceil((width − 200) × 0.5), the labels 44 pt to its right in fixed frames, the
    /// indicator centred on the arrow; `title` and `subtitle` false leave those labels out.
    /// With `customView` (its size in points) only that view is placed, centred with its
    /// origin rounded.
    /// - Parameters:
    ///   - width: the control's width in points.
    ///   - customView: a custom view's size; nil for the arrow and labels.
    ///   - title: false leaves the title out.
    ///   - subtitle: false leaves the date label out.
    /// - Returns: the layout.
    public static func pullToRefresh2012(
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
        let arrow = RefreshRect(x: arrowX, y: arrowTop, width: arrowSize.width, height: arrowSize.height)
        layout.arrow = arrow
        layout.spinner = RefreshRect(centerX: arrow.midX, centerY: arrow.midY, width: indicatorSize, height: indicatorSize)
        if title { layout.stateLabel = RefreshRect(x: labelX, y: titleTop, width: titleSize.width, height: titleSize.height) }
        if subtitle { layout.timeLabel = RefreshRect(x: labelX, y: subtitleTop, width: subtitleSize.width, height: subtitleSize.height) }
        return layout
    }

    /// The infinite scrolling view laid out in `width` points: the indicator (`indicator` pt
    /// square), or the custom view, centred with its origin rounded.
    /// - Parameters:
    ///   - width: the control's width in points.
    ///   - customView: a custom view's size; nil for the indicator.
    ///   - indicator: the spinner's side in points.
    /// - Returns: the layout.
    public static func infiniteScrolling(
        width: Double, customView: (width: Double, height: Double)?, indicator: Double = indicatorSize
    ) -> ComponentLayout {
        var layout = ComponentLayout()
        if let custom = customView {
            layout.image = centred(custom, width: width)
        } else {
            layout.spinner = centred((indicator, indicator), width: width)
        }
        return layout
    }

    /// `setCustomView:forState:`'s placement: centred, origin rounded half away from zero.
    static func centred(_ size: (width: Double, height: Double), width: Double) -> RefreshRect {
        RefreshRect(
            x: ((width - size.width) / 2).rounded(), y: ((viewHeight - size.height) / 2).rounded(),
            width: size.width, height: size.height)
    }
}
