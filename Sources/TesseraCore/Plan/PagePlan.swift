/// What the site shows: every published album and photo, with the titles, captions,
/// covers and names its pages are made from.
///
/// Made from the photos actually published, after the image stage: a photo that failed to
/// decode is simply not in it.
struct PagePlan: Sendable, Hashable, Codable {
    var root: PlannedAlbum
    /// Metadata that named something missing (a cover, a photo in `order:`).
    var warnings: [MetadataWarning]

    init(root: PlannedAlbum, warnings: [MetadataWarning] = []) {
        self.root = root
        self.warnings = warnings
    }

    /// Every album, the home album first, parents before children, hidden ones too.
    var allAlbums: [PlannedAlbum] { root.allAlbums }

    /// The albums a visitor can reach through the listings: not hidden, nor below a
    /// hidden one. Sitemaps and feeds list only these.
    var listedAlbums: [PlannedAlbum] { root.listedTree }

    /// Every photo with a page, in album order, hidden ones too.
    var allPhotos: [PlannedPhoto] { allAlbums.flatMap { $0.photos + $0.unlisted } }
    /// The `PhotoFile.key` of every album's cover, hidden albums' too.
    var coverKeys: Set<String> { Set(allAlbums.compactMap { $0.cover?.source.key }) }
}

/// An album as it will appear on the site.
struct PlannedAlbum: Sendable, Hashable, Codable {
    /// The album's title: `title:` in its `index.md`, else its folder name (the site title
    /// for the home album).
    var title: String
    /// The folder's own name in the input.
    var folderName: String = ""
    /// The description from `index.md`, as sanitized HTML.
    var description: String?
    /// The description as plain text on one line (or the site's for the home album).
    var summary: String?
    /// The album's date: `date:` in `index.md`, else its earliest photo's.
    var date: String?
    /// Built but left out of its parent's page (`hidden: true`).
    var hidden = false
    /// Photos with a page but not listed in the album (`hidden: true` in a sidecar).
    var unlisted: [PlannedPhoto] = []
    /// Fields of `index.md` Tessera does not use, for templates.
    var extra: [ExtraField] = []
    /// The album's folder in the site, relative to the root (`""` for the home album),
    /// made of slugs, e.g. `summer-2024/beach`.
    var folder: String
    /// The albums above this one, home first.
    var ancestors: [AlbumLink]
    var photos: [PlannedPhoto]
    var albums: [PlannedAlbum]
    /// The photo that stands for this album on its parent's page.
    var cover: PlannedPhoto?
    /// The ZIP of the album's photos (`zip:`), relative to the site root, when offered.
    var archive: String?

    init(
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
    var page: String { SitePath.join(folder, "index.html") }

    /// A link to this album, for breadcrumbs.
    var link: AlbumLink { AlbumLink(title: title, folder: folder) }

    /// Listed photos and videos in this album and all listed albums below it, album by album.
    var listedItems: [PlannedPhoto] { listedTree.flatMap(\.photos) }

    /// Listed photos and videos in this album and all listed albums below it.
    var photoCount: Int { listedItems.count }

    /// Sub-albums shown on this album's page.
    var listedAlbums: [PlannedAlbum] { albums.filter { !$0.hidden } }

    /// This album and the listed albums below it, parents first (see `PagePlan.listedAlbums`).
    var listedTree: [PlannedAlbum] { [self] + listedAlbums.flatMap(\.listedTree) }

    /// Every photo with a page in this album and below, hidden ones too.
    var pageCount: Int { photos.count + unlisted.count + albums.reduce(0) { $0 + $1.pageCount } }

    /// This album and every album below it, parents first.
    var allAlbums: [PlannedAlbum] { [self] + albums.flatMap(\.allAlbums) }
}

/// An album's title and folder, as breadcrumbs show it.
struct AlbumLink: Sendable, Hashable, Codable {
    var title: String
    /// The album's folder in the site (`""` for the home album).
    var folder: String

    init(title: String, folder: String) {
        self.title = title
        self.folder = folder
    }

    /// The album page, relative to the site root.
    var page: String { SitePath.join(folder, "index.html") }
}

/// A photo as it will appear on the site.
struct PlannedPhoto: Sendable, Hashable, Codable {
    var source: PhotoFile
    var info: PhotoInfo
    /// The photo page, relative to the site root, e.g. `summer/beach.html`.
    var page: String
    /// One rendition per role (see `PhotoNames.renditions`).
    var renditions: [Rendition]
    /// The photo's title, from its sidecar, XMP or IPTC (see `PhotoText`).
    var title: String?
    /// The caption as plain text, from its sidecar, XMP, IPTC or EXIF; never the file name.
    var caption: String?
    /// The caption as HTML, sanitized (see `PhotoText`).
    var captionHTML: String?
    /// The photo's own text for where it is shown without its caption (a tile's `alt`): its
    /// title, else its caption; nil when it has neither, and the pages say its place in the
    /// album in the theme's words ("Photo 3 of 12 in Travels").
    var alt: String?
    /// Fields of the sidecar Tessera does not use, for templates.
    var extra: [ExtraField] = []
    /// A video's web rendition; nil for a photo (its `renditions` are the poster's).
    var video: PlannedVideo?
    /// The original offered for download (`originals:`), relative to the site root; nil
    /// when none is.
    var original: String?
    /// A still's motion (a Live or Motion Photo's, an animated GIF's); nil for most photos.
    var motion: PlannedMotion?

    /// What the file holds (photo, raw, video), from its format: computed, so the plan's
    /// stored shape, and every fingerprint made from it, stays as it is.
    var kind: MediaKind { info.kind }

    init(
        source: PhotoFile, info: PhotoInfo, page: String, renditions: [Rendition], text: PhotoText = PhotoText()
    ) {
        self.source = source
        self.info = info
        self.page = page
        self.renditions = renditions
        self.title = text.title
        self.caption = text.caption
        self.captionHTML = text.captionHTML
        alt = text.title ?? text.caption
    }

    /// The rendition for `role` in the main format (JPEG), which every browser shows.
    func rendition(_ role: Rendition.Role) -> Rendition {
        renditions.first { $0.role == role } ?? renditions[0]
    }

    /// The rendition for `role` in `format`, if the site makes that format.
    func rendition(_ role: Rendition.Role, in format: RenditionFormat) -> Rendition? {
        renditions.first { $0.role == role && $0.format == format }
    }

    /// The formats besides the main one (AVIF, WebP) the photo's images are also made in,
    /// best first; empty when the site makes JPEG only.
    var alternativeFormats: [RenditionFormat] {
        let main = renditions.first?.format
        // In `modern`'s order, whichever role each first appears in: the display image has
        // no AVIF, its thumbnails do.
        let made = Set(renditions.map(\.format))
        return RenditionFormat.modern.filter { $0 != main && made.contains($0) }
    }

    /// The distinct image files, largest first.
    var files: [Rendition] { PhotoNames(page: page, renditions: renditions).files }
}
