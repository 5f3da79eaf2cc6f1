/// Everything a photo's page shows: the context of `photo.mustache`.
struct PhotoPage: Encodable, Sendable, Hashable {
    /// The page's language, for `<html lang>`.
    var lang: String
    /// `rtl` when the language is written right to left (`<html dir="rtl">`); nil otherwise.
    var dir: String?
    /// The theme's words (`{{words.next}}`, see `PageWords`).
    var words: PageWords
    /// The document title: the photo's title (else its caption, else its place in the
    /// album), then the album's title.
    var pageTitle: String
    /// For `<meta name="description">`: the caption as plain text.
    var metaDescription: String?
    /// For `<meta name="author">`: the site's `author`.
    var author: String?
    /// The photo's title: from its sidecar, else XMP `dc:title`, else IPTC Object Name.
    var title: String?
    /// The caption as plain text: from its sidecar, else XMP `dc:description`, else IPTC
    /// Caption-Abstract, else EXIF ImageDescription. Never the file name.
    var caption: String?
    /// The caption as HTML (a sidecar's CommonMark, else the escaped caption in a `<p>`).
    /// Insert it raw (`{{{captionHTML}}}`): raw HTML written in a sidecar is removed unless
    /// the configuration sets `allow_html: true`.
    var captionHTML: String?
    /// The image's `alt`: its place in the album in the theme's words ("Photo 3 of 12 in
    /// Travels"), since the title and caption are shown beside it.
    var alt: String
    /// What the page shows: `photo`, `video` for a clip, or `raw` for a camera raw developed
    /// by Tessera (a raw beside its JPEG is that `photo`). For a template that shows a clip
    /// or a raw its own way.
    var kind: String
    /// Whether the photo is listed in its album (false for `hidden: true`): only a listed
    /// photo has a place, neighbours and a count.
    var listed: Bool
    /// Other fields of the sidecar, as `key` and `value`, in the file's order.
    var extra: [ExtraField]
    /// The stylesheet's URL, relative to the page.
    var stylesheet: String
    /// The theme's assets folder (`assets/`), relative to the page and ending with `/`
    /// (`../assets/`): `{{assets}}viewer.js` is the photo viewer's script.
    var assets: String
    /// The site script's URL (`tessera.js`: arrow keys and swipes), relative to the page.
    var script: String
    /// The page's absolute URL, when the site has a base URL (`<link rel="canonical">`,
    /// Open Graph).
    var canonical: String?
    /// An absolute URL of the image link previews show (the cover or the photo).
    var socialImage: String?
    /// The Atom feed's URL, relative to the page, when the site has one.
    var feed: String?
    /// The home album down to the photo's album.
    var breadcrumbs: [Breadcrumb]
    /// The display image, with every size of the photo in `srcset` (a video's poster).
    var image: ImageSource
    /// A video's web rendition, played in `<video>` over its poster; absent for a photo.
    var video: VideoSource?
    /// The photo's original, relative to the page, when the site offers it (`originals:`):
    /// the page's download link, which the viewer's download button also takes.
    var original: String?
    /// The album page's URL.
    var up: String
    /// The album's title, for the link back to it.
    var album: String
    /// The link back to the album's label for screen readers, in the theme's words, starting
    /// with what the link shows ("3 / 12: back to Travels"); for a hidden photo the album's title.
    var upLabel: String
    /// The photo's place in its album, from 1, its digits grouped the language's way
    /// (`1,234`); `0` for a hidden photo.
    var position: String
    /// Photos in the album, grouped the same way (`3,000`).
    var count: String
    /// The photo before this one, unless this is the first.
    var previous: PageLink?
    /// The photo after this one, unless this is the last.
    var next: PageLink?
    /// The next photo's display image, fetched ahead so it shows at once (`<link rel="prefetch">`),
    /// in the best format the site makes.
    var nextImage: String?
    /// The next photo's display image's media type (`image/avif`), for the hint's `type`.
    var nextImageType: String?
    /// When the photo was taken, if the camera recorded it, written the language's way
    /// (its words' `dates.format`: `2024-03-12 14:05:00` in English, `12 mars 2024 à 14:05` in French).
    var date: String?
    /// The same date for machines (`2024-03-12T14:05:00`, `<time datetime>`), when `date`
    /// is not already in that form; nil otherwise.
    var dateTime: String?
    /// Who took it, from EXIF.
    var artist: String?
    /// The camera's name.
    var camera: String?
    /// The lens's name, when the camera recorded it.
    var lens: String?
    /// Focal length, aperture, exposure time and ISO in one line.
    var exposure: String?
    /// Whether search engines are asked to leave the page out (`<meta name="robots"
    /// content="noindex">`): a hidden album or photo, or any page below a hidden album,
    /// which no listing, sitemap or feed names. `tessera verify` tells hidden pages by it.
    var noindex: Bool = false
    /// Always nil: a photo page is never cut into pages. The head partial both kinds of
    /// page share reads an album page's `pagination` for its `<link rel="prev/next">`.
    var pagination: PageNavigation?
    /// A still's motion (a Live or Motion Photo's few seconds, an animated GIF's frames);
    /// absent for the others.
    var motion: MotionSource? = nil
}
