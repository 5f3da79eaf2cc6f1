/// One layout at one container width: rows of tiles, each tile exactly its photo's shape.
///
/// The Codable shape is a public contract (the JSON printed by `tessera layout`):
/// `{"containerWidth": W, "targetRowHeight": H, "gap": G, "height": total,
///   "rows": [{"top": y, "height": h, "justified": true|false, "tiles": [{"index": i, "left": x, "width": w}]}]}`
package struct JustifiedLayout: Sendable, Hashable, Codable {
    /// The width the rows were fitted to, in px.
    var containerWidth: Double
    /// The row height aimed at, in px.
    var targetRowHeight: Double
    /// Space between tiles and between rows, in px.
    var gap: Double
    /// Total height: the bottom of the last row (0 when there are no tiles).
    var height: Double
    /// Rows from top to bottom.
    var rows: [Row]

    /// Creates a layout from its parts.
    init(containerWidth: Double, targetRowHeight: Double, gap: Double, height: Double, rows: [Row]) {
        self.containerWidth = containerWidth
        self.targetRowHeight = targetRowHeight
        self.gap = gap
        self.height = height
        self.rows = rows
    }

    /// One row: every tile in it has the row's height.
    struct Row: Sendable, Hashable, Codable {
        /// Distance from the top of the grid, in px.
        var top: Double
        /// Height shared by every tile of the row, in px.
        var height: Double
        /// True when the row fills the container width exactly; only the last row may be false
        /// (left-aligned at a height no larger than the target).
        var justified: Bool
        /// Tiles from left to right.
        var tiles: [Tile]

        /// Creates a row.
        init(top: Double, height: Double, justified: Bool, tiles: [Tile]) {
            self.top = top
            self.height = height
            self.justified = justified
            self.tiles = tiles
        }
    }

    /// One photo's place: its height is the row's, so width / row height is the photo's ratio.
    struct Tile: Sendable, Hashable, Codable {
        /// Position of the photo in the input ratios.
        var index: Int
        /// Distance from the left edge of the container, in px.
        var left: Double
        /// Width in px (= ratio × row height).
        var width: Double

        /// Creates a tile.
        init(index: Int, left: Double, width: Double) {
            self.index = index
            self.left = left
            self.width = width
        }
    }
}
