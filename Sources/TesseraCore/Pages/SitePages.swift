/// Every page of a site as models: what each page is rendered from.
struct SitePages: Sendable {
    /// One album's pages.
    struct Album: Sendable {
        var path: String
        /// The album page's model with its tiles and cards not yet placed: `placed` is the
        /// page rendered, `page` and `placements` what its fingerprint is made of.
        var page: AlbumPage
        /// The digest of the places the album's layout gives its tiles and cards.
        var placements: String
        var album: PlannedAlbum
        var photos: [(path: String, page: PhotoPage)]

        /// The album page complete, placed by the album's layout in `layouts`.
        func placed(_ layouts: AlbumLayouts) -> AlbumPage {
            var page = page
            page.place(layouts[album])
            return page
        }
    }

    var albums: [Album]

    /// The pages of every album of `plan`, parents first, each complete but for the places
    /// of an album page's tiles and cards, of which it holds the digest from `layouts`.
    init(_ plan: PagePlan, site: SiteContext, layouts: AlbumLayouts) {
        // A page no listing reaches (a hidden album, anything below one, a hidden photo)
        // asks search engines to leave it out.
        let listed = Set(plan.listedAlbums.map(\.folder))
        albums = plan.allAlbums.map { album in
            let unlisted = !listed.contains(album.folder)
            var page = AlbumPage(album, site: site, layout: .unplaced)
            page.noindex = unlisted
            func photo(_ page: PhotoPage, hidden: Bool) -> PhotoPage {
                var page = page
                page.noindex = unlisted || hidden
                return page
            }
            return Album(
                path: album.page, page: page, placements: layouts.placements(album), album: album,
                photos: album.photos.indices.map {
                    (album.photos[$0].page, photo(PhotoPage(album, index: $0, site: site), hidden: false))
                }
                    + album.unlisted.indices.map {
                        (album.unlisted[$0].page, photo(PhotoPage(album, unlisted: $0, site: site), hidden: true))
                    })
        }
    }
}
