/// Every page of a site as models: what each page is rendered from.
package struct SitePages: Sendable {
    /// One album's pages.
    package struct Album: Sendable {
        package var path: String
        package var page: AlbumPage
        package var photos: [(path: String, page: PhotoPage)]
    }

    package var albums: [Album]

    /// The pages of every album of `plan`, parents first.
    package init(_ plan: PagePlan, site: SiteContext) {
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
