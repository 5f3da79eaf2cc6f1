import Foundation

/// Decides what the site shows from the catalog, the naming plan, the photos that were
/// published and their metadata: titles, captions, alt texts, order, covers and hiding.
/// The policies live here, so pages and their fingerprints only read the result.
struct PagePlanner: Sendable {
    /// The home page's title; when nil, the home folder's `index.md` title, else its name.
    var siteTitle: String?
    /// The home page's description when its `index.md` has none.
    var siteDescription: String?
    /// How albums order their photos and sub-albums unless their `index.md` says.
    var order: AlbumOrder
    /// Photos and albums built but not listed (`hidden:` in the configuration).
    var hidden: [FilePattern]

    init(
        siteTitle: String?, siteDescription: String? = nil, order: AlbumOrder = AlbumOrder(), hidden: [FilePattern] = []
    ) {
        self.siteTitle = siteTitle
        self.siteDescription = siteDescription
        self.order = order
        self.hidden = hidden
    }

    /// Plans the pages. `published` holds the header of every photo on the site by
    /// `PhotoFile.key`; the others are left out, and so are albums left empty.
    func plan(
        _ catalog: Catalog, naming: NamingPlan, published: [String: PhotoInfo], metadata: SiteMetadata = SiteMetadata(),
        videos: [String: PlannedVideo] = [:], motions: [String: PlannedMotion] = [:]
    ) -> PagePlan {
        // The configuration's title (a flag, tessera.yaml) is the most deliberate; then the
        // home folder's own index.md.
        let title = siteTitle ?? metadata.albums[catalog.root.key]?.title ?? catalog.root.name
        var warnings: [MetadataWarning] = []
        var root = plan(
            catalog.root, title: title, ancestors: [], naming: naming, published: published, metadata: metadata,
            videos: videos, motions: motions, folded: FoldedNames(catalog.folded), warnings: &warnings)
        root.summary = root.summary ?? siteDescription
        root.hidden = false
        return PagePlan(root: root, warnings: warnings)
    }

    private func plan(
        _ album: Album, title: String, ancestors: [AlbumLink], naming: NamingPlan, published: [String: PhotoInfo],
        metadata: SiteMetadata, videos: [String: PlannedVideo], motions: [String: PlannedMotion],
        folded: FoldedNames, warnings: inout [MetadataWarning]
    ) -> PlannedAlbum {
        let albumPath = album.path.joined(separator: "/")
        let folder = naming.albumFolders[album.key] ?? ""
        let notes = metadata.albums[album.key]
        let here = ancestors + [AlbumLink(title: title, folder: folder)]
        var all = album.photos.compactMap { file -> PlannedPhoto? in
            guard let info = published[file.key], let names = naming.photos[file.key], !names.renditions.isEmpty
            else { return nil }
            var photo = PlannedPhoto(
                source: file, info: info, page: names.page, renditions: names.renditions,
                text: PhotoText(sidecar: metadata.photos[file.key], metadata: info.metadata))
            photo.extra = metadata.photos[file.key]?.extra ?? []
            photo.video = videos[file.key]
            photo.motion = motions[file.key]
            return photo
        }
        var values: [String: String] = [:]
        for file in album.photos { values[file.key] = metadata.photos[file.key]?.orderValue }
        all = PhotoOrder(
            key: notes?.sort ?? order.photos, reverse: notes?.reverse ?? order.reversePhotos,
            listed: (notes?.order ?? []).map { folded.standing(for: $0, inAlbumAt: albumPath) },
            values: values
        ).apply(all, file: indexFile(of: album), line: notes?.orderLine, warnings: &warnings)
        let isHidden = { (photo: PlannedPhoto) in
            metadata.photos[photo.source.key]?.hidden == true
                || FilePattern.any(hidden, match: photo.source.relativePath, isFolder: false)
        }
        let photos = all.filter { !isHidden($0) }
        let unlisted = all.filter(isHidden)

        var albumValues: [String: String] = [:]
        var albums = album.albums.compactMap { child -> PlannedAlbum? in
            let childTitle = metadata.albums[child.key]?.title ?? child.name
            let planned = plan(
                child, title: childTitle, ancestors: here, naming: naming, published: published, metadata: metadata,
                videos: videos, motions: motions, folded: folded, warnings: &warnings)
            albumValues[planned.folder] = metadata.albums[child.key]?.orderValue
            return planned.pageCount == 0 ? nil : planned
        }
        albums = AlbumSequence(
            key: notes?.albumSort ?? order.albums, reverse: notes?.reverseAlbums ?? order.reverseAlbums
        ).apply(albums, values: albumValues)

        var planned = PlannedAlbum(
            title: title, folder: folder, ancestors: ancestors, photos: photos, albums: albums,
            cover: Self.cover(photos: photos, albums: albums.filter { !$0.hidden }))
        planned.folderName = album.name
        planned.unlisted = unlisted
        planned.description = notes?.descriptionHTML
        planned.summary = notes?.summary
        planned.extra = notes?.extra ?? []
        // An album with nothing listed (its photos all hidden, as README's `outtakes/*` hides
        // them, and no listed sub-album) is left off the listings too: its card had no cover
        // (`<img src="">`) and said "0 photos".
        planned.hidden =
            notes?.hidden == true
            || (!album.path.isEmpty
                && FilePattern.any(hidden, match: album.path.joined(separator: "/"), isFolder: true))
            || (photos.isEmpty && albums.allSatisfy(\.hidden))
        // A hidden sub-album's photos date no listing: its date stayed the parent's in the feed.
        planned.date =
            notes?.date ?? (photos.map(PhotoOrder.date) + albums.filter { !$0.hidden }.compactMap(\.date)).min()
        if let name = notes?.cover.map({ folded.standing(for: $0, inAlbumAt: albumPath) }) {
            if let chosen = CoverChoice.find(name, photos: photos, albums: albums) {
                planned.cover = chosen
            } else if CoverChoice.namesHidden(name, photos: photos, unlisted: unlisted, albums: albums) {
                warnings.append(
                    MetadataWarning(
                        file: indexFile(of: album), line: notes?.coverLine,
                        message:
                            "cover '\(name)' is hidden, and a cover is shown wherever its album is listed; "
                            + "the first listed photo stands in"))
            } else {
                warnings.append(
                    MetadataWarning(
                        file: indexFile(of: album), line: notes?.coverLine,
                        message:
                            "cover '\(name)' is not a photo in this album or a sub-album; the first photo stands in"))
            }
        }
        return planned
    }

    private func indexFile(of album: Album) -> String {
        album.notes.first { $0.fileName.lowercased() == SiteMetadata.indexName }?.relativePath ?? SiteMetadata.indexName
    }

    /// The album's first photo of an ordinary shape (a panorama or a strip makes a poor
    /// card), else its first photo, else the cover of its first sub-album.
    static func cover(photos: [PlannedPhoto], albums: [PlannedAlbum]) -> PlannedPhoto? {
        photos.first { (0.5...2).contains($0.info.uprightSize.aspectRatio) }
            ?? photos.first ?? albums.lazy.compactMap(\.cover).first
    }
}
