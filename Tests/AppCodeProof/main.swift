// Runs the generated setup function on a stand-in scroll view and prints what it set.
import Foundation

enum ProofRun {
    /// The date the last-updated block is asked about: the first argument, seconds since 1970.
    static var lastUpdated: Date? {
        CommandLine.arguments.dropFirst().first.flatMap(Double.init).map { Date(timeIntervalSince1970: $0) }
    }
}

_ = installRefreshControl(on: UIScrollView(), refreshing: {})
Record.write()
