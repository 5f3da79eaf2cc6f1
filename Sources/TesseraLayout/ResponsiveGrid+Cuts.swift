extension ResponsiveGrid {
    /// The tile indices that start a row at every breakpoint, ascending, 0 left out: where
    /// the photos could be cut into pages and each page's grid keep the rows the whole
    /// album's has at every width.
    package func rowStartsAtEveryBreakpoint() -> [Int] {
        var common: Set<Int>?
        for layout in layouts {
            let starts = Set(layout.rows.compactMap { $0.tiles.first?.index })
            common = common.map { $0.intersection(starts) } ?? starts
        }
        return (common ?? []).filter { $0 > 0 }.sorted()
    }
}
