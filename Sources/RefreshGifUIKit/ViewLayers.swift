import RefreshGif

/// An app's own subviews as the layers a scene draws (docs/layers.md): what a subclass of a
/// bare MJRefresh class (`MJRefreshHeader`, `MJRefreshAutoFooter`, …) puts in `prepare` and
/// places in `placeSubviews`, read at the moment drawn. Labels, image views, spinners,
/// switches and plain views (a filled rectangle) are drawn; a view of another kind is an error
/// naming its class and where it is.
enum ViewLayers {
    /// - Parameter arrowTurn: the turn the library gives its arrow in the state drawn (radians).
    static func layers(of control: UIView, className: String, arrowTurn: Double? = nil) throws -> [ControlLayer] {
        var layers: [ControlLayer] = []
        var count = 0
        // The layer tree, in drawing order: a view's layer holds its subviews' layers and the
        // layers the app added (a shape layer), in the order they were added.
        func walk(_ layer: CALayer, origin: CGPoint, path: String) throws {
            // An add the tree refused as it was built (a cycle, past its bounds) is said now.
            if let refused = layer.refusedAdd {
                throw AppCodeError.badValue(what: className, message: refused + (path.isEmpty ? "" : ", under \(path)"))
            }
            for (index, child) in (layer.sublayers ?? []).enumerated() {
                count += 1
                guard count <= LayerTree.maxLayers else {
                    throw AppCodeError.badValue(
                        what: className, message: "more than \(LayerTree.maxLayers) views and layers; a refresh control has a few")
                }
                // The layout pass UIKit makes before drawing: a button, a stack view, an app's
                // own view place their subviews.
                child.view?.layoutSubviews()
                let kind: Any.Type = child.view.map { type(of: $0) } ?? type(of: child)
                let place = path + "/" + String(describing: kind) + "[\(index)]"
                let own = child.view?.frame ?? child.frame
                let frame = CGRect(x: origin.x + own.origin.x, y: origin.y + own.origin.y, width: own.width, height: own.height)
                let name = "v\(layers.count + 1)"
                if let view = child.view {
                    if let drawn = try Self.layer(
                        for: view, frame: frame, name: name, className: className, place: place, arrowTurn: arrowTurn)
                    {
                        layers.append(drawn)
                    }
                } else {
                    layers += try ShapeLayers.layers(for: child, frame: frame, name: name, className: className, place: place)
                }
                try walk(child, origin: frame.origin, path: place)
            }
        }
        try walk(control.layer, origin: .zero, path: "")
        // The scene draws at most so many layers: said in the views' own terms.
        guard layers.count <= ControlLayer.maxCount else {
            throw AppCodeError.badValue(
                what: className,
                message: "\(layers.count) views and layers to draw; a control draws at most \(ControlLayer.maxCount)")
        }
        return layers
    }

    /// A number a frame may hold: finite and within a few screens.
    static func number(_ value: CGFloat, _ what: String, className: String, place: String) throws -> SceneValue {
        guard value.isFinite, abs(value) <= 100_000 else {
            throw AppCodeError.cannotDraw(
                className: className, view: place, message: "\(what) is \(value); a view's frame is within ±100 000 points")
        }
        return .number(Double(value))
    }

    /// The frame's values, checked.
    static func frameValues(_ frame: CGRect, into values: inout [LayerProperty: SceneValue], className: String, place: String) throws {
        values[.x] = try number(frame.origin.x, "x", className: className, place: place)
        values[.y] = try number(frame.origin.y, "y", className: className, place: place)
        values[.width] = try number(frame.width, "width", className: className, place: place)
        values[.height] = try number(frame.height, "height", className: className, place: place)
    }

    /// A view's or a layer's hidden flag, opacity and transform as layer values: a turn and a
    /// scale are drawn, a shear or a move is refused naming the view.
    static func look(
        hidden: Bool, alpha: Double, transform: CGAffineTransform, className: String, place: String
    ) throws -> [LayerProperty: SceneValue] {
        var values: [LayerProperty: SceneValue] = [:]
        if hidden { values[.hidden] = .flag(true) }
        if alpha != 1 { values[.alpha] = .number(alpha.isFinite ? min(1, max(0, alpha)) : 1) }
        if transform != .identity {
            guard let turn = transform.turnAndScale else {
                throw AppCodeError.cannotDraw(
                    className: className, view: place, message: "a transform that shears or moves; a turn and a scale are drawn")
            }
            values[.rotation] = .number(turn.degrees)
            values[.scaleFactor] = .number(turn.scale)
        }
        return values
    }

    /// The content modes an image layer draws, by the scene's word (the others fill the frame).
    static let contentModeWords: [UIView.ContentMode: String] = [
        .scaleAspectFit: "scaleAspectFit", .scaleAspectFill: "scaleAspectFill", .center: "center",
    ]

    static func layer(
        for view: UIView, frame: CGRect, name: String, className: String, place: String, arrowTurn: Double?
    ) throws -> ControlLayer? {
        var values: [LayerProperty: SceneValue] = [:]
        func common() throws {
            // As drawn now: the layer's animations (a turning image, a fading label) applied.
            let shown = view.layer.presentedLook(transform: view.transform, alpha: Double(view.alpha))
            values = try look(hidden: view.isHidden, alpha: shown.alpha, transform: shown.transform, className: className, place: place)
            try frameValues(frame, into: &values, className: className, place: place)
        }
        switch view {
        case let label as UILabel:
            try common()
            values[.text] = .text(label.text ?? "")
            if let font = label.font { values[.font] = .text(font.sceneText) }
            values[.textColor] = .text((label.textColor ?? .label).sceneText)
            let alignment: [NSTextAlignment: String] = [.center: "center", .right: "right"]
            if let word = alignment[label.textAlignment] { values[.alignment] = .text(word) }
            if label.numberOfLines != 1 { values[.lines] = .number(Double(max(0, label.numberOfLines))) }
            if let background = label.backgroundColor { values[.backgroundColor] = .text(background.sceneText) }
            return ControlLayer(.label, name: name, values)
        case let imageView as UIImageView where imageView.image === UIImage.libraryArrow:
            // MJRefresh's arrow image: drawn as the library's arrow, in the view's tint, turned
            // only as the code turns the view (an image view does not turn by itself).
            try common()
            // Turned as the library turns its arrow in this state: the library's own turn, the
            // same picture to the last bit.
            let turn = view.transform.turnAndScale
            if let arrowTurn, let turn, abs(turn.scale - 1) < 1e-12, abs(turn.degrees * .pi / 180 - arrowTurn) < 1e-9 {
                values[.rotation] = nil
                values[.scaleFactor] = nil
            } else if values[.rotation] == nil {
                values[.rotation] = .number(0)
            }
            if let tint = imageView.tintColor { values[.color] = .text(tint.sceneText) }
            return ControlLayer(.arrow, name: name, values)
        case let imageView as UIImageView:
            try common()
            let image = imageView.isAnimating ? imageView.animationImages?.first ?? imageView.image : imageView.image
            guard let file = image?.frameFiles.first else { return nil }
            values[.image] = .text(file)
            if let word = contentModeWords[imageView.contentMode] { values[.contentMode] = .text(word) }
            return ControlLayer(.image, name: name, values)
        case let spinner as UIActivityIndicatorView:
            try common()
            values[.spinnerStyle] = .text(spinner.style.spinnerStyle.rawValue)
            values[.animating] = .flag(spinner.isAnimating)
            if let color = spinner.color { values[.color] = .text(color.sceneText) }
            return ControlLayer(.spinner, name: name, values)
        case let toggle as UISwitch:
            try common()
            values[.on] = .flag(toggle.isOn)
            if let tint = toggle.onTintColor { values[.onTintColor] = .text(tint.sceneText) }
            return ControlLayer(.switch, name: name, values)
        case _ where view.drawnImage != nil:
            // A library's view drawn as an image at a place in its frames (a Lottie view).
            guard let image = view.drawnImage?() else { return nil }
            try common()
            values[.image] = .text(image.file)
            values[.progress] = .number(image.progress.isFinite ? min(1, max(0, image.progress)) : 0)
            if let word = contentModeWords[view.contentMode] { values[.contentMode] = .text(word) }
            return ControlLayer(.image, name: name, values)
        case is UIProgressView:
            throw AppCodeError.cannotDraw(
                className: className, view: place, message: "UIProgressView is not drawn yet; a shape layer draws a bar")
        default:
            // A plain view draws its background colour as a rectangle (its corner radius too).
            guard type(of: view) == UIView.self || view.subviews.isEmpty else { return nil }
            guard let background = view.backgroundColor else { return nil }
            try common()
            values[.shape] = .text("rectangle")
            values[.fillColor] = .text(background.sceneText)
            if view.layer.cornerRadius > 0 { values[.cornerRadius] = .number(Double(view.layer.cornerRadius)) }
            return ControlLayer(.shape, name: name, values)
        }
    }
}
