@_spi(Tools) import RefreshModel

/// Writes the app-code model (``AppValue``, ``AppStatement``, ``AppSubclass``) as Swift,
/// against UIKit's and the libraries' Swift interfaces.
package struct SwiftPrinter: AppPrinter {
    package init() {}

    package func value(_ value: AppValue) -> String {
        switch value {
        case let .string(text): return AppCode.swiftString(text)
        case let .number(number): return SceneValue.shortest(number)
        case let .integer(number): return String(number)
        case let .bool(flag): return flag ? "true" : "false"
        case .none: return "nil"
        case let .color(c):
            return
                "UIColor(red: \(AppCode.unit(c.red)), green: \(AppCode.unit(c.green)), blue: \(AppCode.unit(c.blue)), alpha: \(AppCode.unit(c.alpha)))"
        case let .systemColor(name): return "UIColor." + name
        case let .font(font): return Self.font(font)
        case let .enumCase(swift, _): return "." + swift
        case let .images(names): return "[" + AppCode.listed(names.map(AppCode.swiftString)) + "].compactMap { UIImage(named: $0) }"
        case let .image(name): return "UIImage(named: \(AppCode.swiftString(name)))"
        case let .animatedImage(names, duration):
            guard names.count > 1 else { return names.first.map { self.value(.image($0)) } ?? "nil" }
            let list = names.map(AppCode.swiftString).joined(separator: ", ")
            return "UIImage.animatedImage(with: [\(list)].compactMap { UIImage(named: $0) }, duration: \(SceneValue.shortest(duration)))"
        case let .name(name): return name
        case let .expression(expression): return expression.swiftCode
        case .pi: return "CGFloat.pi"
        case let .member(base, swift, _): return operand(base) + "." + swift
        case let .operation(op, a, b): return "\(operand(a, of: op)) \(op.rawValue) \(operand(b, of: op, right: true))"
        case let .not(flag): return "!" + operand(flag)
        case let .function(function, a, b): return "\(function == .min ? "min" : "max")(\(self.value(a)), \(self.value(b)))"
        case let .choice(condition, a, b): return "\(self.value(condition)) ? \(operand(a)) : \(operand(b))"
        case let .make(type, labels, _, arguments, _): return type + "(" + labelled(labels, arguments) + ")"
        case let .helper(helper, arguments): return call(helper, arguments.map(self.value))
        case let .rect(x, y, width, height):
            return "CGRect(x: \(self.value(x)), y: \(self.value(y)), width: \(self.value(width)), height: \(self.value(height)))"
        case let .point(x, y): return "CGPoint(x: \(self.value(x)), y: \(self.value(y)))"
        case let .inset(rect, amount): return "\(operand(rect)).insetBy(dx: \(self.value(amount)), dy: \(self.value(amount)))"
        case let .transform(radians, scale):
            var out = "CGAffineTransform.identity"
            if let radians { out += ".rotated(by: \(self.value(radians)))" }
            if let scale { out += ".scaledBy(x: \(self.value(scale)), y: \(self.value(scale)))" }
            return out
        case let .single(number): return "Float(\(self.value(number)))"
        case let .code(swift, _): return swift
        }
    }

    /// Arguments with their labels (an empty label: none).
    private func labelled(_ labels: [String], _ arguments: [AppValue]) -> String {
        zip(labels, arguments).map { $0.isEmpty ? value($1) : "\($0): \(value($1))" }.joined(separator: ", ")
    }

    private static func font(_ font: LabelFonts.Font) -> String {
        let size = SceneValue.shortest(font.pointSize)
        let system = "\(font.bold ? "boldSystemFont" : "systemFont")(ofSize: \(size))"
        guard let family = font.family else { return "UIFont." + system }
        return "UIFont(name: \(AppCode.swiftString(AppCode.fontName(family))), size: \(size)) ?? ." + system
    }

    private func call(_ helper: AppHelper, _ arguments: [String]) -> String {
        switch helper {
        case .images: return "[" + arguments.joined(separator: ", ") + "].compactMap { UIImage(named: $0) }"
        case .animation: return "UIImageView.refreshAnimation(\(arguments.joined(separator: ", duration: ")))"
        case .mixed: return "mixed(\(arguments.joined(separator: ", ")))"
        case .star: return "starPath(\(arguments.joined(separator: ", ")))"
        case .sector: return "sectorPath(\(arguments.joined(separator: ", ")))"
        }
    }

    package func statement(_ statement: AppStatement) -> [String] {
        switch statement {
        case let .assign(receiver, path, value): return [([receiver] + path).joined(separator: ".") + " = " + self.value(value)]
        case let .set(target, value): return [self.value(target) + " = " + self.value(value)]
        case let .call(receiver, pieces, _, arguments):
            return ["\(receiver).\(pieces.first ?? "")(\(labelled([""] + pieces.dropFirst(), arguments)))"]
        case let .declare(name, type, value): return ["let \(name): \(Self.type(type))" + (value.map { " = " + self.value($0) } ?? "")]
        case let .switchOnState(target, cases, otherwise):
            let name = value(target)
            return ["switch state {"] + cases.map { "case \($0.states.map(value).joined(separator: ", ")): \(name) = \(value($0.value))" }
                + [otherwise.map { "default: \(name) = \(value($0))" } ?? "default: break", "}"]
        case let .when(condition, then, otherwise): return conditional("if \(value(condition))", then, otherwise)
        case let .block(title, body): return block("do { // " + title, body)
        case let .line(swift, _): return [swift]
        case let .comment(text): return ["// " + text]
        }
    }

    private static func type(_ type: AppType) -> String {
        switch type {
        case .cgFloat: return "CGFloat"
        case .bool: return "Bool"
        case .string: return "String"
        case .color: return "UIColor"
        case .font: return "UIFont"
        case let .named(swift, _): return swift
        case .optionalImage: return "UIImage?"
        }
    }

    /// The Swift file of a subclass: its members made where declared, the overrides, then the
    /// helpers its code calls.
    /// - Parameters:
    ///   - subclass: the class.
    ///   - banner: the file's first comment.
    /// - Returns: the file.
    package func file(_ subclass: AppSubclass, banner: [String]) -> String {
        // The imports of the setup: the same file builds in the app and, against RefreshGifUIKit,
        // in a Linux test target; only the display link is the phone's alone.
        var lines = banner.map { "// " + $0 } + AppSetup.imports(subclass.module) + ["final class \(subclass.name): \(subclass.base) {"]
        lines += subclass.members.map { "    let \($0.name) = \(value($0.made))" }
        // Each image is looked up once, not at every pull.
        lines += subclass.images.map { "    private let \($0.name): UIImage? = \(value($0.made))" }
        let update = subclass.update.flatMap(statement)
        let read = AppSubclass.locals(readIn: update)
        let timed = read.contains("t")
        if timed {
            lines += [
                "    /// When the state began, for values that change with time (`t`).",
                "    private var stateStart = CACurrentMediaTime()",
            ]
        }
        if subclass.redrawsWithTime { lines += ["    #if canImport(UIKit)", "    private var displayLink: CADisplayLink?", "    #endif"] }
        lines += ["", "    override func prepare() {", "        super.prepare()"]
        lines += subclass.prepare.flatMap(statement).map { "        " + $0 }
        lines += [
            "    }", "", "    override func placeSubviews() {", "        super.placeSubviews()", "        updateLayers()", "    }", "",
            "    override var state: \(subclass.stateType) {", "        didSet {", "            guard state != oldValue else { return }",
        ]
        if timed { lines.append("            stateStart = CACurrentMediaTime()") }
        lines += [
            "            updateLayers()", "        }", "    }", "", "    override var pullingPercent: CGFloat {",
            "        didSet { updateLayers() }",
            "    }", "", "    /// Sets every subview's frame and values for the state, the pull and the time.", "    func updateLayers() {",
        ]
        let locals = [("w", "mj_w"), ("h", "mj_h"), ("pullingPercent", "self.pullingPercent")].filter { read.contains($0.0) }
        if !locals.isEmpty { lines.append("        let " + locals.map { "\($0.0) = \($0.1)" }.joined(separator: ", ")) }
        if timed { lines.append("        let t = CGFloat(CACurrentMediaTime() - stateStart)") }
        if subclass.disablesLayerActions {
            lines += [
                "        // A standalone layer animates each change by default: set at once, to follow the pull.",
                "        CATransaction.begin()", "        CATransaction.setDisableActions(true)",
                "        defer { CATransaction.commit() }",
            ]
        }
        if !locals.isEmpty || timed || subclass.disablesLayerActions { lines.append("") }
        lines += update.map { "        " + $0 }
        if subclass.redrawsWithTime {
            lines += [
                "        // Values of t: redrawn with the screen while the control is on it.",
                "        #if canImport(UIKit)",
                "        if window != nil, displayLink == nil {",
                "            let link = CADisplayLink(target: self, selector: #selector(tick))",
                "            link.add(to: .main, forMode: .common)", "            displayLink = link", "        } else if window == nil {",
                "            displayLink?.invalidate()", "            displayLink = nil", "        }",
                "        #endif",
            ]
        }
        lines.append("    }")
        if subclass.redrawsWithTime {
            lines += ["", "    #if canImport(UIKit)", "    @objc private func tick() { updateLayers() }", "    #endif"]
        }
        for helper in subclass.helpers { lines += [""] + Self.definition(helper).map { "    " + $0 } }
        return (lines + ["}", ""]).joined(separator: "\n")
    }

    /// A helper's definition (a method of the subclass, or for the setup a file-level extension).
    /// - Parameter helper: the helper.
    /// - Returns: its lines, unindented.
    package static func definition(_ helper: AppHelper) -> [String] {
        switch helper {
        case .images: return []
        case .animation:
            return [
                "private extension UIImageView {", "    /// An image view playing `images` in a loop, `duration` seconds a pass.",
                "    static func refreshAnimation(_ images: [UIImage], duration: TimeInterval) -> UIImageView {",
                "        let view = UIImageView(image: images.first)", "        view.animationImages = images",
                "        view.animationDuration = duration", "        view.startAnimating()", "        return view", "    }", "}",
            ]
        case .mixed:
            return [
                "/// `a` to `b` by `fraction`, continued past 1, each channel kept within 0…1.",
                "private func mixed(_ a: UIColor, _ b: UIColor, _ fraction: CGFloat) -> UIColor {",
                "    var (r1, g1, b1, a1): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)",
                "    var (r2, g2, b2, a2): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)",
                "    a.getRed(&r1, green: &g1, blue: &b1, alpha: &a1)", "    b.getRed(&r2, green: &g2, blue: &b2, alpha: &a2)",
                "    func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { min(1, max(0, x + (y - x) * fraction)) }",
                "    return UIColor(red: mix(r1, r2), green: mix(g1, g2), blue: mix(b1, b2), alpha: mix(a1, a2))", "}",
            ]
        case .star:
            return [
                "/// A star of `points` points around `center`, its inner corners at `innerRadius` of `radius`.",
                "private func starPath(_ center: CGPoint, _ radius: CGFloat, _ innerRadius: CGFloat, _ points: CGFloat) -> UIBezierPath {",
                "    let star = UIBezierPath()", "    let corners = 2 * Int(min(64, max(2, points)))", "    for i in 0..<corners {",
                "        let r = i % 2 == 0 ? radius : radius * min(1, max(0, innerRadius))",
                "        let a = -CGFloat.pi / 2 + CGFloat(i) * CGFloat.pi / CGFloat(corners / 2)",
                "        let p = CGPoint(x: center.x + r * cos(a), y: center.y + r * sin(a))",
                "        if i == 0 { star.move(to: p) } else { star.addLine(to: p) }", "    }", "    star.close()", "    return star", "}",
            ]
        case .sector:
            return [
                "/// A slice from `center` out to `radius`, `startAngle` to `endAngle` degrees clockwise.",
                "private func sectorPath(_ center: CGPoint, _ radius: CGFloat, _ startAngle: CGFloat, _ endAngle: CGFloat) -> UIBezierPath {",
                "    let sector = UIBezierPath()", "    sector.move(to: center)",
                "    sector.addArc(withCenter: center, radius: radius, startAngle: startAngle * CGFloat.pi / 180, endAngle: endAngle * CGFloat.pi / 180, clockwise: true)",
                "    sector.close()", "    return sector", "}",
            ]
        }
    }
}
