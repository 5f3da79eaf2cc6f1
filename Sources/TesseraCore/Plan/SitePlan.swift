/// What the site will contain: every album and photo with its output names and sizes.
///
/// A pure function of the catalog, the photos' headers and the settings.
public struct SitePlan: Sendable {
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
public struct PlannedAlbum: Sendable {
    /// The folder name, shown as the title.
    public var title: String
    /// The album's folder in the site, relative to the root (`""` for the home album),
    /// made of slugs, e.g. `summer-2024/beach`.
    public var folder: String
    /// Titles and folders of the albums above, home first.
    public var ancestors: [(title: String, folder: String)]
    public var photos: [PlannedPhoto]
    public var albums: [PlannedAlbum]

    public init(
        title: String, folder: String, ancestors: [(title: String, folder: String)],
        photos: [PlannedPhoto], albums: [PlannedAlbum]
    ) {
        self.title = title
        self.folder = folder
        self.ancestors = ancestors
        self.photos = photos
        self.albums = albums
    }

    /// The album page, relative to the site root.
    public var page: String { SitePath.join(folder, "index.html") }

    /// The album page and its photos' pages: everything rendered for this album.
    public var pages: [String] { [page] + photos.map(\.page) }

    /// The photo that represents this album on its parent's page: its first photo of an
    /// ordinary shape (a panorama or a strip makes a poor card), else its first photo, else
    /// the cover of its first sub-album.
    public var cover: PlannedPhoto? {
        photos.first { (0.5...2).contains($0.info.uprightSize.aspectRatio) }
            ?? photos.first ?? albums.lazy.compactMap(\.cover).first
    }

    /// Photos in this album and all below it.
    public var photoCount: Int { photos.count + albums.reduce(0) { $0 + $1.photoCount } }

    var allAlbums: [PlannedAlbum] { [self] + albums.flatMap(\.allAlbums) }
}

/// A photo as it will appear on the site.
public struct PlannedPhoto: Sendable {
    public var source: PhotoFile
    public var info: PhotoInfo
    /// The photo page, relative to the site root, e.g. `summer/beach.html`.
    public var page: String
    /// Image shown on the photo page.
    public var display: Rendition
    /// Grid thumbnail at 1x.
    public var thumbnail: Rendition
    /// Grid thumbnail at 2x (may be the same file as `display` for very wide photos).
    public var thumbnail2x: Rendition

    public init(
        source: PhotoFile, info: PhotoInfo, page: String, display: Rendition,
        thumbnail: Rendition, thumbnail2x: Rendition
    ) {
        self.source = source
        self.info = info
        self.page = page
        self.display = display
        self.thumbnail = thumbnail
        self.thumbnail2x = thumbnail2x
    }

    /// The distinct images to generate, largest first (one decode feeds them all).
    public var renditions: [Rendition] {
        var seen = Set<String>()
        return [display, thumbnail2x, thumbnail].filter { seen.insert($0.path).inserted }
    }
}

/// One generated image file of a photo.
public struct Rendition: Sendable, Hashable {
    /// Path relative to the site root.
    public var path: String
    /// Upright pixel size.
    public var size: PixelSize

    public init(path: String, size: PixelSize) {
        self.path = path
        self.size = size
    }
}

/// Joining site-relative paths.
public enum SitePath {
    /// Joins a folder (`""` for the root) and a name with `/`.
    public static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder + "/" + name
    }

    /// The folder part of a site-relative file path (`""` for files at the root).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}
