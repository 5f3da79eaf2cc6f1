extension ResponsiveGrid {
    /// The widest a tile is drawn (CSS px) while the grid's container is at most each of
    /// `limits` wide, and above the last, in a container never wider than `widestContainer`
    /// (`.infinity` for one that grows with the screen without end): what an `<img sizes>`
    /// needs so a browser picks the smallest file that is sharp at the visitor's pixel ratio.
    /// A tile grows with its container up to the next breakpoint (by its share of the width
    /// its row's gaps leave: `tileShares`), so each breakpoint's interval counts at its top,
    /// or at the widest container when that comes first; a layout whose breakpoint is wider
    /// than the widest container is never drawn. Past the last breakpoint of a container
    /// without a widest, the tile takes the same share of it at every width
    /// (`WidestTile.share`): no width in px holds there.
    package func widestTile(_ index: Int, upTo limits: [Double], widestContainer: Double) -> WidestTile {
        var widest = [Double](repeating: 0, count: limits.count + 1)
        var share: Double?
        for (position, widths) in tileWidths.enumerated() {
            guard widths.indices.contains(index), let width = widths[index] else { continue }
            let low = breakpoints[position]
            guard low <= widestContainer else { continue }
            var high = min(position + 1 < breakpoints.count ? breakpoints[position + 1] : .infinity, widestContainer)
            let tileShare = tileShares[position][index]
            if high == .infinity {
                // Counted at its own breakpoint here; wider, by its share.
                share = tileShare ?? width / low
                high = low
            }
            // Every px the container grows past `low` adds the tile's share of it (not the
            // width's share of the whole container: the row's gaps stay as they are).
            func grown(to container: Double) -> Double {
                tileShare.map { width + $0 * (container - low) } ?? width * container / low
            }
            // Each slot holds the containers above the previous limit and up to its own.
            for (slot, limit) in limits.enumerated() where low <= limit && high > (slot > 0 ? limits[slot - 1] : 0) {
                widest[slot] = max(widest[slot], grown(to: min(high, limit)))
            }
            if high > (limits.last ?? 0) { widest[limits.count] = max(widest[limits.count], grown(to: high)) }
        }
        // Below the first breakpoint the first layout holds, scaled down: never wider.
        for slot in widest.indices where widest[slot] == 0 {
            widest[slot] = widest[(slot + 1)...].first { $0 > 0 } ?? 0
        }
        return WidestTile(widths: widest, share: share)
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

    /// Per layout, by tile index as `tileWidths`, how much of each further px of container
    /// width goes to the tile while that layout holds: its share of the width its row's gaps
    /// (and, for a left-aligned row, the 1 px of `slack`) leave, which is what the
    /// stylesheet's `flex-basis` and `flex-grow` give it (`f` or `p` in `tileStyle`).
    static func tileShares(layouts: [JustifiedLayout], count: Int) -> [[Double?]] {
        layouts.map { layout in
            var shares = [Double?](repeating: nil, count: count)
            for row in layout.rows {
                let available =
                    layout.containerWidth - Double(row.tiles.count - 1) * layout.gap - (row.justified ? 0 : slack)
                for tile in row.tiles where shares.indices.contains(tile.index) && shares[tile.index] == nil {
                    shares[tile.index] = available > 0 ? tile.width / available : nil
                }
            }
            return shares
        }
    }
}
