extension ResponsiveGrid {
    /// The tiles whose row starts within `height` CSS pixels of the grid's top at the
    /// breakpoint nearest any of `widths`: what a visitor at those widths sees without
    /// scrolling, so those images are worth loading first.
    package func tiles(startingWithin height: Double, atWidthsNear widths: [Double]) -> Set<Int> {
        var shown = Set<Int>()
        for width in widths {
            // The layout in force at `width`: the last breakpoint not above it (the first below all).
            guard let index = breakpoints.lastIndex(where: { $0 <= width }) ?? breakpoints.indices.first else {
                continue
            }
            for row in layouts[index].rows where row.top < height {
                for tile in row.tiles { shown.insert(tile.index) }
            }
        }
        return shown
    }
}
