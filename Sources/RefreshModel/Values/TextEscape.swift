/// Writing text into another language's quoting (a Swift or C literal, HTML, XML): each
/// character written its own way or kept. One walk over the characters for every escaper.
package enum TextEscape {
    /// `text` with each character `table` names replaced by its entry, any other `other` gives
    /// text for written as that, and the rest kept.
    /// - Parameters:
    ///   - text: the text.
    ///   - table: replacements, by character.
    ///   - other: the text for a character the table does not name (a control character's
    ///     escape, or empty to drop it); nil keeps it.
    /// - Returns: the escaped text.
    package static func escaped(
        _ text: String, _ table: [Unicode.Scalar: String], other: (Unicode.Scalar) -> String? = { _ in nil }
    ) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let replacement = table[scalar] ?? other(scalar) { out += replacement } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
