extension ResponsiveGrid {
    /// The widest a tile is drawn (CSS px) while the grid's container is at most each of
    /// `limits` wide, and above the last: what an `<img sizes>` needs so a browser picks the
    /// smallest file that is sharp at the visitor's pixel ratio. A tile grows with its
    /// container up to the next breakpoint, so each breakpoint's interval counts at its top.
    package func widestTile(_ index: Int, upTo limits: [Double]) -> [Double] {
        var widest = [Double](repeating: 0, count: limits.count + 1)
        for (position, widths) in tileWidths.enumerated() {
            guard widths.indices.contains(index), let width = widths[index] else { continue }
            let low = breakpoints[position]
            let high = position + 1 < breakpoints.count ? breakpoints[position + 1] : low * Self.lastIntervalSpan
            // Justified rows scale with the container; the interval reaches from `low` to `high`.
            let grown = width * high / low
            // Each slot holds the containers above the previous limit and up to its own.
            for (slot, limit) in limits.enumerated() where low <= limit && high > (slot > 0 ? limits[slot - 1] : 0) {
                widest[slot] = max(widest[slot], width * min(high, limit) / low)
            }
            if high > (limits.last ?? 0) { widest[limits.count] = max(widest[limits.count], grown) }
        }
        // Below the first breakpoint the first layout holds, scaled down: never wider.
        for slot in widest.indices where widest[slot] == 0 {
            widest[slot] = widest[(slot + 1)...].first { $0 > 0 } ?? 0
        }
        return widest
    }
}

extension ResponsiveGrid {
    /// Per layout, each tile's width by its index (nil for a tile the layout does not place):
    /// built once, so asking every tile's `sizes` takes time linear in the tiles, not
    /// quadratic. A tile placed twice keeps its first width, as a search from the top would.
    static func tileWidths(layouts: [JustifiedLayout], count: Int) -> [[Double?]] {
        layouts.map { layout in
            var widths = [Double?](repeating: nil, count: count)
            for row in layout.rows {
                for tile in row.tiles where widths.indices.contains(tile.index) && widths[tile.index] == nil {
                    widths[tile.index] = tile.width
                }
            }
            return widths
        }
    }
}
