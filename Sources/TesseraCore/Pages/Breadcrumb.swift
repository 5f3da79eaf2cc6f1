/// One album in the trail from the home page to the current page.
struct Breadcrumb: Encodable, Sendable, Hashable {
    /// Whether this is the home album, the first in the trail.
    var first: Bool
    /// The album's title.
    var title: String
    /// The album page's URL, relative to the current page.
    var href: String
    /// Whether this is the page being shown (the last of an album page's trail): shown
    /// without a link and marked `aria-current="page"`.
    var current: Bool = false
}
