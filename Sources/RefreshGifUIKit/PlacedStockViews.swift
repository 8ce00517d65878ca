import RefreshGif
internal import RefreshModel

// A stock class's own views that the app places itself: `gifView.frame = …`,
// `stateLabel.frame = …` in an override of `placeSubviews` (after MJRefresh's, which an app
// calls first). MJRefresh lays these out only where the app leaves them; here the library's
// layout is the scene's, so a view the app gave a frame is drawn as a layer at that frame
// instead — the label with the title the scene would show, in its font and colour; the image
// view with the frame of the state's images the scene would show (docs/app-code.md, "What is
// drawn").
extension MJRefreshComponent {
    /// Replaces, in `description`, each stock view the app gave a frame by a layer there.
    func placeStockViews(into description: inout SceneDescription) throws {
        let views = stockViews
        let labels = [(views.state, true), (views.time, false)].compactMap { view, isState in
            view.flatMap { $0.frame != .zero && !$0.isHidden ? ($0, isState) : nil }
        }
        let gif =
            (self as? MJRefreshGifHeader)?.gifView ?? (self as? MJRefreshAutoGifFooter)?.gifView
            ?? (self as? MJRefreshBackGifFooter)?.gifView
        let placedGif = gif.flatMap { $0.frame != .zero && !sequences.values.allSatisfy(\.images.isEmpty) ? $0 : nil }
        guard !labels.isEmpty || placedGif != nil else { return }
        // The scene as the library draws it, for what its labels and image view show now: its
        // images decoded only when the image view needs them (this runs at every frame drawn).
        var looked = description
        if placedGif == nil {
            looked[.images] = nil
            looked[.durations] = nil
        }
        let scene = try looked.makeScene()
        let className = String(describing: type(of: self))
        var layers: [ControlLayer] = []
        for (label, isState) in labels {
            label.text = isState ? scene.stateTitle : scene.lastUpdatedText ?? ""
            description[isState ? .hideStateLabel : .hideTimeLabel] = .flag(true)
            let name = isState ? "stateLabel" : "lastUpdatedTimeLabel"
            if let layer = try ViewLayers.layer(
                for: label, frame: label.frame, name: name, className: className, place: "/" + name, arrowTurn: nil)
            {
                layers.append(layer)
            }
        }
        if let placedGif {
            // The frame the library would show, from the app's own sequences.
            let choice = ImageSelection.choice(
                kind: scene.kind, state: scene.state, images: scene.images, percent: scene.pullingPercent,
                time: scene.timeMicroseconds, timing: scene.timing)
            let shown = choice.flatMap { choice in
                sequences.first { $0.key.sceneName == choice.sequence.rawValue }?.value.images.flatMap(\.frameFiles)[safe: choice.index]
            }
            // The library's image view is the app's now: the picture drawn by the layer alone.
            description[.images] = nil
            description[.durations] = nil
            description[.style] = .text(ComponentStyle.state.rawValue)
            if let shown {
                let view = UIImageView(image: UIImage(contentsOfFile: shown))
                view.contentMode = placedGif.contentMode
                view.isHidden = placedGif.isHidden
                view.alpha = placedGif.alpha
                if let layer = try ViewLayers.layer(
                    for: view, frame: placedGif.frame, name: "gifView", className: className, place: "/gifView", arrowTurn: nil)
                {
                    layers.append(layer)
                }
            }
        }
        description.layers = layers + description.layers
    }
}

extension Array {
    /// The element at `index`, nil past the ends.
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
