/// Paths compared as the bytes the file system knows them by: Swift's `==` and `hasPrefix`
/// take `café` written composed and decomposed, two folders on Linux, for one, so a link to
/// a sibling spelt the other way passed for the served folder itself.
enum FolderPath {
    /// Whether `path` is `folder` or lies inside it (both absolute real paths).
    static func contains(_ folder: String, _ path: String) -> Bool {
        let path = Array(path.utf8)
        let folder = Array(folder.utf8)
        let slash = UInt8(ascii: "/")
        if folder == [slash] { return path.first == slash }
        return path.starts(with: folder) && (path.count == folder.count || path[folder.count] == slash)
    }
}
