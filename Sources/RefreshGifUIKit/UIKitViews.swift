import RefreshGif

// More of UIKit that refresh views use: sizing, the screen, buttons, stack views, traits and
// dynamic colours (docs/app-code.md, "UIKit"). Each is drawn with what the views above already
// draw: a button is its title label and image view, a stack view places its arranged views.

extension UIView {
    /// Sizes the view to its content (``intrinsicContentSize``), as UIKit does for labels, image
    /// views and spinners; a view with none keeps its size.
    public func sizeToFit() {
        let size = intrinsicContentSize
        if size.width >= 0 { frame.size.width = size.width }
        if size.height >= 0 { frame.size.height = size.height }
    }

    /// The size that fits: the content's, else the view's own.
    public func sizeThatFits(_ size: CGSize) -> CGSize {
        let own = intrinsicContentSize
        return CGSize(width: own.width >= 0 ? own.width : frame.width, height: own.height >= 0 ? own.height : frame.height)
    }

    /// The view's trait collection: the device's appearance (``AppDevice/userInterfaceStyle``).
    public var traitCollection: UITraitCollection { UITraitCollection(userInterfaceStyle: AppDevice.userInterfaceStyle) }
}

extension UIActivityIndicatorView {
    /// The spinner's initialiser by its Swift 4 name.
    @available(*, deprecated, renamed: "init(style:)")
    public convenience init(activityIndicatorStyle style: Style) { self.init(style: style) }
}

extension UIImage {
    /// The image named `name` (the bundle is the app's, the traits the device's).
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        self.init(named: name)
    }
}

/// The screen: its bounds and scale are the device's (``AppDevice``).
open class UIScreen: @unchecked Sendable {
    /// The phone's screen.
    public static var main: UIScreen { UIScreen() }
    /// The screen's size in points (its height a phone's, 812 pt).
    open var bounds: CGRect { CGRect(x: 0, y: 0, width: CGFloat(AppDevice.width), height: 812) }
    /// Its scale.
    open var scale: CGFloat { CGFloat(AppDevice.scale) }
    /// Its pixels' scale.
    open var nativeScale: CGFloat { scale }
}

/// Light or dark.
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}

/// The traits a view is drawn with: its appearance.
open class UITraitCollection: @unchecked Sendable {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public init(userInterfaceStyle: UIUserInterfaceStyle) { self.userInterfaceStyle = userInterfaceStyle }
    /// The device's.
    public static var current: UITraitCollection { UITraitCollection(userInterfaceStyle: AppDevice.userInterfaceStyle) }
}

/// A button: its title (in a label) and image (in an image view), centred in it side by side,
/// the image first, as UIKit lays out a plain button.
open class UIButton: UIView {
    /// The states a title or image is given for.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }
    /// A button's kind.
    public enum ButtonType: Int, Sendable {
        case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close
    }

    /// The label showing the title.
    public let titleLabel: UILabel? = UILabel()
    /// The image view showing the image.
    public let imageView: UIImageView? = UIImageView()
    private var titles: [UInt: String] = [:]
    private var colors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    open var isSelected = false
    open var isEnabled = true
    open var contentEdgeInsets: UIEdgeInsets = .zero
    open var tintColor: UIColor?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        titleLabel?.font = .systemFont(ofSize: 15)
        titleLabel?.textColor = UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1)
        if let imageView { addSubview(imageView) }
        if let titleLabel { addSubview(titleLabel) }
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// A button of `type` (a custom one's title is white, a system one's blue).
    public convenience init(type: ButtonType) {
        self.init(frame: .zero)
        if type == .custom { titleLabel?.textColor = .white }
    }

    private var shownState: State { !isEnabled ? .disabled : isSelected ? .selected : .normal }

    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        layoutSubviews()
    }
    open func setTitleColor(_ color: UIColor?, for state: State) {
        colors[state.rawValue] = color
        layoutSubviews()
    }
    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        layoutSubviews()
    }
    open func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }
    open func image(for state: State) -> UIImage? { images[state.rawValue] ?? images[State.normal.rawValue] }
    open var currentTitle: String? { title(for: shownState) }

    /// The title's and image's size side by side.
    open override var intrinsicContentSize: CGSize {
        let text = titleLabel?.intrinsicContentSize ?? .zero
        let picture = image(for: shownState)?.size ?? .zero
        return CGSize(
            width: text.width + picture.width + contentEdgeInsets.left + contentEdgeInsets.right,
            height: max(text.height, picture.height) + contentEdgeInsets.top + contentEdgeInsets.bottom)
    }

    /// The title and image, centred.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let state = shownState
        titleLabel?.text = title(for: state)
        if let color = colors[state.rawValue] ?? colors[State.normal.rawValue] { titleLabel?.textColor = color }
        imageView?.image = image(for: state)
        let text = titleLabel?.text == nil ? .zero : titleLabel?.intrinsicContentSize ?? .zero
        let picture = imageView?.image?.size ?? .zero
        let left = (frame.width - text.width - picture.width) / 2
        imageView?.frame = CGRect(x: left, y: (frame.height - picture.height) / 2, width: picture.width, height: picture.height)
        titleLabel?.frame = CGRect(
            x: left + picture.width, y: (frame.height - text.height) / 2, width: text.width, height: text.height)
    }
}

/// A stack view: its arranged views in a row or a column, at their own sizes, `spacing` apart,
/// the whole centred along its axis when `distribution` is `.equalCentering` or the views do not
/// fill it, aligned across it by `alignment`.
open class UIStackView: UIView {
    public enum Axis: Int, Sendable { case horizontal, vertical }
    public enum Alignment: Int, Sendable { case fill, leading, firstBaseline, center, trailing, lastBaseline }
    public enum Distribution: Int, Sendable { case fill, fillEqually, fillProportionally, equalSpacing, equalCentering }

    open private(set) var arrangedSubviews: [UIView] = []
    open var axis: Axis = .horizontal
    open var alignment: Alignment = .fill
    open var distribution: Distribution = .fill
    open var spacing: CGFloat = 0

    /// A stack view of `views`.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    /// Adds `view` as the last arranged view: placed by the stack, not by its frame
    /// (`translatesAutoresizingMaskIntoConstraints` turns false, as UIKit turns it).
    open func addArrangedSubview(_ view: UIView) {
        view.translatesAutoresizingMaskIntoConstraints = false
        addSubview(view)
        if view.superview === self { arrangedSubviews.append(view) }
    }

    open func removeArrangedSubview(_ view: UIView) { arrangedSubviews.removeAll { $0 === view } }

    private func size(of view: UIView) -> CGSize {
        let own = view.intrinsicContentSize
        return CGSize(width: own.width >= 0 ? own.width : view.frame.width, height: own.height >= 0 ? own.height : view.frame.height)
    }

    /// Its views' total size along the axis, and the largest across it.
    open override var intrinsicContentSize: CGSize {
        let shown = arrangedSubviews.filter { !$0.isHidden }.map(size(of:))
        let gaps = CGFloat(max(0, shown.count - 1)) * spacing
        return axis == .horizontal
            ? CGSize(width: shown.reduce(0) { $0 + $1.width } + gaps, height: shown.map(\.height).max() ?? 0)
            : CGSize(width: shown.map(\.width).max() ?? 0, height: shown.reduce(0) { $0 + $1.height } + gaps)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let shown = arrangedSubviews.filter { !$0.isHidden }
        let sizes = shown.map(size(of:))
        let horizontal = axis == .horizontal
        let length = horizontal ? frame.width : frame.height
        let across = horizontal ? frame.height : frame.width
        let total = sizes.reduce(0) { $0 + (horizontal ? $1.width : $1.height) } + CGFloat(max(0, shown.count - 1)) * spacing
        var position = distribution == .equalCentering || total < length ? (length - total) / 2 : 0
        for (view, size) in zip(shown, sizes) {
            let along = horizontal ? size.width : size.height
            var crossSize = horizontal ? size.height : size.width
            let crossPosition: CGFloat
            switch alignment {
            case .fill:
                crossSize = across
                crossPosition = 0
            case .leading, .firstBaseline: crossPosition = 0
            case .trailing, .lastBaseline: crossPosition = across - crossSize
            case .center: crossPosition = (across - crossSize) / 2
            }
            view.frame =
                horizontal
                ? CGRect(x: position, y: crossPosition, width: along, height: crossSize)
                : CGRect(x: crossPosition, y: position, width: crossSize, height: along)
            position += along + spacing
        }
    }
}
