@_spi(Tools) import RefreshGif

extension MJRefreshComponent {
    /// The control drawn in `state`, pulled `percent`, `time` seconds after the state began:
    /// the scene ``sceneDescription(state:percent:time:)`` gives, made and rendered as the
    /// command line renders it (byte for byte the same picture).
    /// - Throws: ``AppCodeError`` for what cannot be drawn; RefreshGif's errors for a file.
    public func scene(state: MJRefreshState? = nil, percent: Double? = nil, time: Double = 0) throws -> RefreshScene {
        try sceneNamingMisses(state: state, percent: percent, time: time).scene
    }

    /// ``scene(state:percent:time:)``, and what the drawing says (also on standard error): the
    /// resource names that resolved to nothing since the last drawing, each with the folders
    /// searched, and the constraints Auto Layout broke or found ambiguous. What a failing
    /// snapshot's message adds.
    package func sceneNamingMisses(state: MJRefreshState?, percent: Double?, time: Double) throws -> (scene: RefreshScene, notes: [String])
    {
        let description = try sceneDescription(state: state, percent: percent, time: time)
        return (try description.makeScene(), takeNotes())
    }

    /// What the drawing just made says (resource misses, broken or ambiguous constraints),
    /// each said on standard error.
    private func takeNotes() -> [String] {
        let notes = pendingNotes()
        for note in notes { AppWarnings.say(note) }
        return notes
    }

    /// What the drawing just made says, not yet said.
    private func pendingNotes() -> [String] {
        AppResources.takeMisses().map { "the app's resources: " + $0 } + layoutNotes.map { "Auto Layout: " + $0 }
    }

    /// What a gesture played on this control's scene draws at each frame: the frame with the
    /// views the app's code shows at that moment, the code run again for the frame's state,
    /// pull and time. For one gesture: its layers' images are read once (a file the code named
    /// at an earlier frame, the Lottie view's, is not decoded again), each note said once.
    package func restager() -> (RefreshScene) throws -> RefreshScene {
        var images: [String: ImageSequence] = [:]
        var said: Set<String> = []
        return { [self] frame in
            let state = MJRefreshState.allCases.first { $0.refreshState == frame.state } ?? .idle
            let description = try sceneDescription(state: state, percent: frame.pullingPercent, time: frame.time)
            for note in pendingNotes() where said.insert(note).inserted { AppWarnings.say(note) }
            let drawn = try description.makeScene(reusingLayerImages: frame.layerImages.merging(images) { a, _ in a })
            images.merge(drawn.layerImages) { a, _ in a }
            var restaged = frame
            restaged.layers = drawn.layers
            restaged.layerImages = drawn.layerImages
            return restaged
        }
    }
}

/// Where warnings about the app's resources go: standard error, one line each, unless a test
/// collects them.
public enum AppWarnings {
    /// Says `line` on standard error, its control characters escaped (names of the app's
    /// folders and files are quoted in it).
    static func say(_ line: String) {
        FileHandle.standardError.write(Data(("RefreshGifUIKit: warning: " + TerminalText.line(line) + "\n").utf8))
    }
}
