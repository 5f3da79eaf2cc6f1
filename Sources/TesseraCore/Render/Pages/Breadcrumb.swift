/// One album in the trail from the home page to the current page.
public struct Breadcrumb: Encodable, Sendable, Hashable {
    /// Whether this is the home album, the first in the trail.
    public var first: Bool
    /// The album's title.
    public var title: String
    /// The album page's URL, relative to the current page.
    public var href: String
}
