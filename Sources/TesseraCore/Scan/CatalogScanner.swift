import Foundation

/// Walks the input folder and builds the album tree, recognising photos by their content.
///
/// Hidden files and AppleDouble `._*` forks are ignored silently. Symbolic links are
/// followed when they stay inside the input folder (anywhere with `followLinks`), and each
/// real folder is visited once, so a link loop cannot hang the scan. A folder holding an
/// empty `.nomedia` file, the names a `.nomedia` lists (sigal's nomedia plugin), and
/// whatever an `ignore` pattern matches, are left out and recorded in
/// `Catalog.excluded`. A RAW with a JPEG or HEIF of the same name beside it is folded into
/// that photo (`RawPairing`), listed as ignored and as folded with the photo it joined, and
/// so is a Live Photo's movie into its still (`LivePairing`); a
/// byte-identical copy of a file in the same folder is folded into the first
/// (`DuplicateFolding`). Markdown files are recorded as the album's notes. A folder that
/// cannot be listed and a broken link are recorded in `Catalog.unreadable`, a photo that
/// cannot be read in `Catalog.refused`, each with the system's reason: nothing vanishes
/// without a word.
struct CatalogScanner: Sendable {
    let root: URL
    var ignore: [FilePattern]
    var followLinks: Bool
    /// A HEIF still's EXIF block (the imaging port's `exifBlock(ofHEIF:)`), for its Live
    /// Photo content identifier; without it a HEIC and a MOV of one name pair on the name
    /// and the MOV's key alone.
    var heifEXIF: @Sendable (URL) -> [UInt8]?
    /// The photos the last build read (`Manifest.photos`): a file of the same size, time
    /// and inode as one of them (`Manifest.KnownPhoto.vouches`) is not digested again to
    /// find its copies.
    var known: [String: Manifest.KnownPhoto] = [:]
    /// The build's output folder: a link into it (followed with `followLinks`) is left out,
    /// or each build would publish the last one's images as photos again, the site growing
    /// with every build.
    var output: URL?
    /// The theme's folder (`templates:`), when it lies in the photo folder (`tessera init
    /// --templates` puts it there): left out, or its images would be published as photos
    /// and the folder as an album.
    var themeFolder: URL?

    /// Files cameras write beside a clip, by extension (lower-case), and why each is left
    /// out: a `.THM` is a JPEG, an `.LRV` an MP4, so read by their content they became a
    /// clip's 160 × 120 still (a short clip folded into it as a Live Photo's motion, its
    /// sound lost) or second tiles of every clip.
    static let clipCompanions: [String: String] = [
        "thm": "a camera's thumbnail of a clip (.THM), not a photo",
        "lrv": "a camera's low-resolution copy of a clip (.LRV, GoPro and Insta360), not a video of its own",
        "lrf": "a camera's low-resolution copy of a clip (.LRF, DJI), not a video of its own",
    ]

    /// sigal's and Android's mark for a folder to leave out.
    static let noMediaName = ".nomedia"

    /// The names a `.nomedia` file lists, one a line, as sigal's nomedia plugin reads them:
    /// those files and folders beside it are left out. An empty file lists none, and leaves
    /// its whole folder out; one that cannot be read does too, and is said.
    static func noMediaNames(_ path: String) -> Result<Set<String>, FileSystem.Failure> {
        // A list of names is small; a huge file is no list sigal's users write.
        FileSystem.readHead(path, count: 1 << 20).map { bytes in
            let text = TextFile(bytes: bytes).text
            return Set(
                text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.map {
                    $0.hasSuffix("/") ? String($0.dropLast()) : $0
                }.filter { !$0.isEmpty })
        }
    }

    init(
        root: URL, ignore: [FilePattern] = [], followLinks: Bool = false, known: [String: Manifest.KnownPhoto] = [:],
        heifEXIF: @escaping @Sendable (URL) -> [UInt8]? = { _ in nil }
    ) {
        self.root = root.standardizedFileURL
        self.ignore = ignore
        self.followLinks = followLinks
        self.heifEXIF = heifEXIF
        self.known = known
    }

    /// Checks that the root can be scanned, and returns its real path.
    ///
    /// - Throws: `ScanError.inputMissing` when the root is not a folder,
    ///   `ScanError.inputUnreadable` when it cannot be listed or entered (a site built from it would
    ///   be empty, and the build would remove every page of the last one).
    func checkRoot() throws(ScanError) -> String {
        guard let rootReal = FileSystem.realPath(root.path), FileSystem.isDirectory(rootReal) else {
            throw .inputMissing(root.path)
        }
        if case .failure(let failure) = Self.entries(of: rootReal) {
            throw .inputUnreadable(root.path, reason: failure.description)
        }
        return rootReal
    }

    /// The names in a folder, once it is known they can be opened too: a folder with read
    /// permission and no execute permission lists its names and none of them opens (as the
    /// input folder, an empty site would replace the last one).
    private static func entries(of folder: String) -> Result<[FileSystem.Entry], FileSystem.Failure> {
        FileSystem.listing(of: folder).flatMap { entries in FileSystem.canEnter(folder).map { entries } }
    }

    /// Scans the tree.
    ///
    /// - Throws: as `checkRoot`.
    func scan() throws(ScanError) -> Catalog {
        let rootReal = try checkRoot()
        var walk = Walk(
            rootReal: rootReal, outputReal: output.flatMap { FileSystem.realPath($0.path) },
            outputID: output.flatMap { FileSystem.fileID($0.path) },
            themeID: themeFolder.flatMap { FileSystem.fileID($0.path) }, ignore: ignore,
            followLinks: followLinks, heifEXIF: heifEXIF, known: known)
        let album = walk.album(realPath: rootReal, path: [], name: root.lastPathComponent)
        return Catalog(
            root: album, ignored: walk.ignored, refused: walk.refused, excluded: walk.excluded,
            unreadable: walk.unreadable, rawCompanions: walk.rawCompanions, liveMotions: walk.liveMotions,
            folded: walk.folded, notes: walk.notes, inodes: walk.inodes, changes: walk.changes)
    }

    private struct Walk {
        let rootReal: String
        let outputReal: String?
        /// The output folder's identity, however a folder of the walk is reached.
        let outputID: FileSystem.FileID?
        /// The theme folder's identity.
        let themeID: FileSystem.FileID?
        let ignore: [FilePattern]
        let followLinks: Bool
        let heifEXIF: @Sendable (URL) -> [UInt8]?
        let known: [String: Manifest.KnownPhoto]
        var inodes: [String: UInt64] = [:]
        var changes: [String: Double] = [:]
        var visited: Set<FileSystem.FileID> = []
        var ignored: [IgnoredFile] = []
        var notes: [IgnoredFile] = []
        var refused: [IgnoredFile] = []
        var excluded: [IgnoredFile] = []
        var unreadable: [IgnoredFile] = []
        var rawCompanions: [String: [PhotoFile]] = [:]
        var liveMotions: [String: PhotoFile] = [:]
        var folded: [FoldedFile] = []

        mutating func album(realPath: String, path: [String], name: String) -> Album {
            var noMediaFile = ""
            var album = Album(name: name, path: path)
            var realPaths: [String: String] = [:]  // by `PhotoFile.key`, for the copies' bytes
            if let id = FileSystem.fileID(realPath) { visited.insert(id) }
            let listed: [FileSystem.Entry]
            switch CatalogScanner.entries(of: realPath) {
            case .success(let entries): listed = entries
            case .failure(let failure):
                unreadable.append(
                    IgnoredFile(
                        relativePath: path.joined(separator: "/"),
                        reason: "cannot read the folder: \(failure); its photos are left out"))
                return album
            }
            let entries = NaturalOrder.sorted(listed, by: \.name)
            var noMedia: Set<String> = []
            if entries.contains(where: { $0.name == CatalogScanner.noMediaName }) {
                let file = path + [CatalogScanner.noMediaName]
                switch CatalogScanner.noMediaNames(realPath + "/" + CatalogScanner.noMediaName) {
                case .success(let names): noMedia = names
                case .failure(let failure):
                    // What it would leave out is unknown: the folder is, as an empty list leaves
                    // it, and the file is named (it was "the folder holds a .nomedia file").
                    unreadable.append(
                        IgnoredFile(
                            relativePath: file.joined(separator: "/"),
                            reason: "cannot read the file: \(failure); "
                                + (path.isEmpty
                                    ? "the names it lists are published"
                                    : "the whole folder is left out, as a .nomedia file without names leaves it")))
                    if !path.isEmpty { return album }
                }
                if noMedia.isEmpty, !path.isEmpty {
                    excluded.append(
                        IgnoredFile(
                            relativePath: path.joined(separator: "/"), reason: "the folder holds a .nomedia file"))
                    return album
                }
                noMediaFile = file.joined(separator: "/")
            }
            for found in entries {
                let entry = found.name
                if entry.hasPrefix(".") { continue }  // hidden files and ._ forks
                if path.isEmpty && entry == ConfigurationFile.name { continue }  // the settings, not a photo
                let relative = (path + [entry]).joined(separator: "/")
                if noMedia.contains(entry) {
                    excluded.append(IgnoredFile(relativePath: relative, reason: "listed in \(noMediaFile)"))
                    continue
                }
                if found.isValidUTF8,
                    let pattern = ignore.first(where: {
                        $0.matches(relative, isFolder: FileSystem.isDirectory(realPath + "/" + entry))
                    })
                {
                    excluded.append(
                        IgnoredFile(
                            relativePath: relative,
                            reason:
                                "ignored by the \(pattern.kind == .files ? "ignore_files " : "")pattern '\(pattern.written)'"
                        ))
                    continue
                }
                guard found.isValidUTF8 else {
                    // Its name cannot be written in a page or a URL, nor reopened from text.
                    refused.append(
                        IgnoredFile(
                            relativePath: relative,
                            reason: "the name is not valid UTF-8 text; rename it (e.g. with 'convmv') to publish it"))
                    continue
                }
                let full = realPath + "/" + entry
                guard let real = resolve(full, relative: relative) else { continue }
                if FileSystem.isDirectory(real) {
                    let id = FileSystem.fileID(real)
                    // Reached through a followed link to a folder that holds it (a
                    // Pictures folder, home): `resolve` sees only where a link leads.
                    if let id, id == outputID {
                        refused.append(
                            IgnoredFile(
                                relativePath: relative,
                                reason:
                                    "the output folder, reached through a symbolic link; its images are the site's, not photos"
                            ))
                        continue
                    }
                    if let id, id == themeID {
                        excluded.append(
                            IgnoredFile(
                                relativePath: relative,
                                reason: "the theme's folder ('templates:'); its files are the site's look, not photos"))
                        continue
                    }
                    guard let id, !visited.contains(id) else {
                        ignored.append(
                            IgnoredFile(
                                relativePath: relative,
                                reason: "a folder already scanned under another name (through a symbolic link)"))
                        continue
                    }
                    let child = self.album(realPath: real, path: path + [entry], name: entry)
                    if !child.isEmpty { album.albums.append(child) }
                } else if let reason = CatalogScanner.clipCompanions[(entry as NSString).pathExtension.lowercased()] {
                    excluded.append(IgnoredFile(relativePath: relative, reason: reason))
                } else if entry.lowercased().hasSuffix(".md") {
                    guard FileSystem.regularFileStatus(real) != nil else {
                        ignored.append(IgnoredFile(relativePath: relative, reason: "not a regular file"))
                        continue
                    }
                    album.notes.append(NoteFile(relativePath: relative))
                } else if let photo = photo(at: real, relative: relative) {
                    album.photos.append(photo)
                    realPaths[photo.key] = real
                }
            }
            // A RAW beside its JPEG is one photo with it: not a page, not a warning.
            let paired = RawPairing.fold(album.photos)
            album.photos = paired.photos
            for pair in paired.pairs {
                rawCompanions[pair.picture.key] = pair.raws
                for raw in pair.raws {
                    ignored.append(
                        IgnoredFile(
                            relativePath: raw.relativePath,
                            reason: "the RAW of \(pair.picture.fileName), published as that photo"))
                    folded.append(
                        FoldedFile(
                            relativePath: raw.relativePath, joined: pair.picture.relativePath, kind: .raw,
                            reason: "the RAW of \(pair.picture.fileName)"))
                }
            }
            // A Live Photo's movie beside its still is that photo's motion.
            let live = LivePairing.fold(album.photos) { movie in
                realPaths[movie.key].flatMap { path in
                    FileSystem.withPositionalReads(path) { read in QuickTimeMovie.summary(read) } ?? nil
                }
            } still: { still in
                guard let path = realPaths[still.key] else { return nil }
                switch still.format {
                case .jpeg:
                    // A JPEG's EXIF, with its MakerNote, comes first; an iPhone's is some kilobytes.
                    return FileSystem.readPrefix(path, count: 256 << 10).flatMap(AppleContentIdentifier.ofJPEG)
                case .heif:
                    return heifEXIF(URL(fileURLWithPath: path)).flatMap(AppleContentIdentifier.ofEXIF)
                default:
                    return nil
                }
            }
            album.photos = live.photos
            for pair in live.mismatched {
                notes.append(
                    IgnoredFile(
                        relativePath: pair.motion.relativePath,
                        reason:
                            "not the motion of \(pair.still.fileName): their Live Photo content identifiers differ; both are published, this as a video"
                    ))
            }
            for pair in live.pairs {
                liveMotions[pair.still.key] = pair.motion
                let reason = "the motion of the Live Photo \(pair.still.fileName)"
                ignored.append(
                    IgnoredFile(relativePath: pair.motion.relativePath, reason: reason + ", published with that photo"))
                folded.append(
                    FoldedFile(
                        relativePath: pair.motion.relativePath, joined: pair.still.relativePath, kind: .live,
                        reason: reason))
            }
            // A byte-identical copy is the same photo: published once, as the first.
            let copies = DuplicateFolding.fold(
                album.photos,
                digest: { photo in
                    let key = photo.key
                    if let known = known[key], known.vouches(for: photo, inode: inodes[key], changed: changes[key]) {
                        return known.contentHash
                    }
                    return realPaths[key].flatMap(ContentHash.ofFile(at:))
                },
                sameBytes: { a, b in
                    guard let first = realPaths[a.key], let second = realPaths[b.key] else { return false }
                    return FileSystem.sameContents(first, second)
                })
            album.photos = copies.photos
            for fold in copies.folds {
                // A copy's RAWs now belong to the photo that is published.
                if let raws = rawCompanions.removeValue(forKey: fold.duplicate.key) {
                    rawCompanions[fold.original.key, default: []] += raws
                }
                if let motion = liveMotions.removeValue(forKey: fold.duplicate.key),
                    liveMotions[fold.original.key] == nil
                {
                    liveMotions[fold.original.key] = motion
                }
                let reason = "duplicate of \(fold.original.fileName)"
                ignored.append(
                    IgnoredFile(
                        relativePath: fold.duplicate.relativePath, reason: reason + ", published once as that photo"))
                folded.append(
                    FoldedFile(
                        relativePath: fold.duplicate.relativePath, joined: fold.original.relativePath, kind: .duplicate,
                        reason: reason))
            }
            return album
        }

        /// The real path of an entry, or nil (recorded as ignored) when it leads outside.
        mutating func resolve(_ full: String, relative: String) -> String? {
            // A name listed whose file cannot be looked at (a damaged inode, a path too long
            // for the system) is said, not dropped as "not a regular file".
            switch FileSystem.linkStatus(full) {
            case .failure(let failure):
                // Gone since the folder was listed (an editor's temporary file): nothing to say.
                if failure == FileSystem.Failure(code: ENOENT) { return nil }
                unreadable.append(IgnoredFile(relativePath: relative, reason: "cannot read it: \(failure)"))
                return nil
            case .success(false): return full
            case .success(true): break
            }
            guard let real = FileSystem.realPath(full) else {
                let failure = FileSystem.Failure.last
                let target = FileSystem.linkTarget(full).map { " to '\($0)'" } ?? ""
                unreadable.append(
                    IgnoredFile(relativePath: relative, reason: "broken symbolic link\(target): \(failure)"))
                return nil
            }
            guard followLinks || FileSystem.isWithin(real, rootReal) else {
                refused.append(
                    IgnoredFile(
                        relativePath: relative,
                        reason: "symbolic link leads outside the input folder; set 'follow_links: true' to follow it"))
                return nil
            }
            if let outputReal, FileSystem.isWithin(real, outputReal) {
                refused.append(
                    IgnoredFile(
                        relativePath: relative,
                        reason: "symbolic link leads into the output folder, whose images are the site's, not photos"))
                return nil
            }
            return real
        }

        mutating func photo(at real: String, relative: String) -> PhotoFile? {
            guard let stat = FileSystem.regularFileStatus(real) else {
                ignored.append(IgnoredFile(relativePath: relative, reason: "not a regular file"))
                return nil
            }
            let head: [UInt8]
            switch FileSystem.readHead(real, count: MediaFormat.sniffLength) {
            case .success(let bytes): head = bytes
            case .failure(let failure):
                refused.append(IgnoredFile(relativePath: relative, reason: "cannot read the file: \(failure)"))
                return nil
            }
            // Formats this build does not read are judged as today's unknown content is.
            guard let format = MediaFormat.sniff(head) ?? MediaFormat.readableByName(relative, head: head),
                format.isReadable
            else {
                if let verdict = CatalogScanner.verdict(unknownContent: head, name: relative) {
                    refused.append(IgnoredFile(relativePath: relative, reason: verdict))
                } else {
                    ignored.append(IgnoredFile(relativePath: relative, reason: "not a photo"))
                }
                return nil
            }
            // A TIFF may be a camera raw whose first image is only its preview.
            let judged = format == .tiff ? RawSignature.format(ofFileAt: real) ?? format : format
            let file = PhotoFile(relativePath: relative, format: judged, byteCount: stat.size, modified: stat.modified)
            inodes[file.key] = stat.inode
            changes[file.key] = stat.changed
            return file
        }
    }

    /// Why a file Tessera cannot read is still an image or a video the user meant to
    /// publish (a clip that failed to copy, a format no row of the table holds), or nil
    /// when it is simply not a photo (a README, a sidecar).
    static func verdict(unknownContent head: [UInt8], name: String) -> String? {
        if let foreign = MediaFormat.foreignName(sniffing: head) { return "unsupported format: \(foreign)" }
        let ext = (name as NSString).pathExtension.lowercased()
        // A PNG whose eight-byte signature was mangled (line endings converted, say).
        let png = Array("PNG".utf8)
        if head.starts(with: png) || head.dropFirst().starts(with: png) { return "not an image" }
        let isVideo =
            MediaFormat.videoExtensions.contains(ext) && !MediaFormat.isTypeScript(extension: ext, head: head)
        guard isVideo || MediaFormat.imageExtensions.contains(ext) else { return nil }
        if head.isEmpty { return "empty file" }
        guard MediaFormat.readable(forExtension: ext) != nil else { return "unsupported format: \(ext.uppercased())" }
        return isVideo ? "not a video (its content is no video format Tessera knows)" : "not an image"
    }
}
