extension SiteConfiguration {
    /// The justified grid: the `layout` section.
    public struct Layout: Sendable, Hashable, Codable {
        /// Target height of a row of photos, in px (`row_height`).
        public var rowHeight: Double
        /// Space between photos and between rows, in px (`gap`).
        public var gap: Double
        /// Rows avoid tiles narrower than this, in px (`min_tile_width`).
        public var minTileWidth: Double
        /// Container widths the rows are computed for, ascending, in px (`breakpoints`).
        public var breakpoints: [Double]

        /// The layout engine's own defaults (see `LayoutOptions` for why they were chosen).
        public init(
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
            case rowHeight = "row_height", gap, minTileWidth = "min_tile_width", breakpoints
        }
    }
}
