import FoundationEssentials
import ImageCodecs
@_spi(Tools) import RefreshFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Refuses outputs that would replace an input of the same command, comparing files by
/// device and inode (so another spelling, a symlink or a hard link is caught), and inputs
/// that are folders by every file in them.
package enum OutputGuard {
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    static func identity(_ path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The files an input stands for: itself, and for a folder every entry in it.
    static func files(of input: String) -> [String] {
        guard FileIO.isDirectory(input) else { return [input] }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: input)) ?? []
        return [input] + entries.map { input + "/" + $0 }
    }

    /// Throws ``RefreshGifError/outputIsInput(output:input:)`` when any of `outputs` (files the
    /// command will write, or folders it writes into) is one of `inputs` or a file in one of
    /// them (outputs that do not exist yet cannot be inputs), and
    /// ``RefreshGifError/outputsCollide(first:second:)`` when two outputs are one file: the
    /// same path however spelled, the same file through a link, or both standard output.
    /// Devices (`/dev/null`) may be named twice.
    package static func check(outputs: [String], inputs: [String]) throws {
        var seen: [String: String] = [:]
        for output in outputs {
            if isDevice(output) { continue }
            let key = output == "-" ? "-" : canonical(output)
            if let earlier = seen[key] { throw RefreshGifError.outputsCollide(first: earlier, second: output) }
            seen[key] = output
        }
        var known: [Identity: String] = [:]
        for input in inputs {
            for file in files(of: input) {
                if let id = identity(file), known[id] == nil { known[id] = file }
            }
        }
        for output in outputs where output != "-" {
            if let id = identity(output), let input = known[id] {
                throw RefreshGifError.outputIsInput(output: output, input: input)
            }
        }
    }

    static func isDevice(_ path: String) -> Bool {
        var info = stat()
        guard path != "-", stat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFCHR
    }

    /// One spelling per file: the folder resolved (links, `.`, `..`) when it exists, the
    /// path cleaned by hand when it does not; a file that exists resolved whole.
    package static func canonical(_ path: String) -> String {
        if let whole = ResolvedPath.of(path) { return whole }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        guard let name = parts.popLast() else { return "/" }
        let folder = "/" + parts.joined(separator: "/")
        return (ResolvedPath.of(folder) ?? folder) + "/" + name
    }

    /// The frame files `frame_0001.png` … a folder output of `count` frames will hold.
    package static func frameFiles(in folder: String, count: Int) -> [String] {
        (0..<max(0, count)).map { folder + "/" + frameFileName($0 + 1) } + [folder]
    }

    /// The name of frame `number` (from 1) in a frame folder: `frame_0001.png`.
    package static func frameFileName(_ number: Int) -> String {
        "frame_" + CFormat.zeroPadded(number, 4) + ".png"
    }
}
