import Glibc

/// Finding RefreshGif's programs the way `git` finds `git-foo`: beside the running program
/// first (a build folder, or the `bin/` they were installed into together), then on the `PATH`.
/// The Lottie worker (`refresh-render`) and the preview server (`refresh-render-preview`) are
/// found so.
package enum Programs {
    /// The running program's path, from `/proc/self/exe`; nil where that cannot be read.
    public static var current: String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let length = readlink("/proc/self/exe", &buffer, 4096)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The executable file `name` beside the running program, else the first on the `PATH`.
    /// - Parameter name: a program's file name, without a folder.
    /// - Returns: its path, or nil when neither place has it.
    public static func find(_ name: String) -> String? {
        var folders: [String] = []
        if let me = current, let slash = me.lastIndex(of: "/") { folders.append(String(me[..<slash])) }
        folders += (getenv("PATH").map { String(cString: $0) } ?? "").split(separator: ":").map(String.init)
        return folders.lazy.map { $0 + "/" + name }.first { access($0, X_OK) == 0 }
    }
}
