/// What every page of a site shares.
public struct SiteContext: Sendable, Hashable {
    /// The home album's title, shown after every album's title in the document title.
    public var title: String
    /// The pages' language (`<html lang>`), a BCP 47 tag such as `en` or `pt-BR`.
    public var language: String
    /// Where the site is published, ending with `/`; nil for a site of relative links only.
    public var baseURL: String?

    public init(title: String, language: String, baseURL: String? = nil) {
        self.title = title
        self.language = language
        self.baseURL = baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    }

    /// The absolute URL of a site-relative path, when the site knows where it is published.
    public func absoluteURL(_ path: String) -> String? {
        baseURL.map { URLPath.absolute(path, base: $0) }
    }

    /// The stylesheet's path in the site.
    public static let stylesheetPath = "tessera.css"

    /// An empty file that tells GitHub Pages not to run Jekyll, which would drop every
    /// folder whose name starts with `_` (and so every image in `_media/`).
    public static let noJekyllPath = ".nojekyll"
    /// The sitemap, written when the site knows its address.
    public static let sitemapPath = "sitemap.xml"
    /// The Atom feed of albums, written when the site knows its address.
    public static let feedPath = "feed.xml"
}
