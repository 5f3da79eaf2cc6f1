import Glibc

/// Which folders an inotify descriptor watches, and which names in each matter.
///
/// A target folder is watched with all its sub-folders, and through its parent folder
/// (filtered to its name), so that deleting it and putting it back (`rm -rf photos`, a
/// restore, a `git checkout`) is seen: the folder's own watch ends with it, the parent's
/// sees it come back, and the new folder is watched again with everything inside it. A
/// target file (or a path that does not exist yet) is watched through its parent folder
/// alike, because editors replace files by renaming, which ends a watch on the file
/// itself. Folders inside an ignored path (the output folder) are never watched. Symbolic
/// links to folders are followed only when asked (`followsLinks`), each folder walked once
/// however many links lead to it, so a link to an ancestor cannot make the walk loop.
struct WatchTable {
    private struct Entry {
        var path: String
        var recursive: Bool
        /// Names that matter inside this folder; nil means every name.
        var names: Set<String>?
    }

    static let mask = UInt32(
        bitPattern: IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
            | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_EXCL_UNLINK | IN_ONLYDIR)

    private let descriptor: Int32
    private let ignored: [String]
    /// Hidden names that still matter inside a watched folder (`.nomedia`); every other name
    /// starting with a dot (`.git`, an editor's `.caption.md.swp`, `.DS_Store`) is not content.
    private let hiddenNamesWatched: Set<String>
    private var entries: [Int32: Entry] = [:]
    /// Targets asked for, kept to rescan after the kernel's event queue overflowed.
    private var targets: [String] = []
    private let followsLinks: Bool

    init(descriptor: Int32, ignored: [String], hiddenNamesWatched: Set<String> = [], followsLinks: Bool = false) {
        self.descriptor = descriptor
        self.ignored = ignored
        self.hiddenNamesWatched = hiddenNamesWatched
        self.followsLinks = followsLinks
    }

    /// Whether a name inside a watched folder is not content: hidden, and not one asked for.
    /// Each save in vim writes its swap file, which rebuilt the site and reloaded every
    /// open page while a caption was being edited.
    private func isHiddenNoise(_ name: String) -> Bool {
        name.hasPrefix(".") && !hiddenNamesWatched.contains(name)
    }

    /// Whether `path` was added as a target.
    func hasTarget(_ path: String) -> Bool { targets.contains(path) }

    mutating func addTarget(_ path: String) throws(FolderWatcherError) {
        let parent = Self.parent(of: path)
        let isFolder = Self.isFolder(path)
        guard isFolder || Self.isFolder(parent) else { throw FolderWatcherError(reason: .missing(path: path)) }
        // Only a target watched is one (a missing one added later is tried again).
        targets.append(path)
        if isFolder { try addTree(path) }
        if parent != path, Self.isFolder(parent) {
            try add(parent, recursive: false, names: [Self.name(of: path)])
        }
    }

    /// Watches any folders created or moved in since the targets were added.
    mutating func rescan() {
        for target in targets where Self.isFolder(target) { try? addTree(target) }
    }

    /// Whether the event is a change that matters; follows new folders as a side effect.
    mutating func absorb(_ event: InotifyEvent) -> Bool {
        if event.has(IN_Q_OVERFLOW) {
            rescan()
            return true
        }
        guard let entry = entries[event.watch] else { return false }
        if event.has(IN_IGNORED) {
            entries[event.watch] = nil
            return false
        }
        if event.name.isEmpty { return entry.names == nil }
        if let names = entry.names, !names.contains(event.name) { return false }
        if entry.names == nil, isHiddenNoise(event.name) { return false }
        let path = entry.path + "/" + event.name
        if isIgnored(path) { return false }
        let arrived = event.has(IN_CREATE) || event.has(IN_MOVED_TO)
        let isFolder = event.has(IN_ISDIR) || (followsLinks && arrived && Self.isFolder(path))
        if arrived && isFolder && (entry.recursive || entry.names != nil) {
            // A new folder (or, followed, a link to one): watch it and everything inside it.
            try? addTree(path)
        }
        return true
    }

    private mutating func addTree(_ folder: String) throws(FolderWatcherError) {
        var walked: Set<FolderIdentity> = []
        try addTree(folder, walked: &walked)
    }

    /// A folder as the file system knows it, whichever path leads to it.
    private struct FolderIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private mutating func addTree(_ folder: String, walked: inout Set<FolderIdentity>) throws(FolderWatcherError) {
        guard !isIgnored(folder) else { return }
        if followsLinks {
            // Reached through a link, the output folder has another path: its real one is
            // what is ignored (a link to the input's parent would watch the site, and each
            // build would start the next).
            var info = stat()
            guard stat(folder, &info) == 0,
                walked.insert(FolderIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted,
                let real = realpath(folder, nil)
            else { return }
            let realPath = String(cString: real)
            free(real)
            guard !isIgnored(realPath) else { return }
        }
        try add(folder, recursive: true, names: nil)
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        var children: [String] = []
        while let item = readdir(directory) {
            // Read in place up to the NUL: copying all 256 bytes of `d_name` would read past
            // the last record of readdir's buffer, which is only as long as its name.
            let start = UnsafeRawPointer(item) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
            let name = String(cString: start.assumingMemoryBound(to: CChar.self))
            guard name != "." && name != "..", !isHiddenNoise(name) else { continue }
            let child = folder + "/" + name
            // Symbolic links are followed only when asked, each folder once (above). Some
            // file systems leave the type unknown; then ask without following links.
            let type = item.pointee.d_type
            if type == DT_DIR || (type == DT_UNKNOWN && Self.isFolderNotLink(child))
                || (followsLinks && (type == DT_LNK || type == DT_UNKNOWN) && Self.isFolder(child))
            {
                children.append(child)
            }
        }
        for child in children { try addTree(child, walked: &walked) }
    }

    private mutating func add(_ folder: String, recursive: Bool, names: Set<String>?) throws(FolderWatcherError) {
        let watch = inotify_add_watch(descriptor, folder, Self.mask)
        guard watch >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return }  // gone again before we got to it
            if code == ENOSPC { throw FolderWatcherError(reason: .tooManyWatches(path: folder)) }
            throw FolderWatcherError(reason: .cannotWatch(path: folder, errno: code))
        }
        // The same folder watched twice shares one descriptor: merge what matters in it.
        if var existing = entries[watch] {
            // A folder moved within the tree keeps its watch: it now lives at `folder`.
            existing.path = folder
            existing.recursive = existing.recursive || recursive
            if let old = existing.names, let new = names {
                existing.names = old.union(new)
            } else {
                existing.names = nil
            }
            entries[watch] = existing
        } else {
            entries[watch] = Entry(path: folder, recursive: recursive, names: names)
        }
    }

    private func isIgnored(_ path: String) -> Bool {
        ignored.contains { FolderPath.contains($0, path) }
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private static func isFolderNotLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
