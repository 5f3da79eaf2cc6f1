/// Every album's `index.md` and every photo's sidecar, read and parsed: what the page plan
/// takes titles, descriptions, captions, covers, order and hiding from.
struct SiteMetadata: Sendable {
    /// By `Album.key`.
    var albums: [String: AlbumMetadata] = [:]
    /// By `PhotoFile.key`.
    var photos: [String: PhotoSidecar] = [:]
    /// Problems in the files, each with its file and line.
    var warnings: [MetadataWarning] = []
    /// Markdown files that are neither an `index.md` nor a photo's sidecar.
    var unmatched: [IgnoredFile] = []
    /// Notes that cannot be read, with the system's reason.
    var unreadable: [IgnoredFile] = []

    init() {}

    /// The album's `index.md` name, matched without regard to case.
    static let indexName = "index.md"

    /// Reads the notes of every album in `catalog`.
    ///
    /// - Parameter contents: a file's bytes by its path relative to the input, or why it
    ///   cannot be read.
    static func read(
        _ catalog: Catalog, contents: (String) -> Result<[UInt8], FileSystem.Failure>,
        documents: any DocumentParsing,
        markdown: any MarkdownRendering, allowHTML: Bool
    ) -> SiteMetadata {
        var site = SiteMetadata()
        var albums = [catalog.root]
        while let album = albums.popLast() {
            albums += album.albums
            // A photo's sidecars, best match first: two of them were one read, the other
            // dropped without a word.
            var sidecars: [String: [(rank: Int, note: NoteFile, parsed: MetadataNote, photo: PhotoFile)]] = [:]
            let names = PhotoNames(album.photos)
            for note in album.notes {
                guard let text = site.text(of: note, contents: contents) else { continue }
                let parsed = MetadataNote.parse(text, file: note.relativePath, documents: documents)
                if note.fileName.lowercased() == indexName {
                    let metadata = AlbumMetadata(
                        parsed, file: note.relativePath, markdown: markdown, allowHTML: allowHTML)
                    site.warnings += metadata.warnings
                    site.albums[album.key] = metadata
                } else if let (photo, rank) = names.sidecarPhoto(of: note) {
                    sidecars[photo.key, default: []].append((rank, note, parsed, photo))
                } else {
                    site.unmatched.append(
                        IgnoredFile(
                            relativePath: note.relativePath,
                            reason: "Markdown file that is neither index.md nor a photo's sidecar"))
                }
            }
            for (key, found) in sidecars {
                let ranked = found.sorted { ($0.rank, $0.note.fileName) < ($1.rank, $1.note.fileName) }
                let read = ranked[0]
                let sidecar = PhotoSidecar(
                    read.parsed, file: read.note.relativePath, markdown: markdown, allowHTML: allowHTML)
                site.warnings += sidecar.warnings
                site.photos[key] = sidecar
                // `a.md` read for `a.jpg` while `a.png` has no sidecar of its own: say which.
                if read.rank >= 2,
                    names.photosSharingStem(with: read.photo).contains(where: { sidecars[$0.key] == nil })
                {
                    site.warnings.append(
                        MetadataWarning(
                            file: read.note.relativePath,
                            message: "read as the sidecar of \(read.photo.fileName), the first of the photos named "
                                + "'\(String(read.note.fileName.dropLast(3)))'; name a sidecar after its photo's "
                                + "whole name (\(read.photo.fileName).md) to give each photo its own"))
                }
                for other in ranked.dropFirst() {
                    site.warnings.append(
                        MetadataWarning(
                            file: other.note.relativePath,
                            message: "a second sidecar of the same photo, whose sidecar \(read.note.fileName) is read; "
                                + "what this one says is left out (merge the two files)"))
                }
            }
        }
        site.warnings.sort { ($0.file, $0.line ?? 0) < ($1.file, $1.line ?? 0) }
        site.unmatched.sort { $0.relativePath < $1.relativePath }
        site.unreadable.sort { $0.relativePath < $1.relativePath }
        return site
    }

    /// An album's photos by the names a sidecar may give them, each the first in the album's
    /// order: found in one look each, where four walks over the album per note took minutes
    /// for an album of 100,000 captioned photos.
    struct PhotoNames {
        private var byName: [String: PhotoFile] = [:]
        private var byLowercasedName: [String: PhotoFile] = [:]
        private var byStem: [String: PhotoFile] = [:]
        /// The photos of each lower-cased stem, in the album's order.
        private let byLowercasedStem: [String: [PhotoFile]]

        init(_ photos: [PhotoFile]) {
            for photo in photos.reversed() {
                let name = photo.fileName
                byName[name] = photo
                byLowercasedName[name.lowercased()] = photo
                byStem[Self.stem(of: name)] = photo
            }
            byLowercasedStem = Dictionary(grouping: photos) { Self.stem(of: $0.fileName).lowercased() }
        }

        private static func stem(of name: String) -> String {
            name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        }

        /// The album's other photos of `photo`'s stem, in any case (`Beach.png` beside
        /// `Beach.jpg`), of which a sidecar found by its stem (`Beach.md`) says nothing.
        func photosSharingStem(with photo: PhotoFile) -> [PhotoFile] {
            (byLowercasedStem[Self.stem(of: photo.fileName).lowercased()] ?? []).filter { $0.key != photo.key }
        }

        /// The photo a sidecar belongs to, and how well it matches (0 best): `Beach.jpg.md`
        /// → `Beach.jpg` (0), or `Beach.JPG` as cameras name it (1); else `Beach.md` → the
        /// first photo named `Beach.<anything>` (2), in any case (3).
        func sidecarPhoto(of note: NoteFile) -> (PhotoFile, rank: Int)? {
            let name = String(note.fileName.dropLast(3))
            let lowercased = name.lowercased()
            if let photo = byName[name] { return (photo, 0) }
            if let photo = byLowercasedName[lowercased] { return (photo, 1) }
            if let photo = byStem[name] { return (photo, 2) }
            if let photo = byLowercasedStem[lowercased]?.first { return (photo, 3) }
            return nil
        }
    }

    /// The note's text as `TextFile` reads it, each repair a warning; nil (recorded as
    /// unreadable) when the file cannot be read.
    private mutating func text(
        of note: NoteFile, contents: (String) -> Result<[UInt8], FileSystem.Failure>
    ) -> String? {
        let bytes: [UInt8]
        switch contents(note.relativePath) {
        case .success(let read): bytes = read
        case .failure(let failure):
            unreadable.append(
                IgnoredFile(
                    relativePath: note.relativePath,
                    reason: "cannot read the file: \(failure); what it says is left out"))
            return nil
        }
        let file = TextFile(bytes: bytes)
        for repair in file.repairs {
            warnings.append(MetadataWarning(file: note.relativePath, line: repair.line, message: repair.message))
        }
        return file.text
    }
}
