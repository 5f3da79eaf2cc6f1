import Foundation

/// Everything that shapes a site besides its photos, as one versioned value:
/// defaults ← a configuration file ← flags. Defaults are the values of `init()`; which
/// values each setting accepts, and its key, are in `SiteConfiguration.settings`.
///
/// How a build runs (`--force`, `--jobs`, …) is not part of it: the same configuration
/// makes the same site whichever way it is run.
package struct SiteConfiguration: Sendable, Hashable, Codable {
    /// The version of the format this build of Tessera reads and writes.
    static let currentVersion = 1

    /// Written into every file, so a later format can read an older one.
    var version: Int
    /// The home page's title; the input folder's name when nil.
    var title: String?
    /// The pages' language, as `<html lang>` gives it (`en`, `fr-CA`).
    var language: String
    /// A folder of templates used instead of the built-in ones; nil for the built-in ones.
    /// Relative paths are resolved with `resolvingPaths(against:)`.
    package var templates: String?
    /// The built-in theme the site is drawn with (`default`, `portfolio`, …); a templates
    /// folder's files go over it.
    var theme: String
    /// A sentence or two about the site: the home page's `<meta name="description">`.
    var description: String?
    /// Who made the site, for `<meta name="author">`.
    var author: String?
    /// Where the site will be published (`https://example.org/photos/`); with it, pages get
    /// absolute canonical and link-preview tags, and the site a sitemap and an Atom feed.
    /// Nil keeps every link relative.
    var baseURL: String?
    /// The site's folder on its host (`/photos/` for the base URL above), `/` without one:
    /// where the 404 page's links start, so `serve` answers below it too.
    package var hostPath: String { baseURL.map { URLPath.hostPath(of: URLPath.base($0)) } ?? "/" }
    /// How photos are ordered in every album whose `index.md` does not say.
    var sort: SortKey
    /// Whether that order is reversed (newest first with `sort: date`).
    var reverse: Bool
    /// How sub-albums are ordered on their parent's page.
    var albumSort: SortKey
    /// Whether sub-albums are in reverse order.
    var reverseAlbums: Bool
    /// File and folder patterns (`*.tmp`, `drafts`, `private/**`) left out of the site
    /// entirely; matched against paths relative to the input folder.
    var ignore: [String]
    /// Patterns of files alone left out of the site (sigal's `ignore_files`): `*backup*`
    /// leaves out `old-backup.jpg`, never the folder `2019 backup trip`.
    var ignoreFiles: [String]
    /// Patterns of photos and albums that are built but not listed, as `hidden: true` does.
    var hidden: [String]
    /// Whether symbolic links leading outside the input folder are followed (read-only);
    /// `serve` then watches the folders they lead to.
    package var followLinks: Bool
    /// Whether raw HTML written in `index.md` and sidecars reaches the pages.
    var allowHTML: Bool
    /// Whether each photo's original is offered for download, and how (`originals`);
    /// an album's `index.md` may say otherwise for itself and the albums below it.
    var originals: OriginalsPolicy
    /// Whether each album page links a ZIP of the album's photos (`zip`); an album's
    /// `index.md` may say otherwise for itself and the albums below it.
    var zip: Bool
    var layout: Layout
    var images: Images
    var videos: Videos

    /// Every setting at its default: the site a folder without a `tessera.yaml` makes.
    package init() {
        self.init(title: nil)
    }

    init(
        title: String? = nil, language: String = "en", templates: String? = nil, baseURL: String? = nil,
        layout: Layout = Layout(), images: Images = Images()
    ) {
        self.version = Self.currentVersion
        self.title = title
        self.language = language
        self.templates = templates
        self.theme = DefaultTemplates.defaultTheme
        self.description = nil
        self.author = nil
        self.baseURL = baseURL
        self.sort = .name
        self.reverse = false
        self.albumSort = .name
        self.reverseAlbums = false
        self.ignore = []
        self.ignoreFiles = []
        self.hidden = []
        self.followLinks = false
        self.allowHTML = false
        self.originals = .withheld
        self.zip = false
        self.layout = layout
        self.images = images
        self.videos = Videos()
    }

    enum CodingKeys: String, CodingKey {
        case version, title, language, templates, theme, description, author
        case baseURL = "base_url"
        case sort, reverse
        case albumSort = "album_sort"
        case reverseAlbums = "reverse_albums"
        case ignore
        case ignoreFiles = "ignore_files"
        case hidden
        case followLinks = "follow_links"
        case allowHTML = "allow_html"
        case originals, zip
        case layout, images, videos
    }
}

extension SiteConfiguration {
    /// What the scan leaves out: `ignore:` patterns (folders alone when written with a
    /// trailing `/`), then `ignore_files:` patterns, for files alone.
    var ignorePatterns: [FilePattern] {
        ignore.map { FilePattern($0) } + ignoreFiles.map { FilePattern($0, files: true) }
    }

    /// The templates folder, if any, as a URL: a relative path is taken from `base` (the
    /// folder of the configuration file, or the working folder for a flag).
    package func templatesFolder(relativeTo base: URL) -> URL? {
        let folder = URL(fileURLWithPath: base.path, isDirectory: true)
        return templates.map { URL(fileURLWithPath: $0, relativeTo: folder).standardizedFileURL }
    }
}
