#if canImport(Glibc)
    import Glibc
#endif

/// Where a path really leads, every symbolic link and `..` followed: what containment checks
/// compare, so a link inside a folder cannot smuggle in a file from outside it.
package enum ResolvedPath {
    /// The absolute path `path` names once links are followed, or nil when it does not exist.
    package static func of(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` exists and leads to somewhere inside `folder` (both resolved).
    package static func lies(_ path: String, inside folder: String) -> Bool {
        guard let real = of(path), let base = of(folder) else { return false }
        return real.hasPrefix(base == "/" ? "/" : base + "/")
    }
}
