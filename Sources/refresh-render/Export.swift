import ArgumentParser
import FoundationEssentials
import RefreshGif

extension AppExport.Assets: ExpressibleByArgument {}

/// Hands a scene to an iOS app (docs/export.md): its state images as an asset catalog (or
/// plain @2x/@3x files) and the setup code, Swift and Objective-C, that uses them.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the scene's images as Xcode takes them (@2x, @3x) and the app code that sets the control up with them.",
        discussion: """
            The folder gets Refresh.xcassets (one image set a frame; --assets files writes images/NAME@2x.png instead), \
            RefreshSetup.swift, RefreshSetup.h and RefreshSetup.m. Frames are the ones the renderer shows: a GIF's \
            longer frames are listed more than once so UIImageView plays them for their own delays. Each scale is \
            resampled from the sources. The folder must be new, empty or an earlier export's: its files are \
            replaced exactly (recorded in .refresh-export.json), a folder holding anything else is refused (73), \
            and the folder is written whole or not at all. \
            Warnings say what the device will suffer (memory, a header grown past its height, a slow loop).
            """)

    @Option(name: .shortAndLong, help: "The export folder: new, empty, or an earlier export's.")
    var output = "refresh-export"

    @Option(help: "Asset layout: catalog (Refresh.xcassets) or files (images/NAME@2x.png).")
    var assets: AppExport.Assets = .catalog

    @Option(help: "The asset names' first word: NAME_STATE_000.")
    var name = "refresh"

    @Option(help: "The scales written, comma-separated (1, 2, 3).")
    var scales = "2,3"

    @OptionGroup var scene: SceneOptions

    func run() throws {
        try reportingErrors {
            let words = scales.split(separator: ",", omittingEmptySubsequences: false)
            let parsed = words.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard parsed.count == words.count else {
                throw InvalidValue(field: "scales", reason: "1, 2 or 3, each at most once, e.g. 2,3; got '\(scales)'")
            }
            let export = try AppExport(try scene.description(), options: AppExport.Options(prefix: name, scales: parsed, assets: assets))
            // Each warning names its state and file, as `lint` does (two states' loops are two lines).
            for finding in export.findings where finding.severity == .warning {
                Console.error("refresh-render: " + CLIError.line(finding.line) + "\n")
            }
            try export.write(to: output)
            let count = export.assetNames.count
            let code =
                export.setup == nil
                ? "no setup code for this library"
                : export.subclass.map { "\($0.className).swift, .h and .m, RefreshSetup.swift, .h and .m" }
                    ?? (export.setup?.objcImport == nil ? "RefreshSetup.swift" : "RefreshSetup.swift, .h and .m")
            // A font file the labels use ships with the export: the app registers it.
            let fonts =
                export.fonts.isEmpty
                ? ""
                : ", " + export.fonts.map(\.file).joined(separator: ", ") + " (list under UIAppFonts in Info.plist)"
            let strings =
                export.strings.isEmpty
                ? "" : ", \(export.strings.count) strings file\(export.strings.count == 1 ? "" : "s") (add Strings/ to the app target)"
            try Console.line(
                "\(output): \(count) image\(count == 1 ? "" : "s") at @\(parsed.map(String.init).joined(separator: "x, @"))x, \(code)\(fonts)\(strings)"
            )
        }
    }
}
