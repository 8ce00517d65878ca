import FoundationEssentials
@_spi(Tools) import RefreshFiles
import RefreshModel

extension SceneDescription {
    /// Reads a scene file: a JSON object of settings by their JSON keys (the keys snapshot
    /// cases use) and the control's `layers` (docs/layers.md). Relative paths in it are taken
    /// from the file's folder and given back resolved, so the description can be merged with
    /// settings from elsewhere (the command line's, which win) and drawn from any folder.
    /// - Parameter path: the scene file (at most 64 MiB).
    /// - Throws: ``RefreshGifError`` naming the file and the JSON path.
    public init(contentsOfFile path: String) throws {
        let read = try JSONInput.read(SceneDescription.self, from: path)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            self = try read.resolvingFiles(from: folder)
        } catch let error as InvalidValue {
            throw RefreshGifError.badInput(file: path, message: "$.\(error.field): \(error.reason)")
        }
    }

    /// This description with every relative path it names (settings' files and the layers')
    /// taken from `folder`.
    /// - Parameter folder: where the paths start.
    /// - Returns: the description, its paths from the working directory or absolute.
    /// - Throws: ``InvalidValue`` for a value that cannot be rewritten.
    public func resolvingFiles(from folder: String) throws -> SceneDescription {
        try replacingFiles { Self.resolve($0, from: folder) }
    }
}
