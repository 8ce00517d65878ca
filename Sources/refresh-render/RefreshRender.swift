import ArgumentParser
import Foundation
import RefreshGif

/// `refresh-render`: draws MJRefresh pull-to-refresh controls headlessly as PNG frames.
@main
struct RefreshRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh-render",
        abstract: "Draw MJRefresh pull-to-refresh controls as PNG frames, without a simulator.",
        discussion: """
            Exit codes: 0 success, 1 a diff beyond tolerance, 64 usage, 65 bad input data, \
            66 input missing or unreadable, 70 internal error, 73 output cannot be created, \
            74 I/O error while writing.
            """,
        subcommands: [Render.self, Extract.self, Info.self, GalleryCommand.self, Diff.self, Snapshot.self, Simulate.self, Sequence.self],
        defaultSubcommand: Render.self)
}
