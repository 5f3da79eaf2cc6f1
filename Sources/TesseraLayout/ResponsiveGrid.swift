/// One DOM, exact at every container width: per tile and per breakpoint, its share `f` of its
/// row and the row's gap count `k`, written as inline custom properties read by `stylesheet`.
///
/// For a justified row the stylesheet sets `flex-basis: f × (100% − k·gap − 1px)` and
/// `flex-grow: f × 1000`: a row's bases sum to the container width less 1 px, so the browser's
/// own wrapping reproduces the computed breaks, and growth in proportion to `f` hands the pixel
/// back so every tile ends exactly `ratio × row height` wide. A left-aligned last row has
/// `f = 0` (no growth) and its share in `p` instead (`basis = (f + p) × (100% − k·gap − 1px)`,
/// shares summing below 1), so it scales with the width and never wraps.
/// Values equal to the previous breakpoint's are omitted; the stylesheet falls back to them.
package struct ResponsiveGrid: Sendable {
    /// The photos' ratios (width / height), as given.
    let ratios: [Double]
    /// The options the grid was computed with.
    let options: LayoutOptions
    /// The container widths the layouts are computed at, ascending (the options' breakpoints,
    /// sorted and deduplicated; 320 px when there are none).
    let breakpoints: [Double]
    /// The layout at each breakpoint's own width; within `[breakpoints[i], breakpoints[i + 1])`
    /// the rows are the same and every row height grows with the width (a justified row is
    /// `(width − k·gap) / Σ ratio` tall).
    let layouts: [JustifiedLayout]

    /// Lays out the photos at every breakpoint, each scored at both ends of its interval.
    ///
    /// With a `pageSize` below the photo count, page starts at most `pageSize` apart start a
    /// row at every breakpoint (see `pageStarts`), so the album can be cut into pages each
    /// showing its rows as they are.
    package init(ratios: [Double], options: LayoutOptions, pageSize: Int? = nil) {
        self.ratios = ratios
        self.options = options
        let breakpoints = Self.breakpoints(of: options)
        self.breakpoints = breakpoints
        let clean = RowBreaker.sanitized(ratios)
        var layouts = Self.layouts(clean, options: options, breakpoints: breakpoints, rowStarts: [])
        if let pageSize, pageSize > 0, clean.count > pageSize {
            let starts = Self.pageStarts(layouts, count: clean.count, pageSize: pageSize)
            layouts = Self.layouts(clean, options: options, breakpoints: breakpoints, rowStarts: starts)
        }
        self.layouts = layouts
        tileValues = Self.tileValues(layouts: layouts, ratios: clean)
        tileWidths = Self.tileWidths(layouts: layouts, count: ratios.count)
        tileShares = Self.tileShares(layouts: layouts, count: ratios.count)
    }

    private static func layouts(
        _ clean: [Double], options: LayoutOptions, breakpoints: [Double], rowStarts: [Int]
    ) -> [JustifiedLayout] {
        breakpoints.indices.map { index in
            let low = breakpoints[index]
            let high = index + 1 < breakpoints.count ? breakpoints[index + 1] : low * Self.lastIntervalSpan
            let probes = [low, high].map {
                RowProbe(containerWidth: $0, targetRowHeight: options.targetRowHeight(forContainerWidth: $0))
            }
            let plans = RowBreaker.plan(
                ratios: clean, probes: probes, gap: options.gap,
                minTileWidth: options.minTileWidth, strategy: .optimal,
                lastRowSlack: Self.slack, rowStarts: rowStarts)
            return RowBreaker.layout(ratios: clean, plans: plans, at: probes[0], gap: options.gap)
        }
    }

    /// Where pages of at most `pageSize` photos start, 0 left out: each page ends, among the
    /// last fifth of the tiles it may hold, where the most breakpoints' free `layouts` start
    /// a row already (the latest of those), so forcing a row start there changes the fewest
    /// rows; where every breakpoint starts one, nothing changes.
    static func pageStarts(_ layouts: [JustifiedLayout], count: Int, pageSize: Int) -> [Int] {
        var votes = [Int](repeating: 0, count: count + 1)
        for layout in layouts {
            for row in layout.rows { if let first = row.tiles.first?.index { votes[first] += 1 } }
        }
        var starts: [Int] = []
        var start = 0
        while count - start > pageSize {
            let window = (start + max(1, pageSize - pageSize / 5))...(start + pageSize)
            let end = window.reversed().max { votes[$0] < votes[$1] } ?? start + pageSize
            starts.append(end)
            start = end
        }
        return starts
    }

    /// The value of tile `index`'s `style` attribute: `--a` (its ratio) then, per breakpoint `b`
    /// (its index in base 36), `--fb` (share of the row's width, 0 when left-aligned),
    /// `--kb` (gaps in the row) and `--pb` (share of a left-aligned row's width). Contains no
    /// `"`, `<` or `&`.
    package func tileStyle(_ index: Int) -> String {
        tileValues[index]
    }

    // MARK: - Private

    /// The 1 px every row's bases leave free, so rounding never wraps a tile.
    static let slack = 1.0
    /// Above the last breakpoint the layout is scored up to this multiple of it.
    static let lastIntervalSpan = 1.15
    /// `flex-grow` is `f × growScale`, so a row's factors sum well above 1 (CSS distributes
    /// only part of the free space when they sum below 1).
    static let growScale = 1000

    private let tileValues: [String]
    /// Each layout's tile widths by tile index (`tileWidths(layouts:count:)`), for `widestTile`.
    let tileWidths: [[Double?]]
    /// Each layout's tile shares of the container by tile index (`tileShares(layouts:count:)`).
    let tileShares: [[Double?]]

    static func breakpoints(of options: LayoutOptions) -> [Double] {
        let widths = Array(Set(options.breakpoints.filter { $0.isFinite && $0 > 0 })).sorted()
        return widths.isEmpty ? [320] : widths
    }

    /// Custom property name for `letter` at breakpoint `index`: `--f0`, …, `--f9`, `--fa`, ….
    static func property(_ letter: String, _ index: Int) -> String {
        "--\(letter)\(String(index, radix: 36))"
    }

    /// Digits after the point for shares: rounding moves a tile by at most 0.5e-6 × the width,
    /// under 0.002 px up to 4000 px. One precision for all breakpoints, so a value repeated by a
    /// wider breakpoint is written once.
    static let shareDecimals = 6

    private static func tileValues(layouts: [JustifiedLayout], ratios: [Double]) -> [String] {
        var styles = ratios.map { "--a:" + CSSNumber.format($0, significantDigits: 6) + ";" }
        var lastShare = [String](repeating: "", count: ratios.count)
        var lastGaps = [String](repeating: "0", count: ratios.count)
        for (index, layout) in layouts.enumerated() {
            let decimals = shareDecimals
            for row in layout.rows {
                let sum = row.tiles.reduce(0.0) { $0 + ratios[$1.index] }
                for tile in row.tiles {
                    let photo = tile.index
                    var entry = ""
                    let share = row.justified ? CSSNumber.format(ratios[photo] / sum, decimals: decimals) : "0"
                    if share != lastShare[photo] {
                        entry += property("f", index) + ":" + share + ";"
                        lastShare[photo] = share
                    }
                    let gaps = String(row.tiles.count - 1)
                    if gaps != lastGaps[photo] {
                        entry += property("k", index) + ":" + gaps + ";"
                        lastGaps[photo] = gaps
                    }
                    if !row.justified {
                        let available = layout.containerWidth - Double(row.tiles.count - 1) * layout.gap - slack
                        entry +=
                            property("p", index) + ":" + CSSNumber.format(tile.width / available, decimals: decimals)
                            + ";"
                    }
                    styles[photo] += entry
                }
            }
        }
        return styles.map { $0.hasSuffix(";") ? String($0.dropLast()) : $0 }
    }
}
