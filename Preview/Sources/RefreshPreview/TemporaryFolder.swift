import RefreshGif

/// A folder of the server's own under the system's temporary folder, registered so that
/// Ctrl-C removes it with everything in it (its files; such folders are flat).
enum TemporaryFolder {
    /// Makes a new folder (mode 0700) and registers it; throws 500 when that fails.
    static func make() throws -> String {
        guard let made = Interruption.makeScratchFolder(prefix: "refresh-preview") else {
            throw PreviewError(status: 500, "cannot create a temporary folder")
        }
        return made
    }

    /// Removes a folder made by ``make()`` and its files.
    static func remove(_ folder: String) {
        Interruption.removeScratchFolder(folder)
    }
}
