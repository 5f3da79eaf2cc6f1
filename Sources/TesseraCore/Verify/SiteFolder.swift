import Foundation

/// A site on disk: a build's output folder or a copy of it made for publishing.
///
/// Listed with `lstat`, so a symbolic link is seen as one: a link that stays inside the
/// folder is followed as a web server would, one leading out is a problem. A git working
/// copy's `.git` at the root (a `gh-pages` checkout) is not part of what git publishes and
/// is passed over.
struct SiteFolder: PublishedSite {
    let root: URL
    var name: String
    var servedURL: String? { nil }

    init(root: URL, name: String) {
        self.root = root
        self.name = name
    }

    /// The file's path as the bytes the file system knows it by, with a closing NUL for
    /// the system calls: a name that is not UTF-8 (a file copied in from elsewhere) made a
    /// lossy text path that named no file.
    func absolute(_ path: PublishedPath) -> [UInt8] {
        Array(root.path.utf8) + (path.bytes.isEmpty ? [] : [UInt8(ascii: "/")] + path.bytes) + [0]
    }

    func inventory() -> SiteInventory? {
        var inventory = SiteInventory()
        let rootReal = FileSystem.realPath(Array(root.path.utf8) + [0]) ?? Array(root.path.utf8)
        // By bytes: a set of strings holds `café` composed and decomposed for one folder.
        var visited: Set<[UInt8]> = [rootReal]
        var pending: [PublishedPath] = [PublishedPath(bytes: [])]
        while let folder = pending.popLast() {
            let names: [[UInt8]]
            switch FileSystem.rawListing(of: Array(absolute(folder).dropLast())) {
            case .success(let listed): names = listed
            case .failure(let failure):
                inventory.unreadable.append((folder, "cannot list the folder: \(failure)"))
                continue
            }
            for name in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                let path = PublishedPath(bytes: folder.bytes.isEmpty ? name : folder.bytes + [UInt8(ascii: "/")] + name)
                if folder.bytes.isEmpty, name == Array(".git".utf8) {
                    inventory.notPublished.append(path)
                    continue
                }
                let full = absolute(path)
                var status = stat()
                guard Self.withPath(full, { lstat($0, &status) }) == 0 else {
                    inventory.unreadable.append((path, String(cString: strerror(errno))))
                    continue
                }
                var mode = status.st_mode & S_IFMT
                if mode == S_IFLNK {
                    guard let real = FileSystem.realPath(full) else {
                        inventory.unreadable.append((path, "a broken symbolic link"))
                        continue
                    }
                    guard FileSystem.isWithin(real, rootReal) else {
                        inventory.linksOut.append((path, String(decoding: real, as: UTF8.self)))
                        continue
                    }
                    guard Self.withPath(full, { stat($0, &status) }) == 0 else { continue }
                    mode = status.st_mode & S_IFMT
                    if mode == S_IFDIR {
                        guard visited.insert(real).inserted else { continue }
                    }
                }
                if mode == S_IFDIR {
                    inventory.folders.insert(path)
                    pending.append(path)
                } else {
                    inventory.files.insert(path)
                }
            }
        }
        return inventory
    }

    /// Calls `body` with a NUL-terminated path's bytes as a C string.
    private static func withPath<Result>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        path.withUnsafeBytes { body($0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
    }

    /// Maps the file into memory (read only) for `body`: a video of gigabytes costs only the
    /// pages its boxes are read from.
    func withContents<Result>(
        of path: PublishedPath, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> SiteRead<Result> {
        let fd = Self.withPath(absolute(path)) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { return errno == ENOENT ? .missing : .failed(String(cString: strerror(errno))) }
        defer { close(fd) }
        return .mapping(fd, body)
    }
}
