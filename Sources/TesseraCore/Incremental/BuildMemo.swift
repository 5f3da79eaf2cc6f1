import Foundation

/// What the last build was made from and what it reported, kept in the output folder
/// (`.tessera-memo`) so that a rebuild with nothing to do costs a walk of the input folder
/// and a few dozen `stat` calls, not a reading of the manifest and a planning of every
/// image and page (issue 22: a no-change rebuild of 20,000 photos took 2.4 s, most of it
/// finding that nothing had changed).
///
/// It holds when every input is as it was (the key: the `FolderStamp` of the input folder,
/// the configuration, the theme, this build of Tessera) and the output folder is as the
/// build left it: each folder of it with the identity it had (deleting or adding a file in
/// a folder changes the folder's), each file at its top level too, and no journal of a
/// killed build. A build that does anything else removes the memo before it writes, and
/// only a build that skipped nothing (no photo that failed, no video kept for want of
/// ffmpeg, nothing unreadable: each may read well next time) leaves one.
struct BuildMemo: Codable, Sendable {
    static let fileName = ".tessera-memo"
    /// Bumped when what the key covers or the fields mean changes.
    static let currentVersion = 1

    var version = currentVersion
    /// The digest of everything the build was made from (`SiteBuilder.memoKey`).
    var key: String
    /// The report the build gave, less its times; replayed by a build that finds the memo holds.
    var report: BuildReport
    /// The report's `ignored` and `notes`, which its own JSON leaves out.
    var ignored: [IgnoredFile]
    var notes: [IgnoredFile]
    /// The version of ffmpeg the build's videos were made with, when it had any.
    var videoEngine: String?
    /// Site-relative path → `FolderStamp.identity`, for every folder of the output but
    /// hidden ones and the top itself, and every file at its top level.
    var outputs: [String: String]

    /// The memo in `output`, or nil when there is none or it cannot be read (a build that
    /// finds none simply does all its checks).
    static func load(from output: URL) -> BuildMemo? {
        guard case .success(let bytes) = FileSystem.readFile(output.appendingPathComponent(fileName).path),
            let memo = try? JSONDecoder().decode(BuildMemo.self, from: Data(bytes)), memo.version == currentVersion
        else { return nil }
        return memo
    }

    /// Removes the memo from `output`, before a build writes anything there.
    static func remove(from output: URL) {
        unlink(output.appendingPathComponent(fileName).path)
    }

    /// Writes the memo into `output` (a temporary file, then a rename), never through a
    /// link left under either name: the memo was written with `Data.write(to:)`, so a link
    /// at its temporary name had it written over the file the link led to, out of the site.
    /// A memo that cannot be written is no loss but time: the next build checks everything.
    func write(to output: URL) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? SiteWriter.writeAtomically(Array(data), to: output.appendingPathComponent(Self.fileName))
    }

    /// Whether `output` is as the build that wrote this memo left it.
    func holds(in output: URL) -> Bool {
        guard !FileSystem.exists(output.appendingPathComponent(Journal.fileName).path) else { return false }
        let prefix = output.path.hasSuffix("/") ? output.path : output.path + "/"
        return outputs.allSatisfy { path, identity in
            FolderStamp.identity(path.isEmpty ? output.path : prefix + path) == identity
        }
    }

    /// The identities `holds` compares, read now: every folder of `output` but hidden ones
    /// (`.git`, whose changes are not Tessera's), with every file at the top (where the
    /// manifest is) but the memo itself. The top folder itself is left out: writing the
    /// memo changes it.
    static func outputs(of output: URL) -> [String: String] {
        var found: [String: String] = [:]
        var folders = [""]
        let prefix = output.path.hasSuffix("/") ? output.path : output.path + "/"
        while let folder = folders.popLast() {
            let full = folder.isEmpty ? output.path : prefix + folder
            for entry in FileSystem.namedEntries(of: full) where !entry.name.hasPrefix(".") || folder.isEmpty {
                guard entry.isValidUTF8, entry.name != fileName, !entry.name.hasSuffix(".tmp") else { continue }
                let path = folder.isEmpty ? entry.name : folder + "/" + entry.name
                var info = stat()
                guard lstat(prefix + path, &info) == 0 else { continue }
                if (info.st_mode & S_IFMT) == S_IFDIR {
                    guard !entry.name.hasPrefix(".") else { continue }
                    folders.append(path)
                    found[path] = FolderStamp.identity(info)
                } else if folder.isEmpty {
                    found[path] = FolderStamp.identity(info)
                }
            }
        }
        return found
    }

    /// The report to give for a build that found this memo holding: what the last build
    /// reported, with every file it made or kept now kept, none made or removed.
    var replayed: BuildReport {
        var replay = report
        replay.reused = report.generated + report.reused
        replay.generated = 0
        replay.removed = 0
        replay.ignored = ignored
        replay.notes = notes
        return replay
    }
}
