import FoundationEssentials

/// ZJRefresh's animator geometry (docs/families.md): `GifAnimator.layoutSubviews`, and the
/// constraints of `NormalAnimator.xib` as iOS's layout engine solves them.
package enum ZJRefreshLayout {
    /// The gap between the image box and the labels (`imageMagin`).
    public static let imageMargin = 15.0
    /// The gap between the description label and the time label below it.
    public static let labelGap = 8.0
    /// `NormalAnimator`'s height when none is given: its nib's view, 52 pt.
    public static let normalHeight = 52.0
    /// `gifAnimatorWithHeight`'s height when none is given (the article's example).
    public static let gifHeight = 100.0
    /// `NormalAnimator`'s image view (the arrow's), 36×36 pt by its nib's constraints.
    public static let arrowViewSize = 36.0
    /// The `grayArrow` image's size in points, drawn aspect-fit into the image view.
    public static let arrowImageSize = (width: 23.0, height: 60.0)
    /// The gray activity indicator's spinner (drawn centred in the nib's 40×40 pt view).
    public static let indicatorSize = 20.0
    /// `NormalAnimator`: the description's top and the time label's bottom inset.
    public static let normalInset = 5.0
    /// `NormalAnimator`: the gap from the image view's right edge to the description.
    public static let normalGap = 15.0

    /// The labels (each sized to fit its text: width, line height) and the image box.
    /// `description` nil: the description label is hidden; `time` nil: the time label is
    /// hidden (footers always). With the description hidden, nothing but the box (the whole
    /// view) is laid out.
    public static func labels(
        width: Double, height: Double, description: (width: Double, height: Double)?,
        time: (width: Double, height: Double)?, imageMargin: Double = imageMargin
    ) -> (description: RefreshRect?, time: RefreshRect?, imageBox: RefreshRect) {
        guard let description else {
            return (nil, nil, RefreshRect(x: 0, y: 0, width: width, height: height))
        }
        let d = description.width.rounded(.up), dh = description.height.rounded(.up)
        guard let time else {
            let frame = RefreshRect(centerX: width / 2, centerY: height / 2, width: d, height: dh)
            return (frame, nil, RefreshRect(x: 0, y: 0, width: frame.x - imageMargin, height: height))
        }
        let t = time.width.rounded(.up), th = time.height.rounded(.up)
        let descriptionFrame = RefreshRect(x: width / 2 - d / 2, y: height / 2 - dh, width: d, height: dh)
        let timeFrame = RefreshRect(x: width / 2 - t / 2, y: descriptionFrame.maxY + labelGap, width: t, height: th)
        let boxWidth = min(descriptionFrame.x, timeFrame.x) - imageMargin
        return (descriptionFrame, timeFrame, RefreshRect(x: 0, y: 0, width: boxWidth, height: height))
    }

    /// `GifAnimator`: the labels, and the image aspect-fitted into the box (UIImageView's
    /// Scale Aspect Fit: scaled up or down to fit, centred).
    /// - Parameters:
    ///   - width: the animator's width in points.
    ///   - height: its height.
    ///   - description: the description's measured size; nil for none.
    ///   - time: the time label's measured size; nil for none.
    ///   - image: the image's size in points; nil for none.
    ///   - imageMargin: points between the image's box and the labels (`imageMagin`).
    /// - Returns: the layout.
    public static func gif(
        width: Double, height: Double, description: (width: Double, height: Double)?,
        time: (width: Double, height: Double)?, image: (width: Double, height: Double)?, imageMargin: Double = imageMargin
    ) -> ComponentLayout {
        let placed = labels(width: width, height: height, description: description, time: time, imageMargin: imageMargin)
        var layout = ComponentLayout()
        layout.stateLabel = placed.description
        layout.timeLabel = placed.time
        if let image, image.width > 0, image.height > 0, placed.imageBox.width > 0 {
            let box = placed.imageBox
            let factor = min(box.width / image.width, box.height / image.height)
            layout.image = RefreshRect(centerX: box.midX, centerY: box.midY, width: image.width * factor, height: image.height * factor)
        }
        return layout
    }

    /// `NormalAnimator` as its nib's constraints lay it out in a view `width` × `height`:
    /// the description centred horizontally, 5 pt from the top; the time label centred below
    /// it, its bottom 5 pt from the view's, at its own height (`time`, the measured text; nil
    /// or empty for a footer's hidden label), the description taking the rest of the height.
    /// The description's leading edge is pinned 15 pt right of the image view, and the time
    /// label's may not come closer: when the time text is the wider, the description label
    /// (the lower hugging priority, 251) widens to it, so the arrow moves left with it. The
    /// 36-pt image view is centred vertically, the `grayArrow` image aspect-fit inside it
    /// (13.8 × 36); the 40-pt indicator view is centred on it with its 20-pt spinner.
    /// - Parameters:
    ///   - width: the animator's width in points.
    ///   - height: its height.
    ///   - description: the description's measured size; nil for none.
    ///   - time: the time label's measured size; nil or empty for a hidden label.
    /// - Returns: the layout.
    public static func normal(
        width: Double, height: Double, description: (width: Double, height: Double)?,
        time: (width: Double, height: Double)?
    ) -> ComponentLayout {
        var layout = ComponentLayout()
        layout.textAlignment = .center
        let timeWidth = (time?.width ?? 0).rounded(.up), timeHeight = time.map { $0.height.rounded(.up) } ?? 0
        let labelWidth = max((description?.width ?? 0).rounded(.up), timeWidth)
        let labelX = width / 2 - labelWidth / 2
        if description != nil {
            let top = normalInset, bottom = height - normalInset - timeHeight
            layout.stateLabel = RefreshRect(x: labelX, y: top, width: labelWidth, height: max(0, bottom - top))
        }
        if time != nil {
            layout.timeLabel = RefreshRect(
                x: width / 2 - timeWidth / 2, y: height - normalInset - timeHeight, width: timeWidth, height: timeHeight)
        }
        let view = RefreshRect(
            x: labelX - normalGap - arrowViewSize, y: height / 2 - arrowViewSize / 2, width: arrowViewSize, height: arrowViewSize)
        let fit = min(arrowViewSize / arrowImageSize.width, arrowViewSize / arrowImageSize.height)
        layout.arrow = RefreshRect(
            centerX: view.midX, centerY: view.midY, width: arrowImageSize.width * fit, height: arrowImageSize.height * fit)
        layout.spinner = RefreshRect(centerX: view.midX, centerY: view.midY, width: indicatorSize, height: indicatorSize)
        return layout
    }
}
