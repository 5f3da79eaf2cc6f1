import TesseraLayout

extension SiteConfiguration {
    /// The justified grid: the `layout` section.
    package struct Layout: Sendable, Hashable, Codable {
        /// Target height of a row of photos, in px (`row_height`).
        var rowHeight: Double
        /// Space between photos and between rows, in px (`gap`).
        var gap: Double
        /// Rows avoid tiles narrower than this, in px (`min_tile_width`).
        var minTileWidth: Double
        /// Container widths the rows are computed for, ascending, in px (`breakpoints`).
        var breakpoints: [Double]

        /// The layout engine's own defaults (see `LayoutOptions` for why they were chosen).
        init(
            rowHeight: Double = LayoutOptions().targetRowHeight, gap: Double = LayoutOptions().gap,
            minTileWidth: Double = LayoutOptions().minTileWidth,
            breakpoints: [Double] = LayoutOptions.defaultBreakpoints
        ) {
            self.rowHeight = rowHeight
            self.gap = gap
            self.minTileWidth = minTileWidth
            self.breakpoints = breakpoints
        }

        enum CodingKeys: String, CodingKey {
            case rowHeight = "row_height"
            case gap
            case minTileWidth = "min_tile_width"
            case breakpoints
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
