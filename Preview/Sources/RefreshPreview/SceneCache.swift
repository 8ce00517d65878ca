import FoundationEssentials
@_spi(Tools) import RefreshGif
import Synchronization

/// Scenes with their images loaded, kept for the next request: while the page is dragged
/// only the state, pull and time change, so the files are read and decoded once, not sixty
/// times a second. Emptied when a named file changes on disk; holds a few scenes at most,
/// whose images together stay within the memory budget (the newest is always kept).
final class SceneCache: Sendable {
    private struct Entry {
        var key: String
        var scene: RefreshScene
        /// The pixels its images hold.
        var pixels: Int
    }

    private let entries = Mutex([Entry]())
    /// Held while a scene is loaded.
    private let loading = Mutex(())
    /// Loads that failed, by key (at most 64; emptied with the scenes).
    private let failures = Mutex([String: any Error]())
    private let capacity: Int
    private let budgetPixels: Int

    init(capacity: Int = 4, budgetPixels: Int = .max) {
        self.capacity = capacity
        self.budgetPixels = budgetPixels
    }

    /// The pixels a scene's images, its layers' images and its arrow image hold (an upper bound: frames drawn lazily
    /// count as drawn).
    static func pixels(of scene: RefreshScene) -> Int {
        scene.imagePixels
    }

    /// The scene `description` draws (relative paths from `baseDirectory`), the same as
    /// ``SceneDescription/makeScene(baseDirectory:clock:)`` gives, its images from the cache
    /// when an earlier request loaded them.
    /// ``scene(for:checked:baseDirectory:)`` for a description not read yet (an export's plan).
    func scene(for description: SceneDescription, baseDirectory: String) throws -> RefreshScene {
        try scene(for: description, checked: description.checked(), baseDirectory: baseDirectory)
    }

    /// The scene `description` draws, from a cache of loaded scenes.
    /// - Parameters:
    ///   - description: the request's scene, its uploads resolved to files.
    ///   - checked: the request's scene as it was read and checked (its settings of the moment
    ///     are set on the loaded scene from it: no setting is read twice).
    ///   - baseDirectory: where relative paths start.
    func scene(for description: SceneDescription, checked: CheckedDescription, baseDirectory: String) throws -> RefreshScene {
        var loadedPart = description
        for field in description.schema.fields where field.isMoment { loadedPart[field] = nil }
        let key = loadedPart.jsonText
        let loaded: RefreshScene
        if let hit = lookUp(key) {
            loaded = try hit.get()
        } else {
            // One load at a time: two requests for a scene not loaded yet decode its files
            // once, and the decoders' working memory is never held twice at once. A load that
            // failed is answered again from here until a named file changes.
            loaded = try loading.withLock { _ in
                if let hit = lookUp(key) { return try hit.get() }
                do {
                    let scene = try loadedPart.makeScene(baseDirectory: baseDirectory)
                    let cost = Self.pixels(of: scene)
                    entries.withLock { entries in
                        entries.append(Entry(key: key, scene: scene, pixels: cost))
                        while entries.count > 1,
                            entries.count > capacity || entries.reduce(0, { $0 + $1.pixels }) > budgetPixels
                        {
                            entries.removeFirst()
                        }
                    }
                    return scene
                } catch {
                    failures.withLock { failures in
                        if failures.count >= 64 { failures.removeAll() }
                        failures[key] = error
                    }
                    throw error
                }
            }
        }
        // The state, pull and time cost nothing to apply, and read no file.
        return checked.scene(reusing: loaded)
    }

    /// The loaded scene, or the load's error, for `key`, when known.
    private func lookUp(_ key: String) -> Result<RefreshScene, any Error>? {
        if let hit = entries.withLock({ entries -> RefreshScene? in
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.scene
        }) {
            return .success(hit)
        }
        return failures.withLock { $0[key] }.map { .failure($0) }
    }

    /// The scenes kept.
    var count: Int { entries.withLock { $0.count } }

    /// Forgets every scene (a named file changed).
    func removeAll() {
        entries.withLock { $0.removeAll() }
        failures.withLock { $0.removeAll() }
    }
}
