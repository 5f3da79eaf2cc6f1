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
                    sidecars[photo.key, default: []].append((rank, note, parsed))
                    if rank >= 2, names.sharesItsStem(photo) {
                        site.warnings.append(
                            MetadataWarning(
                                file: note.relativePath,
                                message: "read as the sidecar of \(photo.fileName), the first of the photos named "
                                    + "'\(String(note.fileName.dropLast(3)))'; name a sidecar after its photo's "
                                    + "whole name (\(photo.fileName).md) to give each photo its own"))
                    }
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

    /// An album's photos by the names a sidecar may give them, each the first in the album's
    /// order: found in one look each, where four walks over the album per note took minutes
    /// for an album of 100,000 captioned photos.
    struct PhotoNames {
        private var byName: [String: PhotoFile] = [:]
        private var byLowercasedName: [String: PhotoFile] = [:]
        private var byStem: [String: PhotoFile] = [:]
        private var byLowercasedStem: [String: PhotoFile] = [:]
        /// How many photos share each lower-cased stem.
        private var stemCounts: [String: Int] = [:]

        init(_ photos: [PhotoFile]) {
            for photo in photos.reversed() {
                let name = photo.fileName
                let stem = Self.stem(of: name)
                byName[name] = photo
                byLowercasedName[name.lowercased()] = photo
                byStem[stem] = photo
                byLowercasedStem[stem.lowercased()] = photo
                stemCounts[stem.lowercased(), default: 0] += 1
            }
        }

        private static func stem(of name: String) -> String {
            name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        }

        /// Whether `photo`, found for a sidecar by its stem (`Beach.md`), shares that stem
        /// with another photo of the album (`Beach.png`), which the sidecar then says
        /// nothing of.
        func sharesItsStem(_ photo: PhotoFile) -> Bool {
            stemCounts[Self.stem(of: photo.fileName).lowercased(), default: 0] > 1
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
            if let photo = byLowercasedStem[lowercased] { return (photo, 3) }
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
