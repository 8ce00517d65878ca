import Foundation
import RefreshGif
import RefreshGifTestSupport
import Testing

/// docs/coverage.md against the names extracted from the three libraries' sources.
@Suite("Coverage table of the libraries' public API")
struct CoverageTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: Support.root.appendingPathComponent(path).path, encoding: .utf8)
    }

    /// The table's rows: name, what expresses it, the note.
    static func rows() throws -> [(name: String, expressedBy: String, note: String)] {
        try read("docs/coverage.md").split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 5, cells[1].hasPrefix("`") else { return nil }
            return (String(cells[1].dropFirst().dropLast()), cells[2], cells[3])
        }
    }

    @Test("every extracted name has one row, and every row is an extracted name")
    func namesMatch() throws {
        let extracted = try Self.read("docs/coverage-names.txt").split(separator: "\n").map { String($0.split(separator: "\t")[1]) }
        let names = try Self.rows().map(\.name)
        #expect(Set(names).count == names.count, "a name has two rows")
        #expect(Set(extracted).subtracting(names).isEmpty, "no row for \(Set(extracted).subtracting(names).sorted())")
        #expect(Set(names).subtracting(extracted).isEmpty, "not in the libraries: \(Set(names).subtracting(extracted).sorted())")
        #expect(extracted.count > 150)
    }

    @Test("every option the table names is a setting, every event one the gesture files take")
    func optionsExist() throws {
        let events = Set(RefreshStateMachine.Event.allCases.map(\.rawValue))
        for row in try Self.rows() {
            for match in row.expressedBy.matches(of: /--([a-z0-9-]+)/) {
                #expect(SceneSchema.standard.field(option: String(match.1)) != nil, "\(row.name): --\(match.1) is no setting")
            }
            for match in row.expressedBy.matches(of: /event `(\w+)`/) {
                #expect(events.contains(String(match.1)), "\(row.name): no event \(match.1)")
            }
            let explained = ["not", "drawn", "the control", "placed", "measured"].contains { row.note.contains($0) }
            #expect(row.expressedBy != "–" || explained, "\(row.name) says neither how nor why not")
        }
    }
}
