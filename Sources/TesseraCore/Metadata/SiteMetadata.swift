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
            var sidecars: [String: [(rank: Int, note: NoteFile, parsed: MetadataNote)]] = [:]
            for note in album.notes {
                guard let text = site.text(of: note, contents: contents) else { continue }
                let parsed = MetadataNote.parse(text, file: note.relativePath, documents: documents)
                if note.fileName.lowercased() == indexName {
                    let metadata = AlbumMetadata(
                        parsed, file: note.relativePath, markdown: markdown, allowHTML: allowHTML)
                    site.warnings += metadata.warnings
                    site.albums[album.key] = metadata
                } else if let (photo, rank) = sidecarPhoto(of: note, in: album) {
                    sidecars[photo.key, default: []].append((rank, note, parsed))
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

    /// The photo a sidecar belongs to, and how well it matches (0 best): `Beach.jpg.md` →
    /// `Beach.jpg` (0), or `Beach.JPG` as cameras name it (1); else `Beach.md` → the first
    /// photo named `Beach.<anything>` (2), in any case (3).
    static func sidecarPhoto(of note: NoteFile, in album: Album) -> (PhotoFile, rank: Int)? {
        let name = String(note.fileName.dropLast(3))
        func stem(_ photo: PhotoFile) -> Substring {
            photo.fileName.lastIndex(of: ".").map { photo.fileName[..<$0] } ?? Substring(photo.fileName)
        }
        let tests: [(PhotoFile) -> Bool] = [
            { $0.fileName == name }, { $0.fileName.lowercased() == name.lowercased() },
            { stem($0) == name }, { stem($0).lowercased() == name.lowercased() },
        ]
        for (rank, matches) in tests.enumerated() {
            if let photo = album.photos.first(where: matches) { return (photo, rank) }
        }
        return nil
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
