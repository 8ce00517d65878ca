import ArgumentParser
import FoundationEssentials
@_spi(Tools) import RefreshGif

/// Checks state images the way the control will show them (docs/images.md, "Checking images").
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check state images as the control will show them: height, @2x/@3x naming, frame rate, sizes, GIF and Lottie contents.",
        discussion: "One line per finding (info or warning); exit 0 when there is no warning, 1 when there is.")

    @OptionGroup var scene: SceneOptions

    @Flag(help: "Print one JSON object per finding instead of text.")
    var json = false

    func run() throws {
        var warned = false
        try reportingErrors {
            let findings = try AssetLint.check(try scene.description())
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            for finding in findings {
                if json {
                    try Console.line(String(decoding: try encoder.encode(finding), as: UTF8.self))
                } else {
                    try Console.line(CLIError.terminalSafe(finding.line))
                }
            }
            warned = findings.contains { $0.severity == .warning }
        }
        if warned { throw ExitCode(1) }
    }
}
