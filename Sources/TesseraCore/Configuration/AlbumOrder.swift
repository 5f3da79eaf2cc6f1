/// How an album's photos and sub-albums are ordered: the site-wide default, which an
/// album's `index.md` may change for itself (`sort:`, `reverse:`, `order:`).
struct AlbumOrder: Sendable, Hashable, Codable {
    var photos: SortKey
    var reversePhotos: Bool
    var albums: SortKey
    var reverseAlbums: Bool

    init(
        photos: SortKey = .name, reversePhotos: Bool = false, albums: SortKey = .name, reverseAlbums: Bool = false
    ) {
        self.photos = photos
        self.reversePhotos = reversePhotos
        self.albums = albums
        self.reverseAlbums = reverseAlbums
    }

    /// The site-wide order a configuration sets (`sort`, `reverse`, `album_sort`, `reverse_albums`).
    init(_ configuration: SiteConfiguration) {
        self.init(
            photos: configuration.sort, reversePhotos: configuration.reverse, albums: configuration.albumSort,
            reverseAlbums: configuration.reverseAlbums)
    }
}
