import Foundation

/// Everything the scan found: the album tree rooted at the input folder.
struct Catalog: Sendable {
    /// The input folder itself: the home page of the site.
    var root: Album
    /// Files that were passed over, with the reason (shown with `--verbose`).
    var ignored: [IgnoredFile]
    /// Files that look like images but cannot be published (an unsupported format, an
    /// empty file, a name that is not UTF-8), with the reason; reported as skipped.
    var refused: [IgnoredFile]
    /// Photos and folders left out on purpose (a `.nomedia` file, an `ignore:` pattern),
    /// with the reason: counted in the summary, listed with `--verbose`.
    var excluded: [IgnoredFile]
    /// Folders that cannot be listed and broken links, with the system's reason: warned
    /// about, listed in the JSON as `unreadable`.
    var unreadable: [IgnoredFile]
    /// The RAWs folded into a JPEG or HEIF of the same shot (`RawPairing`), by the
    /// picture's `PhotoFile.key`: not in any album, their notes used where the picture has none.
    var rawCompanions: [String: [PhotoFile]]
    /// The movie of each Live Photo (`LivePairing`), by its still's `PhotoFile.key`: not in
    /// any album, published as the still's motion.
    var liveMotions: [String: PhotoFile]
    /// Files published as another of their folder: a RAW beside its JPEG or HEIF, a
    /// byte-identical copy (`DuplicateFolding`), each with the photo it joined.
    var folded: [FoldedFile]
    /// Files published as they are where a reader might expect otherwise, and why (a
    /// still and a movie of one name whose Live Photo content identifiers differ).
    var notes: [IgnoredFile]
    /// Each photo's inode number as the scan found it, by `PhotoFile.key`: with its size
    /// and time, what says a file is the one the manifest knows (`Manifest.KnownPhoto.inode`).
    var inodes: [String: UInt64]
    /// Each photo's change time (`FileSystem.Status.changed`) as the scan found it, by
    /// `PhotoFile.key`: with the inode, what says a file rewritten in place is not the one
    /// the manifest knows (`Manifest.KnownPhoto.changed`).
    var changes: [String: Double]

    init(
        root: Album, ignored: [IgnoredFile] = [], refused: [IgnoredFile] = [], excluded: [IgnoredFile] = [],
        unreadable: [IgnoredFile] = [], rawCompanions: [String: [PhotoFile]] = [:],
        liveMotions: [String: PhotoFile] = [:], folded: [FoldedFile] = [], notes: [IgnoredFile] = [],
        inodes: [String: UInt64] = [:], changes: [String: Double] = [:]
    ) {
        self.root = root
        self.ignored = ignored
        self.refused = refused
        self.excluded = excluded
        self.unreadable = unreadable
        self.rawCompanions = rawCompanions
        self.liveMotions = liveMotions
        self.folded = folded
        self.notes = notes
        self.inodes = inodes
        self.changes = changes
    }

    /// Every photo in the tree, albums depth-first in display order.
    var allPhotos: [PhotoFile] { root.allPhotos }

    /// How many albums there are, the home album included.
    var albumCount: Int { root.albumCount }
}

/// A folder of photos. Its sub-folders are its sub-albums.
struct Album: Sendable {
    /// The folder's name as the user wrote it (the album's title).
    var name: String
    /// Folder names from the input root to this album; empty for the home album.
    var path: [String]
    var photos: [PhotoFile]
    var albums: [Album]
    /// The folder's Markdown files (`index.md`, photo sidecars), by name; what they mean is
    /// for `Metadata/` to say.
    var notes: [NoteFile]

    init(name: String, path: [String], photos: [PhotoFile] = [], albums: [Album] = [], notes: [NoteFile] = []) {
        self.name = name
        self.path = path
        self.photos = photos
        self.albums = albums
        self.notes = notes
    }

    /// Photos of this album and all its sub-albums.
    var allPhotos: [PhotoFile] { photos + albums.flatMap(\.allPhotos) }

    /// This album and all albums below it.
    var albumCount: Int { 1 + albums.reduce(0) { $0 + $1.albumCount } }

    /// Identifies the album by the exact bytes of its folder path (see `PhotoFile.key`).
    var key: String { path.map(URLPath.encodeSegment).joined(separator: "/") }

    /// Whether this album or any album below it holds a photo.
    var isEmpty: Bool { photos.isEmpty && albums.allSatisfy(\.isEmpty) }
}

/// A photo file found by the scan: where it is and what its bytes say it is.
struct PhotoFile: Sendable, Hashable, Codable {
    /// Path relative to the input folder, with `/` separators.
    var relativePath: String
    var format: MediaFormat
    var byteCount: Int
    /// Modification time, seconds since 1970.
    var modified: Double

    init(relativePath: String, format: MediaFormat, byteCount: Int, modified: Double) {
        self.relativePath = relativePath
        self.format = format
        self.byteCount = byteCount
        self.modified = modified
    }

    /// What the file holds, from its format.
    var kind: MediaKind { format.kind }

    /// Identifies the file by the exact bytes of its path. Swift compares strings up to
    /// Unicode equivalence, so `café.jpg` written composed and decomposed — two files on
    /// Linux — would share a dictionary key; this key tells them apart.
    var key: String { URLPath.encodeSegment(relativePath) }

    /// The file's own name, e.g. `Beach.jpg`.
    var fileName: String {
        relativePath.split(separator: "/").last.map(String.init) ?? relativePath
    }
}

/// A Markdown file found beside the photos (`index.md`, `Beach.md`).
struct NoteFile: Sendable, Hashable, Codable {
    /// Path relative to the input folder, with `/` separators.
    var relativePath: String

    init(relativePath: String) {
        self.relativePath = relativePath
    }

    /// The file's own name, e.g. `index.md`.
    var fileName: String {
        relativePath.split(separator: "/").last.map(String.init) ?? relativePath
    }
}

/// A file the scan passed over, and why.
struct IgnoredFile: Sendable, Hashable, Codable {
    var relativePath: String
    var reason: String

    init(relativePath: String, reason: String) {
        self.relativePath = relativePath
        self.reason = reason
    }

    enum CodingKeys: String, CodingKey {
        case relativePath = "path"
        case reason
    }
}

extension Catalog {
    /// Skip reasons (by photo key) with the RAW or Live Photo movie folded into each photo
    /// named: they are left out with it, and were not said to be.
    func namingCompanions(in skipped: [String: String]) -> [String: String] {
        guard !skipped.isEmpty else { return skipped }
        let companions = Dictionary(grouping: folded.filter { $0.kind != .duplicate }, by: \.joined)
        var named = skipped
        for file in allPhotos {
            guard let reason = skipped[file.key], let with = companions[file.relativePath] else { continue }
            let list = with.map { "\($0.relativePath), its \($0.kind == .raw ? "RAW" : "movie")" }
            named[file.key] =
                reason + " (\(list.joined(separator: ", and ")), \(list.count == 1 ? "is" : "are") left out with it)"
        }
        return named
    }
}
