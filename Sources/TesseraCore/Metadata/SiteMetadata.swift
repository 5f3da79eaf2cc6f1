/// Every album's `index.md` and every photo's sidecar, read and parsed: what the page plan
/// takes titles, descriptions, captions, covers, order and hiding from.
package struct SiteMetadata: Sendable {
    /// By `Album.key`.
    package var albums: [String: AlbumMetadata] = [:]
    /// By `PhotoFile.key`.
    package var photos: [String: PhotoSidecar] = [:]
    /// Problems in the files, each with its file and line.
    package var warnings: [MetadataWarning] = []
    /// Markdown files that are neither an `index.md` nor a photo's sidecar.
    package var unmatched: [IgnoredFile] = []

    package init() {}

    /// The album's `index.md` name, matched without regard to case.
    package static let indexName = "index.md"

    /// Reads the notes of every album in `catalog`.
    ///
    /// - Parameter contents: a file's bytes by its path relative to the input, nil when it
    ///   cannot be read.
    package static func read(
        _ catalog: Catalog, contents: (String) -> [UInt8]?, documents: any DocumentParsing,
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

    /// The note's text; a note that is not UTF-8 is read with replacement characters and warned about.
    private mutating func text(of note: NoteFile, contents: (String) -> [UInt8]?) -> String? {
        guard let bytes = contents(note.relativePath) else {
            warnings.append(MetadataWarning(file: note.relativePath, message: "cannot be read; check its permissions"))
            return nil
        }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        let text = String(decoding: bytes, as: UTF8.self)
        let line = text.prefix { $0 != "\u{FFFD}" }.filter { $0 == "\n" }.count + 1
        warnings.append(
            MetadataWarning(
                file: note.relativePath, line: line, message: "is not valid UTF-8 text; save it as UTF-8"))
        return text
    }
}
