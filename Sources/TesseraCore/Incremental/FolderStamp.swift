import Foundation

/// A digest of everything a folder holds, as the file system describes it: every name under
/// it (byte-exact, sorted) with its type, inode, size, modification time and change time,
/// without reading a file, and where each symbolic link ends. Any edit, touch, copy over,
/// rename, addition, removal or change of permissions anywhere below changes the stamp: the
/// change time (`ctime`) moves on every change to a file and no tool can set it back.
///
/// `BuildMemo` compares stamps to know, from a few thousand system calls, that nothing the
/// last build read has changed.
enum FolderStamp {
    /// The stamp of the folder at `root` and everything in it; nil when part of it cannot be
    /// listed, or, with `followLinks`, when it holds a symbolic link (whose target's changes
    /// a stamp of the link would miss).
    static func of(_ root: String, followLinks: Bool) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 16)
        guard let own = identity(root) else { return nil }
        bytes += own.utf8
        guard walk(Array(root.utf8), followLinks: followLinks, into: &bytes) else { return nil }
        return ContentHash.of(Data(bytes))
    }

    /// The identity of one path, links not followed: type, inode, size, modification and
    /// change times; nil when it does not exist.
    static func identity(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return identity(info)
    }

    /// The identity of what `info` describes.
    static func identity(_ info: stat) -> String {
        "\(info.st_mode) \(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) "
            + "\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
    }

    /// Appends every entry below `folder` (its path's bytes), depth first in name order.
    private static func walk(_ folder: [UInt8], followLinks: Bool, into bytes: inout [UInt8]) -> Bool {
        guard let names = listing(folder) else { return false }
        for name in names {
            let path = folder + [UInt8(ascii: "/")] + name
            var info = stat()
            let found = withCString(path) { lstat($0, &info) == 0 }
            guard found else { return false }
            bytes += name
            bytes.append(0)
            bytes += identity(info).utf8
            bytes.append(0)
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                guard walk(path, followLinks: followLinks, into: &bytes) else { return false }
            case S_IFLNK where followLinks:
                return false
            case S_IFLNK:
                // Where the link ends, through any link outside the folder: the scan publishes a
                // link that ends inside it, and re-pointing a link it passes through out there
                // changes what is published without touching anything here.
                bytes += resolved(path) ?? Array("(nowhere)".utf8)
                bytes.append(0)
            default:
                break
            }
        }
        bytes.append(0xFF)
        return true
    }

    /// The path a link ends at, every link on the way followed; nil when it leads nowhere.
    private static func resolved(_ path: [UInt8]) -> [UInt8]? {
        withCString(path) { link in
            guard let end = realpath(link, nil) else { return nil }
            defer { free(end) }
            return Array(UnsafeRawBufferPointer(start: end, count: strlen(end)))
        }
    }

    /// Calls `body` with `path` as a C string.
    private static func withCString<T>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (path + [0]).withUnsafeBytes { body($0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
    }

    /// The names in a folder as bytes, sorted, without `.` and `..`; nil if it cannot be listed.
    private static func listing(_ folder: [UInt8]) -> [[UInt8]]? {
        guard case .success(let names) = FileSystem.rawListing(of: folder) else { return nil }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
