/// Every page of a site as models: what each page is rendered from.
package struct SitePages: Sendable {
    /// One album's pages.
    package struct Album: Sendable {
        package var path: String
        package var page: AlbumPage
        package var photos: [(path: String, page: PhotoPage)]
    }

    package var albums: [Album]

    /// The pages of every album of `plan`, parents first, each complete: album pages placed
    /// by their layout in `layouts`, the layout stage's result.
    init(_ plan: PagePlan, site: SiteContext, layouts: AlbumLayouts) {
        // A page no listing reaches (a hidden album, anything below one, a hidden photo)
        // asks search engines to leave it out.
        let listed = Set(plan.listedAlbums.map(\.folder))
        albums = plan.allAlbums.map { album in
            let unlisted = !listed.contains(album.folder)
            var page = AlbumPage(album, site: site, layout: layouts[album])
            page.noindex = unlisted
            func photo(_ page: PhotoPage, hidden: Bool) -> PhotoPage {
                var page = page
                page.noindex = unlisted || hidden
                return page
            }
            return Album(
                path: album.page, page: page,
                photos: album.photos.indices.map {
                    (album.photos[$0].page, photo(PhotoPage(album, index: $0, site: site), hidden: false))
                }
                    + album.unlisted.indices.map {
                        (album.unlisted[$0].page, photo(PhotoPage(album, unlisted: $0, site: site), hidden: true))
                    })
        }
    }
}
