/// A sub-album as its parent's page shows it: cover, title and count.
public struct AlbumCard: Encodable, Sendable, Hashable {
    /// The album's title.
    public var title: String
    /// The album page's URL, relative to the parent's page.
    public var href: String
    /// Photos in the album and all below it.
    public var photoCount: Count
    /// The cover photo's thumbnail, when the album has one.
    public var cover: ImageSource?
}
