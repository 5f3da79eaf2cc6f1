import Glibc

/// The folder the server serves, and the rule that nothing outside it is ever opened.
///
/// A request's segments are joined below the root and resolved with `realpath`, so a
/// symbolic link is followed only when where it leads is still inside the root; names
/// the caller refuses (dot-files, the build manifest, temporary files) are refused both
/// as asked for and as resolved.
struct ServedFolder: Sendable {
    /// The root, already resolved (no symbolic links, no trailing slash).
    let root: String
    let refusesName: @Sendable (String) -> Bool

    enum Lookup: Equatable {
        case file(path: String)
        /// A folder asked for without its trailing slash: redirect so relative links work.
        case folderWithoutSlash
        case notFound
    }

    func lookup(_ request: RequestPath) -> Lookup {
        guard !request.segments.contains(where: refusesName) else { return .notFound }
        let candidate = ([root] + request.segments).joined(separator: "/")
        guard let resolved = resolveInside(candidate), let kind = fileKind(resolved) else { return .notFound }
        switch kind {
        case .regular:
            return request.namesFolder ? .notFound : .file(path: resolved)
        case .folder:
            if !request.namesFolder && !request.segments.isEmpty { return .folderWithoutSlash }
            guard let index = resolveInside(resolved + "/index.html"), fileKind(index) == .regular else {
                return .notFound
            }
            return .file(path: index)
        }
    }

    /// The real path of `path` if it exists, lies inside the root, and none of its names
    /// below the root is refused.
    private func resolveInside(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        let resolved = String(cString: pointer)
        guard FolderPath.contains(root, resolved) else { return nil }
        let prefix = root == "/" ? 0 : root.utf8.count
        let below = String(decoding: resolved.utf8.dropFirst(prefix), as: UTF8.self).split(separator: "/").map(
            String.init)
        return below.contains(where: refusesName) ? nil : resolved
    }

    private enum Kind { case regular, folder }

    private func fileKind(_ path: String) -> Kind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .folder
        default: return nil
        }
    }
}
