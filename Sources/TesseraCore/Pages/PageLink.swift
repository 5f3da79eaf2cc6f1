/// A link to another page.
struct PageLink: Encodable, Sendable, Hashable {
    /// The page's URL, relative to the current page.
    var href: String
}
