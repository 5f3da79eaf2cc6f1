/// What the site shows: every published album and photo, with the titles, captions,
/// covers and names its pages are made from.
///
/// Made from the photos actually published, after the image stage: a photo that failed to
/// decode is simply not in it.
package struct PagePlan: Sendable, Hashable, Codable {
    package var root: PlannedAlbum
    /// Metadata that named something missing (a cover, a photo in `order:`).
    package var warnings: [MetadataWarning]

    package init(root: PlannedAlbum, warnings: [MetadataWarning] = []) {
        self.root = root
        self.warnings = warnings
    }

    /// Every album, the home album first, parents before children, hidden ones too.
    package var allAlbums: [PlannedAlbum] { root.allAlbums }

    /// The albums a visitor can reach through the listings: not hidden, nor below a
    /// hidden one. Sitemaps and feeds list only these.
    package var listedAlbums: [PlannedAlbum] { root.listedTree }

    /// Every photo with a page, in album order, hidden ones too.
    package var allPhotos: [PlannedPhoto] { allAlbums.flatMap { $0.photos + $0.unlisted } }
}

/// An album as it will appear on the site.
package struct PlannedAlbum: Sendable, Hashable, Codable {
    /// The album's title: `title:` in its `index.md`, else its folder name (the site title
    /// for the home album).
    package var title: String
    /// The folder's own name in the input.
    package var folderName: String = ""
    /// The description from `index.md`, as sanitized HTML.
    package var description: String?
    /// The description as plain text on one line (or the site's for the home album).
    package var summary: String?
    /// The album's date: `date:` in `index.md`, else its earliest photo's.
    package var date: String?
    /// Built but left out of its parent's page (`hidden: true`).
    package var hidden = false
    /// Photos with a page but not listed in the album (`hidden: true` in a sidecar).
    package var unlisted: [PlannedPhoto] = []
    /// Fields of `index.md` Tessera does not use, for templates.
    package var extra: [ExtraField] = []
    /// The album's folder in the site, relative to the root (`""` for the home album),
    /// made of slugs, e.g. `summer-2024/beach`.
    package var folder: String
    /// The albums above this one, home first.
    package var ancestors: [AlbumLink]
    package var photos: [PlannedPhoto]
    package var albums: [PlannedAlbum]
    /// The photo that stands for this album on its parent's page.
    package var cover: PlannedPhoto?

    package init(
        title: String, folder: String, ancestors: [AlbumLink], photos: [PlannedPhoto],
        albums: [PlannedAlbum], cover: PlannedPhoto?
    ) {
        self.title = title
        self.folder = folder
        self.ancestors = ancestors
        self.photos = photos
        self.albums = albums
        self.cover = cover
    }

    /// The album page, relative to the site root.
    package var page: String { SitePath.join(folder, "index.html") }

    /// A link to this album, for breadcrumbs.
    package var link: AlbumLink { AlbumLink(title: title, folder: folder) }

    /// Listed photos in this album and all listed albums below it.
    package var photoCount: Int { photos.count + listedAlbums.reduce(0) { $0 + $1.photoCount } }

    /// Sub-albums shown on this album's page.
    package var listedAlbums: [PlannedAlbum] { albums.filter { !$0.hidden } }

    /// This album and the listed albums below it, parents first (see `PagePlan.listedAlbums`).
    package var listedTree: [PlannedAlbum] { [self] + listedAlbums.flatMap(\.listedTree) }

    /// Every photo with a page in this album and below, hidden ones too.
    var pageCount: Int { photos.count + unlisted.count + albums.reduce(0) { $0 + $1.pageCount } }

    /// This album and every album below it, parents first.
    package var allAlbums: [PlannedAlbum] { [self] + albums.flatMap(\.allAlbums) }
}

/// An album's title and folder, as breadcrumbs show it.
package struct AlbumLink: Sendable, Hashable, Codable {
    package var title: String
    /// The album's folder in the site (`""` for the home album).
    package var folder: String

    package init(title: String, folder: String) {
        self.title = title
        self.folder = folder
    }

    /// The album page, relative to the site root.
    package var page: String { SitePath.join(folder, "index.html") }
}

/// A photo as it will appear on the site.
package struct PlannedPhoto: Sendable, Hashable, Codable {
    package var source: PhotoFile
    package var info: PhotoInfo
    /// The photo page, relative to the site root, e.g. `summer/beach.html`.
    package var page: String
    /// One rendition per role (see `PhotoNames.renditions`).
    package var renditions: [Rendition]
    /// The photo's title, from its sidecar, XMP or IPTC (see `PhotoText`).
    package var title: String?
    /// The caption as plain text, from its sidecar, XMP, IPTC or EXIF; never the file name.
    package var caption: String?
    /// The caption as HTML, sanitized (see `PhotoText`).
    package var captionHTML: String?
    /// The text that stands for the photo where it is shown without its caption (a tile):
    /// its title or caption, else "Photo 3 of 12 in Travels".
    package var alt: String
    /// "Photo 3 of 12 in Travels": the photo page's image `alt`, which must not repeat the
    /// caption shown beside it.
    package var placement: String
    /// Fields of the sidecar Tessera does not use, for templates.
    package var extra: [ExtraField] = []

    /// What the file holds (photo, raw, video), from its format: computed, so the plan's
    /// stored shape, and every fingerprint made from it, stays as it is.
    package var kind: MediaKind { info.kind }

    package init(
        source: PhotoFile, info: PhotoInfo, page: String, renditions: [Rendition], text: PhotoText = PhotoText(),
        alt: String, placement: String = ""
    ) {
        self.source = source
        self.info = info
        self.page = page
        self.renditions = renditions
        self.title = text.title
        self.caption = text.caption
        self.captionHTML = text.captionHTML
        self.alt = alt
        self.placement = placement
    }

    /// The rendition for `role` in the main format (JPEG), which every browser shows.
    package func rendition(_ role: Rendition.Role) -> Rendition {
        renditions.first { $0.role == role } ?? renditions[0]
    }

    /// The rendition for `role` in `format`, if the site makes that format.
    package func rendition(_ role: Rendition.Role, in format: RenditionFormat) -> Rendition? {
        renditions.first { $0.role == role && $0.format == format }
    }

    /// The formats besides the main one (AVIF, WebP) the photo's images are also made in,
    /// best first; empty when the site makes JPEG only.
    package var alternativeFormats: [RenditionFormat] {
        let main = renditions.first?.format
        var formats: [RenditionFormat] = []
        for rendition in renditions where rendition.format != main && !formats.contains(rendition.format) {
            formats.append(rendition.format)
        }
        return formats
    }

    /// The distinct image files, largest first.
    package var files: [Rendition] { PhotoNames(page: page, renditions: renditions).files }
}
