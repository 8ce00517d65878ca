import FoundationEssentials
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
    /// them. Outputs that do not exist yet cannot be inputs.
    package static func check(outputs: [String], inputs: [String]) throws {
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

    /// The frame files `frame_0001.png` … a folder output of `count` frames will hold.
    package static func frameFiles(in folder: String, count: Int) -> [String] {
        (0..<max(0, count)).map { folder + "/" + frameFileName($0 + 1) } + [folder]
    }

    /// The name of frame `number` (from 1) in a frame folder: `frame_0001.png`.
    package static func frameFileName(_ number: Int) -> String {
        "frame_" + CFormat.zeroPadded(number, 4) + ".png"
    }
}
