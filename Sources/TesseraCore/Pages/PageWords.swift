/// The theme's fixed words a page shows (`{{words.next}}`), from its `words/<language>.yaml`; the
/// words with a number or a name in them come filled in, as `Count.text`,
/// `PhotoPage.upLabel`, `alt` and `pageTitle`.
struct PageWords: Encodable, Sendable, Hashable {
    /// What screen readers call an album page's list of sub-albums (`Albums`).
    var albumsLabel: String
    /// What screen readers call a photo page's navigation between photos (`Photos`).
    var photosLabel: String
    /// What screen readers call the trail of albums at the top of a page (`Breadcrumb`).
    var breadcrumbLabel: String
    /// The link to the photo before (`← Previous`).
    var previous: String
    /// The link to the photo after (`Next →`).
    var next: String
    /// Between a page's title and its album's or the site's in the document title (` · `).
    var titleSeparator: String
    /// Between an album page's photo count and its album count (` · `).
    var countSeparator: String
    /// The page footer (`Made with Tessera`).
    var madeWith: String
}

extension PageWords {
    /// The page words of `words`.
    init(_ words: ThemeWords) {
        albumsLabel = words.text("albumsLabel")
        photosLabel = words.text("photosLabel")
        breadcrumbLabel = words.text("breadcrumbLabel")
        previous = words.text("previous")
        next = words.text("next")
        titleSeparator = words.text("titleSeparator")
        countSeparator = words.text("countSeparator")
        madeWith = words.text("madeWith")
    }
}
