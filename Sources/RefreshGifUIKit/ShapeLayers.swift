import RefreshGif
internal import RefreshModel

/// A layer the app added to a view's layer (`layer.addSublayer(_:)`) as the layers a scene
/// draws: its background colour as a rectangle, and a shape layer's path as a shape layer of
/// the scene (docs/app-code.md, "Shape layers"). A path is a rectangle (rounded or not), an
/// oval, an arc, a pie wedge or a star; anything else is an error naming the class and the layer.
enum ShapeLayers {
    static func layers(for layer: CALayer, frame: CGRect, name: String, className: String, place: String) throws -> [ControlLayer] {
        let fail = { (message: String) in AppCodeError.cannotDraw(className: className, view: place, message: message) }
        let shown = layer.presentedLook(transform: layer.affineTransform(), alpha: Double(layer.opacity))
        let common = try ViewLayers.look(
            hidden: layer.isHidden, alpha: shown.alpha, transform: shown.transform, className: className, place: place)
        var out: [ControlLayer] = []
        if let background = visible(layer.backgroundColor) {
            var values = common
            try ViewLayers.frameValues(frame, into: &values, className: className, place: place)
            values[.shape] = .text("rectangle")
            values[.fillColor] = .text(background.sceneText)
            if layer.cornerRadius > 0 { values[.cornerRadius] = .number(Double(layer.cornerRadius)) }
            out.append(ControlLayer(.shape, name: name, values))
        }
        guard let shape = layer as? CAShapeLayer, let path = shape.path, !path.elements.isEmpty else { return out }
        var values = common
        let width = shape.lineWidth.isFinite ? max(0, shape.lineWidth) : 0
        let fill = visible(shape.fillColor)
        let stroke = width > 0 ? visible(shape.strokeColor) : nil
        guard fill != nil || stroke != nil else { return out }
        if let fill { values[.fillColor] = .text(fill.sceneText) }
        if let stroke {
            values[.strokeColor] = .text(stroke.sceneText)
            values[.lineWidth] = .number(Double(width))
            if shape.lineCap == .round { values[.lineCap] = .text("round") }
        }
        // The trim as drawn now: a `strokeEnd` animation (a ring filling) applied.
        let start = shape.presented(["strokeStart"], model: Double(shape.strokeStart)).map { CGFloat($0) } ?? shape.strokeStart
        let end = shape.presented(["strokeEnd"], model: Double(shape.strokeEnd)).map { CGFloat($0) } ?? shape.strokeEnd
        let trim = (start: min(1, max(0, start)), end: min(1, max(0, end)))
        let trimmed = trim.start != 0 || trim.end != 1
        guard trim.start < trim.end else { return out }
        let origin = frame.origin
        let box: CGRect
        let elements = path.elements
        if elements.count == 1, case let .rect(rect, cornerRadius) = elements[0] {
            guard !trimmed else { throw fail("a rectangle trimmed by strokeStart/strokeEnd; an arc is trimmed") }
            // The scene strokes a rectangle inside its frame: the frame is the path grown by half the line.
            let grow = stroke != nil ? width / 2 : 0
            box = rect.offsetBy(dx: origin.x, dy: origin.y).insetBy(dx: -grow, dy: -grow)
            values[.shape] = .text("rectangle")
            if cornerRadius > 0 { values[.cornerRadius] = .number(Double(cornerRadius)) }
        } else if elements.count == 1, case let .oval(rect) = elements[0] {
            guard !trimmed else { throw fail("an oval trimmed by strokeStart/strokeEnd; an arc is trimmed") }
            box = rect.offsetBy(dx: origin.x, dy: origin.y)
            values[.shape] = .text("oval")
        } else if elements.count == 1, case let .arc(center, radius, start, end, clockwise) = elements[0] {
            guard fill == nil else {
                throw fail("an arc filled (a shape layer fills black unless told otherwise): set fillColor = nil, or draw a pie wedge")
            }
            box = try arc(center, radius, start, end, clockwise, trim, origin, into: &values, fail: fail)
            values[.shape] = .text("arc")
        } else if elements.count == 3, case let .move(from) = elements[0],
            case let .arc(center, radius, start, end, clockwise) = elements[1], elements[2] == .close, from == center
        {
            guard !trimmed else { throw fail("a pie wedge trimmed by strokeStart/strokeEnd; an arc is trimmed") }
            box = try arc(center, radius, start, end, clockwise, (0, 1), origin, into: &values, fail: fail)
            values[.shape] = .text("sector")
        } else if let star = Star(elements) {
            guard !trimmed else { throw fail("a star trimmed by strokeStart/strokeEnd; an arc is trimmed") }
            values[.shape] = .text("star")
            values[.radius] = .number(Double(star.radius))
            values[.innerRadius] = .number(Double(star.inner))
            values[.points] = .integer(star.points)
            box = CGRect(
                x: origin.x + star.center.x - star.radius, y: origin.y + star.center.y - star.radius, width: 2 * star.radius,
                height: 2 * star.radius)
        } else {
            throw fail(
                "a path of lines or curves; a shape layer draws a rectangle, an oval, an arc, a pie wedge (move to the centre, arc, close) or a star (its first point straight up)"
            )
        }
        try ViewLayers.frameValues(box, into: &values, className: className, place: place)
        out.append(ControlLayer(.shape, name: out.isEmpty ? name : name + "_path", values))
        return out
    }

    /// An arc's radius and angles in the scene's terms (degrees, drawn clockwise from start to
    /// end), trimmed; its frame, a square about the centre.
    private static func arc(
        _ center: CGPoint, _ radius: CGFloat, _ start: CGFloat, _ end: CGFloat, _ clockwise: Bool, _ trim: (start: CGFloat, end: CGFloat),
        _ origin: CGPoint, into values: inout [LayerProperty: SceneValue], fail: (String) -> AppCodeError
    ) throws -> CGRect {
        guard radius.isFinite, radius >= 0, radius <= 100_000, start.isFinite, end.isFinite, abs(start) < 1e6, abs(end) < 1e6 else {
            throw fail("an arc of radius \(radius) from \(start) to \(end) radians; a finite arc within ±100 000 points is drawn")
        }
        let turn = 2 * CGFloat.pi
        // The sweep as UIKit draws it: the way asked, a whole turn at most.
        let asked = clockwise ? end - start : start - end
        var sweep = asked.truncatingRemainder(dividingBy: turn)
        if sweep < 0 { sweep += turn }
        if sweep == 0 && asked != 0 { sweep = turn }
        if abs(asked) >= turn { sweep = turn }
        let from = clockwise ? start + sweep * trim.start : start - sweep * trim.end
        let to = clockwise ? start + sweep * trim.end : start - sweep * trim.start
        values[.radius] = .number(Double(radius))
        values[.startAngle] = .number(Double(from * 180 / .pi))
        values[.endAngle] = .number(Double(to * 180 / .pi))
        return CGRect(x: origin.x + center.x - radius, y: origin.y + center.y - radius, width: 2 * radius, height: 2 * radius)
    }

    /// A star as a path of lines: moved to its top point, lines through its corners, closed;
    /// the corners alternate between two radii at equal turns about a centre, the first straight
    /// up (as the scene draws a star, and the exported code writes it).
    struct Star {
        var center: CGPoint
        var radius: CGFloat
        /// The inner corners' radius as a fraction of `radius`.
        var inner: CGFloat
        var points: Int

        init?(_ elements: [UIBezierPath.Element]) {
            guard elements.count >= 5, elements.count <= 130, elements.last == .close, case let .move(first) = elements[0] else {
                return nil
            }
            var corners = [first]
            for element in elements.dropFirst().dropLast() {
                guard case let .line(point) = element else { return nil }
                corners.append(point)
            }
            guard corners.count % 2 == 0, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
            let points = corners.count / 2
            // The outer corners' mean is the centre of a regular star.
            let outer = stride(from: 0, to: corners.count, by: 2).map { corners[$0] }
            let center = CGPoint(
                x: outer.map(\.x).reduce(0, +) / CGFloat(points), y: outer.map(\.y).reduce(0, +) / CGFloat(points))
            let radius = center.y - first.y
            guard abs(first.x - center.x) <= 1e-9 * max(1, radius), radius > 0, radius <= 100_000 else { return nil }
            let second = corners[1]
            let inner = (pow(second.x - center.x, 2) + pow(second.y - center.y, 2)).squareRoot() / radius
            guard inner <= 1 else { return nil }
            // Every corner where the scene's star puts it, going either way round (it is symmetric).
            let star = StarShape.corners(
                center: RefreshPoint(Double(center.x), Double(center.y)), radius: Double(radius), inner: Double(radius * inner),
                points: points)
            for expected in [star, [star[0]] + star.dropFirst().reversed()] {
                let placed = zip(corners, expected).allSatisfy { given, star in
                    abs(Double(given.x) - star.x) <= 1e-6 * Double(radius) && abs(Double(given.y) - star.y) <= 1e-6 * Double(radius)
                }
                if placed {
                    // Sums of sines and cosines carry a last bit of error: the star's numbers to nine places.
                    func tidy(_ value: CGFloat) -> CGFloat { (value * 1e9).rounded() / 1e9 }
                    (self.center, self.radius) = (CGPoint(x: tidy(center.x), y: tidy(center.y)), tidy(radius))
                    (self.inner, self.points) = (tidy(inner), points)
                    return
                }
            }
            return nil
        }
    }

    /// The colour, unless there is none or it is clear.
    private static func visible(_ color: CGColor?) -> UIColor? {
        guard let color, color.color.alpha > 0 else { return nil }
        return color.color
    }
}
