// The tool the RefreshAppCode plugin runs on each of an app's files: reads INPUT, writes what
// AppSourceRewriter makes of it to OUTPUT (docs/app-code.md). Exit 66 for an input it cannot
// read, 73 for an output it cannot write, 64 for a wrong call: one line on standard error.
import AppCodeImport
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: refresh-app-import INPUT.swift OUTPUT.swift\n".utf8))
    exit(64)
}
let (input, output) = (arguments[1], arguments[2])
guard let data = FileManager.default.contents(atPath: input), let source = String(data: data, encoding: .utf8) else {
    FileHandle.standardError.write(Data("refresh-app-import: \(input): cannot be read as UTF-8 text\n".utf8))
    exit(66)
}
do {
    try Data(AppSourceRewriter.rewrite(source, path: input).utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("refresh-app-import: \(output): cannot be written (\(error.localizedDescription))\n".utf8))
    exit(73)
}
