/// Everything an album's page shows: the context of `album.mustache`.
struct AlbumPage: Encodable, Sendable, Hashable {
    /// The page's language, for `<html lang>`.
    var lang: String
    /// `rtl` when the language is written right to left (`<html dir="rtl">`); nil otherwise.
    var dir: String?
    /// The theme's words (`{{words.albumsLabel}}`, see `PageWords`).
    var words: PageWords
    /// The album's title.
    var title: String
    /// The document title: the album's title, then the site's (the home page: the site's alone).
    var pageTitle: String
    /// For `<meta name="description">`: the album's description as plain text (the site's
    /// `description` on the home page).
    var metaDescription: String?
    /// For `<meta name="author">`: the site's `author`.
    var author: String?
    /// The album's description from its `index.md`, as HTML made from CommonMark. Insert it
    /// raw (`{{{description}}}`): raw HTML written in the file is removed unless the
    /// configuration sets `allow_html: true`.
    var description: String?
    /// Whether the description is long enough to fold on a phone (more than 200 characters
    /// of text, or more than four blocks): the built-in themes then show it as a
    /// `<details>` whose first lines and `{{words.readMore}}` control are all a narrow screen
    /// shows until it is opened; wider screens show it whole.
    var descriptionFolds: Bool = false
    /// The album's date: `date:` in `index.md`, else its earliest photo's.
    var date: String?
    /// Other fields of `index.md` (`Author: Ana`), as `key` and `value`, in the file's order.
    var extra: [ExtraField]
    /// The stylesheet's URL, relative to the page.
    var stylesheet: String
    /// The theme's assets folder (`assets/`), relative to the page and ending with `/`
    /// (`../assets/`): `{{assets}}viewer.js` is the photo viewer's script.
    var assets: String
    /// The page's absolute URL, when the site has a base URL (`<link rel="canonical">`,
    /// Open Graph).
    var canonical: String?
    /// An absolute URL of the image link previews show (the cover or the photo).
    var socialImage: String?
    /// The Atom feed's URL, relative to the page, when the site has one.
    var feed: String?
    /// The albums above this one, home first.
    var breadcrumbs: [Breadcrumb]
    /// Photos in this album and all below it, its videos left out.
    var photoCount: Count
    /// Videos in this album and all below it, when there are any.
    var videoCount: Count?
    /// What this album and all below it hold, in the theme's words: its photos, its videos
    /// or both (`6 photos, 2 videos`, joined by the `photosAndVideos` word).
    var contents: String
    /// Sub-albums, when there are any.
    var albumCount: Count?
    /// The ZIP of the album's photos, relative to the page, when it has one (`zip:`).
    var archive: String?
    /// Whether there are sub-albums.
    var hasAlbums: Bool
    /// The sub-albums' cards (hidden albums are left out).
    var albums: [AlbumCard]
    /// Whether the album holds photos of its own.
    var hasPhotos: Bool
    /// The album's photos, in order, as grid tiles (hidden photos are left out).
    var photos: [Tile]
    /// Whether search engines are asked to leave the page out (`<meta name="robots"
    /// content="noindex">`): a hidden album or photo, or any page below a hidden album,
    /// which no listing, sitemap or feed names. `tessera verify` tells hidden pages by it.
    var noindex: Bool = false
    /// The links between the pages of an album cut into pages (see `AlbumPagination`);
    /// nil, and absent from the page's model, for an album that fits on one page.
    var pagination: PageNavigation?
}
