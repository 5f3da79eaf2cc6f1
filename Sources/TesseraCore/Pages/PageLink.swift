/// A link to another page.
struct PageLink: Encodable, Sendable, Hashable {
    /// The page's URL, relative to the current page.
    var href: String
    /// On a photo page's links to the items before and after: true when that item is a
    /// video (its words are `previousVideo` and `nextVideo`); absent elsewhere.
    var isVideo: Bool?

    init(href: String, isVideo: Bool? = nil) {
        self.href = href
        self.isVideo = isVideo
    }
}
