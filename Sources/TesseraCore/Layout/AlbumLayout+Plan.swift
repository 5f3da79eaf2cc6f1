import TesseraLayout

extension AlbumLayout.Input {
    /// What a planned album's page places: its listed photos as tiles, at their upright
    /// shape, and its listed sub-albums' covers, at their thumbnails' shape.
    init(_ album: PlannedAlbum, options: LayoutOptions, metrics: ThemeMetrics) {
        self.init(
            tileRatios: album.photos.map { photo in
                let upright = photo.info.uprightSize
                return Double(upright.width) / Double(upright.height)
            },
            coverRatios: album.listedAlbums.map { child in
                child.cover.map { cover in
                    let size = cover.rendition(.thumbnail).size
                    return Double(size.width) / Double(size.height)
                }
            },
            options: options, metrics: metrics)
    }
}

extension AlbumLayout {
    /// The layout stage: every album of `plan` laid out, by the path of its page, `jobs`
    /// albums at a time.
    static func all(
        _ plan: PagePlan, options: LayoutOptions, metrics: ThemeMetrics, jobs: Int = 1
    ) -> [String: AlbumLayout] {
        let albums = plan.allAlbums
        let layouts = parallelMap(albums, jobs: jobs, stage: .pages, progress: nil) { album in
            AlbumLayout(Input(album, options: options, metrics: metrics))
        }
        return Dictionary(zip(albums.map(\.page), layouts)) { first, _ in first }
    }
}
