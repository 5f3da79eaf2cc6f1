/// Decides what the site shows from the catalog, the naming plan and the photos that were
/// published: titles, captions, alt texts and covers. The policies live here, so pages and
/// their fingerprints only read the result.
public struct PagePlanner: Sendable {
    /// The home page's title; the input folder's name when nil.
    public var siteTitle: String?

    public init(siteTitle: String?) {
        self.siteTitle = siteTitle
    }

    /// Plans the pages. `published` holds the header of every photo on the site by
    /// `PhotoFile.key`; the others are left out, and so are albums left empty.
    public func plan(_ catalog: Catalog, naming: NamingPlan, published: [String: PhotoInfo]) -> PagePlan {
        let title = siteTitle ?? catalog.root.name
        return PagePlan(root: plan(catalog.root, title: title, ancestors: [], naming: naming, published: published))
    }

    private func plan(
        _ album: Album, title: String, ancestors: [AlbumLink], naming: NamingPlan,
        published: [String: PhotoInfo]
    ) -> PlannedAlbum {
        let folder = naming.albumFolders[album.key] ?? ""
        let photos = album.photos.compactMap { file -> PlannedPhoto? in
            guard let info = published[file.key], let names = naming.photos[file.key], !names.renditions.isEmpty
            else { return nil }
            return PlannedPhoto(
                source: file, info: info, page: names.page, renditions: names.renditions,
                caption: Self.caption(of: file, info: info), alt: file.fileName)
        }
        let here = ancestors + [AlbumLink(title: title, folder: folder)]
        let albums = album.albums.compactMap { child -> PlannedAlbum? in
            let planned = plan(child, title: child.name, ancestors: here, naming: naming, published: published)
            return planned.photoCount == 0 ? nil : planned
        }
        return PlannedAlbum(
            title: title, folder: folder, ancestors: ancestors, photos: photos, albums: albums,
            cover: Self.cover(photos: photos, albums: albums))
    }

    /// The photographer's own description when the file has one, else the file's name.
    static func caption(of file: PhotoFile, info: PhotoInfo) -> String {
        info.metadata.caption ?? file.fileName
    }

    /// The album's first photo of an ordinary shape (a panorama or a strip makes a poor
    /// card), else its first photo, else the cover of its first sub-album.
    static func cover(photos: [PlannedPhoto], albums: [PlannedAlbum]) -> PlannedPhoto? {
        photos.first { (0.5...2).contains($0.info.uprightSize.aspectRatio) }
            ?? photos.first ?? albums.lazy.compactMap(\.cover).first
    }
}
