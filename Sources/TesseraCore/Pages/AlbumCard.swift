/// A sub-album as its parent's page shows it: cover, title and count.
struct AlbumCard: Encodable, Sendable, Hashable {
    /// The album's title.
    var title: String
    /// The album page's URL, relative to the parent's page.
    var href: String
    /// Photos in the album and all below it, its videos left out.
    var photoCount: Count
    /// Videos in the album and all below it, when there are any.
    var videoCount: Count?
    /// What the album and all below it hold, in the theme's words (`6 photos, 2 videos`):
    /// as the album's own page says it.
    var contents: String
    /// The cover photo's thumbnail, when the album has one.
    var cover: ImageSource?
    /// `eager` for the first cards, which a visitor sees without scrolling; `lazy` after.
    var loading: String
    /// `high` for the cover a phone's or a laptop's first screen shows largest, when no
    /// tile shows larger; absent otherwise.
    var fetchPriority: String?
}
