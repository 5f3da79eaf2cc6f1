/// One file of a site as verification read it.
enum FileScan: Sendable {
    case page(ScannedPage)
    /// A stylesheet, the sitemap or the feed: only what it names; of the sitemap or the
    /// feed, why it is not well-formed XML, if it is not.
    case references([PageReference], isListing: Bool, notWellFormed: XMLWellFormedness.Problem? = nil)
    /// An image, a video or an archive, what it carries, and an archive's member names.
    case media(MediaMetadata.Kind, [MetadataFinding], members: [String] = [])
    /// Any other file (a script, a font), read only to know it is there.
    case other
    /// One of Tessera's own files by its bytes (`OwnFileContent`), under whatever name:
    /// the name Tessera gives it.
    case own(String)
    case missing
    /// Over HTTP: the server answered with its home page's bytes, as a server with a
    /// fallback or catch-all rule does for a file it does not have; taken as missing.
    case fallback
    case failed(String)
}

/// An HTML page: what it names, whether it asks to be left out of search engines, its weight.
struct ScannedPage: Sendable {
    var noindex = false
    var canonical: String?
    var references: [PageReference] = []
    var weight: VerifyReport.PageWeight
    /// The page's bytes hashed, to know the home page when a server sends it for another path.
    var digest = 0

    /// The URLs it names, in order, hashed (nil when it names none): the home page sent for
    /// another path with a timestamp, a nonce or a request id in it differs in its bytes,
    /// not in its links.
    var linkDigest: Int? {
        guard !references.isEmpty else { return nil }
        var hasher = Hasher()
        for reference in references { hasher.combine(reference.url) }
        return hasher.finalize()
    }
}

/// Over HTTP, how to know the home page sent for another path, as a server with a fallback
/// or catch-all rule does: by its bytes, or by its links.
struct HomeSignature: Sendable {
    var digest: Int
    var linkDigest: Int?

    init(_ page: ScannedPage) {
        digest = page.digest
        linkDigest = page.linkDigest
    }

    /// Whether `page`, read at another path, is the home page.
    func matches(_ page: ScannedPage) -> Bool {
        page.digest == digest || (linkDigest != nil && page.linkDigest == linkDigest)
    }
}

/// A URL a file names, where, and how.
struct PageReference: Sendable, Hashable {
    enum Role: Sendable, Hashable {
        /// `<a href>`, `<link rel=prev|next>`: a visitor goes there; hidden pages must not be.
        case navigation
        /// An image, stylesheet, script or icon the page loads.
        case resource
        /// A canonical link, a link preview's URL or image: absolute, under the base URL.
        case absolute
        /// An entry of the sitemap or the feed: absolute, and never a hidden page.
        case listing
    }

    var url: String
    var line: Int
    /// How the page names it, for messages: `href`, `srcset`, `url()`.
    var attribute: String
    var role: Role
}
