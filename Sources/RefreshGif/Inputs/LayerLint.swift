import RefreshModel
import RefreshRaster

/// Checks a control's own layers the way the phone will show them (docs/layers.md,
/// "Checking layers"): a layer that never shows, one placed off the screen or where no
/// expression can place it, a text cut short, a layer that only a far pull reveals.
enum LayerLint {
    /// The pulls each state is looked at.
    static let percents = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0]

    /// The findings for `scene`'s layers, one per layer and problem.
    /// - Parameters:
    ///   - scene: the scene, its layers among it.
    ///   - renderer: measures the labels.
    /// - Returns: the findings, unsorted.
    /// - Throws: ``InvalidValue`` for a layer's font no installed face has.
    static func check(_ scene: RefreshScene, renderer: RefreshRenderer) throws -> [AssetFinding] {
        guard !scene.layers.isEmpty else { return [] }
        let states = scene.family.states(of: scene.kind)
        // Each layer's placements over every state, pull and a time past the transitions.
        var samples: [[(state: RefreshState, percent: Double, placed: PlacedLayer)]] = Array(repeating: [], count: scene.layers.count)
        for state in states {
            for percent in percents {
                var frame = scene
                frame.state = state
                frame.pullingPercent = percent
                frame.time = 0.5
                frame.transition = nil
                for (index, placed) in try renderer.placeLayers(of: frame).enumerated() { samples[index].append((state, percent, placed)) }
            }
        }
        var findings: [AssetFinding] = []
        let size = scene.size
        for (index, layer) in scene.layers.enumerated() {
            let seen = samples[index]
            func finding(_ severity: AssetFinding.Severity, _ message: String, state: String = "") {
                findings.append(
                    AssetFinding(
                        severity: severity, state: state, file: nil, message: "layer '\(layer.name)': " + message, setting: "layers"))
            }
            if seen.allSatisfy(\.placed.invisible) {
                finding(
                    .warning,
                    "never shows: hidden, transparent or stopped in every state (\(states.map(\.rawValue).joined(separator: ", ")))")
                continue
            }
            let shown = seen.filter { !$0.placed.invisible }
            let broken = shown.first { s in
                let f = s.placed.frame
                return ![f.x, f.y, f.width, f.height].allSatisfy(\.isFinite) || f.width > 10_000 || f.height > 10_000
            }
            if let broken {
                finding(
                    .warning, "its frame cannot be drawn (an expression gives \(broken.placed.frame)): check for a division by zero",
                    state: broken.state.rawValue)
                continue
            }
            if shown.allSatisfy({
                $0.placed.frame.maxX <= 0 || $0.placed.frame.x >= size.width || $0.placed.frame.width <= 0 || $0.placed.frame.height <= 0
            }) {
                finding(.warning, "its frame is outside the screen (\(shown[0].placed.frame)), or empty, whatever the state and pull")
            }
            if let cut = shown.first(where: { s in
                (layer.number(.lines, RefreshRenderer.layerInputs(scene)) ?? 1) == 1
                    && (s.placed.textWidth ?? 0) > s.placed.frame.width + 0.5
            }) {
                finding(
                    .warning,
                    "'\(SceneRead.quoted(cut.placed.text ?? ""))' is \(points(cut.placed.textWidth ?? 0)) pt wide in a \(points(cut.placed.frame.width)) pt label: it ends in …",
                    state: cut.state.rawValue)
            }
            // A layer beyond the control's edge appears only as far as the pull reveals it.
            if let pull = revealingPull(shown.map(\.placed.frame), kind: scene.kind, height: size.height) {
                finding(.info, "lies beyond the control's edge: it appears once the pull passes \(points(pull * 100)) %")
            }
        }
        return findings
    }

    /// A number of points (or percent) as a message writes it: whole, or in e-notation when
    /// an expression made it too large for a whole number.
    static func points(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return String(value) }
        return String(Int(value.rounded()))
    }

    /// The pull (1 = the control's height) from which some frame is in view, for a layer
    /// wholly beyond the edge the pull reveals; nil when it is within the control.
    static func revealingPull(_ frames: [RefreshRect], kind: ComponentKind, height: Double) -> Double? {
        guard height > 0 else { return nil }
        switch kind {
        case .header:
            guard frames.allSatisfy({ $0.maxY <= 0 }), let lowest = frames.map(\.maxY).max() else { return nil }
            return (height - lowest) / height
        case .backFooter:
            guard frames.allSatisfy({ $0.y >= height }), let highest = frames.map(\.y).min() else { return nil }
            return highest / height
        case .autoFooter, .trailer:
            return nil
        }
    }
}
