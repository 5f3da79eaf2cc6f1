/// Everything that shapes a site besides its photos, as one versioned value:
/// defaults ← a configuration file ← flags. Defaults are the values of `init()`; which
/// values each setting accepts, and its key, are in `SiteConfiguration.settings`.
///
/// How a build runs (`--force`, `--jobs`, …) is not part of it: the same configuration
/// makes the same site whichever way it is run.
public struct SiteConfiguration: Sendable, Hashable, Codable {
    /// The version of the format this build of Tessera reads and writes.
    public static let currentVersion = 1

    /// Written into every file, so a later format can read an older one.
    public var version: Int
    /// The home page's title; the input folder's name when nil.
    public var title: String?
    /// The pages' language, as `<html lang>` gives it (`en`, `fr-CA`).
    public var language: String
    /// A folder of templates used instead of the built-in ones; nil for the built-in ones.
    /// Relative paths are resolved with `resolvingPaths(against:)`.
    public var templates: String?
    /// Where the site will be published (`https://example.org/photos/`); with it, pages get
    /// absolute canonical and link-preview tags, and the site a sitemap and an Atom feed.
    /// Nil keeps every link relative.
    public var baseURL: String?
    public var layout: Layout
    public var images: Images

    public init(
        title: String? = nil, language: String = "en", templates: String? = nil, baseURL: String? = nil,
        layout: Layout = Layout(), images: Images = Images()
    ) {
        self.version = Self.currentVersion
        self.title = title
        self.language = language
        self.templates = templates
        self.baseURL = baseURL
        self.layout = layout
        self.images = images
    }

    enum CodingKeys: String, CodingKey {
        case version, title, language, templates, layout, images
        case baseURL = "base_url"
    }
}
