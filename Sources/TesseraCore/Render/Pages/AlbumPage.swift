/// Everything an album's page shows: the context of `album.mustache`.
public struct AlbumPage: Encodable, Sendable, Hashable {
    /// The page's language, for `<html lang>`.
    public var lang: String
    /// The album's title.
    public var title: String
    /// The document title: the album's title, then the site's (the home page: the site's alone).
    public var pageTitle: String
    /// The stylesheet's URL, relative to the page.
    public var stylesheet: String
    /// The page's absolute URL, when the site has a base URL (`<link rel="canonical">`,
    /// Open Graph).
    public var canonical: String?
    /// An absolute URL of the image link previews show (the cover or the photo).
    public var socialImage: String?
    /// The Atom feed's URL, relative to the page, when the site has one.
    public var feed: String?
    /// The albums above this one, home first.
    public var breadcrumbs: [Breadcrumb]
    /// Photos in this album and all below it.
    public var photoCount: Count
    /// Sub-albums, when there are any.
    public var albumCount: Count?
    /// Whether there are sub-albums.
    public var hasAlbums: Bool
    /// The sub-albums' cards.
    public var albums: [AlbumCard]
    /// Whether the album holds photos of its own.
    public var hasPhotos: Bool
    /// The album's photos, in order, as grid tiles.
    public var photos: [Tile]
}
