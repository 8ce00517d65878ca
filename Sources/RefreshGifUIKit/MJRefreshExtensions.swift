// swift-format-ignore-file: AlwaysUseLowerCamelCase

import RefreshGif
internal import RefreshModel

// MJRefresh's categories on UIKit and its constants, as Swift imports them: what app code reads
// and sets beside the controls (docs/app-code.md). Each names its header entry (`api:`).

extension UIScrollView {
    /// The content inset. // api: UIScrollView+MJExtension.mj_inset
    public var mj_inset: UIEdgeInsets { adjustedContentInset }
    // api: UIScrollView+MJExtension.mj_insetT
    public var mj_insetT: CGFloat {
        get { contentInset.top }
        set { contentInset.top = newValue }
    }
    // api: UIScrollView+MJExtension.mj_insetB
    public var mj_insetB: CGFloat {
        get { contentInset.bottom }
        set { contentInset.bottom = newValue }
    }
    // api: UIScrollView+MJExtension.mj_insetL
    public var mj_insetL: CGFloat {
        get { contentInset.left }
        set { contentInset.left = newValue }
    }
    // api: UIScrollView+MJExtension.mj_insetR
    public var mj_insetR: CGFloat {
        get { contentInset.right }
        set { contentInset.right = newValue }
    }
    // api: UIScrollView+MJExtension.mj_offsetX
    public var mj_offsetX: CGFloat {
        get { contentOffset.x }
        set { contentOffset.x = newValue }
    }
    // api: UIScrollView+MJExtension.mj_offsetY
    public var mj_offsetY: CGFloat {
        get { contentOffset.y }
        set { contentOffset.y = newValue }
    }
    // api: UIScrollView+MJExtension.mj_contentW
    public var mj_contentW: CGFloat {
        get { contentSize.width }
        set { contentSize.width = newValue }
    }
    // api: UIScrollView+MJExtension.mj_contentH
    public var mj_contentH: CGFloat {
        get { contentSize.height }
        set { contentSize.height = newValue }
    }

    /// The header by its former name. // api: UIScrollView+MJRefresh.header
    @available(*, deprecated, message: "使用mj_header")
    public var header: MJRefreshHeader? {
        get { mj_header }
        set { mj_header = newValue }
    }
    /// The footer by its former name. // api: UIScrollView+MJRefresh.footer
    @available(*, deprecated, message: "使用mj_footer")
    public var footer: MJRefreshFooter? {
        get { mj_footer }
        set { mj_footer = newValue }
    }
    /// The rows or items the list holds: none here (no data source is drawn). // api: UIScrollView+MJRefresh.mj_totalDataCount
    public func mj_totalDataCount() -> Int { 0 }
}

extension UILabel {
    /// A label as MJRefresh makes its own: bold 14-pt system font, #5A5A5A, centred (a
    /// `UILabel`: here `Self` would need a required initialiser UIKit does not have).
    /// // api: UILabel+MJRefresh.mj_label
    public class func mj_label() -> UILabel {
        let label = UILabel()
        label.font = StockLabel.font
        label.textColor = StockLabel.color
        label.textAlignment = NSTextAlignment.center
        label.backgroundColor = UIColor.clear
        return label
    }

    /// Its text's width on one line in its font. // api: UILabel+MJRefresh.mj_textWidth
    public func mj_textWidth() -> CGFloat { intrinsicContentSize.width }
}

extension Bundle {
    /// MJRefresh's resource bundle: the library's own words and arrows here. // api: NSBundle+MJRefresh.mj_refreshBundle
    public class func mj_refreshBundle() -> Bundle { Bundle.main }
    /// The trailer's arrow: drawn as the library's arrow. // api: NSBundle+MJRefresh.mj_trailArrowImage
    public static func mj_trailArrowImage() -> UIImage { UIImage.libraryArrow }
}

// MJRefreshConst.h's numbers, read from the model that draws with them, and its strings.
public let MJRefreshLabelLeftInset = CGFloat(ComponentLayout.labelLeftInset)
public let MJRefreshHeaderHeight = CGFloat(ComponentKind.header.baseHeight)
public let MJRefreshFooterHeight = CGFloat(ComponentKind.backFooter.baseHeight)
public let MJRefreshTrailWidth = CGFloat(ComponentLayout.trailerWidth)
public let MJRefreshFastAnimationDuration = CGFloat(MJRefreshTransition.fast) / 1_000_000
public let MJRefreshSlowAnimationDuration = CGFloat(MJRefreshTransition.slow) / 1_000_000
public let MJRefreshKeyPathContentOffset = "contentOffset"
public let MJRefreshKeyPathContentSize = "contentSize"
public let MJRefreshKeyPathContentInset = "contentInset"
public let MJRefreshKeyPathPanState = "state"
public let MJRefreshHeaderLastUpdatedTimeKey = "MJRefreshHeaderLastUpdatedTimeKey"
public let MJRefreshHeaderIdleText = "MJRefreshHeaderIdleText"
public let MJRefreshHeaderPullingText = "MJRefreshHeaderPullingText"
public let MJRefreshHeaderRefreshingText = "MJRefreshHeaderRefreshingText"
public let MJRefreshTrailerIdleText = "MJRefreshTrailerIdleText"
public let MJRefreshTrailerPullingText = "MJRefreshTrailerPullingText"
public let MJRefreshAutoFooterIdleText = "MJRefreshAutoFooterIdleText"
public let MJRefreshAutoFooterRefreshingText = "MJRefreshAutoFooterRefreshingText"
public let MJRefreshAutoFooterNoMoreDataText = "MJRefreshAutoFooterNoMoreDataText"
public let MJRefreshBackFooterIdleText = "MJRefreshBackFooterIdleText"
public let MJRefreshBackFooterPullingText = "MJRefreshBackFooterPullingText"
public let MJRefreshBackFooterRefreshingText = "MJRefreshBackFooterRefreshingText"
public let MJRefreshBackFooterNoMoreDataText = "MJRefreshBackFooterNoMoreDataText"
public let MJRefreshHeaderLastTimeText = "MJRefreshHeaderLastTimeText"
public let MJRefreshHeaderDateTodayText = "MJRefreshHeaderDateTodayText"
public let MJRefreshHeaderNoneLastDateText = "MJRefreshHeaderNoneLastDateText"
public let MJRefreshDidChangeLanguageNotification = "MJRefreshDidChangeLanguageNotification"
