import RefreshImage
import RefreshModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where one custom layer is drawn in one frame and what it shows, decided before any pixel
/// (docs/layers.md): lint and reports read the same placement the renderer draws.
package struct PlacedLayer: Sendable, Equatable {
    /// The layer's name.
    public var name: String
    /// Its frame in the control's points (numbers may be infinite: it is then not drawn).
    public var frame: RefreshRect
    /// True when it draws nothing in this frame: hidden, fully transparent, a stopped spinner.
    public var invisible: Bool
    /// A label's text, as drawn.
    public var text: String?
    /// A label's text width in points on one line (to say when it does not fit).
    public var textWidth: Double?
    /// Where the layer may draw, in the control's points: its frame scaled about its centre,
    /// an image's picture where it fills past the frame, and the circle those turn in when
    /// the layer turns.
    public var extent: RefreshRect
}

extension RefreshRenderer {
    /// The largest layer drawn, in pixels a side: a bigger one (an expression gone wrong) is
    /// left out and named by lint.
    public static let maxLayerPixelSide = 4096

    /// Every layer of `scene` placed for its state, pull and time.
    /// - Parameter scene: the control in its state.
    /// - Returns: one entry a layer, in drawing order.
    /// - Throws: ``InvalidValue`` for a layer font no installed face has; ``RasterError`` with no usable font.
    package func placeLayers(of scene: RefreshScene) throws -> [PlacedLayer] {
        try scene.layers.map { try place($0, scene: scene).placed }
    }

    /// The frame an image layer shows: the one playing `progress` (0…1, clamped) of the way
    /// through its duration when it is given (a GIF's longer frames take more of it, as the
    /// exported animated image lists them), else the one playing at `time`.
    static func frameIndex(of sequence: ImageSequence, progress: Double?, time: Int64) -> Int? {
        guard let progress else { return FrameClock.loopingFrameIndex(of: sequence, time: time, timing: .gif) }
        guard !sequence.frames.isEmpty else { return nil }
        let clamped = progress.isFinite ? min(1, max(0, progress)) : 0
        let total = sequence.durationMicroseconds
        guard total > 0 else { return min(sequence.frames.count - 1, Int((clamped * Double(sequence.frames.count)).rounded(.down))) }
        // The end itself is the last frame, not the first of the next loop.
        let at = min(total - 1, Int64((clamped * Double(total)).rounded(.down)))
        return FrameClock.loopingFrameIndex(of: sequence, time: at, timing: .gif)
    }

    /// The inputs a scene's layers read: its size, pull, time and state.
    /// - Parameter scene: the control in its state.
    /// - Returns: the inputs.
    package static func layerInputs(_ scene: RefreshScene) -> LayerFrameInputs {
        let size = scene.size
        return LayerFrameInputs(
            state: scene.state,
            inputs: LayerExpression.Inputs(w: size.width, h: size.height, pullingPercent: scene.pullingPercent, t: scene.time))
    }

    private struct Placement {
        var placed: PlacedLayer
        var alpha: Double
        var label: (font: TextRenderer, color: RGBAColor)?
        var image: ScaledImage?
    }

    private func place(_ layer: CheckedLayer, scene: RefreshScene) throws -> Placement {
        let inputs = Self.layerInputs(scene)
        var hidden = layer.flag(.hidden, inputs) ?? false
        if layer.kind == .spinner, !(layer.flag(.animating, inputs) ?? false) { hidden = true }
        let alpha = min(1, max(0, layer.number(.alpha, inputs) ?? 1))
        var intrinsic = layer.kind.intrinsicSize ?? (0, 0)
        var label: (TextRenderer, RGBAColor)?
        var text: String?, textWidth: Double?
        var image: ScaledImage?
        switch layer.kind {
        case .label:
            let font = layer.font(.font, inputs) ?? LabelFonts.Font(pointSize: 17, bold: false)
            let renderer = try self.text(
                scale: scene.scale, font: try Self.location(of: font, field: "layers.\(layer.name).font", scene: scene),
                pointSize: font.pointSize,
                bold: font.bold)
            let shown = layer.text(.text, inputs) ?? ""
            text = shown
            textWidth = renderer.width(of: shown)
            intrinsic = ((textWidth ?? 0).rounded(.up), shown.isEmpty ? 0 : renderer.lineHeight.rounded(.up))
            label = (renderer, layer.color(.textColor, inputs) ?? RGBAColor(red: 0, green: 0, blue: 0))
        case .image:
            if let path = layer.text(.image, inputs), let sequence = scene.layerImages[path],
                let index = Self.frameIndex(of: sequence, progress: layer.number(.progress, inputs), time: scene.timeMicroseconds)
            {
                image = sequence.frames[index]
                intrinsic = (sequence.frames[index].pointWidth, sequence.frames[index].pointHeight)
            }
        case .spinner:
            let style = layer.text(.spinnerStyle, inputs).flatMap(SpinnerStyle.init(rawValue:)) ?? .medium
            intrinsic = (style.boxSize, style.boxSize)
        case .switch, .arrow, .shape: break
        }
        var frame = layer.frame(inputs, intrinsic: intrinsic)
        // UIKit keeps a switch at its own size whatever frame it is given.
        if layer.kind == .switch {
            frame = RefreshRect(
                x: layer.gives(.x) || !layer.gives(.centerX) ? frame.x : frame.midX - SwitchShape.size.width / 2,
                y: layer.gives(.y) || !layer.gives(.centerY) ? frame.y : frame.midY - SwitchShape.size.height / 2,
                width: SwitchShape.size.width, height: SwitchShape.size.height)
        }
        var size = (width: frame.width, height: frame.height)
        let mode = layer.text(.contentMode, inputs)
        if let image, mode == "scaleAspectFill" || mode == "center", image.pointWidth > 0, image.pointHeight > 0 {
            let factor = mode == "center" ? 1 : max(frame.width / image.pointWidth, frame.height / image.pointHeight)
            size = (max(size.width, image.pointWidth * factor), max(size.height, image.pointHeight * factor))
        }
        if layer.kind == .shape {
            // A shape's radius may reach past its frame, and its stroke half a line past that.
            let largest = max(frame.width, frame.height)
            let radius = min(2 * largest, max(0, layer.number(.radius, inputs) ?? 0))
            let stroke = max(0, min(1000, layer.number(.lineWidth, inputs) ?? 1))
            let reach = 2 * (radius.isFinite ? radius : 0) + stroke
            size = (max(size.width + stroke, reach), max(size.height + stroke, reach))
        }
        let factor = max(1, layer.number(.scaleFactor, inputs) ?? 1)
        size = (size.width * factor, size.height * factor)
        if layer.gives(.rotation) || layer.kind == .arrow {
            let diagonal = (size.width * size.width + size.height * size.height).squareRoot()
            size = (diagonal, diagonal)
        }
        let extent = RefreshRect(centerX: frame.midX, centerY: frame.midY, width: size.width, height: size.height)
        let placed = PlacedLayer(
            name: layer.name, frame: frame, invisible: hidden || alpha == 0, text: text, textWidth: textWidth, extent: extent)
        return Placement(placed: placed, alpha: alpha, label: label, image: image)
    }

    /// Draws `scene`'s layers into `image`, the control's top-left corner at pixel
    /// (`originX`, `originY`) of it; parts outside `image` are cut.
    /// - Parameters:
    ///   - scene: the control in its state.
    ///   - image: the canvas.
    ///   - originX: the control's left edge in the canvas's pixels.
    ///   - originY: its top edge.
    ///   - opacity: the control's group alpha.
    /// - Throws: ``InvalidValue`` for a layer font no installed face has; ``RasterError``;
    ///   ``ImageBufferError``.
    public func drawLayers(of scene: RefreshScene, into image: inout RGBAImage, originX: Int, originY: Int, opacity: Double = 1) throws {
        let s = Double(scene.scale)
        let inputs = Self.layerInputs(scene)
        for layer in scene.layers {
            let placement = try place(layer, scene: scene)
            let frame = placement.placed.frame
            guard !placement.placed.invisible,
                [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite), frame.width > 0, frame.height > 0
            else { continue }
            // Compared as numbers before any becomes an Int: an expression may give 1e300.
            let side = Double(Self.maxLayerPixelSide)
            guard (frame.width * s).rounded(.up) <= side, (frame.height * s).rounded(.up) <= side,
                abs(frame.x * s) < 1e6, abs(frame.y * s) < 1e6
            else { continue }
            let width = Int((frame.width * s).rounded(.up)), height = Int((frame.height * s).rounded(.up))
            // A shape is a vector layer: turned and scaled as a path, drawn straight into the
            // picture at its sub-pixel place, as Core Animation draws a shape layer.
            if layer.kind == .shape {
                let opacity = placement.alpha * min(1, max(0, opacity))
                drawShape(
                    layer, in: frame, scale: s, inputs: inputs, opacity: opacity, originX: Double(originX), originY: Double(originY),
                    into: &image)
                continue
            }
            var canvas = try RGBAImage(width: width, height: height)
            let local = RefreshRect(x: 0, y: 0, width: frame.width, height: frame.height)
            if let fill = layer.color(.backgroundColor, inputs) { canvas.fill(with: fill) }
            try drawContent(layer, placement, in: local, scene: scene, inputs: inputs, into: &canvas)
            var dx = 0, dy = 0
            if let factor = layer.number(.scaleFactor, inputs), factor != 1 {
                guard factor.isFinite, factor > 0, factor * Double(max(width, height)) <= Double(Self.maxLayerPixelSide) else { continue }
                let w = max(1, Int((Double(width) * factor).rounded())), h = max(1, Int((Double(height) * factor).rounded()))
                canvas = try Resampler.resize(canvas, width: w, height: h)
                dx = (width - w) / 2
                dy = (height - h) / 2
            }
            if let degrees = layer.number(.rotation, inputs), degrees.isFinite, degrees.truncatingRemainder(dividingBy: 360) != 0 {
                let turned = try canvas.rotated(by: degrees * Double.pi / 180)
                canvas = turned.image
                dx += turned.dx
                dy += turned.dy
            }
            let alpha = placement.alpha * min(1, max(0, opacity))
            image.draw(
                canvas, atX: originX + TextRenderer.snap(frame.x * s) + dx, y: originY + TextRenderer.snap(frame.y * s) + dy,
                opacity: UInt8((alpha * 255).rounded()))
        }
    }

    /// One layer's content in its own canvas, `frame` at the canvas's origin.
    private func drawContent(
        _ layer: CheckedLayer, _ placement: Placement, in frame: RefreshRect, scene: RefreshScene, inputs: LayerFrameInputs,
        into canvas: inout RGBAImage
    ) throws {
        let s = Double(scene.scale)
        switch layer.kind {
        case .label:
            guard let (font, color) = placement.label, let text = placement.placed.text else { return }
            let alignment = layer.text(.alignment, inputs) ?? "left"
            let given = layer.number(.lines, inputs) ?? 1
            let lines = given.isFinite ? Int(min(100, max(0, given))) : 1
            font.drawLabel(text, in: frame, color: color, alignment: alignment, maxLines: lines, into: &canvas)
        case .image:
            guard let image = placement.image, image.pointWidth > 0, image.pointHeight > 0 else { return }
            let mode = layer.text(.contentMode, inputs) ?? "scaleToFill"
            var drawn = frame
            let fx = frame.width / image.pointWidth, fy = frame.height / image.pointHeight
            switch mode {
            case "scaleAspectFit", "scaleAspectFill":
                let factor = mode == "scaleAspectFit" ? min(fx, fy) : max(fx, fy)
                drawn = RefreshRect(
                    centerX: frame.midX, centerY: frame.midY, width: image.pointWidth * factor, height: image.pointHeight * factor)
            case "center":
                drawn = RefreshRect(centerX: frame.midX, centerY: frame.midY, width: image.pointWidth, height: image.pointHeight)
            default: break
            }
            guard (drawn.width * s).rounded() <= Double(Self.maxLayerPixelSide),
                (drawn.height * s).rounded() <= Double(Self.maxLayerPixelSide)
            else { return }
            let w = max(1, Int((drawn.width * s).rounded())), h = max(1, Int((drawn.height * s).rounded()))
            let pixels = try resizedImage(image, width: w, height: h, scale: s)
            canvas.draw(pixels, atX: TextRenderer.snap(drawn.x * s), y: TextRenderer.snap(drawn.y * s))
        case .spinner:
            let style = layer.text(.spinnerStyle, inputs).flatMap(SpinnerStyle.init(rawValue:)) ?? .medium
            let color = layer.color(.color, inputs) ?? style.color
            let box = RefreshRect(centerX: frame.midX, centerY: frame.midY, width: style.boxSize, height: style.boxSize)
            paintSpinner(style, color: color, origin: (box.x, box.y), scale: s, time: scene.timeMicroseconds, opacity: 1, into: &canvas)
        case .switch:
            drawSwitch(layer, scene: scene, inputs: inputs, into: &canvas)
        case .shape: break // drawn as a path, not in a canvas
        case .arrow:
            let color = layer.color(.color, inputs) ?? scene.family.defaultTextColor(of: scene)
            let arrow = ArrowShape.downArrow
            let center = RefreshPoint(frame.width / 2, frame.height / 2)
            // The library's arrow turns as the library turns it unless the layer says otherwise.
            var angle = 0.0
            if !layer.gives(.rotation) {
                let kind: ComponentKind = scene.kind == .trailer ? .header : scene.kind
                angle = scene.transition?.arrowAngle ?? ArrowShape.angle(kind: kind, state: scene.state) ?? 0
            }
            let box = ComponentLayout.arrowSize
            let path = arrow.path.map { RefreshPoint($0.x * frame.width / box.width, $0.y * frame.height / box.height) }
                .rotated(by: angle, about: center).scaled(by: s)
            if let mask = rasterizer.stroke(path, width: arrow.strokeWidth * s) { canvas.paint(mask, color: color) }
        }
    }

    private func drawSwitch(_ layer: CheckedLayer, scene: RefreshScene, inputs: LayerFrameInputs, into canvas: inout RGBAImage) {
        let s = Double(scene.scale)
        let now = layer.flag(.on, inputs) ?? false
        let was = scene.previousState.flatMap { layer.flag(.on, in: $0) }
        let onness = SwitchShape.onness(was: was, now: now, seconds: scene.time)
        let tint = layer.color(.onTintColor, inputs) ?? SwitchShape.onTint
        let size = SwitchShape.size
        // The off track is the system fill over the switch's white ground.
        if let ground = rasterizer.fill(SwitchShape.capsule(x: 0, y: 0, width: size.width, height: size.height).scaled(by: s)) {
            canvas.paint(ground, color: RGBAColor(red: 255, green: 255, blue: 255), opacity: UInt8((255 * (1 - onness)).rounded()))
            canvas.paint(ground, color: SwitchShape.trackColor(onness: onness, tint: tint))
        }
        let knob = SwitchShape.knobCenter(onness: onness)
        let radius = SwitchShape.knobDiameter / 2
        // The knob's soft shadow: two widening rings fading out, 3 pt below it.
        for (grow, alpha) in [(1.5, 10), (0.75, 14), (0.0, 16)] as [(Double, UInt8)] {
            var shadow = VectorPath()
            shadow.addCircle(center: RefreshPoint(knob.x, knob.y + 3 - grow / 2), radius: radius + grow)
            if let mask = rasterizer.fill(shadow.scaled(by: s)) {
                canvas.paint(mask, color: RGBAColor(red: 0, green: 0, blue: 0, alpha: alpha))
            }
        }
        var circle = VectorPath()
        circle.addCircle(center: knob, radius: radius)
        if let mask = rasterizer.fill(circle.scaled(by: s)) { canvas.paint(mask, color: RGBAColor(red: 255, green: 255, blue: 255)) }
    }

    /// A shape layer's path in the control's points: its kind about the frame, turned and
    /// scaled about the frame's centre.
    private func shapePath(_ layer: CheckedLayer, in frame: RefreshRect, inputs: LayerFrameInputs, lineWidth: Double) -> VectorPath? {
        let kind = layer.text(.shape, inputs) ?? "rectangle"
        let center = RefreshPoint(frame.midX, frame.midY)
        // A radius is at most the layer's largest side a second time: no expression can ask
        // for a path larger than the layer.
        let largest = max(frame.width, frame.height)
        let radius = min(2 * largest, max(0, layer.number(.radius, inputs) ?? min(frame.width, frame.height) / 2))
        guard radius.isFinite else { return nil }
        let start = (layer.number(.startAngle, inputs) ?? 0) * Double.pi / 180
        let end = (layer.number(.endAngle, inputs) ?? 360) * Double.pi / 180
        var path = VectorPath()
        switch kind {
        case "oval":
            var unit = VectorPath()
            unit.addCircle(center: RefreshPoint(0, 0), radius: 1)
            let (rx, ry) = layer.gives(.radius) ? (radius, radius) : (frame.width / 2, frame.height / 2)
            path = unit.map { RefreshPoint(center.x + $0.x * rx, center.y + $0.y * ry) }
        case "arc", "sector":
            guard start.isFinite, end.isFinite else { return nil }
            let sweep = max(-2 * Double.pi, min(2 * Double.pi, end - start))
            guard sweep != 0 else { return nil }
            if kind == "arc" {
                // The stroke is centred on the arc: the radius leaves room for half the line.
                let r = layer.gives(.radius) ? radius : max(0, radius - lineWidth / 2)
                path.addArc(center: center, radius: r, start: start, sweep: sweep)
            } else {
                path.move(to: center)
                path.addArc(center: center, radius: radius, start: start, sweep: sweep)
                path.close()
            }
        case "star":
            let given = layer.number(.points, inputs) ?? 5
            let points = given.isFinite ? Int(min(64, max(2, given))) : 5
            let inner = radius * min(1, max(0, layer.number(.innerRadius, inputs) ?? 0.45))
            path.addPolygon(StarShape.corners(center: center, radius: radius, inner: inner, points: points))
        default:
            let inset = layer.color(.strokeColor, inputs) != nil ? lineWidth / 2 : 0
            path = SwitchShape.roundedRectangle(
                x: frame.x + inset, y: frame.y + inset, width: max(0, frame.width - 2 * inset), height: max(0, frame.height - 2 * inset),
                radius: layer.number(.cornerRadius, inputs) ?? 0)
        }
        let degrees = layer.number(.rotation, inputs) ?? 0
        let factor = layer.number(.scaleFactor, inputs) ?? 1
        guard degrees.isFinite, factor.isFinite, factor >= 0, factor <= 64 else { return nil }
        if factor != 1 { path = path.map { RefreshPoint(center.x + ($0.x - center.x) * factor, center.y + ($0.y - center.y) * factor) } }
        if degrees != 0 { path = path.rotated(by: degrees * Double.pi / 180, about: center) }
        return path
    }

    private func drawShape(
        _ layer: CheckedLayer, in frame: RefreshRect, scale s: Double, inputs: LayerFrameInputs, opacity: Double, originX: Double,
        originY: Double, into image: inout RGBAImage
    ) {
        let kind = layer.text(.shape, inputs) ?? "rectangle"
        let lineWidth = max(0, min(1000, layer.number(.lineWidth, inputs) ?? 1))
        let alpha = UInt8((opacity * 255).rounded())
        guard alpha > 0 else { return }
        if let fill = layer.color(.backgroundColor, inputs),
            let mask = rasterizer.fill(
                SwitchShape.roundedRectangle(x: frame.x, y: frame.y, width: frame.width, height: frame.height, radius: 0).scaled(
                    by: s, dx: originX, dy: originY))
        {
            image.paint(mask, color: fill, opacity: alpha)
        }
        guard let path = shapePath(layer, in: frame, inputs: inputs, lineWidth: lineWidth) else { return }
        let placed = path.scaled(by: s, dx: originX, dy: originY)
        if kind != "arc", let fill = layer.color(.fillColor, inputs), let mask = rasterizer.fill(placed) {
            image.paint(mask, color: fill, opacity: alpha)
        }
        if let stroke = layer.color(.strokeColor, inputs), lineWidth > 0 {
            let cap: VectorRasterizer.LineCap = layer.text(.lineCap, inputs) == "round" ? .round : .butt
            if let mask = rasterizer.stroke(placed, width: lineWidth * s, cap: cap) { image.paint(mask, color: stroke, opacity: alpha) }
        }
    }
}

extension TextRenderer {
    /// Draws a label's text as UILabel does: one line shortened with "…" when `maxLines` is
    /// 1, else broken between words (between characters where a word is wider than the
    /// label) onto at most `maxLines` lines (0: as many as fit); the block centred vertically,
    /// each line aligned `left`, `center` or `right`.
    func drawLabel(
        _ text: String, in frame: RefreshRect, color: RGBAColor, alignment: String, maxLines: Int, into image: inout RGBAImage
    ) {
        guard !text.isEmpty, frame.width > 0 else { return }
        var lines: [TextLine]
        if maxLines == 1 {
            lines = [truncated(text, toFit: frame.width)]
        } else {
            let fitting = Int(min(max(frame.height, 0), 100_000) / max(1, lineHeight))
            let cap = max(1, maxLines == 0 ? fitting : min(maxLines, max(1, fitting)))
            lines = wrapByWord(text, width: frame.width, maxLines: cap)
        }
        guard let first = lines.first else { return }
        let lineHeight = first.ascent + first.descent
        let top = frame.midY - Double(lines.count) * lineHeight / 2
        for (i, line) in lines.enumerated() {
            let left: Double
            switch alignment {
            case "center": left = frame.midX - line.width / 2
            case "right": left = frame.maxX - line.width
            default: left = frame.x
            }
            draw(line, left: left, baseline: top + Double(i) * lineHeight + line.ascent, color: color, into: &image)
        }
    }

    /// Lines of `text` broken at spaces so each fits `width`; a word wider than a line is
    /// broken between characters.
    func wrapByWord(_ text: String, width: Double, maxLines: Int) -> [TextLine] {
        var out: [TextLine] = []
        var current = ""
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            for word in paragraph.split(separator: " ") {
                if out.count >= maxLines { return out }
                let candidate = current.isEmpty ? String(word) : current + " " + word
                if layout(candidate).width <= width {
                    current = candidate
                    continue
                }
                if !current.isEmpty { out.append(layout(current)) }
                current = ""
                let pieces = wrapByCharacter(String(word), width: width, maxLines: maxLines)
                for piece in pieces.dropLast() where out.count < maxLines { out.append(piece) }
                if let last = pieces.last { current = String(word.suffix(last.glyphs.count)) }
            }
            if !current.isEmpty, out.count < maxLines { out.append(layout(current)) }
            current = ""
        }
        return Array(out.prefix(maxLines))
    }
}
