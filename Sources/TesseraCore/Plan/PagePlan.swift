/// What the site shows: every published album and photo, with the titles, captions,
/// covers and names its pages are made from.
///
/// Made from the photos actually published, after the image stage: a photo that failed to
/// decode is simply not in it.
public struct PagePlan: Sendable, Hashable, Codable {
    public var root: PlannedAlbum

    public init(root: PlannedAlbum) {
        self.root = root
    }

    /// Every album, the home album first, parents before children.
    public var allAlbums: [PlannedAlbum] { root.allAlbums }

    /// Every photo, in album order.
    public var allPhotos: [PlannedPhoto] { allAlbums.flatMap(\.photos) }
}

/// An album as it will appear on the site.
public struct PlannedAlbum: Sendable, Hashable, Codable {
    /// The album's title: its folder name (the site title for the home album).
    public var title: String
    /// The album's folder in the site, relative to the root (`""` for the home album),
    /// made of slugs, e.g. `summer-2024/beach`.
    public var folder: String
    /// The albums above this one, home first.
    public var ancestors: [AlbumLink]
    public var photos: [PlannedPhoto]
    public var albums: [PlannedAlbum]
    /// The photo that stands for this album on its parent's page.
    public var cover: PlannedPhoto?

    public init(
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
    public var page: String { SitePath.join(folder, "index.html") }

    /// A link to this album, for breadcrumbs.
    public var link: AlbumLink { AlbumLink(title: title, folder: folder) }

    /// Photos in this album and all below it.
    public var photoCount: Int { photos.count + albums.reduce(0) { $0 + $1.photoCount } }

    /// This album and every album below it, parents first.
    public var allAlbums: [PlannedAlbum] { [self] + albums.flatMap(\.allAlbums) }
}

/// An album's title and folder, as breadcrumbs show it.
public struct AlbumLink: Sendable, Hashable, Codable {
    public var title: String
    /// The album's folder in the site (`""` for the home album).
    public var folder: String

    public init(title: String, folder: String) {
        self.title = title
        self.folder = folder
    }

    /// The album page, relative to the site root.
    public var page: String { SitePath.join(folder, "index.html") }
}

/// A photo as it will appear on the site.
public struct PlannedPhoto: Sendable, Hashable, Codable {
    public var source: PhotoFile
    public var info: PhotoInfo
    /// The photo page, relative to the site root, e.g. `summer/beach.html`.
    public var page: String
    /// One rendition per role (see `PhotoNames.renditions`).
    public var renditions: [Rendition]
    /// The text shown under the photo on its page.
    public var caption: String
    /// The text that stands for the photo where it is shown without its caption (a tile).
    public var alt: String

    public init(
        source: PhotoFile, info: PhotoInfo, page: String, renditions: [Rendition], caption: String,
        alt: String
    ) {
        self.source = source
        self.info = info
        self.page = page
        self.renditions = renditions
        self.caption = caption
        self.alt = alt
    }

    /// The rendition for `role`.
    public func rendition(_ role: Rendition.Role) -> Rendition {
        renditions.first { $0.role == role } ?? renditions[0]
    }

    /// The distinct image files, largest first.
    public var files: [Rendition] { PhotoNames(page: page, renditions: renditions).files }
}
