import RefreshImage

/// The subclass an app writes for a control with its own subviews (docs/layers.md, "Export"),
/// in Swift: the scene's class subclassed, each layer a stored property made in `prepare`,
/// and one `updateLayers()` — called from `placeSubviews`, and when the state, the pull or
/// (for values of `t`) the screen's frame changes — that sets every frame and value as the
/// scene's layers give them.
package struct LayerSubclass: Sendable {
    /// The subclass's name.
    public let className: String
    /// The class it subclasses (`MJRefreshStateHeader`).
    public let baseClass: String
    /// The layers.
    public let layers: [CheckedLayer]
    /// Each layer image's asset names (one, or a GIF's frames) and duration, by path as the
    /// scene names it.
    public let images: [String: (names: [String], duration: Double)]
    /// The library's name, for the arrow's image and its turn.
    public let kind: ComponentKind

    /// A subclass of `scene`'s class.
    /// - Parameters:
    ///   - scene: the scene, its layers checked.
    ///   - className: the subclass's name.
    ///   - images: each layer image's asset names and duration, by path.
    public init(scene: RefreshScene, className: String, images: [String: (names: [String], duration: Double)]) {
        self.className = className
        baseClass = scene.controlClass.name
        layers = scene.layers
        self.images = images
        kind = scene.kind
    }

    /// The state cases of MJRefresh's Swift enum.
    static func stateCase(_ state: RefreshState) -> String {
        switch state {
        case .idle: return ".idle"
        case .pulling: return ".pulling"
        case .refreshing: return ".refreshing"
        case .willRefresh: return ".willRefresh"
        case .noMoreData: return ".noMoreData"
        }
    }

    /// `let name: Type = value` for a value fixed, by state or by pull.
    static func binding<T>(
        _ name: String, type: String, _ varying: LayerVarying<T>, fallback: String, code: (T) -> String, mix: ((String, String) -> String)?
    ) -> [String] {
        switch varying {
        case let .fixed(value): return ["let \(name): \(type) = \(code(value))"]
        case let .byPercent(from, to):
            return ["let \(name): \(type) = \(mix?(code(from), code(to)) ?? code(from))"]
        case let .byState(map, otherwise):
            var lines = ["let \(name): \(type)", "switch state {"]
            var cases: [(states: [RefreshState], value: T)] = []
            for state in RefreshState.allCases {
                guard let value = map[state] else { continue }
                cases.append(([state], value))
            }
            // Will Refresh is drawn as Refreshing unless it has its own.
            if map[.willRefresh] == nil, let index = cases.firstIndex(where: { $0.states == [.refreshing] }) {
                cases[index].states.append(.willRefresh)
            }
            for (states, value) in cases {
                lines.append("case \(states.map(stateCase).joined(separator: ", ")): \(name) = \(code(value))")
            }
            lines.append("default: \(name) = \(otherwise.map(code) ?? fallback)")
            lines.append("}")
            return lines
        }
    }

    static func color(_ c: RGBAColor) -> String {
        "UIColor(red: \(AppCode.unit(c.red)), green: \(AppCode.unit(c.green)), blue: \(AppCode.unit(c.blue)), alpha: \(AppCode.unit(c.alpha)))"
    }

    /// A colour mixed by the pull, each channel as UIColor keeps it on screen.
    static func mixColor(_ a: String, _ b: String) -> String {
        "mixed(\(a), \(b), pullingPercent)"
    }

    /// The Swift file.
    public var swift: String {
        var out = """
            // \(AppSetup.banner)
            // The control's own subviews (docs/layers.md): made in prepare, set in updateLayers.
            import MJRefresh
            import UIKit

            final class \(className): \(baseClass) {

            """
        for layer in layers {
            out += "    let \(layer.name) = \(Self.make(layer))\n"
        }
        out += """
                /// When the state began, for values that change with time (`t`).
                private var stateStart = CACurrentMediaTime()
                private var displayLink: CADisplayLink?

                override func prepare() {
                    super.prepare()

            """
        for layer in layers {
            for line in Self.prepare(layer) { out += "        " + line + "\n" }
        }
        out += """
                }

                override func placeSubviews() {
                    super.placeSubviews()
                    updateLayers()
                }

                override var state: MJRefreshState {
                    didSet {
                        guard state != oldValue else { return }
                        stateStart = CACurrentMediaTime()
                        updateLayers()
                    }
                }

                override var pullingPercent: CGFloat {
                    didSet { updateLayers() }
                }

                /// Sets every subview's frame and values for the state, the pull and the time.
                func updateLayers() {
                    let w = mj_w, h = mj_h, pullingPercent = self.pullingPercent
                    let t = CGFloat(CACurrentMediaTime() - stateStart)
                    _ = (w, h, pullingPercent, t)

            """
        for layer in layers {
            out += "        do { // \(layer.name)\n"
            for line in update(layer) { out += "            " + line + "\n" }
            out += "        }\n"
        }
        let timed = layers.contains { layer in layer.numbers.values.contains { $0.values.contains(where: \.dependsOnTime) } }
        if timed {
            out += """
                        // Values of t: redrawn with the screen while the control is on it.
                        if window != nil, displayLink == nil {
                            let link = CADisplayLink(target: self, selector: #selector(tick))
                            link.add(to: .main, forMode: .common)
                            displayLink = link
                        } else if window == nil {
                            displayLink?.invalidate()
                            displayLink = nil
                        }

                """
        }
        out += "    }\n"
        if timed { out += "\n    @objc private func tick() { updateLayers() }\n" }
        out += """

                /// `a` to `b` by `fraction`, continued past 1, each channel kept within 0…1.
                private func mixed(_ a: UIColor, _ b: UIColor, _ fraction: CGFloat) -> UIColor {
                    var (r1, g1, b1, a1): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
                    var (r2, g2, b2, a2): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
                    a.getRed(&r1, green: &g1, blue: &b1, alpha: &a1)
                    b.getRed(&r2, green: &g2, blue: &b2, alpha: &a2)
                    func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { min(1, max(0, x + (y - x) * fraction)) }
                    return UIColor(red: mix(r1, r2), green: mix(g1, g2), blue: mix(b1, b2), alpha: mix(a1, a2))
                }
            }

            """
        return out
    }

    /// How a layer's object is made.
    static func make(_ layer: CheckedLayer) -> String {
        switch layer.kind {
        case .label: return "UILabel()"
        case .image: return "UIImageView()"
        case .spinner:
            let style = layer.text(.spinnerStyle, LayerFrameInputs(state: .idle, inputs: .init(w: 0, h: 0, pullingPercent: 0, t: 0)))
            let swift: String
            switch style {
            case "classic": swift = ".gray"
            case "white": swift = ".white"
            case "white-large": swift = ".whiteLarge"
            default: swift = ".medium"
            }
            return "UIActivityIndicatorView(style: \(swift))"
        case .switch: return "UISwitch()"
        case .shape: return "CAShapeLayer()"
        case .arrow: return "UIImageView(image: Bundle.mj_arrowImage())"
        }
    }

    /// What `prepare` sets once: the values set only there, and the subview added.
    static func prepare(_ layer: CheckedLayer) -> [String] {
        let n = layer.name
        let rest = LayerFrameInputs(state: .idle, inputs: .init(w: 0, h: 0, pullingPercent: 0, t: 0))
        var lines: [String] = []
        switch layer.kind {
        case .label:
            if let font = layer.font(.font, rest), case .fixed = layer.fonts[LayerProperty.font.name] ?? .fixed(font) {
                lines.append("\(n).font = \(AppValue.font(font).written(in: .swift))")
            } else {
                lines.append("\(n).font = UIFont.systemFont(ofSize: 17)")
            }
            if let alignment = layer.text(.alignment, rest) { lines.append("\(n).textAlignment = .\(alignment)") }
            if let count = layer.number(.lines, rest) { lines.append("\(n).numberOfLines = \(Int(count))") }
        case .image:
            if let mode = layer.text(.contentMode, rest) { lines.append("\(n).contentMode = .\(mode)") }
        case .switch:
            if let tint = layer.color(.onTintColor, rest) { lines.append("\(n).onTintColor = \(color(tint))") }
        case .shape:
            if let cap = layer.text(.lineCap, rest) { lines.append("\(n).lineCap = .\(cap)") }
        case .spinner, .arrow: break
        }
        lines.append(layer.kind == .shape ? "layer.addSublayer(\(n))" : "addSubview(\(n))")
        return lines
    }

    /// What `updateLayers` sets for one layer.
    func update(_ layer: CheckedLayer) -> [String] {
        // `self.` keeps a layer named like a local (`text`, `width`) the layer.
        let n = "self." + layer.name
        var lines: [String] = []
        func number(_ property: LayerProperty, _ local: String, fallback: String) -> Bool {
            guard let varying = layer.numbers[property.name] else { return false }
            lines += Self.binding(local, type: "CGFloat", varying, fallback: fallback, code: \.swiftCode) {
                "(\($0) + (\($1) - \($0)) * pullingPercent)"
            }
            return true
        }
        func colour(_ property: LayerProperty, _ local: String, fallback: String) -> Bool {
            guard let varying = layer.colors[property.name] else { return false }
            lines += Self.binding(local, type: "UIColor", varying, fallback: fallback, code: Self.color, mix: Self.mixColor)
            return true
        }
        func flag(_ property: LayerProperty, _ local: String, fallback: String) -> Bool {
            guard let varying = layer.flags[property.name] else { return false }
            lines += Self.binding(local, type: "Bool", varying, fallback: fallback, code: { $0 ? "true" : "false" }, mix: nil)
            return true
        }
        func text(_ property: LayerProperty, _ local: String, code: (String) -> String, fallback: String) -> Bool {
            guard let varying = layer.texts[property.name] else { return false }
            lines += Self.binding(local, type: "String", varying, fallback: fallback, code: code, mix: nil)
            return true
        }
        // Content first: a label's or image's own size may be its frame's.
        switch layer.kind {
        case .label:
            if text(.text, "text", code: AppCode.swiftString, fallback: "\"\"") { lines.append("\(n).text = text") }
            if colour(.textColor, "textColor", fallback: "UIColor.black") { lines.append("\(n).textColor = textColor") }
        case .image:
            lines +=
                layer.texts[LayerProperty.image.name].map {
                    Self.binding("image", type: "UIImage?", $0, fallback: "nil", code: imageCode, mix: nil)
                } ?? ["let image: UIImage? = nil"]
            lines.append("if \(n).image !== image { \(n).image = image }")
        case .spinner:
            if colour(.color, "color", fallback: "UIColor.gray") { lines.append("\(n).color = color") }
            if flag(.animating, "animating", fallback: "false") {
                lines.append("if animating { \(n).startAnimating() } else { \(n).stopAnimating() }")
            } else {
                lines.append("\(n).stopAnimating()")
            }
        case .switch:
            if flag(.on, "on", fallback: "false") { lines.append("if \(n).isOn != on { \(n).setOn(on, animated: true) }") }
        case .shape, .arrow: break
        }
        let intrinsic: (String, String)
        switch layer.kind {
        case .label, .spinner: intrinsic = ("\(n).intrinsicContentSize.width", "\(n).intrinsicContentSize.height")
        case .image: intrinsic = ("image?.size.width ?? 0", "image?.size.height ?? 0")
        case .switch: intrinsic = ("51", "31")
        case .arrow: intrinsic = ("15", "40")
        case .shape: intrinsic = ("0", "0")
        }
        if layer.kind == .switch || !number(.width, "width", fallback: intrinsic.0) { lines.append("let width: CGFloat = \(intrinsic.0)") }
        if layer.kind == .switch || !number(.height, "height", fallback: intrinsic.1) {
            lines.append("let height: CGFloat = \(intrinsic.1)")
        }
        if !number(.x, "x", fallback: "0") {
            if number(.centerX, "centerX", fallback: "width / 2") {
                lines.append("let x = centerX - width / 2")
            } else {
                lines.append("let x: CGFloat = 0")
            }
        }
        if !number(.y, "y", fallback: "0") {
            if number(.centerY, "centerY", fallback: "height / 2") {
                lines.append("let y = centerY - height / 2")
            } else {
                lines.append("let y: CGFloat = 0")
            }
        }
        let hidden = flag(.hidden, "hidden", fallback: "false")
        let alpha = number(.alpha, "alpha", fallback: "1")
        let rotation = number(.rotation, "rotation", fallback: "0")
        let factor = number(.scaleFactor, "scaleFactor", fallback: "1")
        var transform = "CGAffineTransform.identity"
        if rotation { transform += ".rotated(by: rotation * CGFloat.pi / 180)" }
        if factor { transform += ".scaledBy(x: scaleFactor, y: scaleFactor)" }
        if layer.kind == .shape {
            lines.append("\(n).setAffineTransform(.identity)")
            lines.append("\(n).frame = CGRect(x: x, y: y, width: width, height: height)")
            if rotation || factor { lines.append("\(n).setAffineTransform(\(transform))") }
            lines.append("\(n).isHidden = \(hidden ? "hidden" : "false")")
            lines.append("\(n).opacity = Float(\(alpha ? "min(1, max(0, alpha))" : "1"))")
            lines += shape(layer, number: number, colour: colour)
        } else {
            lines.append("\(n).transform = .identity")
            lines.append("\(n).frame = CGRect(x: x, y: y, width: width, height: height)")
            if layer.kind == .arrow, !rotation {
                // The library's arrow: half a turn while Pulling, as MJRefresh turns its own.
                lines.append("\(n).transform = state == .pulling ? CGAffineTransform(rotationAngle: 0.000001 - CGFloat.pi) : .identity")
                if colour(.color, "color", fallback: "\(n).tintColor") { lines.append("\(n).tintColor = color") }
            } else if rotation || factor {
                lines.append("\(n).transform = \(transform)")
            }
            if layer.kind != .spinner {
                lines.append("\(n).isHidden = \(hidden ? "hidden" : "false")")
            } else if hidden {
                lines.append("if hidden { \(n).isHidden = true }")
            }
            lines.append("\(n).alpha = \(alpha ? "min(1, max(0, alpha))" : "1")")
            if colour(.backgroundColor, "background", fallback: "UIColor.clear") { lines.append("\(n).backgroundColor = background") }
        }
        return lines
    }

    /// A layer image's `UIImage`: the asset, or a GIF's frames as an animated image.
    func imageCode(_ path: String) -> String {
        guard let image = images[path], let first = image.names.first else { return "nil" }
        if image.names.count == 1 { return "UIImage(named: \(AppCode.swiftString(first)))" }
        let names = image.names.map(AppCode.swiftString).joined(separator: ", ")
        return "UIImage.animatedImage(with: [\(names)].compactMap { UIImage(named: $0) }, duration: \(SceneValue.shortest(image.duration)))"
    }

    /// A shape layer's path and paint.
    func shape(
        _ layer: CheckedLayer, number: (LayerProperty, String, String) -> Bool, colour: (LayerProperty, String, String) -> Bool
    ) -> [String] {
        let n = "self." + layer.name
        var lines: [String] = []
        let rest = LayerFrameInputs(state: .idle, inputs: .init(w: 0, h: 0, pullingPercent: 0, t: 0))
        let kind = layer.text(.shape, rest) ?? "rectangle"
        if !number(.lineWidth, "lineWidth", "1") { lines.append("let lineWidth: CGFloat = 1") }
        let stroke = colour(.strokeColor, "stroke", "UIColor.clear")
        let fill = colour(.fillColor, "fill", "UIColor.clear")
        lines.append("\(n).lineWidth = \(layer.color(.strokeColor, rest) != nil || stroke ? "lineWidth" : "0")")
        lines.append("\(n).strokeColor = \(stroke ? "stroke.cgColor" : "nil")")
        lines.append("\(n).fillColor = \(fill && kind != "arc" ? "fill.cgColor" : "nil")")
        lines.append("let center = CGPoint(x: width / 2, y: height / 2)")
        let givesRadius = number(.radius, "radius", "min(width, height) / 2")
        if !givesRadius { lines.append("let radius = min(width, height) / 2") }
        if kind == "arc" || kind == "sector" {
            if !number(.startAngle, "startAngle", "0") { lines.append("let startAngle: CGFloat = 0") }
            if !number(.endAngle, "endAngle", "360") { lines.append("let endAngle: CGFloat = 360") }
        }
        switch kind {
        case "oval":
            lines.append(
                givesRadius
                    ? "\(n).path = UIBezierPath(ovalIn: CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)).cgPath"
                    : "\(n).path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: width, height: height)).cgPath")
        case "arc":
            lines.append("let arcRadius = \(givesRadius ? "radius" : "max(0, radius - lineWidth / 2)")")
            lines.append(
                "\(n).path = UIBezierPath(arcCenter: center, radius: arcRadius, startAngle: startAngle * CGFloat.pi / 180, endAngle: endAngle * CGFloat.pi / 180, clockwise: true).cgPath"
            )
        case "sector":
            lines += [
                "let sector = UIBezierPath()", "sector.move(to: center)",
                "sector.addArc(withCenter: center, radius: radius, startAngle: startAngle * CGFloat.pi / 180, endAngle: endAngle * CGFloat.pi / 180, clockwise: true)",
                "sector.close()", "\(n).path = sector.cgPath",
            ]
        case "star":
            if !number(.points, "points", "5") { lines.append("let points: CGFloat = 5") }
            if !number(.innerRadius, "innerRadius", "0.45") { lines.append("let innerRadius: CGFloat = 0.45") }
            lines += [
                "let star = UIBezierPath()", "let corners = 2 * Int(min(64, max(2, points)))",
                "for i in 0..<corners {",
                "    let r = i % 2 == 0 ? radius : radius * min(1, max(0, innerRadius))",
                "    let a = -CGFloat.pi / 2 + CGFloat(i) * CGFloat.pi / CGFloat(corners / 2)",
                "    let p = CGPoint(x: center.x + r * cos(a), y: center.y + r * sin(a))",
                "    if i == 0 { star.move(to: p) } else { star.addLine(to: p) }",
                "}", "star.close()", "\(n).path = star.cgPath",
            ]
        default:
            if !number(.cornerRadius, "cornerRadius", "0") { lines.append("let cornerRadius: CGFloat = 0") }
            let inset = layer.color(.strokeColor, rest) != nil || stroke ? "lineWidth / 2" : "0"
            lines.append(
                "\(n).path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: width, height: height).insetBy(dx: \(inset), dy: \(inset)), cornerRadius: cornerRadius).cgPath"
            )
        }
        return lines
    }
}
