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

    func absolute(_ path: PublishedPath) -> String {
        path.bytes.isEmpty ? root.path : root.path + "/" + path.description
    }

    func inventory() -> SiteInventory? {
        var inventory = SiteInventory()
        let rootReal = FileSystem.realPath(root.path) ?? root.path
        // By bytes: a set of strings holds `café` composed and decomposed for one folder.
        var visited: Set<[UInt8]> = [Array(rootReal.utf8)]
        var pending: [PublishedPath] = [PublishedPath(bytes: [])]
        while let folder = pending.popLast() {
            let entries: [FileSystem.Entry]
            switch FileSystem.listing(of: absolute(folder)) {
            case .success(let listed): entries = listed
            case .failure(let failure):
                inventory.unreadable.append((folder, "cannot list the folder: \(failure)"))
                continue
            }
            for entry in entries.sorted(by: { $0.name < $1.name }) {
                let path = folder.appending(entry.name)
                if folder.bytes.isEmpty, entry.name == ".git" {
                    inventory.notPublished.append(path)
                    continue
                }
                let full = absolute(path)
                var status = stat()
                guard lstat(full, &status) == 0 else {
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
                        inventory.linksOut.append((path, real))
                        continue
                    }
                    guard stat(full, &status) == 0 else { continue }
                    mode = status.st_mode & S_IFMT
                    if mode == S_IFDIR {
                        guard visited.insert(Array(real.utf8)).inserted else { continue }
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

    /// Maps the file into memory (read only) for `body`: a video of gigabytes costs only the
    /// pages its boxes are read from.
    func withContents<Result>(
        of path: PublishedPath, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> SiteRead<Result> {
        let fd = open(absolute(path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return errno == ENOENT ? .missing : .failed(String(cString: strerror(errno))) }
        defer { close(fd) }
        return .mapping(fd, body)
    }
}
