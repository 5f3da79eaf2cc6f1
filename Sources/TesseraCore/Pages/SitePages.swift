/// Every page of a site as models: what each page is rendered from.
struct SitePages: Sendable {
    /// One page of an album's tiles: the whole album's, or one of the pages it is cut into.
    struct Listing: Sendable {
        var path: String
        /// The page's model with its tiles and cards not yet placed: `placed` is the page
        /// rendered, `page` and `placements` what its fingerprint is made of.
        var page: AlbumPage
        /// The digest of the places the album's layout gives this page's tiles and cards.
        var placements: String
        /// This page's part of the album's layout for an album cut into pages; nil for an
        /// album on one page, which the layout stage places whole.
        var layout: AlbumLayout?
    }

    /// One album's pages.
    struct Album: Sendable {
        /// The album's pages of tiles, `index.html` first.
        var listings: [Listing]
        var album: PlannedAlbum
        var photos: [(path: String, page: PhotoPage)]

        /// The album's first page.
        var path: String { listings[0].path }
        /// The first page's model, not yet placed.
        var page: AlbumPage { listings[0].page }
        /// The digest of the places of the first page's tiles and cards.
        var placements: String { listings[0].placements }

        /// The album's first page complete, placed by the album's layout in `layouts`.
        func placed(_ layouts: AlbumLayouts) -> AlbumPage {
            placed(listings[0], layouts)
        }

        /// `listing` complete, placed by its part of the album's layout.
        func placed(_ listing: Listing, _ layouts: AlbumLayouts) -> AlbumPage {
            var page = listing.page
            page.place(listing.layout ?? layouts[album])
            return page
        }
    }

    var albums: [Album]
    /// The site's `404.html`.
    var notFound: NotFoundPage

    /// The pages of every album of `plan`, parents first, each complete but for the places
    /// of an album page's tiles and cards, of which it holds the digest from `layouts`. An
    /// album of more tiles than `layouts.pageSize` is cut into pages at its layout's cuts.
    /// The albums whose folders are in `skipping` are left out (their pages are kept as
    /// they are: `AlbumPageInputs`).
    init(_ plan: PagePlan, site: SiteContext, layouts: AlbumLayouts, skipping: Set<String> = []) {
        // A page no listing reaches (a hidden album, anything below one, a hidden photo)
        // asks search engines to leave it out.
        let listed = Set(plan.listedAlbums.map(\.folder))
        notFound = NotFoundPage(site: site)
        albums = plan.allAlbums.filter { !skipping.contains($0.folder) }.map { album in
            let unlisted = !listed.contains(album.folder)
            var page = AlbumPage(album, site: site, layout: .unplaced)
            page.noindex = unlisted
            let pagination = layouts.pagination(album)
            let listings: [Listing]
            if pagination.pages.count == 1 {
                listings = [Listing(path: album.page, page: page, placements: layouts.placements(album))]
            } else {
                let whole = layouts[album]
                listings = pagination.pages.enumerated().map { number, range in
                    let part = whole.slice(range, withCards: number == 0)
                    return Listing(
                        path: AlbumPagination.path(of: number, folder: album.folder),
                        page: page.page(number, of: pagination, album: album, site: site),
                        placements: Fingerprint.of(part, context: []), layout: part)
                }
            }
            func photo(_ page: PhotoPage, hidden: Bool) -> PhotoPage {
                var page = page
                page.noindex = unlisted || hidden
                return page
            }
            return Album(
                listings: listings, album: album,
                photos: album.photos.indices.map { index in
                    var page = PhotoPage(album, index: index, site: site)
                    // Back to the page that holds the photo.
                    let holder = AlbumPagination.path(of: pagination.page(of: index), folder: album.folder)
                    page.up = URLPath.relative(from: album.folder, to: holder)
                    return (album.photos[index].page, photo(page, hidden: false))
                }
                    + album.unlisted.indices.map {
                        (album.unlisted[$0].page, photo(PhotoPage(album, unlisted: $0, site: site), hidden: true))
                    })
        }
    }
}
