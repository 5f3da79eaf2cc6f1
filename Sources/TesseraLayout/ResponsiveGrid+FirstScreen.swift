extension ResponsiveGrid {
    /// The tiles of `page` whose row starts within `height` CSS pixels of the page's grid's
    /// top at the breakpoint nearest any of `widths`: what a visitor at those widths sees
    /// without scrolling, so those images are worth loading first. `page` is the whole grid
    /// (nil) or a page of it cut at a row start at every breakpoint, whose grid starts with
    /// its first tile's row.
    package func tiles(
        startingWithin height: Double, atWidthsNear widths: [Double], page: Range<Int>? = nil
    ) -> Set<Int> {
        var shown = Set<Int>()
        for width in widths {
            guard let layout = layout(near: width) else { continue }
            for (top, row) in Self.rows(of: layout, page: page) where top < height {
                for tile in row.tiles where page?.contains(tile.index) ?? true { shown.insert(tile.index) }
            }
        }
        return shown
    }

    /// The tile showing the most area in the top `height` CSS pixels of a grid `width` wide:
    /// the browser's Largest Contentful Paint on that screen, worth fetching before the rest.
    /// Rows keep their breaks across a breakpoint's interval and grow with the width, so the
    /// breakpoint's layout is scaled to `width`; a row cut by the screen's edge counts only
    /// what shows. `page` as in `tiles(startingWithin:atWidthsNear:page:)`. Returns the tile's
    /// index and the area it shows (CSS px²); nil when no tile shows.
    package func largestTile(
        inTop height: Double, ofWidth width: Double, page: Range<Int>? = nil
    ) -> (index: Int, area: Double)? {
        guard let layout = layout(near: width), layout.containerWidth > 0 else { return nil }
        let scale = width / layout.containerWidth
        var best: (index: Int, area: Double)?
        for (top, row) in Self.rows(of: layout, page: page) {
            let top = top * scale
            let shown = min(row.height * scale, height - top)
            guard shown > 0 else { break }
            for tile in row.tiles where page?.contains(tile.index) ?? true {
                let area = tile.width * scale * shown
                if area > best?.area ?? 0 { best = (tile.index, area) }
            }
        }
        return best
    }

    /// `layout`'s rows holding tiles of `page` (all of them for nil), each with its top
    /// measured from the first such row's.
    private static func rows(of layout: JustifiedLayout, page: Range<Int>?) -> [(top: Double, row: JustifiedLayout.Row)]
    {
        let rows = layout.rows.filter { row in
            guard let page else { return true }
            return row.tiles.contains { page.contains($0.index) }
        }
        let origin = page == nil ? 0 : rows.first?.top ?? 0
        return rows.map { ($0.top - origin, $0) }
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
