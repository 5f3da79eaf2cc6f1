/// What the site's `404.html` shows: the context of `notfound.mustache`. Hosts (GitHub
/// Pages, Netlify, most servers configured for it) serve it for any address that names no
/// file, under that address, so every link in it starts at the host's root: the base URL's
/// path (`/photos/`), else `/`.
struct NotFoundPage: Encodable, Sendable, Hashable {
    /// The page's language, for `<html lang>`.
    var lang: String
    /// `rtl` when the language is written right to left; nil otherwise.
    var dir: String?
    /// The theme's words (`{{words.notFound}}`, see `PageWords`).
    var words: PageWords
    /// The site's title (the home album's).
    var title: String
    /// The document title: `notFound`, then the site's title.
    var pageTitle: String
    /// For `<meta name="author">`: the site's `author`.
    var author: String?
    /// The stylesheet's URL from the host's root.
    var stylesheet: String
    /// The theme's assets folder from the host's root, ending with `/`.
    var assets: String
    /// The home page's URL from the host's root (`/photos/`, or `/`).
    var home: String
    /// The trail: the site's title, linking home.
    var breadcrumbs: [Breadcrumb]
    /// Always true: search engines are asked to leave the page out.
    var noindex: Bool = true
    /// The Atom feed's absolute URL, when the site has one.
    var feed: String?
    /// Always nil: the shared `head.mustache` reads it on every page; a 404 page has none.
    var metaDescription: String?
    /// Always nil: a 404 page has no address of its own.
    var canonical: String?
    /// Always nil: a 404 page has no preview image.
    var socialImage: String?
    /// Always nil: a 404 page is not cut into pages.
    var pagination: PageNavigation?

    /// The path of the page in the site.
    static let path = "404.html"

    init(
        lang: String, dir: String?, words: PageWords, title: String, pageTitle: String, author: String?,
        stylesheet: String, assets: String, home: String, breadcrumbs: [Breadcrumb],
        feed: String? = nil
    ) {
        self.lang = lang
        self.dir = dir
        self.words = words
        self.title = title
        self.pageTitle = pageTitle
        self.author = author
        self.stylesheet = stylesheet
        self.assets = assets
        self.home = home
        self.breadcrumbs = breadcrumbs
        self.feed = feed
    }

    /// The 404 page of `site`: links from the host's root, below the base URL's path. Not
    /// absolute, so the page works on every name of the host (`www.` or not) and in
    /// `tessera serve`'s preview, which answers below that path too.
    init(site: SiteContext) {
        let words = PageWords(site.words)
        let root = site.hostPath
        self.init(
            lang: site.language, dir: site.words.rightToLeft ? "rtl" : nil, words: words, title: site.title,
            pageTitle: words.notFound + words.titleSeparator + site.title, author: site.author,
            stylesheet: root + SiteContext.stylesheetPath, assets: root + Theme.assetsFolder + "/", home: root,
            breadcrumbs: [Breadcrumb(first: true, title: site.title, href: root)],
            feed: site.absoluteURL(SiteContext.feedPath))
    }
}
