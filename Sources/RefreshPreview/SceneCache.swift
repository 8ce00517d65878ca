import FoundationEssentials
import RefreshGif
import RefreshImage

/// Scenes with their images loaded, kept for the next request: while the page is dragged
/// only the state, pull and time change, so the files are read and decoded once, not sixty
/// times a second. Emptied when a named file changes on disk; holds a few scenes at most.
final class SceneCache: Sendable {
    private struct Entry {
        var key: String
        var scene: RefreshScene
    }

    private let entries = Locked([Entry]())
    private let capacity: Int

    init(capacity: Int = 4) {
        self.capacity = capacity
    }

    /// The scene `description` draws (relative paths from `baseDirectory`), the same as
    /// ``SceneDescription/makeScene(baseDirectory:clock:)`` gives, its images from the cache
    /// when an earlier request loaded them.
    func scene(for description: SceneDescription, baseDirectory: String) throws -> RefreshScene {
        var loadedPart = description
        for key in [SceneKey.state, .percent, .time] { loadedPart[key] = nil }
        let key = loadedPart.jsonText
        let loaded: RefreshScene
        if let hit = entries.withLock({ entries -> RefreshScene? in
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.scene
        }) {
            loaded = hit
        } else {
            // Checked first: a bad value is reported as the command line reports it.
            try description.validate()
            loaded = try loadedPart.makeScene(baseDirectory: baseDirectory)
            entries.withLock { entries in
                entries.append(Entry(key: key, scene: loaded))
                if entries.count > capacity { entries.removeFirst() }
            }
        }
        // The rest of the settings cost nothing to apply: everything but the files.
        var light = description
        light[.images] = nil
        light[.font] = nil
        var scene = try light.makeScene(baseDirectory: baseDirectory, clock: { loaded.now })
        scene.images = loaded.images
        scene.font = loaded.font
        return scene
    }

    /// Forgets every scene (a named file changed).
    func removeAll() {
        entries.withLock { $0.removeAll() }
    }
}
