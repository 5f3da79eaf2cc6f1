/// What every page of a site shares.
struct SiteContext: Sendable, Hashable {
    /// The home album's title, shown after every album's title in the document title.
    var title: String
    /// The pages' language (`<html lang>`), a BCP 47 tag such as `en` or `pt-BR`: the site's
    /// `language:`, unless no words were found for it (`sv`), whose pages are then in the
    /// words' fallback's (`en`), so a screen reader does not speak English with a Swedish voice.
    var language: String
    /// Who made the site, for `<meta name="author">`.
    var author: String?
    /// Where the site is published, ending with `/`; nil for a site of relative links only.
    var baseURL: String?
    /// The theme's page geometry, which `sizes` are computed from.
    var metrics: ThemeMetrics
    /// The theme's words, which every page's words, counts and alt texts come from.
    var words: ThemeWords { didSet { pageWords = PageWords(words) } }
    /// `PageWords(words)`, made once: every one of a big site's pages shows the same.
    private(set) var pageWords: PageWords

    init(
        title: String, language: String, metrics: ThemeMetrics, words: ThemeWords, baseURL: String? = nil,
        author: String? = nil
    ) {
        self.title = title
        self.language = words.unknownLanguage == nil ? language : words.language
        self.words = words
        self.pageWords = PageWords(words)
        // Percent-encoded once here, so canonical links, the sitemap and the feed all hold
        // a URL a space or an accent in the base cannot break.
        self.baseURL = baseURL.map(URLPath.base)
        self.author = author
        self.metrics = metrics
    }

    /// The site's folder on its host, as a link from the host's root: `/photos/` for a base
    /// URL `https://example.org/photos/`, `/` without one.
    var hostPath: String { baseURL.map(URLPath.hostPath) ?? "/" }

    /// The absolute URL of a site-relative path, when the site knows where it is published.
    func absoluteURL(_ path: String) -> String? {
        baseURL.map { URLPath.absolute(path, base: $0) }
    }

    /// The stylesheet's path in the site.
    static let stylesheetPath = "tessera.css"
    /// The script's path in the site (the photo page's keys and swipes). A file rather
    /// than inline, so that the pages' Content-Security-Policy allows no inline script.
    static let scriptPath = "tessera.js"

    /// The theme's assets folder as a page in folder `here` links to it, ending with `/`
    /// (`../assets/`).
    static func assetsURL(from here: String) -> String {
        String(URLPath.relative(from: here, to: Theme.assetsFolder + "/-").dropLast())
    }

    /// An empty file that tells GitHub Pages not to run Jekyll, which would drop every
    /// folder whose name starts with `_` (and so every image in `_media/`).
    static let noJekyllPath = ".nojekyll"
    /// The sitemap, written when the site knows its address.
    static let sitemapPath = "sitemap.xml"
    /// The Atom feed of albums, written when the site knows its address.
    static let feedPath = "feed.xml"
}
