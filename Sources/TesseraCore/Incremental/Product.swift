/// One file a build produces, and the fingerprint of what it is made from.
struct Product: Sendable, Hashable {
    /// What a product is, for the writer's report of what it made and kept.
    enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A rendition of a photo.
        case image
        /// A video's web rendition (its posters are images).
        case video
        /// An album or photo page.
        case page
        /// A photo's original, offered for download (`originals:`).
        case original
        /// An album's ZIP of its photos (`zip:`).
        case archive
        /// A file of the theme's `assets/`, copied as it is.
        case asset
        /// A file made whole rather than from a template: the stylesheet, the script,
        /// `.nojekyll`, the sitemap and the feed.
        case siteFile
    }

    /// Path relative to the site root.
    var path: String
    var fingerprint: String
    var kind: Kind

    init(path: String, fingerprint: String, kind: Kind) {
        self.path = path
        self.fingerprint = fingerprint
        self.kind = kind
    }
}
