/// What every page of a site shares.
public struct SiteContext: Sendable, Hashable {
    /// The home album's title, shown after every album's title in the document title.
    public var title: String
    /// The pages' language (`<html lang>`), a BCP 47 tag such as `en` or `pt-BR`.
    public var language: String

    public init(title: String, language: String) {
        self.title = title
        self.language = language
    }

    /// The stylesheet's path in the site.
    public static let stylesheetPath = "tessera.css"

    /// An empty file that tells GitHub Pages not to run Jekyll, which would drop every
    /// folder whose name starts with `_` (and so every image in `_media/`).
    public static let noJekyllPath = ".nojekyll"
}
