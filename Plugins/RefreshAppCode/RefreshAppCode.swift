import Foundation
import PackagePlugin

/// Compiles an app's refresh files as they are — their `import UIKit` and `import MJRefresh`,
/// `@objc` and `#selector` included — into the Linux test target that uses this plugin
/// (docs/app-code.md, "Compiling the app's files as they are"). The target names the files once,
/// in `refresh-app-files.txt` in its folder: one path a line, relative to that folder (a folder
/// stands for every `.swift` file under it; `#` starts a comment). Each file is rewritten by
/// `refresh-app-import` into the plugin's work folder and compiled there; the app's files and
/// its iOS target are never touched.
@main
struct RefreshAppCode: BuildToolPlugin {
    /// The list's name, in the test target's folder.
    static let listName = "refresh-app-files.txt"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let folder = target.directoryURL
        let list = folder.appending(path: Self.listName)
        guard let text = try? String(contentsOf: list, encoding: .utf8) else {
            Diagnostics.error("\(list.path): no list of the app's files (one path a line, relative to this folder)")
            return []
        }
        let tool = try context.tool(named: "refresh-app-import")
        var files: [URL] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let entry = line.trimmingCharacters(in: .whitespaces)
            guard !entry.isEmpty else { continue }
            let url = entry.hasPrefix("/") ? URL(fileURLWithPath: entry) : folder.appending(path: entry).standardizedFileURL
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                Diagnostics.error("\(list.path):\(number + 1): \(entry): no such file or folder")
                continue
            }
            if isFolder.boolValue {
                let found = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
                files += found.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
            } else {
                files.append(url)
            }
        }
        // One output a file, named by its place in the list so that two files of one name do not clash.
        return files.enumerated().map { index, input in
            let output = context.pluginWorkDirectoryURL.appending(path: "App\(index + 1)-\(input.lastPathComponent)")
            return .buildCommand(
                displayName: "Compiling the app's \(input.lastPathComponent) as it is",
                executable: tool.url, arguments: [input.path, output.path],
                inputFiles: [input, list], outputFiles: [output])
        }
    }
}
