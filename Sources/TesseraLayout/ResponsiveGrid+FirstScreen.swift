extension ResponsiveGrid {
    /// The tiles whose row starts within `height` CSS pixels of the grid's top at the
    /// breakpoint nearest any of `widths`: what a visitor at those widths sees without
    /// scrolling, so those images are worth loading first.
    package func tiles(startingWithin height: Double, atWidthsNear widths: [Double]) -> Set<Int> {
        var shown = Set<Int>()
        for width in widths {
            guard let layout = layout(near: width) else { continue }
            for row in layout.rows where row.top < height {
                for tile in row.tiles { shown.insert(tile.index) }
            }
        }
        return shown
    }

    /// The tile showing the most area in the top `height` CSS pixels of a grid `width` wide:
    /// the browser's Largest Contentful Paint on that screen, worth fetching before the rest.
    /// Rows keep their breaks across a breakpoint's interval and grow with the width, so the
    /// breakpoint's layout is scaled to `width`; a row cut by the screen's edge counts only
    /// what shows. Returns the tile's index and the area it shows (CSS px²); nil when no tile shows.
    package func largestTile(inTop height: Double, ofWidth width: Double) -> (index: Int, area: Double)? {
        guard let layout = layout(near: width), layout.containerWidth > 0 else { return nil }
        let scale = width / layout.containerWidth
        var best: (index: Int, area: Double)?
        for row in layout.rows {
            let top = row.top * scale
            let shown = min(row.height * scale, height - top)
            guard shown > 0 else { break }
            for tile in row.tiles {
                let area = tile.width * scale * shown
                if area > best?.area ?? 0 { best = (tile.index, area) }
            }
        }
        return best
    }

    /// The layout in force at container `width`: the last breakpoint not above it (the first
    /// below all of them).
    private func layout(near width: Double) -> JustifiedLayout? {
        guard let index = breakpoints.lastIndex(where: { $0 <= width }) ?? breakpoints.indices.first else {
            return nil
        }
        return layouts[index]
    }
}
