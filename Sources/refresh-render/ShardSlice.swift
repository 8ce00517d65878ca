import ArgumentParser

/// `--shard K/N`: slice K of N (1-based) of a cases file, for CI matrices.
struct ShardSlice: ExpressibleByArgument, Hashable, CustomStringConvertible {
    /// Which slice (1...count) and how many there are.
    var index: Int
    var count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else {
            return nil
        }
        self.index = index
        self.count = count
    }

    var description: String { "\(index)/\(count)" }
    var defaultValueDescription: String { description }

    /// The slices of `count` missing from `present`, in order: what a merge lacks.
    static func missing(of count: Int, present: Set<Int>) -> [String] {
        (1...count).filter { !present.contains($0) }.map { "\($0)/\(count)" }
    }
}
