/// The docs' tables of declarations (settings in docs/settings.md, layer properties in
/// docs/layers.md), written one way: a header, a rule, a row a declaration, `|` in a cell escaped.
package enum MarkdownTable {
    /// The table.
    /// - Parameters:
    ///   - header: the column titles.
    ///   - rows: one array of cells a row, as many as the header.
    /// - Returns: the Markdown, ending with a line end.
    package static func write(header: [String], rows: [[String]]) -> String {
        func line(_ cells: [String]) -> String {
            "| "
                + cells.map { $0.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }.joined(separator: " | ")
                + " |"
        }
        let rule = "|" + header.map { _ in "---|" }.joined()
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}
