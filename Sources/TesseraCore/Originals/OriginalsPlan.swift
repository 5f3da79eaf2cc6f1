/// Which photos offer their original for download, where each goes in the site and how it
/// is made, and which albums link a ZIP: the `originals` and `zip` settings resolved for
/// every album, an album's `index.md` deciding for itself and the albums below it.
struct OriginalsPlan: Sendable, Equatable {
    /// One photo's original as the site offers it.
    struct Original: Sendable, Hashable {
        /// Where it goes, relative to the site root (`summer/_originals/beach.jpg`).
        var path: String
        var policy: OriginalsPolicy
    }

    /// The folder, in an album's folder, that holds its originals and its ZIP.
    static let folder = "_originals"

    /// By `PhotoFile.key`: the photos (not the videos) whose original is offered.
    var originals: [String: Original] = [:]
    /// The albums, by their folder in the site (`""` for the home album), that link a ZIP
    /// of their photos.
    var zips: Set<String> = []

    /// Resolves the settings over the catalog. Videos never offer an original; a photo
    /// without names (its header unreadable) has none either.
    init(
        _ catalog: Catalog, naming: NamingPlan, metadata: SiteMetadata, originals: OriginalsPolicy, zip: Bool
    ) {
        visit(catalog.root, naming: naming, metadata: metadata, originals: originals, zip: zip)
    }

    init() {}

    private mutating func visit(
        _ album: Album, naming: NamingPlan, metadata: SiteMetadata, originals inherited: OriginalsPolicy, zip: Bool
    ) {
        let notes = metadata.albums[album.key]
        let policy = notes?.originals ?? inherited
        let zipped = notes?.zip ?? zip
        if zipped, let folder = naming.albumFolders[album.key] { zips.insert(folder) }
        if policy != .withheld {
            for file in album.photos where file.kind != .video {
                guard let names = naming.photos[file.key] else { continue }
                originals[file.key] = Original(
                    path: Self.path(of: file, page: names.page, policy: policy), policy: policy)
            }
        }
        for child in album.albums {
            visit(child, naming: naming, metadata: metadata, originals: policy, zip: zipped)
        }
    }

    /// `<album>/_originals/<slug>.<ext>`: the photo page's slug, and as-is the file's own
    /// extension when it is one of its format's (`JPEG` for a JPEG) or its format has none,
    /// else the format's usual one; `jpg` for what `stripped` publishes. A JPEG named `trip.zip` in the album
    /// `Trip` was published as `trip.zip`, where the album's ZIP goes: one of the two
    /// downloads was the other file.
    static func path(of file: PhotoFile, page: String, policy: OriginalsPolicy) -> String {
        let folder = SitePath.folder(of: page)
        let name = String(page.split(separator: "/").last ?? "photo")
        let slug = name.hasSuffix(".html") ? String(name.dropLast(5)) : name
        let parts = file.fileName.split(separator: ".")
        let written = parts.count > 1 ? parts.last.map { $0.lowercased() } : nil
        let own = file.format.row.extensions
        // A format no extension names (a camera's raw in TIFF form) keeps the file's own,
        // but for the one the album's ZIP has.
        let kept = written.flatMap { (own.isEmpty && $0 != "zip") || own.contains($0) ? $0 : nil }
        let ext = policy == .asIs ? (kept ?? own.first ?? "tif") : "jpg"
        return SitePath.join(SitePath.join(folder, Self.folder), ext.isEmpty ? slug : "\(slug).\(ext)")
    }

    /// The ZIP of an album's photos: `<album>/_originals/<album's slug>.zip`, `photos.zip`
    /// for the home album.
    static func zipPath(ofAlbumFolder folder: String) -> String {
        let name = folder.split(separator: "/").last.map(String.init) ?? "photos"
        return SitePath.join(SitePath.join(folder, Self.folder), "\(name).zip")
    }
}
