/// How an album's photos and sub-albums are ordered: the site-wide default, which an
/// album's `index.md` may change for itself (`sort:`, `reverse:`, `order:`).
public struct AlbumOrder: Sendable, Hashable, Codable {
    public var photos: SortKey
    public var reversePhotos: Bool
    public var albums: SortKey
    public var reverseAlbums: Bool

    public init(
        photos: SortKey = .name, reversePhotos: Bool = false, albums: SortKey = .name, reverseAlbums: Bool = false
    ) {
        self.photos = photos
        self.reversePhotos = reversePhotos
        self.albums = albums
        self.reverseAlbums = reverseAlbums
    }
}
