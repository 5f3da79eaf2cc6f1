import TesseraLayout

/// The layout stage's result: every album of a page plan laid out, before any page model
/// is built.
struct AlbumLayouts: Sendable {
    /// What every album is laid out with.
    let options: LayoutOptions
    let metrics: ThemeMetrics
    private let byPage: [String: AlbumLayout]

    /// Lays out every album of `plan`, `jobs` albums at a time.
    init(_ plan: PagePlan, options: LayoutOptions, metrics: ThemeMetrics, jobs: Int = 1) {
        self.options = options
        self.metrics = metrics
        let albums = plan.allAlbums
        let layouts = parallelMap(albums, jobs: jobs, stage: .pages, progress: nil) { album in
            AlbumLayout(AlbumLayout.Input(album, options: options, metrics: metrics))
        }
        byPage = Dictionary(zip(albums.map(\.page), layouts)) { first, _ in first }
    }

    /// `album`'s layout; laid out now if the plan the stage ran on did not hold it.
    subscript(_ album: PlannedAlbum) -> AlbumLayout {
        byPage[album.page] ?? AlbumLayout(AlbumLayout.Input(album, options: options, metrics: metrics))
    }
}
