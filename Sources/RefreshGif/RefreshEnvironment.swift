/// The environment variables RefreshGif reads, named once, and the check that catches a
/// misspelt one (`REFERSH_RECORD=all` would otherwise record nothing, silently).
package enum RefreshEnvironment {
    /// Every variable the library, its test helpers and `refresh-render` read, with what it does.
    public static let variables: [(name: String, purpose: String)] = [
        ("REFRESH_RECORD", "record mode of snapshot assertions: never, missing, failed or all"),
        ("REFRESH_RECORD_ONLY", "record only the snapshot of this name"),
        ("REFRESH_ARTIFACTS", "folder for actual and diff pictures of failures"),
        ("REFRESH_DIFF_TOOL", "a program that opens golden and actual side by side"),
        ("REFRESH_LOTTIE_WORKER", "the program that draws Lottie files in a process of its own"),
    ]

    /// One warning for each variable of `environment` that is not one of ``variables`` but
    /// within two edits of one (a letter added, dropped, changed or two swapped), naming it.
    /// Other `REFRESH_` variables (a team's own) are left alone.
    /// - Parameter environment: the process's environment.
    /// - Returns: one line per misspelt variable, by name.
    public static func warnings(_ environment: [String: String]) -> [String] {
        let names = variables.map(\.name)
        var out: [String] = []
        for key in environment.keys.sorted() where !names.contains(key) {
            let nearest = names.map { ($0, distance(key, $0)) }.min { $0.1 < $1.1 }
            guard let nearest, nearest.1 <= 2 else { continue }
            out.append("warning: \(key) is not a variable RefreshGif reads; did you mean \(nearest.0)?")
        }
        return out
    }

    /// Edits (insertions, deletions, substitutions, swaps of neighbours) from `a` to `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard !x.isEmpty, !y.isEmpty else { return max(x.count, y.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { table[i][0] = i }
        for j in 0...y.count { table[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[x.count][y.count]
    }
}
