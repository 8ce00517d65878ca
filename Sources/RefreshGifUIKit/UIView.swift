// swift-format-ignore-file: AlwaysUseLowerCamelCase

import RefreshGif
import RefreshLocking

/// The part of `UIView` that refresh code touches: frame, alpha, hidden, background colour,
/// transform, corner radius and border, subviews (docs/app-code.md).
open class UIView {
    /// Where the view is in its superview, in points.
    open var frame: CGRect = .zero
    /// Its bounds: its own size at the origin.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }
    /// Its centre in its superview.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    /// Its opacity.
    open var alpha: CGFloat = 1
    /// True when not drawn.
    open var isHidden = false
    /// Its background colour.
    open var backgroundColor: UIColor?
    /// Its layer: corner radius and border, and the layers the app adds (a shape layer).
    public let layer = CALayer()
    /// Its subviews, in drawing order.
    public private(set) var subviews: [UIView] = []
    /// The view holding it.
    public private(set) weak var superview: UIView?
    /// An app's tag.
    open var tag = 0
    /// Its transform about its centre.
    open var transform: CGAffineTransform = .identity
    /// How its content fills it.
    open var contentMode: ContentMode = .scaleToFill

    /// False when Auto Layout places the view (docs/app-code.md, "Auto Layout"); true, the
    /// default, when its frame is set by code and constraints read it as it is.
    open var translatesAutoresizingMaskIntoConstraints = true
    /// The constraints installed on the view (``NSLayoutConstraint/activate(_:)`` installs each on
    /// the nearest view holding both its items).
    public internal(set) var constraints: [NSLayoutConstraint] = []
    /// Content hugging and compression resistance by axis, where set.
    var contentPriorities: [ContentPriorityKey: UILayoutPriority] = [:]
    /// Constraints activated with this view first before it shared a tree with their other view.
    var unplacedConstraints: [NSLayoutConstraint] = []
    /// The last layout solved for the tree under this view, reused while its inputs are the same.
    var layoutMemo: LayoutPass.Memo?
    /// Why Auto Layout refused the tree under this view the last time (too many constraints).
    var layoutRefusal: String?
    /// For a library's view drawn as an image layer (a Lottie view): the file and the place in
    /// its frames (0…1) at the moment drawn; nil draws nothing.
    @_spi(AppLibraries) public var drawnImage: (() -> (file: String, progress: Double)?)?
    /// True while Auto Layout lays out the tree under this view.
    var isLayingOut = false
    /// What Auto Layout said the last time it laid out the tree under this view: each constraint
    /// it broke, each view it found ambiguous, as UIKit's log says them.
    public internal(set) var layoutNotes: [String] = []

    /// How a view's content fills its bounds.
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
    }

    /// A view with a frame (UIKit's designated initialiser).
    /// - Parameter frame: where the view is in its superview.
    public init(frame: CGRect) {
        self.frame = frame
        layer.view = self
    }

    /// Views are made in code here, never from an archive: nil.
    /// - Parameter coder: an archive.
    public required init?(coder: NSCoder) { return nil }

    /// A view with a zero frame.
    public convenience init() { self.init(frame: .zero) }

    /// Puts `view` on top of the others (and its layer on top of this layer's sublayers).
    /// A view that would make a cycle, or a tree past its bounds (1 000 views and layers, 64
    /// levels), is not added: that is said when the control is drawn, naming its class.
    open func addSubview(_ view: UIView) {
        guard layer.admits(view.layer) else { return }
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        layer.addSublayer(view.layer)
    }

    /// Takes the view out of its superview.
    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
    }

    /// The size its content asks for; none (`noIntrinsicMetric` both ways) for a plain view.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// No size asked for.
    public static let noIntrinsicMetric: CGFloat = -1

    /// Lays out the subviews (a refresh control places its labels here).
    open func layoutSubviews() {}
    /// Asks for layout: done at once here.
    open func setNeedsLayout() { layoutSubviews() }
    /// Lays out the tree the view is in now: the constraints solved, each view placed by them
    /// set (docs/app-code.md, "Auto Layout"), then the view's `layoutSubviews`.
    open func layoutIfNeeded() {
        var root: UIView = self
        while let up = root.superview { root = up }
        AutoLayout.layOut(root)
        layoutSubviews()
    }
    /// Updates the view's constraints: called on every view of the tree, deepest first, each
    /// time it is laid out (an override calls `super`).
    open func updateConstraints() {}
    /// Redrawn when drawn.
    open func setNeedsDisplay() {}

    // MJRefresh's UIView+MJExtension.
    public var mj_x: CGFloat {
        get { frame.origin.x }
        set { frame.origin.x = newValue }
    }
    public var mj_y: CGFloat {
        get { frame.origin.y }
        set { frame.origin.y = newValue }
    }
    public var mj_w: CGFloat {
        get { frame.size.width }
        set { frame.size.width = newValue }
    }
    open var mj_h: CGFloat {
        get { frame.size.height }
        set { frame.size.height = newValue }
    }
    public var mj_size: CGSize {
        get { frame.size }
        set { frame.size = newValue }
    }
    public var mj_origin: CGPoint {
        get { frame.origin }
        set { frame.origin = newValue }
    }
}

/// A label: its text, font, colour and alignment.
open class UILabel: UIView {
    open var text: String?
    open var font: UIFont? = .systemFont(ofSize: 17)
    open var textColor: UIColor? = .label
    open var textAlignment: NSTextAlignment = .natural
    open var numberOfLines = 1
    /// Set by the control's own labels: which setting its font, colour and hidden flag are.
    var role: LabelRole?

    /// Its text's size on one line in its font, measured as the scene sizes a label without a
    /// frame (zero for a font no face has).
    open override var intrinsicContentSize: CGSize {
        LabelSizes.size(of: text ?? "", font: (font ?? .systemFont(ofSize: 17)).sceneText, scale: AppDevice.scale)
    }
}

/// Label sizes by text, font and scale, each measured once: code that sizes its labels at every
/// layout (every frame of a gesture) does not lay the text out again. At most 4 096 are kept.
private enum LabelSizes {
    private static let measured = Locked([String: CGSize]())

    static func size(of text: String, font: String, scale: Int) -> CGSize {
        let key = "\(scale)\u{0}\(font)\u{0}\(text)"
        if let known = measured.withLock({ $0[key] }) { return known }
        let size =
            (try? RefreshRenderer().labelSize(of: text, font: font, scale: scale)).map { CGSize(width: $0.width, height: $0.height) }
            ?? .zero
        measured.withLock {
            if $0.count >= 4096 { $0.removeAll() }
            $0[key] = size
        }
        return size
    }
}

/// Which of a control's labels a label is.
enum LabelRole: Sendable {
    case state, time
}

/// Text alignment.
public enum NSTextAlignment: Int, Sendable {
    case left, center, right, justified, natural
}

/// An image view: one image, or frames it animates.
open class UIImageView: UIView {
    open var image: UIImage?
    open var animationImages: [UIImage]?
    open var animationDuration: TimeInterval = 0
    open var tintColor: UIColor?
    public private(set) var isAnimating = false

    /// An image view the size of `image`, as UIKit makes it.
    /// - Parameter image: the image shown.
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    }

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open func startAnimating() { isAnimating = true }
    open func stopAnimating() { isAnimating = false }

    /// Its image's size.
    open override var intrinsicContentSize: CGSize { image?.size ?? .zero }
}

/// The spinner.
open class UIActivityIndicatorView: UIView {
    /// Its look.
    public enum Style: Sendable {
        case medium, large, gray, white, whiteLarge
    }
    open var style: Style = .medium {
        didSet { frame.size = style == .large || style == .whiteLarge ? CGSize(width: 37, height: 37) : CGSize(width: 20, height: 20) }
    }
    open var color: UIColor?
    open var hidesWhenStopped = true
    public private(set) var isAnimating = false

    /// A spinner of its style's size (20 pt, 37 pt for the large ones).
    /// - Parameter style: its look.
    public init(style: Style) {
        self.style = style
        let side: CGFloat = style == .large || style == .whiteLarge ? 37 : 20
        super.init(frame: CGRect(x: 0, y: 0, width: side, height: side))
    }

    /// A medium spinner in `frame`; a zero frame is its style's size (20 pt).
    /// - Parameter frame: where it is.
    public override init(frame: CGRect) {
        super.init(frame: frame.size == .zero ? CGRect(origin: frame.origin, size: CGSize(width: 20, height: 20)) : frame)
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Its style's size: 20 pt, 37 pt for the large ones.
    open override var intrinsicContentSize: CGSize {
        let side: CGFloat = style == .large || style == .whiteLarge ? 37 : 20
        return CGSize(width: side, height: side)
    }

    /// Starts it: shown, as UIKit shows a spinner that `hidesWhenStopped` hid.
    open func startAnimating() {
        isAnimating = true
        if hidesWhenStopped { isHidden = false }
    }
    /// Stops it: hidden when it `hidesWhenStopped`.
    open func stopAnimating() {
        isAnimating = false
        if hidesWhenStopped { isHidden = true }
    }
}

/// A switch, 51 × 31 pt as UIKit makes it.
open class UISwitch: UIView {
    /// A switch at `frame`'s origin, 51 × 31 pt whatever its size.
    /// - Parameter frame: where it is.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: CGSize(width: 51, height: 31)))
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    open var isOn = false
    open var onTintColor: UIColor?
    /// 51 × 31 pt.
    open override var intrinsicContentSize: CGSize { CGSize(width: 51, height: 31) }
    open func setOn(_ on: Bool, animated: Bool) { isOn = on }
}

/// A progress bar: not drawn (an error names it); a shape layer draws a bar.
open class UIProgressView: UIView {
    open var progress: Float = 0
    open var progressTintColor: UIColor?
    open var trackTintColor: UIColor?
}

/// A scroll view, holding the refresh controls (`mj_header`, `mj_footer`, `mj_trailer`).
open class UIScrollView: UIView {
    open var contentOffset: CGPoint = .zero
    open var contentSize: CGSize = .zero
    open var contentInset: UIEdgeInsets = .zero
    /// The inset the system adds to `contentInset` (none here).
    open var adjustedContentInset: UIEdgeInsets { contentInset }
    /// SVPullToRefresh's view, once added (`addPullToRefresh`), in place of any before it.
    var svPullToRefresh: SVPullToRefreshView? { didSet { replace(oldValue, with: svPullToRefresh) } }
    /// SVPullToRefresh's infinite scrolling view, once added.
    var svInfiniteScrolling: SVInfiniteScrollingView? { didSet { replace(oldValue, with: svInfiniteScrolling) } }
    /// The header. // api: UIScrollView+MJRefresh.mj_header
    open var mj_header: MJRefreshHeader? { didSet { replace(oldValue, with: mj_header) } }
    /// The footer. // api: UIScrollView+MJRefresh.mj_footer
    open var mj_footer: MJRefreshFooter? { didSet { replace(oldValue, with: mj_footer) } }
    /// The trailer. // api: UIScrollView+MJRefresh.mj_trailer
    open var mj_trailer: MJRefreshTrailer? { didSet { replace(oldValue, with: mj_trailer) } }

    /// A control put in place of another.
    private func replace(_ old: UIView?, with new: UIView?) {
        old?.removeFromSuperview()
        if let new { addSubview(new) }
    }
}

/// A table view.
open class UITableView: UIScrollView {}
/// A collection view.
open class UICollectionView: UIScrollView {}
