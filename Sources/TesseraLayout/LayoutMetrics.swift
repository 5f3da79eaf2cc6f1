/// How good a layout is, in numbers comparable with other galleries.
///
/// Deviations are `|row height / target − 1|`, one per row, averaged over rows.
package struct LayoutMetrics: Sendable, Hashable, Codable {
    /// Number of rows.
    var rows: Int
    /// Mean height deviation over all rows.
    var meanDeviation: Double
    /// Largest height deviation over all rows.
    var maxDeviation: Double
    /// Mean height deviation over all rows but the last (0 with a single row).
    var meanDeviationExcludingLastRow: Double
    /// Largest height deviation over all rows but the last (0 with a single row).
    var maxDeviationExcludingLastRow: Double
    /// Largest relative difference between a tile's width / height and its photo's ratio
    /// (how much a photo would have to be cropped or stretched): always 0 for this engine.
    var crop: Double
    /// Largest `|Σ tile widths + gaps − container width|` over the justified rows, in px.
    var fillError: Double
    /// Width of the narrowest tile, in px (0 without tiles).
    var minTileWidth: Double

    /// Measures `layout`, made from `ratios` (width / height, indexed by tile index).
    package init(layout: JustifiedLayout, ratios: [Double]) {
        let deviations = layout.rows.map { abs($0.height / layout.targetRowHeight - 1) }
        let allButLast = deviations.dropLast()
        rows = layout.rows.count
        meanDeviation = deviations.isEmpty ? 0 : deviations.reduce(0, +) / Double(deviations.count)
        maxDeviation = deviations.max() ?? 0
        meanDeviationExcludingLastRow = allButLast.isEmpty ? 0 : allButLast.reduce(0, +) / Double(allButLast.count)
        maxDeviationExcludingLastRow = allButLast.max() ?? 0
        var crop = 0.0
        var fillError = 0.0
        var narrowest = Double.infinity
        for row in layout.rows {
            for tile in row.tiles {
                let ratio = ratios[tile.index]
                crop = max(crop, abs(tile.width / row.height / ratio - 1))
                narrowest = min(narrowest, tile.width)
            }
            if row.justified {
                let filled = row.tiles.reduce(0) { $0 + $1.width } + Double(row.tiles.count - 1) * layout.gap
                fillError = max(fillError, abs(filled - layout.containerWidth))
            }
        }
        self.crop = crop
        self.fillError = fillError
        minTileWidth = narrowest.isFinite ? narrowest : 0
    }
}
