/// Every page of a site as models: what each page is rendered from.
public struct SitePages: Sendable {
    /// One album's pages.
    public struct Album: Sendable {
        public var path: String
        public var page: AlbumPage
        public var photos: [(path: String, page: PhotoPage)]
    }

    public var albums: [Album]

    /// The pages of every album of `plan`, parents first.
    public init(_ plan: PagePlan, site: SiteContext) {
        albums = plan.allAlbums.map { album in
            Album(
                path: album.page, page: AlbumPage(album, site: site),
                photos: album.photos.indices.map { (album.photos[$0].page, PhotoPage(album, index: $0, site: site)) }
                    + album.unlisted.indices.map {
                        (album.unlisted[$0].page, PhotoPage(album, unlisted: $0, site: site))
                    })
        }
    }
}
