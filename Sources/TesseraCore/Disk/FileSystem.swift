import Foundation

/// The few file-system calls the build needs, as plain functions over paths.
///
/// POSIX calls are used directly where Foundation would be slow or would follow links.
package enum FileSystem {
    /// Identifies a file independent of the path used to reach it.
    struct FileID: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    /// Size, modification time and inode number of a regular file.
    struct Status: Sendable, Hashable {
        var size: Int
        /// Seconds since 1970, with sub-second precision where the file system has it.
        var modified: Double
        /// A file saved under its old name by writing a new file and renaming it over the
        /// old one gets a new inode, even with its size and time kept.
        var inode: UInt64 = 0
        /// When the file last changed in any way (its `ctime`, seconds since 1970), which
        /// no tool can set: a file rewritten in place with its size and time set back has a
        /// later one.
        var changed: Double = 0
    }

    /// The canonical absolute path with every symbolic link resolved, or nil if it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `realPath` of a path given as its bytes with a closing NUL (a name that is not UTF-8
    /// has no `String`), as bytes.
    static func realPath(_ path: [UInt8]) -> [UInt8]? {
        guard
            let resolved = path.withUnsafeBytes({
                Glibc.realpath($0.baseAddress!.assumingMemoryBound(to: CChar.self), nil)
            })
        else { return nil }
        defer { free(resolved) }
        return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }

    /// Like `realPath`, but for a path that may not exist yet: resolves the nearest existing
    /// ancestor and appends the rest.
    static func realPathAllowingMissing(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var head = absolute
        var tail: [String] = []
        while head != "/" {
            if let real = realPath(head) {
                return ([real == "/" ? "" : real] + tail.reversed()).joined(separator: "/")
            }
            tail.append((head as NSString).lastPathComponent)
            head = (head as NSString).deletingLastPathComponent
        }
        return "/" + tail.reversed().joined(separator: "/")
    }

    /// Whether `path` is `folder` or lies inside it (both absolute, as `realPath` gives
    /// them), compared byte for byte: Swift's `==` and `hasPrefix` take `café` written
    /// composed and decomposed, two folders on Linux, for one, so a link to the one passed
    /// for the other.
    static func isWithin(_ path: String, _ folder: String) -> Bool {
        isWithin(Array(path.utf8), Array(folder.utf8))
    }

    /// `isWithin` over paths' bytes (a name that is not UTF-8 has no `String`).
    static func isWithin(_ path: [UInt8], _ folder: [UInt8]) -> Bool {
        let slash = UInt8(ascii: "/")
        if folder == [slash] { return path.first == slash }
        return path.starts(with: folder) && (path.count == folder.count || path[folder.count] == slash)
    }

    /// Whether two paths are the same bytes (see `isWithin`).
    static func isSamePath(_ one: String, _ other: String) -> Bool { one.utf8.elementsEqual(other.utf8) }

    package static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    static func isSymbolicLink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// Whether `path` is a symbolic link, or why it cannot be looked at (`lstat` failed:
    /// permission to its folder, a damaged inode, a path too long).
    static func linkStatus(_ path: String) -> Result<Bool, Failure> {
        var st = stat()
        guard lstat(path, &st) == 0 else { return .failure(.last) }
        return .success((st.st_mode & S_IFMT) == S_IFLNK)
    }

    /// Whether the folder at `path` may be entered (its files opened), not only listed: a
    /// folder with read permission and no execute permission lists its names, and none of
    /// them opens.
    static func canEnter(_ path: String) -> Result<Void, Failure> {
        // A name looked up inside it, as opening a photo there would: `access` would ask
        // about the real user, not the one files are opened as.
        var st = stat()
        return stat(path + "/.", &st) == 0 ? .success(()) : .failure(.last)
    }

    package static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    static func fileID(_ path: String) -> FileID? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileID(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }

    /// Size and modification time, or nil when the path is not a regular file.
    static func regularFileStatus(_ path: String) -> Status? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        let modified = Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9
        let changed = Double(st.st_ctim.tv_sec) + Double(st.st_ctim.tv_nsec) / 1e9
        return Status(size: Int(st.st_size), modified: modified, inode: UInt64(st.st_ino), changed: changed)
    }

    /// One name in a folder. A Linux file name is bytes, not text: `name` shows it with
    /// invalid UTF-8 replaced by U+FFFD, and `isValidUTF8` says whether `name` still
    /// opens the file.
    struct Entry: Sendable, Hashable {
        var name: String
        var isValidUTF8: Bool
    }

    /// Names in a folder (no `.` or `..`), unsorted; empty if unreadable.
    static func entries(of directory: String) -> [String] {
        namedEntries(of: directory).map(\.name)
    }

    /// Names in a folder (no `.` or `..`), unsorted, each with whether it is valid UTF-8;
    /// empty if unreadable.
    static func namedEntries(of directory: String) -> [Entry] {
        (try? listing(of: directory).get()) ?? []
    }

    /// Creates a folder and any missing parents; returns why it failed in the system's
    /// words ("Not a directory", "Permission denied"), or nil on success.
    static func makeFolders(_ path: String) -> String? {
        if isDirectory(path) { return nil }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, let failure = makeFolders(parent) { return failure }
        if mkdir(path, 0o755) == 0 || (errno == EEXIST && isDirectory(path)) { return nil }
        return String(cString: strerror(errno == EEXIST ? ENOTDIR : errno))
    }

    /// Up to `count` bytes from the start of a file, or nil if it cannot be opened.
    static func readPrefix(_ path: String, count: Int) -> [UInt8]? {
        try? readHead(path, count: count).get()
    }
}
