/// A link to another page.
package struct PageLink: Encodable, Sendable, Hashable {
    /// The page's URL, relative to the current page.
    package var href: String
}
