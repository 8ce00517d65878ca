import CFreeType
import FoundationEssentials
import RefreshModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which font files the default text is drawn with, as a record kept beside golden images:
/// when a snapshot fails on a machine whose faces differ from the recorded ones, the failure
/// can say so instead of reporting thousands of anonymous pixels (docs/fonts.md).
package struct FontFingerprint: Codable, Equatable, Sendable {
    /// One default face.
    public struct Face: Codable, Equatable, Sendable, CustomStringConvertible {
        /// What it draws: `primary`, `chinese` or `korean`.
        public var role: String
        /// The font file's name (not its folder, which differs between systems).
        public var file: String
        /// The face's index in a collection.
        public var index: Int
        /// The file's size in bytes.
        public var bytes: Int
        /// The font's own revision (the `head` table), e.g. `4.000`.
        public var revision: String

        /// `Inter-SemiBold.otf#0 (revision 4.000, 324820 bytes)`.
        public var description: String { "\(file)#\(index) (revision \(revision), \(bytes) bytes)" }
    }

    /// The faces, in role order; a role with no installed face is absent.
    public var faces: [Face]

    /// A fingerprint from its faces.
    /// - Parameter faces: the faces, by role.
    public init(faces: [Face]) {
        self.faces = faces
    }

    /// The default faces installed here.
    /// - Returns: the fingerprint of the faces installed now.
    public static func installed() -> FontFingerprint {
        let library = try? FreeTypeLibrary()
        return FontFingerprint(
            faces: FontResolver.defaultFaces().compactMap { role, location in
                guard let location else { return nil }
                var info = stat()
                let bytes = stat(location.path, &info) == 0 ? Int(info.st_size) : 0
                return Face(
                    role: role, file: URL(fileURLWithPath: location.path).lastPathComponent, index: location.index,
                    bytes: bytes, revision: library.map { revision(of: location, in: $0) } ?? "?")
            })
    }

    /// One line per role whose face differs between `self` (recorded) and `other` (installed).
    /// - Parameter other: the faces installed now.
    /// - Returns: one line per role that differs; empty when none does.
    public func differences(from other: FontFingerprint) -> [String] {
        let roles = (faces.map(\.role) + other.faces.map(\.role)).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return roles.compactMap { role in
            let recorded = faces.first { $0.role == role }, installed = other.faces.first { $0.role == role }
            guard recorded != installed else { return nil }
            return "\(role): recorded \(recorded?.description ?? "none"), installed \(installed?.description ?? "none")"
        }
    }

    private static func revision(of location: FontLocation, in library: FreeTypeLibrary) -> String {
        var face: FT_Face?
        guard FT_New_Face(library.handle, location.path, FT_Long(location.index), &face) == 0, let face else { return "?" }
        defer { FT_Done_Face(face) }
        guard let table = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD) else { return "?" }
        let fixed = table.assumingMemoryBound(to: TT_Header.self).pointee.Font_Revision
        return CFormat.fixed(Double(fixed) / 65536, 3)
    }
}
