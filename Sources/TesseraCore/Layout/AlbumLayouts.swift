import TesseraLayout

/// The layout stage's result: for every album of a page plan, the digest of the places its
/// layout gives the tiles and cards, which its page's fingerprint holds. An album whose
/// layout input the last build laid out (`known`, from the manifest) is not laid out again
/// for it: the layout depends on its input alone, so the digest is the one remembered.
/// The layout itself is computed for the pages that are made.
struct AlbumLayouts: Sendable {
    /// What every album is laid out with.
    let options: LayoutOptions
    let metrics: ThemeMetrics
    /// An album of more tiles than this is cut into pages (`layout.page_size`), or of fewer
    /// whose tiles' words would take a page over its budget (`AlbumPageWeight`).
    let pageSize: Int
    /// Each album's own page size, by its page, where it is below `pageSize`.
    private let pageSizes: [String: Int]
    /// Layout input digest → placement digest, for every album of the plan: the manifest's
    /// `layouts` for the next build.
    let known: [String: String]
    /// How many albums were laid out to find their placement digest (none on a rebuild
    /// where no album's photos, covers, layout settings or theme metrics changed).
    let laidOut: Int
    private let placementsByPage: [String: String]
    private let byPage: [String: AlbumLayout]

    /// Finds every album of `plan`'s placement digest, laying out (`jobs` albums at a time)
    /// those whose input `known` does not hold, and every album of more than `pageSize`
    /// tiles, whose cuts decide its pages. `generator` keeps one version's digests
    /// from another's layout code.
    init(
        _ plan: PagePlan, options: LayoutOptions, metrics: ThemeMetrics, known: [String: String] = [:],
        generator: String = "", jobs: Int = 1, pageSize: Int = AlbumPagination.defaultPageSize
    ) {
        self.options = options
        self.metrics = metrics
        self.pageSize = pageSize
        let albums = plan.allAlbums
        var pageSizes: [String: Int] = [:]
        for album in albums {
            let size = AlbumPageWeight.pageSize(
                for: album.photos, atMost: pageSize, sizesSteps: metrics.weighedSizesSteps)
            if size < pageSize { pageSizes[album.page] = size }
        }
        self.pageSizes = pageSizes
        let sizes = albums.map { pageSizes[$0.page] ?? pageSize }
        let inputs = zip(albums, sizes).map {
            AlbumLayout.Input($0, options: options, metrics: metrics, pageSize: $1)
        }
        let keys = inputs.map { Fingerprint.of($0, context: [generator]) }
        let missing = albums.indices.filter { known[keys[$0]] == nil || albums[$0].photos.count > sizes[$0] }
        let layouts = parallelMap(missing, jobs: jobs, stage: .pages, progress: nil) { AlbumLayout(inputs[$0]) }
        var found: [String: String] = [:]
        for (index, layout) in zip(missing, layouts) { found[keys[index]] = Fingerprint.of(layout, context: []) }
        for key in keys where found[key] == nil { found[key] = known[key] }
        self.known = found
        laidOut = missing.count
        placementsByPage = Dictionary(zip(albums.map(\.page), keys.map { found[$0] ?? "" })) { first, _ in first }
        byPage = Dictionary(zip(missing.map { albums[$0].page }, layouts)) { first, _ in first }
    }

    /// The digest of the places `album`'s layout gives its tiles and cards.
    func placements(_ album: PlannedAlbum) -> String {
        placementsByPage[album.page] ?? Fingerprint.of(layOut(album), context: [])
    }

    /// `album`'s layout; laid out now unless the stage laid it out already.
    subscript(_ album: PlannedAlbum) -> AlbumLayout {
        byPage[album.page] ?? layOut(album)
    }

    /// The most tiles one of `album`'s pages holds.
    func pageSize(of album: PlannedAlbum) -> Int {
        pageSizes[album.page] ?? pageSize
    }

    /// Where `album`'s tiles are cut into pages: one page unless it has more than its page
    /// size.
    func pagination(_ album: PlannedAlbum) -> AlbumPagination {
        let size = pageSize(of: album)
        guard album.photos.count > size, let pagination = self[album].pagination else {
            return AlbumPagination(count: album.photos.count, cuts: [], pageSize: size)
        }
        return pagination
    }

    private func layOut(_ album: PlannedAlbum) -> AlbumLayout {
        AlbumLayout(AlbumLayout.Input(album, options: options, metrics: metrics, pageSize: pageSize(of: album)))
    }
}
