import RefreshImage
import RefreshModel

/// Renders ``RefreshScene``s to premultiplied RGBA images.
///
/// A renderer owns FreeType objects and glyph caches, so it belongs to one thread at a
/// time; make one per worker to render frames in parallel. Rendering is deterministic.
public final class RefreshRenderer {
    private let library: FreeTypeLibrary
    let rasterizer: VectorRasterizer
    private var textRenderers: [TextRendererKey: TextRenderer] = [:]
    private var builtInImages: [String: StateImages] = [:]
    /// Images given back with ``recycle(_:)``: their buffers become the next canvases.
    private var spares: [RGBAImage] = []
    /// Images at the sizes they were drawn, resampled once (shared with the renderers of the
    /// same animation when made with ``init(sharing:)``).
    private let resampled: ResampledImages

    /// `image` at `width` × `height` pixels, resampled once and kept for the next frames.
    func resizedImage(_ image: ScaledImage, width: Int, height: Int, scale: Double) throws -> RGBAImage {
        try resampled.image(image, width: width, height: height, scale: scale)
    }

    private struct TextRendererKey: Hashable {
        var scale: Int
        var font: FontLocation?
        var pointSize: Double
        var bold: Bool
    }

    /// A renderer with its own FreeType instance.
    /// - Throws: ``RasterError`` when FreeType cannot start.
    public init() throws {
        library = try FreeTypeLibrary()
        rasterizer = VectorRasterizer(library: library)
        resampled = ResampledImages()
    }

    /// A renderer whose resampled images are kept in `resampled`, with other renderers'.
    /// - Parameter resampled: the store, shared by the workers of one animation.
    /// - Throws: ``RasterError`` when FreeType cannot start.
    package init(sharing resampled: ResampledImages) throws {
        library = try FreeTypeLibrary()
        rasterizer = VectorRasterizer(library: library)
        self.resampled = resampled
    }

    /// Gives back an image the caller no longer needs: its buffer becomes the next canvas of
    /// the same size (cleared), so a sequence of frames reuses memory instead of faulting in
    /// fresh pages for every frame. A copy the caller still holds is never changed (the
    /// buffer is then copied before it is cleared, and nothing is saved).
    /// - Parameter image: a frame drawn by this renderer that the caller is done with.
    public func recycle(_ image: RGBAImage) {
        if spares.count < 4 { spares.append(image) }
    }

    /// A transparent canvas: a recycled buffer of this size, cleared, when there is one.
    /// - Parameters:
    ///   - width: columns.
    ///   - height: rows.
    /// - Returns: a transparent image.
    /// - Throws: ``ImageBufferError`` for a size that cannot be allocated.
    public func canvas(width: Int, height: Int) throws -> RGBAImage {
        if let index = spares.firstIndex(where: { $0.width == width && $0.height == height }) {
            var image = spares.remove(at: index)
            image.withUnsafeMutablePixels { $0.update(repeating: 0) }
            return image
        }
        return try RGBAImage(width: width, height: height)
    }

    /// The text renderer for a scale and font, made once and kept.
    func text(
        scale: Int, font: FontLocation?, pointSize: Double = TextRenderer.labelPointSize,
        bold: Bool = true
    ) throws -> TextRenderer {
        let key = TextRendererKey(scale: scale, font: font, pointSize: pointSize, bold: bold)
        if let known = textRenderers[key] { return known }
        let made = try TextRenderer(library: library, scale: Double(scale), font: font, pointSize: pointSize, bold: bold)
        textRenderers[key] = made
        return made
    }

    /// The text renderer for one label's font: its installed family when it names one, else
    /// the scene's font file, else the default face.
    private func text(scale: Int, label: LabelFonts.Font, field: String, scene: RefreshScene) throws -> TextRenderer {
        try text(scale: scale, font: try Self.location(of: label, field: field, scene: scene), pointSize: label.pointSize, bold: label.bold)
    }

    /// The face a label's font draws with: its installed family, else the scene's font file.
    /// - Parameters:
    ///   - label: the label's font.
    ///   - field: the setting that gave it, for the message.
    ///   - scene: the scene, for its font file.
    /// - Returns: the face; nil for the default one.
    /// - Throws: ``InvalidValue`` naming `field` for a family no installed font has.
    package static func location(of label: LabelFonts.Font, field: String, scene: RefreshScene) throws -> FontLocation? {
        guard let family = label.family else { return scene.font }
        if label.namesFile { return FontLocation(path: family) }
        guard let found = FontResolver.face(family: family, bold: label.bold) else {
            // A phone's own family (Georgia, Avenir) is not on this machine: say what to draw instead.
            let nearest = FontResolver.nearest(family: family, bold: label.bold).map {
                " the nearest installed face is \($0.path.split(separator: "/").last.map(String.init) ?? $0.path);"
            }
            let size = label.pointSize == label.pointSize.rounded() ? String(Int(label.pointSize)) : String(label.pointSize)
            throw InvalidValue(
                field: field,
                reason: "no installed font family '\(family)' (fc-list : family lists them);\(nearest ?? "")"
                    + " to keep the phone's face in the app's code, name it with a file that draws it here:"
                    + " '\(label.bold ? "bold" : "regular") \(size) \(family)\(label.bold ? "-Bold" : "")=FILE.ttf'")
        }
        return found
    }

    /// The element frames for a scene, in points (docs/layout.md), with the text widths measured
    /// in the scene's font.
    /// - Parameter scene: the control in its state.
    /// - Returns: the rectangles of its elements.
    /// - Throws: ``InvalidValue`` for a scene that cannot be drawn; ``RasterError`` with no usable font.
    package func layout(of scene: RefreshScene) throws -> ComponentLayout {
        try plan(scene).layout
    }

    /// The advance width of `text` in points with the scene's font (docs/layout.md).
    /// - Parameters:
    ///   - text: one line.
    ///   - font: a font file instead of the default face.
    /// - Returns: points.
    /// - Throws: ``RasterError`` when the font cannot be loaded.
    package func textWidth(_ text: String, font: FontLocation? = nil) throws -> Double {
        try self.text(scale: 1, font: font).width(of: text)
    }

    /// How `text` inks at 14 pt and `scale` with `font` as the primary face and `fallback`
    /// for what it lacks (docs/fonts.md): advance width and ink width in points, and the mean
    /// coverage over the glyph boxes.
    package func ink(of text: String, scale: Int, font: FontLocation?, fallback: FontLocation?) throws
        -> (advance: Double, inkWidth: Double, weight: Double)
    {
        try TextRenderer(library: library, scale: Double(scale), font: font, fallback: fallback).ink(of: text)
    }

    /// The characters of `text` that no installed font has (drawn as the font's empty box):
    /// a title with an emoji or a script the machine has no face for. White space and
    /// invisible formatting characters are not counted.
    /// - Parameters:
    ///   - text: a label's text.
    ///   - font: a font file instead of the default face.
    /// - Returns: each missing character once, in the order they first appear.
    /// - Throws: ``RasterError`` when a font cannot be loaded.
    package func missingCharacters(in text: String, font: FontLocation? = nil) throws -> [Unicode.Scalar] {
        var missing: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where !missing.contains(scalar) {
            let properties = scalar.properties
            if properties.isWhitespace || properties.isDefaultIgnorableCodePoint || properties.generalCategory == .control { continue }
            if (try glyph(for: scalar, font: font))?.index ?? 0 == 0 { missing.append(scalar) }
        }
        return missing
    }

    /// The font and glyph index that draw `scalar` (glyph 0 means no installed font has it).
    /// - Parameters:
    ///   - scalar: a character.
    ///   - font: a font file instead of the default face.
    /// - Returns: the face and glyph, or nil when there is no face at all.
    /// - Throws: ``RasterError`` when a font cannot be loaded.
    package func glyph(for scalar: Unicode.Scalar, font: FontLocation? = nil) throws -> (location: FontLocation, index: UInt32)? {
        try text(scale: 1, font: font).glyph(for: scalar)
    }

    /// What a frame of `scene` shows and where, decided before any pixel is drawn:
    /// ``render(_:)`` draws exactly this plan, so reports built from it always agree with
    /// the picture. Throws ``InvalidValue`` for a scene that cannot be drawn.
    /// - Parameter scene: the control in its state.
    /// - Returns: the plan.
    /// - Throws: ``InvalidValue`` for a scene that cannot be drawn; ``RasterError`` with no usable font.
    package func plan(for scene: RefreshScene) throws -> RenderPlan {
        try plan(scene).public
    }

    private struct Plan {
        var layout: ComponentLayout
        var size: (width: Double, height: Double)
        var stateTitle: String
        var timeText: String?
        var image: ImageSelection.Choice?
        /// The state label's font.
        var text: TextRenderer
        /// The second line's font (last-updated or subtitle).
        var secondText: TextRenderer

        var `public`: RenderPlan {
            RenderPlan(
                layout: layout, width: size.width, height: size.height, stateTitle: stateTitle,
                timeText: timeText, image: image.map { RenderPlan.Image(sequence: $0.sequence, index: $0.index) })
        }
    }

    /// The built-in animation at `scale`, drawn once per renderer and kept.
    func builtIn(_ animation: StateImages.BuiltIn = .ring, scale: Int) throws -> StateImages {
        let key = "\(animation.rawValue)@\(scale)"
        if let known = builtInImages[key] { return known }
        let made = animation == .ring ? try BuiltInAnimation.images(scale: scale) : try BurstAnimation.images(scale: scale)
        builtInImages[key] = made
        return made
    }

    /// The images a scene shows: its own, or the built-in animation drawn at its scale.
    /// - Parameter scene: the control.
    /// - Returns: its state images.
    /// - Throws: ``InvalidValue`` for a scale the built-in animation cannot be drawn at.
    package func images(of scene: RefreshScene) throws -> StateImages {
        guard let animation = scene.images.builtInAnimation else { return scene.images }
        return try builtIn(animation, scale: scene.scale)
    }

    /// The scene's family decides the fonts, texts, image and layout (docs/families.md).
    private func plan(_ scene: RefreshScene) throws -> Plan {
        try scene.validate()
        let family = scene.family
        let fonts = scene.labelFonts
        let text = try self.text(scale: scene.scale, label: fonts.title, field: "stateLabelFont", scene: scene)
        let secondText = try self.text(scale: scene.scale, label: fonts.second, field: "timeLabelFont", scene: scene)
        let labels = family.labels(of: scene)
        let image = scene.style == .gif ? family.image(of: scene, in: try images(of: scene)) : nil
        let layout = family.layout(
            of: scene,
            text: LabelText(
                title: labels.title, second: labels.second, titleFont: text,
                secondFont: secondText,
                image: image.map { ($0.image.pointWidth, $0.image.pointHeight) }))
        return Plan(
            layout: layout, size: scene.size, stateTitle: labels.title, timeText: labels.second, image: image,
            text: text, secondText: secondText)
    }

    /// Renders one frame of the scene: the control composed at its size × scale, its group
    /// alpha applied, over the scene's background.
    /// - Parameter scene: the control in its state.
    /// - Returns: the picture, `size × scale` pixels.
    /// - Throws: ``InvalidValue`` for a scene that cannot be drawn; ``RasterError`` with no usable
    ///   font; ``ImageBufferError`` for a size that cannot be allocated.
    public func render(_ scene: RefreshScene) throws -> RGBAImage {
        try render(scene, drawingLayers: true)
    }

    /// Renders one frame of the scene, with or without its custom layers (a screen window
    /// draws them itself, where they reach beyond the control: docs/layers.md).
    /// - Parameters:
    ///   - scene: the control in its state.
    ///   - drawingLayers: false leaves the layers out.
    /// - Returns: the picture, `size × scale` pixels.
    /// - Throws: as ``render(_:)``.
    public func render(_ scene: RefreshScene, drawingLayers: Bool) throws -> RGBAImage {
        let plan = try plan(scene)
        let scale = Double(scene.scale)
        let pixelWidth = Int((plan.size.width * scale).rounded())
        let pixelHeight = Int((plan.size.height * scale).rounded())
        var control = try canvas(width: pixelWidth, height: pixelHeight)
        if scene.hidden || scene.family.isHidden(scene) {
            return try finished(&control, scene: scene, width: pixelWidth, height: pixelHeight)
        }
        if let fill = scene.controlFill { control.fill(with: fill) }

        // Z-order (docs/layout.md): state label, last-updated label, then spinner/arrow/images.
        let alignment = plan.layout.textAlignment
        if let frame = plan.layout.stateLabel {
            if scene.kind == .trailer {
                plan.text.drawVertical(plan.stateTitle, in: frame, color: scene.stateColor, into: &control)
            } else {
                plan.text.draw(plan.stateTitle, in: frame, color: scene.stateColor, alignment: alignment, into: &control)
            }
        }
        if let frame = plan.layout.timeLabel, let timeText = plan.timeText {
            plan.secondText.draw(timeText, in: frame, color: scene.timeColor, alignment: alignment, into: &control)
        }
        if let choice = plan.image, let frame = plan.layout.image {
            try drawImage(choice.image, in: frame, scale: scene.scale, into: &control)
        } else if let indicator = scene.family.indicator(of: scene) {
            drawSpinner(scene, turns: indicator.spinnerTurns, frame: plan.layout.spinner, into: &control)
            if let arrow = indicator.arrow { try drawArrow(arrow, scene: scene, frame: plan.layout.arrow, into: &control) }
        }
        // The app's own subviews, over the library's (docs/layers.md).
        if drawingLayers { try drawLayers(of: scene, into: &control, originX: 0, originY: 0) }

        return try finished(&control, scene: scene, width: pixelWidth, height: pixelHeight)
    }

    /// The control with its group alpha applied, over the scene's background.
    private func finished(_ control: inout RGBAImage, scene: RefreshScene, width: Int, height: Int) throws -> RGBAImage {
        let opacity = UInt8((scene.alpha * 255).rounded())
        control.multiplyOpacity(by: opacity)
        guard scene.background.alpha > 0 else { return control }
        var output = try canvas(width: width, height: height)
        output.fill(with: scene.background)
        output.draw(control, atX: 0, y: 0)
        recycle(control)
        return output
    }

    /// Bitmap images snap their origin to whole device pixels. An image at another scale is
    /// resampled here (docs/images.md); scenes built from files get their images at the
    /// render scale up front (``StateImages/resampled(toScale:)``), so this stays 1:1.
    private func drawImage(_ image: ScaledImage, in frame: RefreshRect, scale: Int, into control: inout RGBAImage) throws {
        let s = Double(scale)
        // The frame's size in pixels: the image's own at the render scale, or ZJRefresh's aspect fit.
        let width = max(1, Int((frame.width * s).rounded())), height = max(1, Int((frame.height * s).rounded()))
        let pixels = try resizedImage(image, width: width, height: height, scale: s)
        control.draw(pixels, atX: TextRenderer.snap(frame.x * s), y: TextRenderer.snap(frame.y * s))
    }

    /// The arrow at the transition's angle and opacity, else its resting ones.
    private func drawArrow(_ arrow: Indicator.Arrow, scene: RefreshScene, frame: RefreshRect?, into control: inout RGBAImage) throws {
        guard let frame, scene.transition?.arrowHidden != true else { return }
        let opacity = scene.transition?.arrowOpacity ?? arrow.opacity
        guard opacity > 0 else { return }
        guard let angle = scene.transition?.arrowAngle ?? scene.family.arrowAngle(kind: scene.kind, state: scene.state) else { return }
        let s = Double(scene.scale)
        if let image = scene.arrowImage, arrow.isImageView {
            // The app's image in the image view, turned by its transform (docs/layout.md).
            let width = max(1, Int((frame.width * s).rounded())), height = max(1, Int((frame.height * s).rounded()))
            var pixels = try resizedImage(image, width: width, height: height, scale: s)
            if scene.arrowImageTemplate { pixels.tint(with: arrow.color) }
            let turned = try pixels.rotated(by: angle)
            control.draw(
                turned.image, atX: TextRenderer.snap(frame.x * s) + turned.dx, y: TextRenderer.snap(frame.y * s) + turned.dy,
                opacity: UInt8((min(1, opacity) * 255).rounded()))
            return
        }
        let center = RefreshPoint(frame.width / 2, frame.height / 2)
        var path = arrow.path.rotated(by: angle, about: center)
        if arrow.mirrored { path = path.map { RefreshPoint(frame.width - $0.x, $0.y) } }
        let placed = path.scaled(by: s, dx: frame.x * s, dy: frame.y * s)
        let mask: CoverageMask?
        switch arrow.paint {
        case let .stroke(width): mask = rasterizer.stroke(placed, width: width * s)
        case .fill: mask = rasterizer.fill(placed)
        case let .fadingFill(opaqueAt):
            mask = rasterizer.fill(placed).map { GradientArrow.fade($0, frame: frame, angle: angle, scale: s, opaqueAt: opaqueAt) }
        }
        guard let mask else { return }
        control.paint(mask, color: arrow.color, opacity: UInt8((min(1, opacity) * 255).rounded()))
    }

    /// The spinner shows while the family says it turns (and, in a transition, while it fades out).
    private func drawSpinner(_ scene: RefreshScene, turns: Bool, frame: RefreshRect?, into control: inout RGBAImage) {
        guard let frame else { return }
        let opacity = min(1, max(0, scene.transition?.spinnerOpacity ?? (turns ? 1 : 0)))
        guard opacity > 0 else { return }
        paintSpinner(
            scene.spinner, color: scene.spinnerColor ?? scene.spinner.color, origin: (frame.x, frame.y), scale: Double(scene.scale),
            time: scene.timeMicroseconds, opacity: opacity, into: &control)
    }

    /// A spinner's spokes in its box at `origin` (points), the head `time` into its turn:
    /// the library's spinner and a layer's draw the same way.
    func paintSpinner(
        _ style: SpinnerStyle, color: RGBAColor, origin: (x: Double, y: Double), scale s: Double, time: Int64, opacity: Double,
        into image: inout RGBAImage
    ) {
        let head = style.headSpoke(time: time)
        for index in 0..<style.spokeCount {
            let behind = (head - index + style.spokeCount) % style.spokeCount
            let spoke = style.spoke(index).scaled(by: s, dx: origin.x * s, dy: origin.y * s)
            guard let mask = rasterizer.stroke(spoke, width: style.spokeWidth * s) else { continue }
            let alpha = style.opacity(behind: behind) * opacity
            image.paint(mask, color: color, opacity: UInt8((alpha * 255).rounded()))
        }
    }
}
