/// The one rule for a name read from an input file or a setting that becomes a file's name or a
/// line on the terminal (docs/robustness.md, "Names from input files"): a font's PostScript name,
/// an image set's name, a strings table's name. A name is one path component — no `/`, no `\`,
/// not `.` or `..`, no NUL and no control character, not empty, at most 200 bytes of UTF-8
/// (room for a suffix within the 255 a file name may have) — or it is refused with the reason.
package enum FileName {
    /// The longest name taken, in bytes of UTF-8.
    public static let maxBytes = 200

    /// What is wrong with `name` as one file name; nil for a good one.
    /// - Parameter name: the name as read.
    /// - Returns: the reason, quoting the name with its control characters escaped.
    public static func problem(_ name: String) -> String? {
        let quoted = "'" + SceneRead.quoted(name) + "'"
        if name.isEmpty { return "is empty" }
        if name == "." || name == ".." { return "\(quoted) names a folder, not a file" }
        if name.utf8.count > maxBytes { return "\(quoted) is longer than \(maxBytes) bytes" }
        if name.contains("/") || name.contains("\\") { return "\(quoted) holds a path separator" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            return "\(quoted) holds a control character"
        }
        return nil
    }

    /// `name`, checked.
    /// - Parameters:
    ///   - name: the name as read.
    ///   - field: what the name is (`i18nFilename`, `the font's PostScript name`), for the error.
    /// - Returns: the name.
    /// - Throws: ``InvalidValue`` naming `field`.
    @discardableResult
    public static func checked(_ name: String, field: String) throws -> String {
        if let problem = problem(name) { throw InvalidValue(field: field, reason: "a file name: \(problem)") }
        return name
    }
}
