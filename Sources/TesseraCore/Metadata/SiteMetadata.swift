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
            for note in album.notes {
                guard let text = site.text(of: note, contents: contents) else { continue }
                let parsed = MetadataNote.parse(text, file: note.relativePath, documents: documents)
                if note.fileName.lowercased() == indexName {
                    let metadata = AlbumMetadata(
                        parsed, file: note.relativePath, markdown: markdown, allowHTML: allowHTML)
                    site.warnings += metadata.warnings
                    site.albums[album.key] = metadata
                } else if let photo = sidecarPhoto(of: note, in: album) {
                    let sidecar = PhotoSidecar(
                        parsed, file: note.relativePath, markdown: markdown, allowHTML: allowHTML)
                    site.warnings += sidecar.warnings
                    site.photos[photo.key] = sidecar
                } else {
                    site.unmatched.append(
                        IgnoredFile(
                            relativePath: note.relativePath,
                            reason: "Markdown file that is neither index.md nor a photo's sidecar"))
                }
            }
        }
        site.warnings.sort { ($0.file, $0.line ?? 0) < ($1.file, $1.line ?? 0) }
        site.unmatched.sort { $0.relativePath < $1.relativePath }
        site.unreadable.sort { $0.relativePath < $1.relativePath }
        return site
    }

    /// The photo a sidecar belongs to: `Beach.jpg.md` → `Beach.jpg`, else `Beach.md` → the
    /// first photo named `Beach.<anything>`.
    static func sidecarPhoto(of note: NoteFile, in album: Album) -> PhotoFile? {
        let stem = String(note.fileName.dropLast(3))
        return album.photos.first { $0.fileName == stem }
            ?? album.photos.first { photo in
                let name = photo.fileName
                guard let dot = name.lastIndex(of: ".") else { return false }
                return name[..<dot] == stem
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
