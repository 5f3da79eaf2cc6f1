/// Everything a photo's page shows: the context of `photo.mustache`.
package struct PhotoPage: Encodable, Sendable, Hashable {
    /// The page's language, for `<html lang>`.
    package var lang: String
    /// The document title: the photo's title (else its caption, else its place in the
    /// album), then the album's title.
    package var pageTitle: String
    /// For `<meta name="description">`: the caption as plain text.
    package var metaDescription: String?
    /// For `<meta name="author">`: the site's `author`.
    package var author: String?
    /// The photo's title: from its sidecar, else XMP `dc:title`, else IPTC Object Name.
    package var title: String?
    /// The caption as plain text: from its sidecar, else XMP `dc:description`, else IPTC
    /// Caption-Abstract, else EXIF ImageDescription. Never the file name.
    package var caption: String?
    /// The caption as HTML (a sidecar's CommonMark, else the escaped caption in a `<p>`).
    /// Insert it raw (`{{{captionHTML}}}`): raw HTML written in a sidecar is removed unless
    /// the configuration sets `allow_html: true`.
    package var captionHTML: String?
    /// The image's `alt`: "Photo 3 of 12 in Travels", since the title and caption are
    /// shown beside it.
    package var alt: String
    /// What the page shows: `photo` (`raw` and `video` are kinds Tessera does not publish
    /// yet), for a template that shows a clip or a raw its own way.
    package var kind: String
    /// Whether the photo is listed in its album (false for `hidden: true`): only a listed
    /// photo has a place, neighbours and a count.
    package var listed: Bool
    /// Other fields of the sidecar, as `key` and `value`, in the file's order.
    package var extra: [ExtraField]
    /// The stylesheet's URL, relative to the page.
    package var stylesheet: String
    /// The site script's URL (`tessera.js`: arrow keys and swipes), relative to the page.
    package var script: String
    /// The page's absolute URL, when the site has a base URL (`<link rel="canonical">`,
    /// Open Graph).
    package var canonical: String?
    /// An absolute URL of the image link previews show (the cover or the photo).
    package var socialImage: String?
    /// The Atom feed's URL, relative to the page, when the site has one.
    package var feed: String?
    /// The home album down to the photo's album.
    package var breadcrumbs: [Breadcrumb]
    /// The display image, with every size of the photo in `srcset`.
    package var image: ImageSource
    /// The album page's URL.
    package var up: String
    /// The album's title, for the link back to it.
    package var album: String
    /// The photo's place in its album, from 1.
    package var position: Int
    /// Photos in the album.
    package var count: Int
    /// The photo before this one, unless this is the first.
    package var previous: PageLink?
    /// The photo after this one, unless this is the last.
    package var next: PageLink?
    /// The next photo's display image, fetched ahead so it shows at once (`<link rel="prefetch">`),
    /// in the best format the site makes.
    package var nextImage: String?
    /// The next photo's display image's media type (`image/avif`), for the hint's `type`.
    package var nextImageType: String?
    /// When the photo was taken (`YYYY-MM-DD HH:MM:SS`), if the camera recorded it.
    package var date: String?
    /// Who took it, from EXIF.
    package var artist: String?
    /// The camera's name.
    package var camera: String?
    /// The lens's name, when the camera recorded it.
    package var lens: String?
    /// Focal length, aperture, exposure time and ISO in one line.
    package var exposure: String?
    /// Whether search engines are asked to leave the page out (`<meta name="robots"
    /// content="noindex">`): a hidden album or photo, or any page below a hidden album,
    /// which no listing, sitemap or feed names. `tessera verify` tells hidden pages by it.
    package var noindex: Bool = false
}
