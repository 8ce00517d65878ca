import RefreshGif
import RefreshGifUIKit

// Snapshot strategies for an app's own refresh control, configured by its code through
// RefreshGifUIKit (docs/app-code.md): the control becomes the scene the command line would
// build, and the scene strategies draw it.

extension Snapshotting where Value: MJRefreshComponent, Format == RGBAImage {
    /// The control in `state`, pulled `percent`, `time` seconds after the state began,
    /// compared exactly (or within `threshold`, as ``scene(threshold:includeAA:maxDiffPixels:maxDiffRatio:)``).
    /// - Parameters:
    ///   - state: the state drawn.
    ///   - percent: how far it is pulled (0 … 1 and past it).
    ///   - time: seconds since the state began (looping images, the spinner).
    ///   - threshold: how different two pixels may be and still match, 0 (exact) to 1.
    /// - Returns: the strategy.
    public static func state(_ state: MJRefreshState, percent: Double = 0, time: Double = 0, threshold: Double = 0) -> Snapshotting {
        Snapshotting<RefreshScene, RGBAImage>.scene(threshold: threshold).pullback { control in
            try control.noted(state: state, percent: percent, time: time)
        }
    }
}

extension Snapshotting where Value: MJRefreshComponent, Format == FrameGrid {
    /// The control through a whole gesture (a gesture file's path: pull, release, refresh,
    /// end), every frame compared; the golden is one PNG grid.
    /// - Parameters:
    ///   - path: a gesture file (`gestures/header-pull-release.json`); its `control` is left
    ///     out: the control is the app's.
    ///   - fps: frames per second.
    ///   - showContent: draw the list the control sits on.
    ///   - columns: frames per row of the golden's grid.
    /// - Returns: the strategy.
    public static func gesture(_ path: String, fps: Int = 30, showContent: Bool = true, columns: Int = 8) -> Snapshotting {
        Snapshotting<RefreshAnimation, FrameGrid>.frames(columns: columns).pullback { control in
            let file = try GestureFile.read(path)
            // The app's code runs again for each frame: views it moves, lays out or animates by the
            // pull and the time are drawn as they are at that frame.
            return try RefreshAnimation.gesture(
                file.gesture, scene: try control.noted(), fps: fps, showContent: showContent, restage: control.restager())
        }
    }
}

extension MJRefreshComponent {
    /// The control's scene, what its drawing said (resource misses, broken constraints) added to the snapshot's failure message.
    fileprivate func noted(state: MJRefreshState? = nil, percent: Double? = nil, time: Double = 0) throws -> RefreshScene {
        let (scene, notes) = try sceneNamingMisses(state: state, percent: percent, time: time)
        SnapshotNotes.add(notes)
        return scene
    }
}
