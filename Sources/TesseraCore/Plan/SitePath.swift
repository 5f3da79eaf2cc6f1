/// Joining site-relative paths.
enum SitePath {
    /// Joins a folder (`""` for the root) and a name with `/`.
    static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder + "/" + name
    }

    /// The folder part of a site-relative file path (`""` for files at the root).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}
