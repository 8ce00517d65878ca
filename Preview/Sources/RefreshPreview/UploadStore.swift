import FoundationEssentials
import Glibc
@_spi(Tools) import RefreshGif
import RefreshGifTools
import Synchronization

/// Images dropped on the page: each in a temporary folder of its own that the server made
/// and removes (when replaced, when the server stops, and on Ctrl-C), within a byte budget.
/// A request names one as `upload:ID`; nothing else an upload says is a path.
final class UploadStore: Sendable {
    /// How a request names an upload.
    static let prefix = "upload:"
    /// The most files one upload (a sequence of PNG frames) may hold.
    static let maxFiles = 500

    /// One dropped file or set of PNG frames.
    struct Upload: Sendable {
        var id: Int
        /// The state it was dropped on.
        var state: String
        /// The name of the first file dropped, as the user's system named it (cleaned).
        var name: String
        /// The server's folder holding it.
        var folder: String
        /// The files in the folder.
        var files: [String]
        var bytes: Int

        /// What the scene reads: the file, or the folder of PNG frames.
        var path: String { files.count == 1 ? folder + "/" + files[0] : folder }
        /// How a command line on the user's machine names it: the file, or the PNG frames one
        /// by one as dropped (`a@2x.png,b@2x.png`), so the command runs where the user keeps them.
        var writtenName: String { files.joined(separator: ",") }
    }

    private struct State {
        var next = 1
        var uploads: [Int: Upload] = [:]
        var bytes = 0
    }

    private let state = Mutex(State())
    /// The bytes all uploads together may hold.
    let budget: Int

    init(budget: Int) {
        self.budget = budget
    }

    /// Adds `bytes` named `name` for `state`: a new upload, or one more frame of upload
    /// `appendTo` (a sequence of PNGs). The file is written to a folder of its own first and
    /// `validate` reads it there as a render would (it throws for a broken or oversized
    /// file); only then are older uploads of the same state removed, so a bad drop leaves the
    /// page as it was.
    func add(
        _ bytes: [UInt8], name: String, state stateName: String, appendTo: Int?, validate: (_ path: String) throws -> Void
    ) throws -> Upload {
        let clean = Self.cleanName(name)
        guard !bytes.isEmpty else { throw PreviewError.badRequest("the upload '\(SceneSchema.quoted(name))' is empty") }
        guard bytes.count <= budget else { throw overBudget }
        let staging = try TemporaryFolder.make()
        var kept = false
        defer { if !kept { TemporaryFolder.remove(staging) } }
        do {
            try FileIO.write(bytes, to: staging + "/" + clean)
        } catch {
            throw PreviewError(status: 500, "cannot store the upload: \(ErrorReport.describe(error).message)")
        }
        do {
            try validate(staging + "/" + clean)
        } catch {
            let message = ErrorReport.describe(error).message
                .replacingOccurrences(of: staging + "/" + clean, with: clean).replacingOccurrences(of: staging, with: clean)
            throw PreviewError.badRequest(message.hasPrefix(clean) ? message : clean + ": " + message)
        }
        return try state.withLock { state -> Upload in
            var upload: Upload
            if let appendTo {
                guard let existing = state.uploads[appendTo], existing.state == stateName else {
                    throw PreviewError(status: 404, "no upload \(appendTo) for state '\(SceneSchema.quoted(stateName))'")
                }
                guard existing.files.count < Self.maxFiles else {
                    throw PreviewError(status: 413, "an upload holds at most \(Self.maxFiles) frames")
                }
                guard !existing.files.contains(clean) else {
                    throw PreviewError.badRequest("the upload already holds a file named '\(clean)'")
                }
                guard state.bytes + bytes.count <= budget else { throw overBudget }
                guard rename(staging + "/" + clean, existing.folder + "/" + clean) == 0 else {
                    throw PreviewError(status: 500, "cannot store the upload")
                }
                upload = existing
            } else {
                // A new drop on a state replaces what was dropped there before.
                var freed = 0
                for old in state.uploads.values where old.state == stateName { freed += old.bytes }
                guard state.bytes - freed + bytes.count <= budget else { throw overBudget }
                for (id, old) in state.uploads where old.state == stateName {
                    Self.remove(old)
                    state.bytes -= old.bytes
                    state.uploads[id] = nil
                }
                upload = Upload(id: state.next, state: stateName, name: clean, folder: staging, files: [], bytes: 0)
                state.next += 1
                kept = true
            }
            upload.files.append(clean)
            upload.bytes += bytes.count
            state.bytes += bytes.count
            state.uploads[upload.id] = upload
            return upload
        }
    }

    private var overBudget: PreviewError {
        PreviewError(status: 413, "uploads would hold more than \(budget >> 20) MiB (the server's --max-memory)")
    }

    /// `message` with the server's folders of uploads replaced by the names the user dropped:
    /// no answer shows where the server keeps them.
    func redacted(_ message: String) -> String {
        state.withLock { state in
            var out = message
            for upload in state.uploads.values {
                for file in upload.files { out = out.replacingOccurrences(of: upload.folder + "/" + file, with: file) }
                out = out.replacingOccurrences(of: upload.folder, with: upload.writtenName)
            }
            return out
        }
    }

    /// The file or folder behind `upload:ID`, if it exists.
    func path(for reference: String) -> String? {
        upload(for: reference)?.path
    }

    /// The name a command line uses for `upload:ID`.
    func originalName(for reference: String) -> String? {
        upload(for: reference)?.writtenName
    }

    private func upload(for reference: String) -> Upload? {
        guard reference.hasPrefix(Self.prefix), let id = Int(reference.dropFirst(Self.prefix.count)) else { return nil }
        return state.withLock { $0.uploads[id] }
    }

    /// Whether upload `id` exists and was dropped for `state`.
    func holds(_ id: Int, state stateName: String) -> Bool {
        state.withLock { $0.uploads[id]?.state == stateName }
    }

    /// The bytes held now.
    var bytesHeld: Int { state.withLock { $0.bytes } }

    /// Removes every upload and its folder.
    func removeAll() {
        state.withLock { state in
            for upload in state.uploads.values { Self.remove(upload) }
            state.uploads = [:]
            state.bytes = 0
        }
    }

    private static func remove(_ upload: Upload) {
        TemporaryFolder.remove(upload.folder)
    }

    /// A file name safe to create: letters, digits, `.`, `-`, `_` and `@` (for @2x) kept,
    /// anything else `_`, no leading dot, at most 100 bytes with the extension kept.
    static func cleanName(_ name: String) -> String {
        let last = name.split(separator: "/").last.map(String.init) ?? name
        var out = ""
        for scalar in last.unicodeScalars {
            let keep =
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-_@".unicodeScalars.contains(scalar))
            out.unicodeScalars.append(keep ? scalar : "_")
        }
        while out.hasPrefix(".") { out.removeFirst() }
        if out.utf8.count > 100 {
            let ext = out.split(separator: ".").last.map { "." + $0 } ?? ""
            out = String(out.prefix(100 - min(ext.count, 20))) + String(ext.suffix(20))
        }
        return out.isEmpty ? "upload" : out
    }
}
