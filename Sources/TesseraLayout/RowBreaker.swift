/// The justified layout engine: decides where rows break and how tall each row is.
///
/// Pure and deterministic: the same ratios and sizes always give the same layout.
package enum RowBreaker {
    /// Lays out photos of the given ratios (width / height) in a container `containerWidth` px wide.
    ///
    /// Every tile keeps its photo's exact shape; every row but the last fills the width; the last
    /// row is either justified too or left-aligned at `min(targetRowHeight, width / Σ ratio)`,
    /// whichever costs less. Ratios that are not positive and finite are treated as 1.
    package static func layout(
        ratios: [Double], containerWidth: Double, targetRowHeight: Double, gap: Double,
        minTileWidth: Double, strategy: LayoutStrategy = .optimal
    ) -> JustifiedLayout {
        let ratios = sanitized(ratios)
        let probe = RowProbe(containerWidth: containerWidth, targetRowHeight: targetRowHeight)
        let plans = plan(
            ratios: ratios, probes: [probe], gap: gap, minTileWidth: minTileWidth,
            strategy: strategy)
        return layout(ratios: ratios, plans: plans, at: probe, gap: gap)
    }

    /// The total price of a layout under the cost the optimal strategy minimises: the sum of the
    /// row prices (shape `ln²(h/H)`, per-row price, band, narrow tile, lone row, empty width).
    /// Lower is better; the optimal layout never costs more than the greedy one.
    static func cost(of layout: JustifiedLayout, ratios: [Double], minTileWidth: Double) -> Double {
        let ratios = sanitized(ratios)
        let rowCost = RowCost(gap: layout.gap, minTileWidth: minTileWidth)
        let probe = RowProbe(containerWidth: layout.containerWidth, targetRowHeight: layout.targetRowHeight)
        var total = 0.0
        for row in layout.rows {
            let rowRatios = row.tiles.map { ratios[$0.index] }
            let sum = rowRatios.reduce(0, +)
            let narrowest = rowRatios.min() ?? 1
            if row.justified {
                total += rowCost.justified(count: rowRatios.count, ratioSum: sum, narrowestRatio: narrowest, at: probe)
            } else {
                total += rowCost.leftAligned(
                    count: rowRatios.count, ratioSum: sum, narrowestRatio: narrowest,
                    height: row.height, at: probe)
            }
        }
        return total
    }

    // MARK: - Planning (shared with the responsive grid)

    /// Rows never hold more photos than this (keeps the search O(n · maxRowLength)).
    static let maxRowLength = 64
    /// The greedy strategy closes a row once its height is at most this multiple of the target.
    static let greedyTolerance = 1.25

    /// Row breaks scored at every probe; probes are ordered by width, the first the narrowest.
    /// Each of `rowStarts` (tile indices; the optimal strategy only) starts a row.
    /// `lastRowSlack` px are kept free in a left-aligned last row at the narrowest probe.
    static func plan(
        ratios: [Double], probes: [RowProbe], gap: Double, minTileWidth: Double,
        strategy: LayoutStrategy, lastRowSlack: Double = 0, rowStarts: [Int] = []
    ) -> [RowPlan] {
        guard !ratios.isEmpty, !probes.isEmpty else { return [] }
        let search = RowSearch(
            ratios: ratios, probes: probes,
            rowCost: RowCost(gap: gap, minTileWidth: minTileWidth),
            lastRowSlack: lastRowSlack, rowStarts: rowStarts)
        switch strategy {
        case .optimal: return search.optimal()
        case .greedy: return search.greedy()
        }
    }

    /// Positions of the planned rows at one container width.
    /// A left-aligned row is drawn at its planned height: `probe` must be the narrowest probe.
    static func layout(ratios: [Double], plans: [RowPlan], at probe: RowProbe, gap: Double) -> JustifiedLayout {
        let rowCost = RowCost(gap: gap, minTileWidth: 0)
        var rows: [JustifiedLayout.Row] = []
        var top = 0.0
        for plan in plans {
            let sum = plan.range.reduce(0.0) { $0 + ratios[$1] }
            let height =
                plan.justified
                ? rowCost.justifiedHeight(count: plan.range.count, ratioSum: sum, containerWidth: probe.containerWidth)
                : plan.leftAlignedHeight
            var left = 0.0
            var tiles: [JustifiedLayout.Tile] = []
            for index in plan.range {
                let width = ratios[index] * height
                tiles.append(JustifiedLayout.Tile(index: index, left: left, width: width))
                left += width + gap
            }
            rows.append(JustifiedLayout.Row(top: top, height: height, justified: plan.justified, tiles: tiles))
            top += height + gap
        }
        return JustifiedLayout(
            containerWidth: probe.containerWidth, targetRowHeight: probe.targetRowHeight,
            gap: gap, height: rows.last.map { $0.top + $0.height } ?? 0, rows: rows)
    }

    static func sanitized(_ ratios: [Double]) -> [Double] {
        ratios.map { $0.isFinite && $0 > 0 ? $0 : 1 }
    }
}
