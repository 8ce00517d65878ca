import FoundationEssentials
import Glibc
import RefreshGif

/// A folder of the server's own under the system's temporary folder, registered so that
/// Ctrl-C removes it with everything in it (its files; such folders are flat).
enum TemporaryFolder {
    /// Makes a new folder (mode 0700) and registers it; throws 500 when that fails.
    static func make() throws -> String {
        var template = Array((FileManager.default.temporaryDirectory.path + "/refresh-preview-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, let result = mkdtemp(base) else { return nil }
            return String(cString: result)
        }
        guard let made else { throw PreviewError(status: 500, "cannot create a temporary folder") }
        Temporaries.registerFolder(made)
        return made
    }

    /// Removes a folder made by ``make()`` and its files.
    static func remove(_ folder: String) {
        Temporaries.removeFolder(folder)
        Temporaries.unregisterFolder(folder)
    }
}
