import TesseraLayout

/// Where an album page's images go, computed before its page model is built: each tile's
/// place in the justified grid at every breakpoint (`style`), how wide it is drawn at each
/// screen width (`sizes`), which images the first screen loads first, and where the album
/// could be cut into pages.
///
/// It depends only on its `Input` (the photos' and covers' shapes, the layout settings and
/// the theme's geometry), so the digest of the places it gives, remembered for the digest of
/// its input, stands for it in the page's fingerprint until the input changes.
struct AlbumLayout: Sendable, Hashable, Encodable {
    /// What an album's layout depends on.
    struct Input: Sendable, Hashable, Encodable {
        /// Each tile's photo, width ÷ height, in the album's order.
        var tileRatios: [Double]
        /// Each sub-album card's cover, width ÷ height (nil for a card without a cover).
        var coverRatios: [Double?]
        var options: LayoutOptions
        var metrics: ThemeMetrics
        /// For an album of more tiles than `layout.page_size`, that size: the rows then
        /// break where its pages will (see `ResponsiveGrid.pageStarts`). Nil, and absent
        /// from the input's digest, for an album that fits on one page.
        var pageSize: Int? = nil
    }

    /// One tile's attributes.
    struct Tile: Sendable, Hashable, Encodable {
        /// Its place in the rows at every breakpoint (CSS custom properties).
        var style: String
        /// How wide it is drawn at each screen width (`<img sizes>`).
        var sizes: String
        /// `eager` on the first screen of a phone or a laptop, `lazy` for the rest.
        var loading: String
        /// `high` for the image a common screen shows largest; nil for the others.
        var fetchPriority: String?

        /// For an index a layout does not hold (never, for a layout of the same album):
        /// no place in the rows, no `sizes`, loaded lazily.
        static let unplaced = Tile(style: "", sizes: "", loading: "lazy")
    }

    /// One sub-album card's cover's loading attributes.
    struct Card: Sendable, Hashable, Encodable {
        var loading: String
        var fetchPriority: String?

        /// For an index a layout does not hold (never, for a layout of the same album).
        static let unplaced = Card(loading: "lazy")
    }

    var tiles: [Tile]
    var cards: [Card]
    /// The tiles, by index, where a row starts at every breakpoint: the places the album
    /// could be cut into pages with every page's grid the same as in the whole album's.
    /// Ascending; never 0 (a cut before the first tile cuts nothing).
    var cuts: [Int]
    /// The album's pages, cut at `cuts`, for an album laid out with a page size (nil for one
    /// that fits on one page, and for a page's slice).
    var pagination: AlbumPagination?

    /// What a page shows of a layout, and so all its digest holds: the tiles' and cards'
    /// attributes (the cuts only say where pages could be split).
    private enum CodingKeys: String, CodingKey { case tiles, cards }

    /// No tile or card placed: a page model built with it leaves every place to `place(_:)`.
    static let unplaced = AlbumLayout(tiles: [], cards: [], cuts: [])

    private init(tiles: [Tile], cards: [Card], cuts: [Int]) {
        self.tiles = tiles
        self.cards = cards
        self.cuts = cuts
        pagination = nil
    }

    init(_ input: Input) {
        let grid = ResponsiveGrid(ratios: input.tileRatios, options: input.options, pageSize: input.pageSize)
        let limits = input.metrics.sizesLimits
        tiles = input.tileRatios.indices.map { index in
            Tile(
                style: grid.tileStyle(index),
                sizes: Self.sizes(
                    grid.widestTile(
                        index, upTo: limits.map(\.container), widestContainer: input.metrics.widestContainer),
                    limits: limits),
                loading: "lazy")
        }
        cuts = grid.rowStartsAtEveryBreakpoint()
        let firstScreen = FirstScreen(metrics: input.metrics)
        cards = input.coverRatios.indices.map { index in
            Card(loading: firstScreen.loadsEagerly(card: index) ? "eager" : "lazy")
        }
        // Each page opens on its own first screen: the first below the cards, every further
        // page (from the pager, or a photo's link up) at the top of its grid.
        pagination = input.pageSize.map { AlbumPagination(count: tiles.count, cuts: cuts, pageSize: $0) }
        let pages: [Range<Int>?] = pagination?.pages ?? [nil]
        for (number, page) in pages.enumerated() {
            placeFirstScreen(firstScreen, grid: grid, page: page, coverRatios: number == 0 ? input.coverRatios : [])
        }
    }

    /// Marks what `page`'s (nil: the album's one page) first screen shows: its tiles starting within the eager window load
    /// eagerly, and the image a browser reports as Largest Contentful Paint on each common
    /// screen, a card (for the first page) or a tile, is fetched before the others.
    private mutating func placeFirstScreen(
        _ firstScreen: FirstScreen, grid: ResponsiveGrid, page: Range<Int>?, coverRatios: [Double?]
    ) {
        for index in firstScreen.eagerTiles(grid, belowCards: !coverRatios.isEmpty, page: page) {
            tiles[index].loading = "eager"
        }
        for image in firstScreen.largestImages(
            coverRatios: coverRatios, grid: tiles.isEmpty ? nil : grid, page: page)
        {
            switch image {
            case .card(let index):
                cards[index].loading = "eager"
                cards[index].fetchPriority = "high"
            case .tile(let index):
                tiles[index].loading = "eager"
                tiles[index].fetchPriority = "high"
            }
        }
    }

    /// The part of this layout a page of the album shows: the tiles of `range` (a range of
    /// `AlbumPagination`, so their places are the whole album's) and, on the first page
    /// alone, the cards.
    func slice(_ range: Range<Int>, withCards: Bool) -> AlbumLayout {
        AlbumLayout(
            tiles: Array(tiles[range.clamped(to: tiles.indices)]), cards: withCards ? cards : [], cuts: [])
    }

    /// The `sizes` of a tile drawn at most `widest.widths` wide below each of `limits`'
    /// viewports and above. A tile that grows with the screen without end
    /// (`WidestTile.share`) is drawn above the last viewport at most its share of the
    /// viewport (`37.5vw`: the container is the viewport less its padding) or its widest
    /// before that (`max(1200px, 37.5vw)`; the share alone where it says at least as much).
    static func sizes(_ widest: WidestTile, limits: [(viewport: Double, container: Double)]) -> String {
        let widths = widest.widths
        let steps = zip(limits, widths).map { "(max-width: \(Int($0.viewport))px) \(Int($1.rounded(.up)))px" }
        let fixed = widths.last ?? 0
        var last = "\(Int(fixed.rounded(.up)))px"
        if let share = widest.share {
            // Hundredths of a vw, rounded up: 0.4 px at most on a 4K screen, never too narrow.
            let percent = (share * 100 * 100).rounded(.up) / 100
            let growing = CSSNumber.format(percent, decimals: 2) + "vw"
            last = fixed <= percent / 100 * (limits.last?.viewport ?? 0) ? growing : "max(\(last), \(growing))"
        }
        return (steps + [last]).joined(separator: ", ")
    }
}
