import ConstraintSolver

/// Lays out a tree of views by its constraints, as UIKit does before drawing
/// (docs/app-code.md, "Auto Layout"): each constraint installed in the tree, and each placed
/// view's content size (hugging and compression resistance), become linear constraints on the
/// views' edges in the tree's coordinates; views whose frames code sets
/// (`translatesAutoresizingMaskIntoConstraints`) are held where they are, as required.
///
/// A required constraint the others leave no room for is broken, as UIKit breaks one, and said
/// with the constraint; so is a view placed by constraints that leave its place or size open.
/// A tree laid out again with the same inputs (a gesture's frames) reuses its last solution.
enum AutoLayout {
    /// The most constraints one tree is laid out with (a header has tens).
    static let maxConstraints = 2000

    /// Lays out the tree under `root`, setting the frames of the views constraints place;
    /// what it says is kept in `root.layoutNotes`, a refusal in `root.layoutRefusal`.
    static func layOut(_ root: UIView) {
        // Code that lays out again from its own constraint update runs once.
        guard !root.isLayingOut else { return }
        root.isLayingOut = true
        defer { root.isLayingOut = false }
        // Each view's constraint update first (UIKit's updateConstraints pass), deepest first.
        for view in LayoutPass.tree(under: root).reversed() { view.updateConstraints() }
        let pass = LayoutPass(root: root)
        root.layoutRefusal = nil
        root.layoutNotes = pass.unplacedNotes
        guard !pass.constraints.isEmpty || !pass.placed.isEmpty else { return }
        guard pass.constraints.count <= maxConstraints else {
            root.layoutRefusal =
                "\(pass.constraints.count) Auto Layout constraints in one control; at most \(maxConstraints) are laid out (a header has tens)"
            return
        }
        let key = pass.key
        let result: LayoutPass.Result
        if let memo = root.layoutMemo, memo.key == key {
            result = memo.result
        } else {
            result = pass.solve()
            root.layoutMemo = LayoutPass.Memo(key: key, result: result)
        }
        pass.apply(result)
        root.layoutNotes += result.notes
    }
}

/// One layout of a tree: what it reads (views, constraints, held frames, content sizes), the
/// solve, and the frames it sets.
struct LayoutPass {
    /// What a solve gives: the placed views' frames in the tree's coordinates, in order, and
    /// what it says.
    struct Result {
        var frames: [CGRect]
        var notes: [String]
    }
    /// Everything a solve reads, as numbers (views by their place in the tree): equal keys,
    /// equal results.
    struct Key: Equatable {
        var numbers: [Double]
    }
    /// The last solve of a tree, kept on its root.
    struct Memo {
        var key: Key
        var result: Result
    }

    /// The variables of one view: its edges in the tree's coordinates.
    private struct Box {
        let left: Variable, top: Variable, width: Variable, height: Variable
    }

    let root: UIView
    /// The tree, parents before children.
    let views: [UIView]
    let constraints: [NSLayoutConstraint]
    /// The views constraints place (a stack view places its arranged views itself, after this).
    let placed: [UIView]
    let unplacedNotes: [String]
    /// Each view's place in `views`.
    private let index: [ObjectIdentifier: Int]
    /// Where each view is in the tree's coordinates, as the frames say before the solve.
    private let origins: [CGPoint]

    /// The tree under `root`, parents before children.
    static func tree(under root: UIView) -> [UIView] {
        var views: [UIView] = []
        func collect(_ view: UIView) {
            views.append(view)
            for sub in view.subviews { collect(sub) }
        }
        collect(root)
        return views
    }

    init(root: UIView) {
        self.root = root
        views = Self.tree(under: root)
        constraints = views.flatMap(\.constraints)
        placed = views.filter { view in
            view !== root && !view.translatesAutoresizingMaskIntoConstraints
                && !((view.superview as? UIStackView)?.arrangedSubviews.contains { $0 === view } ?? false)
        }
        unplacedNotes = views.flatMap(\.unplacedConstraints).map {
            "\($0) was activated while its views had no common superview (UIKit raises an exception): not applied"
        }
        var index: [ObjectIdentifier: Int] = [:]
        for (i, view) in views.enumerated() { index[ObjectIdentifier(view)] = i }
        self.index = index
        // Where each view is in the tree's coordinates, as the frames say before the solve.
        var origins: [CGPoint] = []
        for view in views {
            let up = view.superview.flatMap { index[ObjectIdentifier($0)] }.map { origins[$0] } ?? .zero
            origins.append(view === root ? .zero : CGPoint(x: up.x + view.frame.origin.x, y: up.y + view.frame.origin.y))
        }
        self.origins = origins
    }

    private func place(_ item: AnyObject?) -> Int? { item.flatMap { index[ObjectIdentifier($0)] } }

    /// The views code places that the constraints name: held where they are.
    private var held: [Int] {
        var held: Set<Int> = [0]
        for c in constraints {
            for item in [c.firstItem, c.secondItem].compactMap({ $0 as? UIView }) where item.translatesAutoresizingMaskIntoConstraints {
                if let i = place(item) { held.insert(i) }
            }
        }
        return held.sorted()
    }

    var key: Key {
        var numbers: [Double] = [Double(views.count)]
        let placedSet = Set(placed.map(ObjectIdentifier.init))
        for (i, view) in views.enumerated() {
            numbers.append(Double(view.superview.flatMap(place) ?? -1))
            if placedSet.contains(ObjectIdentifier(view)) {
                let own = view.intrinsicContentSize
                numbers += [1, Double(own.width), Double(own.height)]
                for axis in [NSLayoutConstraint.Axis.horizontal, .vertical] {
                    numbers += [
                        Double(view.contentHuggingPriority(for: axis).rawValue),
                        Double(view.contentCompressionResistancePriority(for: axis).rawValue),
                    ]
                }
            } else {
                numbers += [0, Double(origins[i].x), Double(origins[i].y), Double(view.frame.width), Double(view.frame.height)]
            }
        }
        for c in constraints {
            numbers += [
                Double(place(c.firstItem) ?? -2), Double(c.firstAttribute.rawValue), Double(c.relation.rawValue),
                Double(c.secondItem == nil ? -1 : place(c.secondItem) ?? -2), Double(c.secondAttribute.rawValue),
                Double(c.multiplier), Double(c.constant), Double(c.priority.rawValue),
            ]
        }
        return Key(numbers: numbers)
    }

    /// Solves the constraints, breaking those that cannot hold.
    func solve() -> Result {
        var system = ConstraintSystem(maxConstraints: 4 * AutoLayout.maxConstraints + 8 * views.count)
        var notes: [String] = []
        var boxes: [Int: Box] = [:]
        func name(_ view: UIView) -> String { String(describing: type(of: view)) }
        func box(_ i: Int) -> Box {
            if let known = boxes[i] { return known }
            let label = name(views[i])
            let made = Box(
                left: system.makeVariable(label + ".left"), top: system.makeVariable(label + ".top"),
                width: system.makeVariable(label + ".width"), height: system.makeVariable(label + ".height"))
            boxes[i] = made
            return made
        }
        func expression(_ i: Int, _ attribute: NSLayoutConstraint.Attribute) -> LinearExpression? {
            let b = box(i)
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
        func add(_ constraint: LinearConstraint) -> Bool { (try? system.add(constraint)) != nil }
        // The views code places, where they are.
        for i in held {
            let b = box(i), view = views[i]
            for (variable, value) in [
                (b.left, origins[i].x), (b.top, origins[i].y), (b.width, view.frame.width), (b.height, view.frame.height),
            ] {
                _ = add(LinearConstraint(LinearExpression(variable), .equal, LinearExpression(constant: Double(value))))
            }
        }
        // The app's constraints, in the order the tree holds them.
        var mentioned: [Int: Set<NSLayoutConstraint.Attribute>] = [:]
        for c in constraints {
            guard let first = place(c.firstItem), c.secondItem == nil || place(c.secondItem) != nil else {
                notes.append("\(c) names a view that is not in the control: not applied")
                continue
            }
            let second = place(c.secondItem)
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
            let relation: Relation =
                c.relation == .equal ? .equal : c.relation == .lessThanOrEqual ? .lessThanOrEqual : .greaterThanOrEqual
            let priority = Double(min(1000, max(1, c.priority.rawValue)))
            guard add(LinearConstraint(left, relation, right, priority: priority)) else {
                notes.append(
                    "Unable to simultaneously satisfy constraints: breaking \(c), which conflicts with the frames and constraints before it"
                )
                continue
            }
            mentioned[first, default: []].insert(c.firstAttribute)
            if let second { mentioned[second, default: []].insert(c.secondAttribute) }
        }
        // The placed views' own sizes, and what their constraints leave open.
        let xs: Set<NSLayoutConstraint.Attribute> = [.left, .right, .leading, .trailing, .centerX]
        let ys: Set<NSLayoutConstraint.Attribute> = [.top, .bottom, .centerY, .firstBaseline, .lastBaseline]
        for view in placed {
            guard let i = place(view) else { continue }
            let b = box(i), own = view.intrinsicContentSize
            for (axis, size, variable) in [(NSLayoutConstraint.Axis.horizontal, own.width, b.width), (.vertical, own.height, b.height)]
            where size >= 0 && size.isFinite {
                let value = LinearExpression(constant: Double(size))
                let hugging = Double(view.contentHuggingPriority(for: axis).rawValue)
                let resistance = Double(view.contentCompressionResistancePriority(for: axis).rawValue)
                _ = add(LinearConstraint(LinearExpression(variable), .lessThanOrEqual, value, priority: hugging))
                _ = add(LinearConstraint(LinearExpression(variable), .greaterThanOrEqual, value, priority: resistance))
            }
            let said = mentioned[i] ?? []
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
        let frames = placed.map { view -> CGRect in
            guard let i = place(view), let b = boxes[i] else { return view.frame }
            return CGRect(
                x: CGFloat(system.value(of: b.left)), y: CGFloat(system.value(of: b.top)), width: CGFloat(system.value(of: b.width)),
                height: CGFloat(system.value(of: b.height)))
        }
        return Result(frames: frames, notes: notes)
    }

    /// Sets the placed views' frames, parents first, in their superviews' coordinates.
    func apply(_ result: Result) {
        var solved: [ObjectIdentifier: CGRect] = [:]
        for (view, frame) in zip(placed, result.frames) { solved[ObjectIdentifier(view)] = frame }
        var origins: [CGPoint] = []
        for view in views {
            let up = view.superview.flatMap(place).map { origins[$0] } ?? .zero
            if view === root {
                origins.append(.zero)
            } else if let frame = solved[ObjectIdentifier(view)] {
                view.frame = CGRect(x: frame.minX - up.x, y: frame.minY - up.y, width: frame.width, height: frame.height)
                origins.append(frame.origin)
            } else {
                origins.append(CGPoint(x: up.x + view.frame.origin.x, y: up.y + view.frame.origin.y))
            }
        }
    }
}
