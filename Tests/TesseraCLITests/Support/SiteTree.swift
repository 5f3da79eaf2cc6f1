import Foundation

/// Every file under a folder, by path relative to it (hidden ones included): to compare a
/// site with a clean build of the same photos, byte for byte.
struct SiteTree: Equatable {
    var files: [String: Data]

    init(_ root: URL) throws {
        files = [:]
        let base = root.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(atPath: base)
        while let relative = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: base + "/" + relative, isDirectory: &isFolder)
            // The build's memo names inodes and times: never the same in two builds.
            if !isFolder.boolValue, relative != ".tessera-memo" {
                files[relative] = try Data(contentsOf: URL(fileURLWithPath: base + "/" + relative))
            }
        }
    }

    /// The paths that differ between two trees (missing from one, or other bytes), sorted.
    func differences(from other: SiteTree) -> [String] {
        Set(files.keys).union(other.files.keys).filter { files[$0] != other.files[$0] }.sorted()
    }

    /// Each image file's inode: a file written again (temporary file, then rename) gets a
    /// new one, a file kept keeps its own.
    static func imageInodes(_ root: URL) -> [String: UInt64] {
        var inodes: [String: UInt64] = [:]
        let base = root.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(atPath: base)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.contains("_media/"), !(relative as NSString).lastPathComponent.hasPrefix(".") else {
                continue
            }
            var info = stat()
            if lstat(base + "/" + relative, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
                inodes[relative] = UInt64(info.st_ino)
            }
        }
        return inodes
    }
}
