/// Everything a photo's page shows: the context of `photo.mustache`.
public struct PhotoPage: Encodable, Sendable, Hashable {
    /// The page's language, for `<html lang>`.
    public var lang: String
    /// The document title: the photo's name, then the album's title.
    public var pageTitle: String
    /// The text under the photo (and its `alt` text).
    public var caption: String
    /// The stylesheet's URL, relative to the page.
    public var stylesheet: String
    /// The page's absolute URL, when the site has a base URL (`<link rel="canonical">`,
    /// Open Graph).
    public var canonical: String?
    /// An absolute URL of the image link previews show (the cover or the photo).
    public var socialImage: String?
    /// The Atom feed's URL, relative to the page, when the site has one.
    public var feed: String?
    /// The home album down to the photo's album.
    public var breadcrumbs: [Breadcrumb]
    /// The display image, with every size of the photo in `srcset`.
    public var image: ImageSource
    /// The album page's URL.
    public var up: String
    /// The photo's place in its album, from 1.
    public var position: Int
    /// Photos in the album.
    public var count: Int
    /// The photo before this one, unless this is the first.
    public var previous: PageLink?
    /// The photo after this one, unless this is the last.
    public var next: PageLink?
    /// When the photo was taken (`YYYY-MM-DD HH:MM:SS`), if the camera recorded it.
    public var date: String?
    /// Who took it, from EXIF.
    public var artist: String?
    /// The camera's name.
    public var camera: String?
    /// Focal length, aperture, exposure time and ISO in one line.
    public var exposure: String?
}
