import CFreeType
import RefreshModel

/// A font file's own names, as an app asks for the font: `UIFont(name:size:)` takes the
/// PostScript name (`DejaVuSerif-Bold`), not the file's name (docs/export.md, "Fonts").
package enum FontNames {
    /// The PostScript name of the face at `location`.
    /// - Parameter location: a font file and the face's index in it.
    /// - Returns: the name; nil when the file is no font FreeType reads, or names none.
    public static func postScriptName(of location: FontLocation) -> String? {
        guard let library = try? FreeTypeLibrary() else { return nil }
        var face: FT_Face?
        guard FT_New_Face(library.handle, location.path, FT_Long(location.index), &face) == 0, let face else { return nil }
        defer { FT_Done_Face(face) }
        guard let name = FT_Get_Postscript_Name(face) else { return nil }
        let text = String(cString: name)
        return text.isEmpty ? nil : text
    }
}
