import TesseraLayout

extension SiteConfiguration {
    /// The justified grid: the `layout` section.
    struct Layout: Sendable, Hashable, Codable {
        /// Target height of a row of photos, in px (`row_height`).
        var rowHeight: Double
        /// Space between photos and between rows, in px (`gap`).
        var gap: Double
        /// Rows avoid tiles narrower than this, in px (`min_tile_width`).
        var minTileWidth: Double
        /// Container widths the rows are computed for, ascending, in px (`breakpoints`).
        var breakpoints: [Double]
        /// An album with more photos than this is cut into pages of at most this many
        /// tiles, at rows every breakpoint shares (`page_size`).
        var pageSize: Int

        /// The layout engine's own defaults (see `LayoutOptions` for why they were chosen).
        init(
            rowHeight: Double = LayoutOptions().targetRowHeight, gap: Double = LayoutOptions().gap,
            minTileWidth: Double = LayoutOptions().minTileWidth,
            breakpoints: [Double] = LayoutOptions.defaultBreakpoints, pageSize: Int = AlbumPagination.defaultPageSize
        ) {
            self.rowHeight = rowHeight
            self.gap = gap
            self.minTileWidth = minTileWidth
            self.breakpoints = breakpoints
            self.pageSize = pageSize
        }

        enum CodingKeys: String, CodingKey {
            case rowHeight = "row_height"
            case gap
            case minTileWidth = "min_tile_width"
            case breakpoints
            case pageSize = "page_size"
        }

        init(from decoder: any Decoder) throws {
            let values = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                rowHeight: try values.decode(Double.self, forKey: .rowHeight),
                gap: try values.decode(Double.self, forKey: .gap),
                minTileWidth: try values.decode(Double.self, forKey: .minTileWidth),
                breakpoints: try values.decode([Double].self, forKey: .breakpoints),
                // Absent from what a version before pagination wrote.
                pageSize: try values.decodeIfPresent(Int.self, forKey: .pageSize) ?? AlbumPagination.defaultPageSize)
        }
    }
}

extension LayoutOptions {
    /// The layout engine's input, from the configuration's `layout` section.
    init(_ layout: SiteConfiguration.Layout) {
        self.init(
            targetRowHeight: layout.rowHeight, gap: layout.gap, minTileWidth: layout.minTileWidth,
            breakpoints: layout.breakpoints)
    }
}
