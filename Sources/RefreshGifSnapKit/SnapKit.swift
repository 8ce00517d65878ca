// swift-format-ignore-file: AlwaysUseLowerCamelCase

import RefreshGifUIKit

// The part of SnapKit's DSL that refresh views use, on RefreshGifUIKit's Auto Layout
// (docs/app-code.md, "SnapKit"): a file saying `import SnapKit` compiles against this module
// (the plugin maps the import). The names are SnapKit's API; the code is ours. Each SnapKit
// constraint is one or more `NSLayoutConstraint`s, solved with the rest of the tree.

/// The view a constraint is made on.
public typealias ConstraintView = UIView

/// `view.snp`: making, remaking, updating and removing a view's SnapKit constraints, and its
/// attributes as targets (`other.snp.bottom`).
public struct ConstraintViewDSL {
    let view: UIView

    /// Makes the constraints `closure` describes, adding them to the view's.
    public func makeConstraints(_ closure: (_ make: ConstraintMaker) -> Void) {
        for constraint in ConstraintMaker.make(view, closure) { constraint.activate() }
    }

    /// Removes the view's SnapKit constraints, then makes those `closure` describes.
    public func remakeConstraints(_ closure: (_ make: ConstraintMaker) -> Void) {
        removeConstraints()
        makeConstraints(closure)
    }

    /// Updates the constants of the view's constraints that `closure` describes again (same
    /// items, attributes and relation); one that matches none is added, as SnapKit adds it.
    public func updateConstraints(_ closure: (_ make: ConstraintMaker) -> Void) {
        let existing = SnapKitLayoutConstraint.made(on: view)
        for constraint in ConstraintMaker.make(view, closure) {
            for layout in constraint.layoutConstraints {
                if let match = existing.first(where: { $0.matches(layout) }) {
                    match.constant = layout.constant
                    match.priority = layout.priority
                } else {
                    layout.isActive = true
                }
            }
        }
    }

    /// Removes the view's SnapKit constraints.
    public func removeConstraints() {
        for constraint in SnapKitLayoutConstraint.made(on: view) { constraint.isActive = false }
    }

    func item(_ attributes: ConstraintAttributes) -> ConstraintItem { ConstraintItem(view: view, attributes: attributes) }

    public var left: ConstraintItem { item(.left) }
    public var right: ConstraintItem { item(.right) }
    public var top: ConstraintItem { item(.top) }
    public var bottom: ConstraintItem { item(.bottom) }
    public var leading: ConstraintItem { item(.leading) }
    public var trailing: ConstraintItem { item(.trailing) }
    public var width: ConstraintItem { item(.width) }
    public var height: ConstraintItem { item(.height) }
    public var centerX: ConstraintItem { item(.centerX) }
    public var centerY: ConstraintItem { item(.centerY) }
    public var lastBaseline: ConstraintItem { item(.lastBaseline) }
    public var firstBaseline: ConstraintItem { item(.firstBaseline) }
    public var edges: ConstraintItem { item(.edges) }
    public var size: ConstraintItem { item(.size) }
    public var center: ConstraintItem { item(.center) }
}

extension UIView {
    /// SnapKit's entry point.
    public var snp: ConstraintViewDSL { ConstraintViewDSL(view: self) }
}

/// Which attributes a maker line or a target names: one, or several at once (`edges`).
public struct ConstraintAttributes: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let left = ConstraintAttributes(rawValue: 1 << 0)
    public static let top = ConstraintAttributes(rawValue: 1 << 1)
    public static let right = ConstraintAttributes(rawValue: 1 << 2)
    public static let bottom = ConstraintAttributes(rawValue: 1 << 3)
    public static let leading = ConstraintAttributes(rawValue: 1 << 4)
    public static let trailing = ConstraintAttributes(rawValue: 1 << 5)
    public static let width = ConstraintAttributes(rawValue: 1 << 6)
    public static let height = ConstraintAttributes(rawValue: 1 << 7)
    public static let centerX = ConstraintAttributes(rawValue: 1 << 8)
    public static let centerY = ConstraintAttributes(rawValue: 1 << 9)
    public static let lastBaseline = ConstraintAttributes(rawValue: 1 << 10)
    public static let firstBaseline = ConstraintAttributes(rawValue: 1 << 11)
    public static let edges: ConstraintAttributes = [.top, .left, .bottom, .right]
    public static let size: ConstraintAttributes = [.width, .height]
    public static let center: ConstraintAttributes = [.centerX, .centerY]

    /// Each attribute, in SnapKit's order, with UIKit's name for it.
    static let each: [(ConstraintAttributes, NSLayoutConstraint.Attribute)] = [
        (.left, .left), (.top, .top), (.right, .right), (.bottom, .bottom), (.leading, .leading), (.trailing, .trailing),
        (.width, .width), (.height, .height), (.centerX, .centerX), (.centerY, .centerY), (.lastBaseline, .lastBaseline),
        (.firstBaseline, .firstBaseline),
    ]

    var layoutAttributes: [NSLayoutConstraint.Attribute] { Self.each.filter { contains($0.0) }.map(\.1) }
}

/// A view's attribute as a target: `other.snp.bottom`.
public struct ConstraintItem {
    let view: UIView
    let attributes: ConstraintAttributes
}

/// A priority: SnapKit's names, or a number.
public struct ConstraintPriority: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, Equatable, Sendable {
    public let value: Float
    public init(_ value: Float) { self.value = value }
    public init(floatLiteral value: Float) { self.value = value }
    public init(integerLiteral value: Int) { self.value = Float(value) }
    public static let required = ConstraintPriority(1000)
    public static let high = ConstraintPriority(750)
    public static let medium = ConstraintPriority(500)
    public static let low = ConstraintPriority(250)
    public func advanced(by amount: Float) -> ConstraintPriority { ConstraintPriority(value + amount) }
}

/// What `equalTo` may take: a view, another view's attribute, a number, a size, a point, insets.
public protocol ConstraintRelatableTarget {}
extension Int: ConstraintRelatableTarget {}
extension UInt: ConstraintRelatableTarget {}
extension Float: ConstraintRelatableTarget {}
extension Double: ConstraintRelatableTarget {}
extension CGFloat: ConstraintRelatableTarget {}
extension CGSize: ConstraintRelatableTarget {}
extension CGPoint: ConstraintRelatableTarget {}
extension UIEdgeInsets: ConstraintRelatableTarget {}
extension UIView: ConstraintRelatableTarget {}
extension ConstraintItem: ConstraintRelatableTarget {}

/// What `offset` takes: a number.
public protocol ConstraintOffsetTarget: ConstraintConstantTarget {}
/// What `inset` takes: a number or insets.
public protocol ConstraintInsetTarget: ConstraintConstantTarget {}
/// What `multipliedBy` and `dividedBy` take: a number.
public protocol ConstraintMultiplierTarget {
    var constraintMultiplierTargetValue: CGFloat { get }
}
/// What `priority` takes: a number, a `UILayoutPriority` or a `ConstraintPriority`.
public protocol ConstraintPriorityTarget {
    var constraintPriorityTargetValue: Float { get }
}
/// A constant: a number, a size, a point or insets.
public protocol ConstraintConstantTarget {}

extension Int: ConstraintOffsetTarget, ConstraintInsetTarget, ConstraintMultiplierTarget, ConstraintPriorityTarget {
    public var constraintMultiplierTargetValue: CGFloat { CGFloat(self) }
    public var constraintPriorityTargetValue: Float { Float(self) }
}
extension UInt: ConstraintOffsetTarget, ConstraintInsetTarget, ConstraintMultiplierTarget, ConstraintPriorityTarget {
    public var constraintMultiplierTargetValue: CGFloat { CGFloat(self) }
    public var constraintPriorityTargetValue: Float { Float(self) }
}
extension Float: ConstraintOffsetTarget, ConstraintInsetTarget, ConstraintMultiplierTarget, ConstraintPriorityTarget {
    public var constraintMultiplierTargetValue: CGFloat { CGFloat(self) }
    public var constraintPriorityTargetValue: Float { self }
}
extension Double: ConstraintOffsetTarget, ConstraintInsetTarget, ConstraintMultiplierTarget, ConstraintPriorityTarget {
    public var constraintMultiplierTargetValue: CGFloat { CGFloat(self) }
    public var constraintPriorityTargetValue: Float { Float(self) }
}
extension CGFloat: ConstraintOffsetTarget, ConstraintInsetTarget, ConstraintMultiplierTarget, ConstraintPriorityTarget {
    public var constraintMultiplierTargetValue: CGFloat { self }
    public var constraintPriorityTargetValue: Float { Float(self) }
}
extension CGSize: ConstraintConstantTarget {}
extension CGPoint: ConstraintConstantTarget {}
extension UIEdgeInsets: ConstraintInsetTarget {}
extension UILayoutPriority: ConstraintPriorityTarget {
    public var constraintPriorityTargetValue: Float { rawValue }
}
extension ConstraintPriority: ConstraintPriorityTarget {
    public var constraintPriorityTargetValue: Float { value }
}

/// The maker a `makeConstraints` closure is given: `make.left.right.equalToSuperview()`.
public final class ConstraintMaker {
    let view: UIView
    var descriptions: [ConstraintDescription] = []

    init(view: UIView) { self.view = view }

    /// The constraints `closure` describes on `view` (not yet active); the view is placed by
    /// constraints from now on, as SnapKit places it.
    static func make(_ view: UIView, _ closure: (ConstraintMaker) -> Void) -> [Constraint] {
        view.translatesAutoresizingMaskIntoConstraints = false
        let maker = ConstraintMaker(view: view)
        closure(maker)
        return maker.descriptions.compactMap { $0.constraint }
    }

    func start(_ attributes: ConstraintAttributes) -> ConstraintMakerExtendable {
        let description = ConstraintDescription(view: view, attributes: attributes)
        descriptions.append(description)
        return ConstraintMakerExtendable(description)
    }

    public var left: ConstraintMakerExtendable { start(.left) }
    public var top: ConstraintMakerExtendable { start(.top) }
    public var bottom: ConstraintMakerExtendable { start(.bottom) }
    public var right: ConstraintMakerExtendable { start(.right) }
    public var leading: ConstraintMakerExtendable { start(.leading) }
    public var trailing: ConstraintMakerExtendable { start(.trailing) }
    public var width: ConstraintMakerExtendable { start(.width) }
    public var height: ConstraintMakerExtendable { start(.height) }
    public var centerX: ConstraintMakerExtendable { start(.centerX) }
    public var centerY: ConstraintMakerExtendable { start(.centerY) }
    public var lastBaseline: ConstraintMakerExtendable { start(.lastBaseline) }
    public var firstBaseline: ConstraintMakerExtendable { start(.firstBaseline) }
    public var edges: ConstraintMakerExtendable { start(.edges) }
    public var size: ConstraintMakerExtendable { start(.size) }
    public var center: ConstraintMakerExtendable { start(.center) }
}

/// One maker line as it is written: its attributes, relation, target, constant, multiplier
/// and priority.
final class ConstraintDescription {
    let view: UIView
    var attributes: ConstraintAttributes
    var relation: NSLayoutConstraint.Relation = .equal
    var target: ConstraintRelatableTarget?
    var toSuperview = false
    var offset: CGFloat = 0
    var insets: UIEdgeInsets?
    var multiplier: CGFloat = 1
    var priority: Float = 1000
    var label: String?

    init(view: UIView, attributes: ConstraintAttributes) {
        self.view = view
        self.attributes = attributes
    }

    /// The line as layout constraints; nil when it names no target.
    lazy var constraint: Constraint? = {
        guard target != nil || toSuperview else { return nil }
        var layouts: [NSLayoutConstraint] = []
        for attribute in attributes.layoutAttributes {
            layouts.append(layout(attribute))
        }
        return Constraint(layouts)
    }()

    private func layout(_ attribute: NSLayoutConstraint.Attribute) -> NSLayoutConstraint {
        let isSize = attribute == .width || attribute == .height
        var other: UIView?
        var otherAttribute = attribute
        var constant: CGFloat = 0
        switch target {
        case let item as ConstraintItem:
            other = item.view
            // A single attribute of the target stands for each of ours (`equalTo(v.snp.bottom)`).
            if let only = item.attributes.layoutAttributes.first, item.attributes.layoutAttributes.count == 1 {
                otherAttribute = only
            }
        case let view as UIView:
            other = view
        case let size as CGSize:
            constant = attribute == .width ? size.width : attribute == .height ? size.height : 0
            if !isSize { other = view.superview }
        case let point as CGPoint:
            constant = attribute == .centerX || attribute == .left || attribute == .leading ? point.x : point.y
            other = view.superview
        case let insets as UIEdgeInsets:
            other = view.superview
            constant = Self.inset(insets, attribute)
        case let number?:
            constant = Self.number(number)
            // A number for an edge or centre is from the superview's same attribute.
            if !isSize { other = view.superview }
        case nil:
            other = view.superview
        }
        if toSuperview { other = view.superview }
        if let insets { constant += Self.inset(insets, attribute) }
        constant += offset
        let made = SnapKitLayoutConstraint(
            item: view, attribute: attribute, relatedBy: relation, toItem: other,
            attribute: other == nil ? .notAnAttribute : otherAttribute,
            multiplier: multiplier, constant: constant)
        made.priority = UILayoutPriority(priority)
        made.identifier = label
        return made
    }

    /// An inset's constant for an attribute: inwards from each edge.
    static func inset(_ insets: UIEdgeInsets, _ attribute: NSLayoutConstraint.Attribute) -> CGFloat {
        switch attribute {
        case .left, .leading: return insets.left
        case .top: return insets.top
        case .right, .trailing: return -insets.right
        case .bottom, .lastBaseline, .firstBaseline: return -insets.bottom
        case .width: return -(insets.left + insets.right)
        case .height: return -(insets.top + insets.bottom)
        default: return 0
        }
    }

    static func number(_ value: ConstraintRelatableTarget) -> CGFloat {
        switch value {
        case let v as Int: return CGFloat(v)
        case let v as UInt: return CGFloat(v)
        case let v as Float: return CGFloat(v)
        case let v as Double: return CGFloat(v)
        case let v as CGFloat: return v
        default: return 0
        }
    }
}

/// `make.left`: more attributes, or the relation.
public final class ConstraintMakerExtendable: ConstraintMakerRelatable {
    public var left: ConstraintMakerExtendable { extend(.left) }
    public var top: ConstraintMakerExtendable { extend(.top) }
    public var bottom: ConstraintMakerExtendable { extend(.bottom) }
    public var right: ConstraintMakerExtendable { extend(.right) }
    public var leading: ConstraintMakerExtendable { extend(.leading) }
    public var trailing: ConstraintMakerExtendable { extend(.trailing) }
    public var width: ConstraintMakerExtendable { extend(.width) }
    public var height: ConstraintMakerExtendable { extend(.height) }
    public var centerX: ConstraintMakerExtendable { extend(.centerX) }
    public var centerY: ConstraintMakerExtendable { extend(.centerY) }
    public var edges: ConstraintMakerExtendable { extend(.edges) }
    public var size: ConstraintMakerExtendable { extend(.size) }
    public var center: ConstraintMakerExtendable { extend(.center) }

    private func extend(_ attributes: ConstraintAttributes) -> ConstraintMakerExtendable {
        description.attributes.formUnion(attributes)
        return self
    }
}

/// The relation: `equalTo`, `lessThanOrEqualTo`, `greaterThanOrEqualTo`, or to the superview.
public class ConstraintMakerRelatable {
    let description: ConstraintDescription
    init(_ description: ConstraintDescription) { self.description = description }

    private func relate(_ relation: NSLayoutConstraint.Relation, _ target: ConstraintRelatableTarget?, superview: Bool)
        -> ConstraintMakerEditable
    {
        description.relation = relation
        description.target = target
        description.toSuperview = superview
        return ConstraintMakerEditable(description)
    }

    @discardableResult public func equalTo(_ other: ConstraintRelatableTarget) -> ConstraintMakerEditable {
        relate(.equal, other, superview: false)
    }
    @discardableResult public func equalToSuperview() -> ConstraintMakerEditable { relate(.equal, nil, superview: true) }
    @discardableResult public func lessThanOrEqualTo(_ other: ConstraintRelatableTarget) -> ConstraintMakerEditable {
        relate(.lessThanOrEqual, other, superview: false)
    }
    @discardableResult public func lessThanOrEqualToSuperview() -> ConstraintMakerEditable {
        relate(.lessThanOrEqual, nil, superview: true)
    }
    @discardableResult public func greaterThanOrEqualTo(_ other: ConstraintRelatableTarget) -> ConstraintMakerEditable {
        relate(.greaterThanOrEqual, other, superview: false)
    }
    @discardableResult public func greaterThanOrEqualToSuperview() -> ConstraintMakerEditable {
        relate(.greaterThanOrEqual, nil, superview: true)
    }
}

/// After the relation: the constant, multiplier and priority.
public class ConstraintMakerEditable: ConstraintMakerPrioritizable {
    /// Adds `amount` to the constant.
    @discardableResult public func offset(_ amount: ConstraintOffsetTarget) -> ConstraintMakerEditable {
        description.offset += ConstraintDescription.number(amount as? ConstraintRelatableTarget ?? 0)
        return self
    }
    /// Moves each edge inwards by `amount` (insets, or the same on every side).
    @discardableResult public func inset(_ amount: ConstraintInsetTarget) -> ConstraintMakerEditable {
        if let insets = amount as? UIEdgeInsets {
            description.insets = insets
        } else {
            let side = ConstraintDescription.number(amount as? ConstraintRelatableTarget ?? 0)
            description.insets = UIEdgeInsets(top: side, left: side, bottom: side, right: side)
        }
        return self
    }
    @discardableResult public func multipliedBy(_ amount: ConstraintMultiplierTarget) -> ConstraintMakerEditable {
        description.multiplier *= amount.constraintMultiplierTargetValue
        return self
    }
    @discardableResult public func dividedBy(_ amount: ConstraintMultiplierTarget) -> ConstraintMakerEditable {
        let divisor = amount.constraintMultiplierTargetValue
        description.multiplier = divisor == 0 ? .infinity : description.multiplier / divisor
        return self
    }
}

/// The priority.
public class ConstraintMakerPrioritizable: ConstraintMakerFinalizable {
    @discardableResult public func priority(_ amount: ConstraintPriorityTarget) -> ConstraintMakerFinalizable {
        description.priority = amount.constraintPriorityTargetValue
        return self
    }
    /// SnapKit's named priorities: `.priority(.high)`.
    @discardableResult public func priority(_ amount: ConstraintPriority) -> ConstraintMakerFinalizable {
        description.priority = amount.value
        return self
    }
}

/// The end of a line: its label, and the constraint it made (to keep and change later).
public class ConstraintMakerFinalizable {
    let description: ConstraintDescription
    init(_ description: ConstraintDescription) { self.description = description }

    @discardableResult public func labeled(_ label: String) -> ConstraintMakerFinalizable {
        description.label = label
        return self
    }
    /// The constraint the line made.
    public var constraint: Constraint { description.constraint ?? Constraint([]) }
}

/// What one maker line made, kept by an app to change later: `update(offset:)`,
/// `activate()`, `deactivate()`.
public final class Constraint {
    let layoutConstraints: [NSLayoutConstraint]
    init(_ layoutConstraints: [NSLayoutConstraint]) { self.layoutConstraints = layoutConstraints }

    public var isActive: Bool {
        get { layoutConstraints.contains { $0.isActive } }
        set { newValue ? activate() : deactivate() }
    }
    public func activate() { NSLayoutConstraint.activate(layoutConstraints) }
    public func deactivate() { NSLayoutConstraint.deactivate(layoutConstraints) }

    /// Sets the constant to `amount` (each edge's, for `edges`).
    @discardableResult public func update(offset amount: ConstraintOffsetTarget) -> Constraint {
        let value = ConstraintDescription.number(amount as? ConstraintRelatableTarget ?? 0)
        for layout in layoutConstraints { layout.constant = value }
        return self
    }
    /// Sets the constants to `amount` inwards from each edge.
    @discardableResult public func update(inset amount: ConstraintInsetTarget) -> Constraint {
        let insets =
            amount as? UIEdgeInsets
            ?? {
                let side = ConstraintDescription.number(amount as? ConstraintRelatableTarget ?? 0)
                return UIEdgeInsets(top: side, left: side, bottom: side, right: side)
            }()
        for layout in layoutConstraints { layout.constant = ConstraintDescription.inset(insets, layout.firstAttribute) }
        return self
    }
    @discardableResult public func update(priority amount: ConstraintPriorityTarget) -> Constraint {
        for layout in layoutConstraints { layout.priority = UILayoutPriority(amount.constraintPriorityTargetValue) }
        return self
    }
}

/// A layout constraint SnapKit made: what `remakeConstraints` and `updateConstraints` find.
final class SnapKitLayoutConstraint: NSLayoutConstraint {
    /// The active SnapKit constraints whose first item is `view`, in the tree above it.
    static func made(on view: UIView) -> [SnapKitLayoutConstraint] {
        var found: [SnapKitLayoutConstraint] = []
        var holder: UIView? = view
        while let at = holder {
            found += at.constraints.compactMap { $0 as? SnapKitLayoutConstraint }.filter { $0.firstItem === view }
            holder = at.superview
        }
        return found
    }

    /// Same items, attributes, relation and multiplier: what `updateConstraints` changes.
    func matches(_ other: NSLayoutConstraint) -> Bool {
        firstItem === other.firstItem && firstAttribute == other.firstAttribute && relation == other.relation
            && secondItem === other.secondItem && secondAttribute == other.secondAttribute && multiplier == other.multiplier
    }
}
