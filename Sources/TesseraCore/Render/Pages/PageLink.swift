/// A link to another page.
public struct PageLink: Encodable, Sendable, Hashable {
    /// The page's URL, relative to the current page.
    public var href: String
}
