import RefreshGif

extension MJRefreshComponent {
    /// The control drawn in `state`, pulled `percent`, `time` seconds after the state began:
    /// the scene ``sceneDescription(state:percent:time:)`` gives, made and rendered as the
    /// command line renders it (byte for byte the same picture).
    /// - Throws: ``AppCodeError`` for what cannot be drawn; RefreshGif's errors for a file.
    public func scene(state: MJRefreshState? = nil, percent: Double? = nil, time: Double = 0) throws -> RefreshScene {
        let description = try sceneDescription(state: state, percent: percent, time: time)
        // A resource name that resolved to nothing is said, with the folders searched.
        for miss in AppResources.takeMisses() { AppWarnings.say(miss) }
        return try description.makeScene()
    }
}

/// Where warnings about the app's resources go: standard error, one line each, unless a test
/// collects them.
public enum AppWarnings {
    /// Says `line` on standard error.
    static func say(_ line: String) {
        FileHandle.standardError.write(Data(("RefreshGifUIKit: warning: " + line + "\n").utf8))
    }
}
