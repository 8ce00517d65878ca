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

/// Lays out a tree of views by its constraints, as UIKit does before drawing
/// (docs/app-code.md, "Auto Layout"): each constraint installed in the tree, and each placed
/// view's content size (hugging and compression resistance), become linear constraints on the
/// views' edges in the tree's coordinates; views whose frames code sets
/// (`translatesAutoresizingMaskIntoConstraints`) are held where they are, as required.
///
/// A required constraint the others leave no room for is broken, as UIKit breaks one, and said
/// with the constraint; so is a view placed by constraints that leave its place or size open.
enum AutoLayout {
    /// The most constraints one tree is laid out with (a header has tens).
    static let maxConstraints = 2000

    /// The variables of one view: its edges in the tree's coordinates.
    private struct Box {
        let left: Variable, top: Variable, width: Variable, height: Variable
    }

    /// Lays out the tree under `root`, setting the frames of the views constraints place;
    /// what it says is kept in `root.layoutNotes`.
    static func layOut(_ root: UIView) {
        // Code that lays out again from its own constraint update runs once.
        guard !root.isLayingOut else { return }
        root.isLayingOut = true
        defer { root.isLayingOut = false }
        var views: [UIView] = []
        func collect(_ view: UIView) {
            views.append(view)
            for sub in view.subviews { collect(sub) }
        }
        collect(root)
        // Each view's constraint update first (UIKit's updateConstraints pass), deepest first.
        for view in views.reversed() { view.updateConstraints() }
        views = []
        collect(root)
        let constraints = views.flatMap(\.constraints)
        // A stack view places its arranged views itself, after this.
        let placed = views.filter { view in
            view !== root && !view.translatesAutoresizingMaskIntoConstraints
                && !((view.superview as? UIStackView)?.arrangedSubviews.contains { $0 === view } ?? false)
        }
        var notes: [String] = views.flatMap(\.unplacedConstraints).map {
            "\($0) was activated while its views had no common superview (UIKit raises an exception): not applied"
        }
        defer { root.layoutNotes = notes }
        guard !constraints.isEmpty || !placed.isEmpty else { return }
        root.layoutRefusal = nil
        guard constraints.count <= maxConstraints else {
            root.layoutRefusal =
                "\(constraints.count) Auto Layout constraints in one control; at most \(maxConstraints) are laid out (a header has tens)"
            return
        }
        var system = ConstraintSystem(maxConstraints: 4 * maxConstraints + 8 * views.count)
        var boxes: [ObjectIdentifier: Box] = [:]
        // Where each view is in the tree's coordinates, as its frame says.
        var origins: [ObjectIdentifier: CGPoint] = [ObjectIdentifier(root): .zero]
        for view in views.dropFirst() {
            let up = view.superview.flatMap { origins[ObjectIdentifier($0)] } ?? .zero
            origins[ObjectIdentifier(view)] = CGPoint(x: up.x + view.frame.origin.x, y: up.y + view.frame.origin.y)
        }
        let inTree = Set(views.map(ObjectIdentifier.init))
        func name(_ view: UIView) -> String { String(describing: type(of: view)) }
        func box(_ view: UIView) -> Box {
            if let known = boxes[ObjectIdentifier(view)] { return known }
            let label = name(view)
            let made = Box(
                left: system.makeVariable(label + ".left"), top: system.makeVariable(label + ".top"),
                width: system.makeVariable(label + ".width"), height: system.makeVariable(label + ".height"))
            boxes[ObjectIdentifier(view)] = made
            return made
        }
        func expression(_ view: UIView, _ attribute: NSLayoutConstraint.Attribute) -> LinearExpression? {
            let b = box(view)
            switch attribute {
            case .left, .leading: return LinearExpression(b.left)
            case .right, .trailing: return LinearExpression([(b.left, 1), (b.width, 1)])
            case .top: return LinearExpression(b.top)
            case .bottom, .lastBaseline, .firstBaseline: return LinearExpression([(b.top, 1), (b.height, 1)])
            case .width: return LinearExpression(b.width)
            case .height: return LinearExpression(b.height)
            case .centerX: return LinearExpression([(b.left, 1), (b.width, 0.5)])
            case .centerY: return LinearExpression([(b.top, 1), (b.height, 0.5)])
            case .notAnAttribute: return nil
            }
        }
        func add(_ constraint: LinearConstraint) -> Bool {
            do {
                try system.add(constraint)
                return true
            } catch {
                return false
            }
        }
        // The views code places, where they are.
        var held = [root]
        for c in constraints {
            for item in [c.firstItem, c.secondItem].compactMap({ $0 as? UIView }) where item.translatesAutoresizingMaskIntoConstraints {
                if !held.contains(where: { $0 === item }) { held.append(item) }
            }
        }
        for view in held where inTree.contains(ObjectIdentifier(view)) {
            let b = box(view), at = origins[ObjectIdentifier(view)] ?? .zero
            for (variable, value) in [(b.left, at.x), (b.top, at.y), (b.width, view.frame.width), (b.height, view.frame.height)] {
                _ = add(LinearConstraint(LinearExpression(variable), .equal, LinearExpression(constant: Double(value))))
            }
        }
        // The app's constraints, in the order the tree holds them.
        var mentioned: [ObjectIdentifier: Set<NSLayoutConstraint.Attribute>] = [:]
        for c in constraints {
            guard let first = c.firstItem as? UIView, inTree.contains(ObjectIdentifier(first)) else {
                notes.append("\(c) names a view that is not in the control: not applied")
                continue
            }
            let second = c.secondItem as? UIView
            if let second, !inTree.contains(ObjectIdentifier(second)) {
                notes.append("\(c) names a view that is not in the control: not applied")
                continue
            }
            guard let left = expression(first, c.firstAttribute), c.multiplier.isFinite, c.constant.isFinite,
                abs(c.constant) <= 100_000, abs(c.multiplier) <= 1000
            else {
                notes.append("\(c) is not a constraint that can hold (an attribute, or a number out of range): not applied")
                continue
            }
            var right = LinearExpression(constant: Double(c.constant))
            if let second, c.secondAttribute != .notAnAttribute, let other = expression(second, c.secondAttribute) {
                right = right + other * Double(c.multiplier)
            }
            let relation: Relation = c.relation == .equal ? .equal : c.relation == .lessThanOrEqual ? .lessThanOrEqual : .greaterThanOrEqual
            let priority = Double(min(1000, max(1, c.priority.rawValue)))
            if !add(LinearConstraint(left, relation, right, priority: priority)) {
                notes.append(
                    "Unable to simultaneously satisfy constraints: breaking \(c), which conflicts with the frames and constraints before it"
                )
                continue
            }
            mentioned[ObjectIdentifier(first), default: []].insert(c.firstAttribute)
            if let second { mentioned[ObjectIdentifier(second), default: []].insert(c.secondAttribute) }
        }
        // The placed views' own sizes: hugging and compression resistance.
        for view in placed {
            let b = box(view), own = view.intrinsicContentSize
            for (axis, size, variable) in [(NSLayoutConstraint.Axis.horizontal, own.width, b.width), (.vertical, own.height, b.height)]
            where size >= 0 && size.isFinite {
                let value = LinearExpression(constant: Double(size))
                _ = add(
                    LinearConstraint(
                        LinearExpression(variable), .lessThanOrEqual, value,
                        priority: Double(view.contentHuggingPriority(for: axis).rawValue)))
                _ = add(
                    LinearConstraint(
                        LinearExpression(variable), .greaterThanOrEqual, value,
                        priority: Double(view.contentCompressionResistancePriority(for: axis).rawValue)))
            }
            // A view its constraints leave without a place or a size on an axis is ambiguous.
            let said = mentioned[ObjectIdentifier(view)] ?? []
            let xs: Set<NSLayoutConstraint.Attribute> = [.left, .right, .leading, .trailing, .centerX]
            let ys: Set<NSLayoutConstraint.Attribute> = [.top, .bottom, .centerY, .firstBaseline, .lastBaseline]
            for (axis, edges, size, own) in [
                ("horizontal", xs, NSLayoutConstraint.Attribute.width, own.width), ("vertical", ys, .height, own.height),
            ] {
                let places = said.intersection(edges).count
                if places == 0 || (places == 1 && own < 0 && !said.contains(size)) {
                    notes.append(
                        "\(name(view)) has an ambiguous layout: its constraints leave its \(axis) \(places == 0 ? "position" : "size") open"
                    )
                }
            }
        }
        // The placed views' frames, parents first, in their superviews' coordinates.
        let placedIDs = Set(placed.map(ObjectIdentifier.init))
        var solved = origins
        for view in views where view !== root {
            let id = ObjectIdentifier(view)
            guard placedIDs.contains(id), let b = boxes[id] else {
                let up = view.superview.flatMap { solved[ObjectIdentifier($0)] } ?? .zero
                solved[id] = CGPoint(x: up.x + view.frame.origin.x, y: up.y + view.frame.origin.y)
                continue
            }
            let up = view.superview.flatMap { solved[ObjectIdentifier($0)] } ?? .zero
            let left = system.value(of: b.left), top = system.value(of: b.top)
            view.frame = CGRect(
                x: CGFloat(left) - up.x, y: CGFloat(top) - up.y, width: CGFloat(system.value(of: b.width)),
                height: CGFloat(system.value(of: b.height)))
            solved[id] = CGPoint(x: CGFloat(left), y: CGFloat(top))
        }
    }
}
