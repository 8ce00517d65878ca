import FoundationEssentials

/// ZJRefresh's animator geometry (docs/families.md), from `GifAnimator.layoutSubviews`; the
/// `NormalAnimator` (laid out in a nib that is not published) follows the same label rules
/// with its arrow and indicator where the GIF's image box ends.
public enum ZJRefreshLayout {
    /// The gap between the image box and the labels (`imageMagin`).
    public static let imageMargin = 15.0
    /// The gap between the description label and the time label below it.
    public static let labelGap = 8.0
    /// `NormalAnimator`'s height when none is given (its nib's, docs/families.md).
    public static let normalHeight = 60.0
    /// `gifAnimatorWithHeight`'s height when none is given (the article's example).
    public static let gifHeight = 100.0
    /// The arrow image's size in `NormalAnimator`.
    public static let arrowSize = (width: 15.0, height: 40.0)
    /// The activity indicator's size.
    public static let indicatorSize = 20.0

    /// The labels (each sized to fit its text: width, line height) and the image box.
    /// `description` nil: the description label is hidden; `time` nil: the time label is
    /// hidden (footers always). With the description hidden, nothing but the box (the whole
    /// view) is laid out.
    public static func labels(
        width: Double, height: Double, description: (width: Double, height: Double)?,
        time: (width: Double, height: Double)?
    ) -> (description: Rect?, time: Rect?, imageBox: Rect) {
        guard let description else {
            return (nil, nil, Rect(x: 0, y: 0, width: width, height: height))
        }
        let d = description.width.rounded(.up), dh = description.height.rounded(.up)
        guard let time else {
            let frame = Rect(centerX: width / 2, centerY: height / 2, width: d, height: dh)
            return (frame, nil, Rect(x: 0, y: 0, width: frame.x - imageMargin, height: height))
        }
        let t = time.width.rounded(.up), th = time.height.rounded(.up)
        let descriptionFrame = Rect(x: width / 2 - d / 2, y: height / 2 - dh, width: d, height: dh)
        let timeFrame = Rect(x: width / 2 - t / 2, y: descriptionFrame.maxY + labelGap, width: t, height: th)
        let boxWidth = min(descriptionFrame.x, timeFrame.x) - imageMargin
        return (descriptionFrame, timeFrame, Rect(x: 0, y: 0, width: boxWidth, height: height))
    }

    /// `GifAnimator`: the labels, and the image aspect-fitted into the box (UIImageView's
    /// Scale Aspect Fit: scaled up or down to fit, centred).
    public static func gif(
        width: Double, height: Double, description: (width: Double, height: Double)?,
        time: (width: Double, height: Double)?, image: (width: Double, height: Double)?
    ) -> ComponentLayout {
        let placed = labels(width: width, height: height, description: description, time: time)
        var layout = ComponentLayout()
        layout.stateLabel = placed.description
        layout.timeLabel = placed.time
        if let image, image.width > 0, image.height > 0, placed.imageBox.width > 0 {
            let box = placed.imageBox
            let factor = min(box.width / image.width, box.height / image.height)
            layout.image = Rect(centerX: box.midX, centerY: box.midY, width: image.width * factor, height: image.height * factor)
        }
        return layout
    }

    /// `NormalAnimator`: the labels, the arrow centred vertically with its right edge at the
    /// image box's, the indicator centred on the arrow.
    public static func normal(
        width: Double, height: Double, description: (width: Double, height: Double)?,
        time: (width: Double, height: Double)?
    ) -> ComponentLayout {
        let placed = labels(width: width, height: height, description: description, time: time)
        var layout = ComponentLayout()
        layout.stateLabel = placed.description
        layout.timeLabel = placed.time
        let centerX = description == nil ? width / 2 : placed.imageBox.maxX - arrowSize.width / 2
        layout.arrow = Rect(centerX: centerX, centerY: height / 2, width: arrowSize.width, height: arrowSize.height)
        layout.spinner = Rect(centerX: centerX, centerY: height / 2, width: indicatorSize, height: indicatorSize)
        return layout
    }
}
