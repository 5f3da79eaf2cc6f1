/// What every page of a site shares.
public struct SiteContext: Sendable, Hashable {
    /// The home album's title, shown after every album's title in the document title.
    public var title: String
    /// The pages' language (`<html lang>`), a BCP 47 tag such as `en` or `pt-BR`.
    public var language: String
    /// Who made the site, for `<meta name="author">`.
    public var author: String?

    public init(title: String, language: String, author: String? = nil) {
        self.title = title
        self.language = language
        self.author = author
    }

    /// The stylesheet's path in the site.
    public static let stylesheetPath = "tessera.css"
}
