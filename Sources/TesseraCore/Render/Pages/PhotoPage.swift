/// Everything a photo's page shows: the context of `photo.mustache`.
public struct PhotoPage: Encodable, Sendable, Hashable {
    /// The page's language, for `<html lang>`.
    public var lang: String
    /// The document title: the photo's title (else its caption, else its place in the
    /// album), then the album's title.
    public var pageTitle: String
    /// For `<meta name="description">`: the caption as plain text.
    public var metaDescription: String?
    /// For `<meta name="author">`: the site's `author`.
    public var author: String?
    /// The photo's title: from its sidecar, else XMP `dc:title`, else IPTC Object Name.
    public var title: String?
    /// The caption as plain text: from its sidecar, else XMP `dc:description`, else IPTC
    /// Caption-Abstract, else EXIF ImageDescription. Never the file name.
    public var caption: String?
    /// The caption as HTML (a sidecar's CommonMark, else the escaped caption in a `<p>`).
    /// Insert it raw (`{{{captionHTML}}}`): raw HTML written in a sidecar is removed unless
    /// the configuration sets `allow_html: true`.
    public var captionHTML: String?
    /// The image's `alt`: "Photo 3 of 12 in Travels", since the title and caption are
    /// shown beside it.
    public var alt: String
    /// Whether the photo is listed in its album (false for `hidden: true`): only a listed
    /// photo has a place, neighbours and a count.
    public var listed: Bool
    /// Other fields of the sidecar, as `key` and `value`, in the file's order.
    public var extra: [ExtraField]
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
    /// The album's title, for the link back to it.
    public var album: String
    /// The photo's place in its album, from 1.
    public var position: Int
    /// Photos in the album.
    public var count: Int
    /// The photo before this one, unless this is the first.
    public var previous: PageLink?
    /// The photo after this one, unless this is the last.
    public var next: PageLink?
    /// The next photo's display image, fetched ahead so it shows at once (`<link rel="prefetch">`).
    public var nextImage: String?
    /// When the photo was taken (`YYYY-MM-DD HH:MM:SS`), if the camera recorded it.
    public var date: String?
    /// Who took it, from EXIF.
    public var artist: String?
    /// The camera's name.
    public var camera: String?
    /// The lens's name, when the camera recorded it.
    public var lens: String?
    /// Focal length, aperture, exposure time and ISO in one line.
    public var exposure: String?
}
