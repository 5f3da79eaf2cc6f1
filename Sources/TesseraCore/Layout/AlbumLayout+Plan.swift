import TesseraLayout

extension AlbumLayout.Input {
    /// What a planned album's page places: its listed photos as tiles, at their upright
    /// shape, and its listed sub-albums' covers, at their thumbnails' shape.
    /// With `pageSize` below the photo count, its rows break where its pages will.
    init(_ album: PlannedAlbum, options: LayoutOptions, metrics: ThemeMetrics, pageSize: Int = .max) {
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
            options: options, metrics: metrics, pageSize: album.photos.count > pageSize ? pageSize : nil)
    }
}
