import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Sees every open of a file or folder inside a tree, by any process (inotify's `IN_OPEN` on
/// every folder of the tree): the canary of the path tests (docs/robustness.md, "Paths"). A
/// path that resolves into the tree, however it was spelled (`../`, absolute, through a link,
/// cut by a NUL), opens something in it and is seen.
public final class OpenWatch {
    private let descriptor: Int32
    private var folders: [Int32: String] = [:]

    /// Watches `root` and every folder below it.
    /// - Parameter root: the tree's top folder.
    public init(tree root: String) throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var pending = [root]
        while let folder = pending.popLast() {
            let watch = inotify_add_watch(descriptor, folder, UInt32(IN_OPEN))
            guard watch >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            folders[watch] = folder
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                var isFolder: ObjCBool = false
                let path = folder + "/" + name
                if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil,
                    FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
                {
                    pending.append(path)
                }
            }
        }
        // Listing the tree opened its folders: not what is watched for.
        _ = opened()
    }

    deinit { close(descriptor) }

    /// The paths opened since the last call (a folder's own open names the folder).
    public func opened() -> [String] {
        var paths: [String] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (watch, length) = buffer.withUnsafeBytes { raw -> (Int32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, Int(event.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let name = String(decoding: buffer[nameStart..<(nameStart + length)].prefix { $0 != 0 }, as: UTF8.self)
                let folder = folders[watch] ?? "?"
                paths.append(name.isEmpty ? folder : folder + "/" + name)
                offset = nameStart + length
            }
        }
        return paths
    }
}
