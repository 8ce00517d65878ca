// swift-format-ignore-file: AlwaysUseLowerCamelCase

import ConstraintSolver

/// A layout priority: 1…1000, 1000 required (UIKit's `UILayoutPriority`).
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral
{
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    public static let sceneSizeStayPut = UILayoutPriority(500)
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)

    public static func < (a: UILayoutPriority, b: UILayoutPriority) -> Bool { a.rawValue < b.rawValue }
    public static func + (a: UILayoutPriority, b: Float) -> UILayoutPriority { UILayoutPriority(a.rawValue + b) }
    public static func - (a: UILayoutPriority, b: Float) -> UILayoutPriority { UILayoutPriority(a.rawValue - b) }
}

/// Hugging or compression resistance, on one axis.
struct ContentPriorityKey: Hashable, Sendable {
    var hugging: Bool
    var axis: NSLayoutConstraint.Axis
}

/// One relation between two views' edges, centres or sizes:
/// `first.attribute (relation) multiplier × second.attribute + constant`, at a priority
/// (docs/app-code.md, "Auto Layout").
open class NSLayoutConstraint: CustomStringConvertible {
    /// An edge, centre or size of a view.
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline
        case firstBaseline = 12
        case notAnAttribute = 0
    }
    /// How the sides compare.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }
    /// Horizontal or vertical.
    public enum Axis: Int, Sendable {
        case horizontal, vertical
    }

    /// The view on the left side.
    public private(set) weak var firstItem: AnyObject?
    public let firstAttribute: Attribute
    public let relation: Relation
    /// The view on the right side; nil for a constant.
    public private(set) weak var secondItem: AnyObject?
    public let secondAttribute: Attribute
    public let multiplier: CGFloat
    /// Added to the right side; may change while active.
    open var constant: CGFloat
    /// 1…1000; required (1000) by default.
    open var priority: UILayoutPriority = .required
    /// A name for messages.
    open var identifier: String?
    /// Where it is installed while active.
    weak var installedOn: UIView?

    /// `item.attribute (relation) multiplier × toItem.attribute + constant`.
    public init(
        item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?, attribute attr2: Attribute,
        multiplier: CGFloat, constant c: CGFloat
    ) {
        firstItem = view1 as AnyObject
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2.map { $0 as AnyObject }
        secondAttribute = attr2
        self.multiplier = multiplier
        constant = c
    }

    /// Active: installed on the nearest view holding both its items, used when the tree is laid
    /// out. Items with no common view are not installed: said when the control is drawn.
    open var isActive: Bool {
        get { installedOn != nil }
        set {
            if newValue == isActive { return }
            if newValue {
                guard let home = commonAncestor else {
                    // UIKit raises an exception; here it is said when the control is drawn.
                    if let first = firstItem as? UIView, !first.unplacedConstraints.contains(where: { $0 === self }) {
                        first.unplacedConstraints.append(self)
                    }
                    return
                }
                home.addConstraint(self)
            } else {
                installedOn?.removeConstraint(self)
            }
        }
    }

    /// Activates each.
    open class func activate(_ constraints: [NSLayoutConstraint]) { for c in constraints { c.isActive = true } }
    /// Deactivates each.
    open class func deactivate(_ constraints: [NSLayoutConstraint]) { for c in constraints { c.isActive = false } }

    /// The nearest view holding both items (the first item's own for a constant).
    var commonAncestor: UIView? {
        guard let first = firstItem as? UIView else { return nil }
        guard let secondItem else { return first }
        guard let second = secondItem as? UIView else { return nil }
        var chain: [ObjectIdentifier] = []
        var view: UIView? = first
        while let v = view {
            chain.append(ObjectIdentifier(v))
            view = v.superview
        }
        view = second
        while let v = view {
            if chain.contains(ObjectIdentifier(v)) { return v }
            view = v.superview
        }
        return nil
    }

    /// As UIKit's log writes it: `UILabel.centerX == MyHeader.centerX + 8 @750`.
    open var description: String {
        func side(_ item: AnyObject?, _ attribute: Attribute) -> String {
            let name = item.map { String(describing: type(of: $0)) } ?? "nil"
            return "\(name).\(attribute)"
        }
        var text = "<NSLayoutConstraint" + (identifier.map { " '\($0)'" } ?? "") + " " + side(firstItem, firstAttribute)
        text += relation == .equal ? " == " : relation == .lessThanOrEqual ? " <= " : " >= "
        if secondItem != nil && secondAttribute != .notAnAttribute {
            text += (multiplier == 1 ? "" : "\(Self.number(multiplier))*") + side(secondItem, secondAttribute)
            if constant != 0 { text += (constant < 0 ? " - " : " + ") + Self.number(abs(constant)) }
        } else {
            text += Self.number(constant)
        }
        if priority != .required { text += " @" + Self.number(CGFloat(priority.rawValue)) }
        return text + ">"
    }

    static func number(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(Double(value))
    }
}

/// An edge or centre (`NSLayoutXAxisAnchor`, `NSLayoutYAxisAnchor`) or a size
/// (`NSLayoutDimension`) of a view: makes constraints against another of its kind.
open class NSLayoutAnchor<AnchorType: AnyObject> {
    let item: UIView
    let attribute: NSLayoutConstraint.Attribute

    init(item: UIView, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    private func make(_ relation: NSLayoutConstraint.Relation, _ other: NSLayoutAnchor<AnchorType>, _ constant: CGFloat)
        -> NSLayoutConstraint
    {
        NSLayoutConstraint(
            item: item, attribute: attribute, relatedBy: relation, toItem: other.item, attribute: other.attribute, multiplier: 1,
            constant: constant)
    }

    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { make(.equal, anchor, 0) }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, 0)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, 0)
    }
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, c)
    }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, c)
    }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, c)
    }
}

/// A horizontal edge or centre.
public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}
/// A vertical edge or centre.
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

/// A width or height: against another, times a multiplier, or a constant.
public final class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    private func make(_ relation: NSLayoutConstraint.Relation, _ other: NSLayoutDimension?, _ m: CGFloat, _ c: CGFloat)
        -> NSLayoutConstraint
    {
        NSLayoutConstraint(
            item: item, attribute: attribute, relatedBy: relation, toItem: other?.item, attribute: other?.attribute ?? .notAnAttribute,
            multiplier: m, constant: c)
    }
    public func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { make(.equal, nil, 1, c) }
    public func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { make(.greaterThanOrEqual, nil, 1, c) }
    public func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { make(.lessThanOrEqual, nil, 1, c) }
    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint { make(.equal, anchor, m, 0) }
    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, m, c)
    }
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, m, 0)
    }
    public func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, m, 0)
    }
}

extension UIView {
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }

    /// Installs `constraint` here (as `isActive = true` does on the nearest common view).
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        constraint.installedOn?.removeConstraint(constraint)
        constraints.append(constraint)
        constraint.installedOn = self
    }
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { for c in constraints { addConstraint(c) } }
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        constraints.removeAll { $0 === constraint }
        if constraint.installedOn === self { constraint.installedOn = nil }
    }
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { for c in constraints { removeConstraint(c) } }

    /// How much the view resists growing past its content on `axis`: 250 unless set.
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        contentPriorities[ContentPriorityKey(hugging: true, axis: axis)] ?? .defaultLow
    }
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        contentPriorities[ContentPriorityKey(hugging: true, axis: axis)] = priority
    }
    /// How much the view resists shrinking below its content on `axis`: 750 unless set.
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        contentPriorities[ContentPriorityKey(hugging: false, axis: axis)] ?? .defaultHigh
    }
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        contentPriorities[ContentPriorityKey(hugging: false, axis: axis)] = priority
    }

    /// Constraints are read when the tree is laid out: nothing to do now.
    public func setNeedsUpdateConstraints() {}
    public func updateConstraintsIfNeeded() {}
    /// Read again at the next layout.
    public func invalidateIntrinsicContentSize() {}
}
